/*
 * checks: --infer's second half.  From the state at every call
 * (checks/infer_sites.h): how often each function, and each member of an
 * ops table called through a pointer, is called with the resource held,
 * and which are held so much more often than calls in general that
 * they are proposed as guarded calls (callback-holds for a member),
 * ranked as "Bugs as Deviant Behavior" (Engler et al., SOSP 2001) ranks
 * beliefs.  docs/infer.md gives the rules of the count.
 */
#ifndef WBCHECK_CHECKS_INFER_RANK_H
#define WBCHECK_CHECKS_INFER_RANK_H

#include <stddef.h>

#include "checks/infer_sites.h"
#include "lib/util.h"
#include "model/program.h"
#include "ruleset/ruleset.h"

/* Why a call does not hold the resource. */
enum deviant_kind {
	DEVIANT_HERE,		/* not taken, or lost, on some path of its function */
	DEVIANT_ROOT,		/* its function does not take it, and nothing calls that */
	DEVIANT_CALLERS,	/* nor do all the calls of its function */
	DEVIANT_ESCAPES,	/* its function's address is taken */
};

/* A call of a proposal that does not hold the resource: a possible bug. */
struct infer_deviant {
	struct loc loc;
	const char *caller;	/* the function it is made in */
	enum deviant_kind kind;
};

struct infer_proposal {
	char *name;		/* the function, or STRUCT.MEMBER */
	int is_member;		/* a callback-holds proposal */
	size_t held, total;	/* calls that hold it, and all of them */
	size_t bracket;		/* held because of a bracket the program takes */
	double z;
	int nargs;		/* the calls' argument count, -1 when they differ */
	int object;		/* the argument on the mount (1-based), 0: unknown */
	struct infer_deviant *deviants;	/* by file and line */
	size_t ndeviants, deviants_cap;
};

/* Why a function or member held at some call is not proposed. */
enum infer_why {
	LEFT_IN_RULES,		/* the rules name it */
	LEFT_TOUCHES,		/* it takes or releases the resource itself */
	LEFT_NEEDS,		/* it makes a guarded call, relying on its caller */
	LEFT_FEW_CALLS,		/* held at fewer than two calls */
	LEFT_MOSTLY_OUTSIDE,	/* held at no more than half its calls */
	LEFT_CONTRACT_ONLY,	/* held only where a rule says it is entered held */
	LEFT_NO_ARGUMENT,	/* a guard needs an argument on the mount */
	LEFT_OWN_DIRECTORY,	/* held only at calls made in its own directory */
};

/* What --verbose says of each function or member not proposed. */
struct infer_left {
	char *name;
	int is_member;
	size_t held, bracket, total, unseen;
	enum infer_why why;
};

struct infer_result {
	struct infer_proposal *items;	/* best first */
	size_t n, cap;
	size_t sites, held_sites;	/* every call counted, and those held */
	size_t callees, members;	/* the functions and members called */
	/* held at least once, and not known already: the functions, the
	 * members */
	size_t considered, considered_members;
	/* would be proposed, but held only at calls made in the directory
	 * that defines them */
	size_t own_helpers;
	double p0;		/* the share of held calls z measures against */
	struct infer_left *left;	/* held somewhere, not proposed */
	size_t nleft, left_cap;
	int any_acquire;	/* some function takes the resource */
};

/* The proposals.  UNSEEN (may be NULL): name (STRUCT.MEMBER for a
 * member) -> how many files not parsed name it, each counted as one call
 * that does not hold the resource (--infer's rounds with -B/-p). */
void infer_rank(const struct program *p, const struct rules *rules,
		const struct infer_sites *sites, const struct strmap *unseen,
		struct infer_result *out);
/* For --infer's rounds: each function and member held at one call or
 * more because of a bracket the program takes, and not known already
 * (what the proposals are chosen from), with its counts. */
void infer_candidates(const struct program *p, const struct rules *rules,
		      const struct infer_sites *sites,
		      void (*fn)(void *ctx, const char *name, int is_member,
				 size_t held, size_t total),
		      void *ctx);
void infer_result_free(struct infer_result *r);

#endif

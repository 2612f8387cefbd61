/* Interprocedural summaries: what a function does with the bracket,
 * seen from its callers.  A function may have up to MAX_FLAGS "flag"
 * parameters (integers it only tests, like ksmbd's get_write); it is
 * then summarised once per combination of their truth values, and each
 * call site picks the variants its constant arguments allow.  A pair of
 * pointer parameters the body compares is a flag too: one object or two.
 * So is a local set, before a pointer parameter is touched, from
 * whether a member of what it points to is NULL: a caller may know
 * (ruleset/ruleset.h, clears). */
#ifndef WBCHECK_MODEL_PROGRAM_H
#define WBCHECK_MODEL_PROGRAM_H

#include "model/findings.h"
#include "model/ir.h"
#include "ruleset/ruleset.h"
#include "lib/util.h"

#define MAX_FLAGS 3
#define MAX_VARIANTS (1 << MAX_FLAGS)
#define CHAIN_MAX 6

enum release_kind {
	REL_NONE,
	REL_MAYBE,	/* releases on some paths (fh_put) */
	REL_ALWAYS,	/* releases on every path */
};

struct variant_summary {
	int needs;			/* makes a guarded call, relying on its caller */
	struct note_list chain;		/* where, down to the guarded call */
	char *needs_callee;		/* the guarded function at the end of the chain */
	char *acquires;			/* key, in $N terms, held on success; or NULL */
	enum success_kind acq_success;
	int acq_parks;			/* records the bracket in its argument (fh_want_write) */
	char *acq_name;			/* the acquire it wraps, for notes */
	char *releases;			/* key it releases for its caller, or NULL */
	enum release_kind rel_kind;
	char *rel_name;
	/* a bracket it takes while it runs, on a key of its caller's that its
	 * caller may already hold (the nested check, checks/nested.c): the key
	 * in $N terms, or NULL; whether that acquire parks the bracket in its
	 * object, a no-op when the object already holds it (fh_want_write);
	 * and where, down to the acquire */
	char *takes;
	int takes_parks;
	struct note_list takes_chain;
	/* stores that make two of its caller's keys name one object
	 * (path->mnt = mntget(parent->mnt)), in $N terms: those about an
	 * object it takes a bracket on */
	struct ir_copy *copies;
	size_t ncopies, copies_cap;
};

struct summary {
	int nflags;
	int flags[MAX_FLAGS];		/* 1-based parameter number, 0 for a local */
	int flag_vars[MAX_FLAGS];	/* the variable, in the function's table */
	/* a flag that is "parameters flags[f] and alias[f] point to one
	 * object" (nfsd's fh_compose(fhp, ..., ref_fh) tests ref_fh == fhp):
	 * the other parameter, with flag_vars[f] -1; else 0 */
	int alias[MAX_FLAGS];
	/* a flag that is "member field[f] of what parameter flags[f] points to
	 * was non-NULL on entry" (nfsd_setattr() reads !fhp->fh_dentry into
	 * the local flag_vars[f] before touching fhp): the member as a key
	 * suffix ("->fh_dentry", interned), else NULL; field_neg[f]: the local
	 * holds the opposite, true when the member was NULL */
	const char *field[MAX_FLAGS];
	int field_neg[MAX_FLAGS];
	int nvariants;
	struct variant_summary v[MAX_VARIANTS];
};

void summary_init(struct summary *s);
void summary_free(struct summary *s);
void variant_summary_free(struct variant_summary *v);
int summary_equal(const struct summary *a, const struct summary *b);
/* The flag of S that says parameters A and B are one object, or -1. */
int summary_alias_flag(const struct summary *s, int a, int b);

/* The program: every function lowered in this run, by USR. */
struct program {
	struct ir_func **funcs;
	size_t nfuncs, funcs_cap;
	struct summary *sums;		/* parallel to funcs */
	int *ncallers;			/* direct calls from analysed functions */
	struct strmap escaped;		/* USRs whose address is taken */
	struct strmap cb_escaped;	/* handed to a helper that may keep them (analysis/bound_callbacks.c) */
	struct strmap held;		/* USRs the VFS calls with the resource held */
	struct strmap index;		/* USR -> index in funcs */
	/* main files lowered for their summaries only, whose functions --db
	 * does not store: a part of a tree stores its own (run_build.c) */
	struct strmap unstored;
	int defer_roots;		/* callers may be in other runs (--db) */
};

void program_init(struct program *p);
void program_free(struct program *p);
/* Takes FN unless a function of the same USR is already there (a
 * static inline from a header seen in several files); returns 1 if
 * taken, 0 if FN was freed. */
int program_add(struct program *p, struct ir_func *fn);
long program_find(const struct program *p, const char *usr);
void program_escape(struct program *p, const char *usr);
/* USR is an ops-table callback entered with the resources of DISCS
 * (bit D for discipline D) held. */
void program_hold_on_entry(struct program *p, const char *usr, long discs);

#endif

/* Bracket-state analysis of one function (one variant of its flag
 * parameters): a forward dataflow over the IR, then the checks. */
#ifndef WBCHECK_ANALYSIS_SOLVER_H
#define WBCHECK_ANALYSIS_SOLVER_H

#include "model/findings.h"
#include "model/ir.h"
#include "ruleset/ruleset.h"
#include "model/program.h"
#include "analysis/check_hooks.h"
#include "analysis/bracket_state.h"
#include "analysis/call_effects.h"

/* A site in this function that needs the caller's bracket. */
struct needs_site {
	struct loc loc;
	char *callee;		/* what is called there */
	char *callee_usr;	/* the helper of the program that needs it, or NULL
				 * for a guarded call */
	char *guarded;		/* the guarded function at the end of the chain */
	struct note_list chain;	/* notes below this site (empty: direct) */
	char *call_text;
	char *suggestion;
};

struct needs_list {
	struct needs_site *items;
	size_t n, cap;
};

struct analysis_ctx {
	const struct program *prog;
	const struct rules *rules;
	const struct ir_func *fn;
	const struct summary *flags;	/* which parameters are flags */
	int variant;			/* bit i: flag i is true */
	int escapes;			/* its address is taken: no caller takes over a bracket */
	struct findings *findings;	/* NULL: summarise only */
	struct needs_list *needs;	/* sites needing the caller's bracket */
	/* report pass: calls of helpers that need the bracket, covered here
	 * (only loc, callee and callee_usr are set) */
	struct needs_list *held;
	const struct check_run *checks;	/* hooked on every solved variant */
	int disc;			/* the discipline being solved */
};

/* Must-facts about variables the body tests: known zero or nonzero on
 * every path here.  Kept apart from the keys: they prune edges. */
struct vfacts {
	unsigned long long zero, nonzero;
	unsigned long long iserr, noterr;	/* IS_ERR() known true, false */
};

/*
 * The in-state of an instruction is a small set of worlds, one per
 * distinct bracket state (the keys' bits and ties), each with the
 * variable facts that hold on all its paths: path-sensitive where it
 * pays (a flag set together with the bracket), in the manner of ESP
 * property simulation.  Past MAX_WORLDS a point is merged for good.
 */
#define MAX_WORLDS 32
#define MAX_MIRRORS 4	/* locals worlds are kept apart on */

struct worlds {
	struct kst *k;		/* n x nkeys */
	struct vfacts *f;	/* n */
	int n, cap;
	int merged;
};

struct solve {
	const struct analysis_ctx *ctx;
	const struct effects *ef;
	size_t nkeys;
	struct kst *kst;	/* in-state, worlds joined: ninstrs x nkeys */
	struct worlds *in;	/* per instruction: the in-state, as worlds */
	int *vbit;		/* variable -> bit in struct vfacts, or -1 */
	/* fact bits of locals only ever set to constants (file_present,
	 * created): worlds that disagree on them are kept apart */
	unsigned long long mirrors;
	/* fact bit of each tracked member (analysis/call_effects.h), or -1: its
	 * zero bit says the member is NULL on the world's paths, its nonzero
	 * bit that it may not be; worlds are kept apart on them too */
	int field_bit[MAX_TRACKED_FIELDS];
	char *reach;		/* in-state is reachable */
	char *queued;
	int *queue;
	size_t qhead, qtail;
};

/* VAR's bit in struct vfacts, or 0 when it has none. */
static inline unsigned long long solve_vmask(const struct solve *s, int var)
{
	if (var < 0 || s->vbit[var] < 0)
		return 0;
	return 1ULL << s->vbit[var];
}

/* Analyse and fill OUT (one variant's summary). */
void analyse_function(const struct analysis_ctx *ctx,
		      struct variant_summary *out);

void needs_list_free(struct needs_list *l);

#endif

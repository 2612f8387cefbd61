/* The three checks, run over a solved function: guarded calls outside
 * the bracket, brackets leaked at a return, releases of a bracket not
 * held.  They also fill the function's summary for its callers. */
#ifndef WBCHECK_CHECKS_H
#define WBCHECK_CHECKS_H

#include "analyze.h"
#include "effects.h"
#include "state.h"

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
	/* fact bit of each tracked member (effects.h), or -1: its zero bit
	 * says the member is NULL on the world's paths, its nonzero bit
	 * that it may not be; worlds are kept apart on them too */
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

void checks_run(struct solve *s, struct variant_summary *out);

#endif

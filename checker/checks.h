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
};

struct solve {
	const struct analysis_ctx *ctx;
	const struct effects *ef;
	size_t nkeys;
	struct kst *kst;	/* in-state: ninstrs x nkeys */
	struct vfacts *facts;	/* in-state: what is known of tested variables */
	int *vbit;		/* variable -> bit in struct vfacts, or -1 */
	char *reach;		/* in-state is reachable */
	char *queued;
	int *queue;
	size_t qhead, qtail;
};

void checks_run(struct solve *s, struct variant_summary *out);

#endif

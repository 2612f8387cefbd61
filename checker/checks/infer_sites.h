/*
 * checks: --infer's first half.  The report pass of the discipline
 * inferred leaves, at every call of every function, whether the
 * resource is held there; checks/infer_rank.c turns that into
 * proposals.
 */
#ifndef WBCHECK_CHECKS_INFER_SITES_H
#define WBCHECK_CHECKS_INFER_SITES_H

#include <stddef.h>

#include "model/program.h"
#include "ruleset/ruleset.h"

enum site_hold {
	SITE_UNSEEN,	/* no variant reaches the call */
	SITE_HELD,	/* held on every path to it, by this function */
	SITE_CALLERS,	/* where not held, as the function's callers left it */
	SITE_NOT_HELD,	/* lost, or never taken, on some path of this function */
};

struct infer_sites {
	int disc;		/* the discipline inferred: the first one loaded */
	size_t nfuncs;		/* parallel to the program's functions: */
	unsigned char **hold;	/* per call instruction, an enum site_hold */
	/* per call instruction held here: bit N-1 set when argument N comes
	 * from the same variable as what is held (it lies on that mount) */
	unsigned **lies;
	char *takes;		/* takes the resource itself (an acquire) */
	char *touches;		/* takes or releases it itself */
	char *needs;		/* makes a guarded call, relying on its caller */
	int any_acquire;	/* some function of the program takes it */
};

void infer_sites_free(struct infer_sites *s);

/* Analyse P under RULES with the bracket check alone (it fills the
 * summaries), gathering what --infer needs into OUT.  P is left without
 * summaries, as it was, ready for more functions. */
void infer_sites_collect(struct program *p, const struct rules *rules,
			 struct infer_sites *out);

#endif

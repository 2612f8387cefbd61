/* Callbacks handed to a helper of the program that calls them
 * (analysis/bound_callbacks.c). */
#ifndef WBCHECK_ANALYSIS_BOUND_CALLBACKS_H
#define WBCHECK_ANALYSIS_BOUND_CALLBACKS_H

#include "analysis/call_effects.h"
#include "model/program.h"

/*
 * Decide, for every function named as an argument of a direct call,
 * whether the callee only calls it (the argument's fn_bound) or lets
 * it escape (into P->cb_escaped, made anew at each call), from the text
 * alone.  Bound callbacks count as called by the function that hands
 * them over.
 */
void callbacks_resolve(struct program *p);

/* With the summaries solved: unbind the callbacks whose helper, or
 * which themselves, acquire or release for their caller.  Returns
 * nonzero if any was unbound (solve again). */
int callbacks_unbind(struct program *p);

/* The needs of the callbacks CALL hands over, added to E. */
void callback_effects(const struct analysis_ctx *ctx,
		      const struct ir_call *call, struct effect *e);

#endif

/* analysis: the functions whose summaries wait on a function not lowered
 * (pending.c). */
#ifndef WBCHECK_ANALYSIS_PENDING_H
#define WBCHECK_ANALYSIS_PENDING_H

#include "model/program.h"
#include "lib/util.h"

/*
 * Put in NAMES the names of P's functions that call, or hand to a
 * helper, a function P has no body for and that MATTERS says may
 * matter, directly or through others of P: their summaries may grow
 * once that body is known, so an empty one is not final.
 */
void program_pending_names(const struct program *p,
			   int (*matters)(void *ctx, const char *name),
			   void *ctx, struct strmap *names);

#endif

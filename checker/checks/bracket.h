/* The three checks, run over a solved function: guarded calls outside
 * the bracket, brackets leaked at a return, releases of a bracket not
 * held.  They also fill the function's summary for its callers. */
#ifndef WBCHECK_CHECKS_BRACKET_H
#define WBCHECK_CHECKS_BRACKET_H

#include "analysis/solver.h"
#include "analysis/check_hooks.h"

void checks_run(struct solve *s, struct variant_summary *out);

/* Is the resource held on every path to instruction I of S (by one key,
 * or by some key in each world)?  E is the call's effect. */
int bracket_held_at(const struct solve *s, size_t i, const struct effect *e);
/* Where it is not held on a path to I, is that as the caller left it
 * (the function relies on its caller), rather than lost here? */
int bracket_left_to_caller(const struct solve *s, size_t i);

extern const struct check_ops bracket_check;

#endif

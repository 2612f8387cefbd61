/* The three checks, run over a solved function: guarded calls outside
 * the bracket, brackets leaked at a return, releases of a bracket not
 * held.  They also fill the function's summary for its callers. */
#ifndef WBCHECK_CHECKS_BRACKET_H
#define WBCHECK_CHECKS_BRACKET_H

#include "analysis/solver.h"
#include "analysis/check_hooks.h"

void checks_run(struct solve *s, struct variant_summary *out);

extern const struct check_ops bracket_check;

#endif

/* analysis: which parameters and locals of a function are flags
 * (flag_params.c; model/program.h says what a flag is). */
#ifndef WBCHECK_ANALYSIS_FLAG_PARAMS_H
#define WBCHECK_ANALYSIS_FLAG_PARAMS_H

#include "model/ir.h"
#include "model/program.h"

/* Parameters of FN that are flags.  LOCALS: split on local flags too.
 * Summaries split on parameters only (callers choose those); findings
 * also on locals, for precision. */
void find_flag_params(const struct program *prog, const struct ir_func *fn,
		      struct summary *s, int locals);
/* Field flags: any in S; drop them all; add those FROM has (a report
 * splits as its summary did). */
int has_field_flags(const struct summary *s);
void drop_field_flags(struct summary *s);
void add_field_flags_of(struct summary *s, const struct summary *from);

#endif

/* analysis: the interprocedural driver (interproc.c): summaries to a
 * fixpoint, then every check's findings. */
#ifndef WBCHECK_ANALYSIS_INTERPROC_H
#define WBCHECK_ANALYSIS_INTERPROC_H

#include "analysis/check_hooks.h"
#include "model/findings.h"
#include "model/program.h"
#include "ruleset/ruleset.h"

/* The names of the functions so far whose summaries are empty, and
 * (TAKES_ONLY) those whose summaries only take a bracket and give it
 * back.  CHECKS: as for program_analyse() (the bracket check fills the
 * summaries). */
void program_empty_names(struct program *p, const struct rules *rules,
			 const struct check_ops *const *checks, size_t nchecks,
			 void (*known)(void *ctx, const char *name,
				       int takes_only),
			 void *ctx);

/* Compute summaries to a fixpoint, then all findings of CHECKS. */
void program_analyse(struct program *p, const struct rules *rules,
		     const struct check_ops *const *checks, size_t nchecks,
		     struct findings *out);

#endif

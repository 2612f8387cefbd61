/* The --infer driver (run_infer.c). */
#ifndef WBCHECK_RUN_INFER_H
#define WBCHECK_RUN_INFER_H

#include "lib/util.h"
#include "model/program.h"
#include "ruleset/ruleset.h"

/* Rules proposed from PROG on stdout, what was counted on stderr.
 * FAILED: as run() has it (0, 1 when some file did not parse, -1 when
 * the program could not be read at all, and nothing is printed).
 * UNSEEN: as for infer_rank() (checks/infer_rank.h), or NULL.  VERBOSE:
 * also say on stderr why each function held somewhere is not proposed.
 * Returns the exit status. */
int run_infer(struct program *prog, const struct rules *rules, int failed,
	      const struct strmap *unseen, int verbose);

#endif

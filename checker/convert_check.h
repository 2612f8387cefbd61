/* --convert, re-checked before it is printed (convert_check.c). */
#ifndef WBCHECK_CONVERT_CHECK_H
#define WBCHECK_CONVERT_CHECK_H

#include "model/findings.h"
#include "model/job.h"
#include "model/program.h"
#include "ruleset/ruleset.h"

/*
 * Print the --convert patch of JOBS (FS, PROG: their analysis) on
 * stdout, less the functions whose patched text analyses to a finding
 * the original does not have, or loses one the conversion did not fix;
 * each is named on stderr.  Returns 0, or 1 when a file could not be
 * parsed again.
 */
int convert_print(const struct findings *fs, const struct program *prog,
		  const struct rules *rules, const struct job *jobs,
		  size_t njobs, const char *root, int njobs_parallel);

#endif

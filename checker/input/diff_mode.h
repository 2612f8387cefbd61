/* The pre-commit options around the usual pipeline: --kernel-tree
 * supplies flags, --diff the file list and, after the analysis, the
 * filter; --print-flags shows what each file would be parsed with. */
#ifndef WBCHECK_INPUT_DIFF_MODE_H
#define WBCHECK_INPUT_DIFF_MODE_H

#include <stdio.h>
#include "model/options.h"
#include "model/findings.h"
#include "input/git_diff.h"
#include "model/job.h"

struct diffmode {
	int active;		/* --diff given */
	struct diff_set ds;
	char *top;		/* the repository's top directory */
	char *root;		/* names print relative to it (or NULL) */
};

/*
 * Before parsing.  Returns 0 to go on, 1 when the change touches no C
 * file (nothing to check), -1 on an error already printed.
 */
int diffmode_prepare(struct options *o, struct diffmode *dm);
/* After the analysis: keep the findings the change touches. */
void diffmode_filter(struct diffmode *dm, struct findings *fs);
void diffmode_free(struct diffmode *dm);

/* --print-flags: "FILE: FLAGS..." for each job, quoted for sh. */
void print_job_flags(FILE *out, const struct job *jobs, size_t n);

#endif

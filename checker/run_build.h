/* The -B / -p driver (run_build.c), whose rounds also parse the files
 * named with --kernel-tree. */
#ifndef WBCHECK_RUN_BUILD_H
#define WBCHECK_RUN_BUILD_H

#include "frontend/parse.h"
#include "lib/util.h"
#include "model/job.h"
#include "model/options.h"

/* Parses every selected file into FE's program.  *ROOT gets the source
 * tree (malloc'd) for printing names relative to it.  With --infer,
 * UNSEEN gets, for each name --infer counts whose files were not all
 * parsed, how many were not (checks/infer_rank.h).  Returns 0, 1 when
 * some file could not be parsed, -1 when the build directory cannot be
 * read at all. */
int run_build_dir(struct frontend *fe, const struct options *o, char **root,
		  struct strmap *unseen);
/* The N files of JOBS, named on the command line with their flags
 * (--kernel-tree), parsed as -B parses a build's: in rounds, only those
 * that can matter.  ROOT: the tree, for --verbose's names.  Not for
 * --infer or --db, whose runs need every file. */
int run_rounds(struct frontend *fe, const struct options *o,
	       const char *root, const struct job *jobs, size_t n);

#endif

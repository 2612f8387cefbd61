/* Parsing many files at once: -j N worker threads, each with its own
 * libclang index, merged into the program in the order the files were
 * given so that the output does not depend on N. */
#ifndef WBCHECK_FRONTEND_PARSE_POOL_H
#define WBCHECK_FRONTEND_PARSE_POOL_H

#include <stddef.h>
#include "frontend/parse.h"
#include "model/job.h"

/* Returns 1 if some file could not be parsed (fully), else 0. */
int parse_jobs(struct frontend *fe, const struct job *jobs, size_t n,
	       int nthreads);

/* All cores, as -j's default. */
int default_jobs(void);

#endif

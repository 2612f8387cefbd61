/* Command line: wbcheck's own options, and everything else passed on
 * to libclang as compiler flags. */
#ifndef WBCHECK_OPTIONS_H
#define WBCHECK_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "model/options.h"

/* Returns 0, or -1 with *err set (malloc'd) on a usage error. */
int args_parse(struct options *o, int argc, char **argv, char **err);
void args_free(struct options *o);
void args_usage(FILE *out);
/* The option of ours nearest to ARG by edit distance, or NULL. */
const char *args_nearest_option(const char *arg);

/* Drop flags that do not matter to the analysis or that libclang would
 * choke on (warnings, dependency output); notes go to stderr. */
void args_filter_cflags(struct options *o);
void filter_cflags(char **flags, size_t *nflags);

#endif

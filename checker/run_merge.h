/* --merge (run_merge.c), below main()'s checks of the command line. */
#ifndef WBCHECK_RUN_MERGE_H
#define WBCHECK_RUN_MERGE_H

#include "model/options.h"

/* Add the databases named as inputs to --db's.  Returns the exit status. */
int run_merge(const struct options *o);

#endif

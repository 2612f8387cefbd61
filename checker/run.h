/* The driver (run.c), below main()'s checks of the command line. */
#ifndef WBCHECK_RUN_H
#define WBCHECK_RUN_H

#include "model/options.h"
#include "report/gate.h"
#include "ruleset/ruleset.h"

#ifndef WBCHECK_VERSION
#define WBCHECK_VERSION "0.1"
#endif

/* One run with the rules and gate loaded.  Returns the exit status. */
int run(struct options *o, const struct rules *rules, struct gate *g);

#endif

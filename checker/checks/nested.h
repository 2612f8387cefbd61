/* A bracket taken again on an object that already holds it: directly,
 * through an acquire that looks its object up and takes it
 * (kern_path_create), or inside a helper that takes it. */
#ifndef WBCHECK_CHECKS_NESTED_H
#define WBCHECK_CHECKS_NESTED_H

#include "analysis/check_hooks.h"

extern const struct check_ops nested_check;

#endif

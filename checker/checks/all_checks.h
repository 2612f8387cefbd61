/* checks: every check of check_list.h, as the table the driver hands
 * to program_analyse(). */
#ifndef WBCHECK_CHECKS_ALL_CHECKS_H
#define WBCHECK_CHECKS_ALL_CHECKS_H

#include <stddef.h>

#include "analysis/check_hooks.h"

extern const struct check_ops *const all_checks[];
extern const size_t nall_checks;

#endif

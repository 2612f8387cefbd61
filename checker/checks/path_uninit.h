/* Locals that must be filled before use (a struct path): read on some
 * path before anything wrote them. */
#ifndef WBCHECK_CHECKS_PATH_UNINIT_H
#define WBCHECK_CHECKS_PATH_UNINIT_H

#include "model/findings.h"
#include "ruleset/ruleset.h"
#include "model/program.h"
#include "analysis/check_hooks.h"

void filled_check(const struct program *p, const struct rules *rules,
		  struct findings *out);

extern const struct check_ops path_uninit_check;

#endif

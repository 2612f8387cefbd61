/* Locals that must be filled before use (a struct path): read on some
 * path before anything wrote them. */
#ifndef WBCHECK_PATHINIT_H
#define WBCHECK_PATHINIT_H

#include "findings.h"
#include "rules.h"
#include "summary.h"

void filled_check(const struct program *p, const struct rules *rules,
		  struct findings *out);

#endif

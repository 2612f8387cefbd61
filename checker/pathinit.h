/* Locals that must be filled before use (a struct path): read on some
 * path before anything wrote them. */
#ifndef WBCHECK_PATHINIT_H
#define WBCHECK_PATHINIT_H

#include "findings.h"
#include "rules.h"
#include "summary.h"

void filled_check(const struct program *p, const struct rules *rules,
		  struct findings *out);

/* Does a call of CALLEE (NULL: through a pointer) fill the local whose
 * address is its argument ARG (1-based), rather than read it, as
 * filled_check() sees it?  fillproof.c asks, without a parse. */
int pathinit_call_fills(const struct rules *rules, const char *callee, int arg);

#endif

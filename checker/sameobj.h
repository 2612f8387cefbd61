/* Two arguments that must lie on the same object (the two paths of
 * path_rename()), passed from two objects nobody compared. */
#ifndef WBCHECK_SAMEOBJ_H
#define WBCHECK_SAMEOBJ_H

#include "findings.h"
#include "rules.h"
#include "summary.h"

void same_check(const struct program *p, const struct rules *rules,
		struct findings *out);

#endif

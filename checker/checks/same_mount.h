/* Two arguments that must lie on the same object (the two paths of
 * path_rename()), passed from two objects nobody compared. */
#ifndef WBCHECK_CHECKS_SAME_MOUNT_H
#define WBCHECK_CHECKS_SAME_MOUNT_H

#include "model/findings.h"
#include "ruleset/ruleset.h"
#include "model/program.h"
#include "analysis/check_hooks.h"

void same_check(const struct program *p, const struct rules *rules,
		struct findings *out);

extern const struct check_ops same_mount_check;

#endif

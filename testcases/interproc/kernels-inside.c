/*
 * check-name: kernels=: on a kernel the caller-holds assertion was checked on, it applies
 * check-command: wbcheck --kernel-version=6.12 --rules=rules/wbcheck.rules --rules=testcases/interproc/kernels.rules -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

struct demo_open {
	struct dentry *dentry;
	struct path *path;
};

/* Its callers hold write access through a file opened for write, on
 * the kernels the rule was checked on. */
static int demo_truncate(struct demo_open *op, struct iattr *attr)
{
	return notify_change(op->dentry, attr);
}

int demo_open_trunc(struct demo_open *op, struct iattr *attr)
{
	return demo_truncate(op, attr);
}

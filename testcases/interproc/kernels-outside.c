/*
 * check-name: kernels=: on a kernel the caller-holds assertion was not checked on, it does not apply and the unbracketed truncate is found
 * check-command: wbcheck --kernel-version=2.6.26 --rules=rules/wbcheck.rules --rules=testcases/interproc/kernels.rules -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/kernels-outside.c:23:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/kernels-outside.c:28:9: note: demo_truncate() is called here from demo_open_trunc(), which does not hold it either
testcases/interproc/kernels-outside.c:23:9: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = op->dentry }
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
	return notify_change(op->dentry, attr);	/* expect: missing-write-bracket */
}

int demo_open_trunc(struct demo_open *op, struct iattr *attr)
{
	return demo_truncate(op, attr);
}

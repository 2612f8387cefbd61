/*
 * check-name: a function whose callers hold the bracket by the subsystem's invariant (caller-holds)
 * check-command: wbcheck --rules=rules/wbcheck.rules --rules=testcases/interproc/caller-holds.rules -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/caller-holds.c:44:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/caller-holds.c:49:9: note: demo_chattr() is called here from demo_open_chattr(), which does not hold it either
testcases/interproc/caller-holds.c:44:9: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = op->dentry }
testcases/interproc/caller-holds.c:60:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/caller-holds.c:59:2: note: dropped here by mnt_drop_write()
testcases/interproc/caller-holds.c:60:9: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = op->dentry }
 * check-output-end
 */
#include "wb.h"

struct demo_open {
	struct dentry *dentry;
	struct path *path;
	unsigned int share;
};

int demo_get_file(struct demo_open *op);

/* Runs only once demo_get_file() has opened the file for write. */
static int demo_truncate(struct demo_open *op, struct iattr *attr)
{
	return notify_change(op->dentry, attr);
}

int demo_open_trunc(struct demo_open *op, struct iattr *attr)
{
	int err = demo_get_file(op);

	if (err)
		return err;
	return demo_truncate(op, attr);
}

/* Not named in the rules, and its one caller does not bracket: the
 * bracket belongs inside, and is reported there. */
static int demo_chattr(struct demo_open *op, struct iattr *attr)
{
	return notify_change(op->dentry, attr);	/* expect: missing-write-bracket */
}

int demo_open_chattr(struct demo_open *op, struct iattr *attr)
{
	return demo_chattr(op, attr);
}

/* What it does wrong itself is still its own. */
static int demo_truncate_drops(struct demo_open *op, struct iattr *attr)
{
	int err = mnt_want_write(op->path->mnt);

	if (err)
		return err;
	mnt_drop_write(op->path->mnt);
	return notify_change(op->dentry, attr);	/* expect: missing-write-bracket */
}

int demo_open_drops(struct demo_open *op, struct iattr *attr)
{
	return demo_truncate_drops(op, attr);
}

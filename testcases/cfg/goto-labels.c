/*
 * check-name: goto: error-exit labels, and a goto that jumps over the acquire
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/goto-labels.c:61:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/goto-labels.c:57:8: note: mnt_want_write() is not reached on every path to the call
testcases/cfg/goto-labels.c:61:8: note: suggestion: path_unlink(path, dentry)
testcases/cfg/goto-labels.c:62:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
 * check-output-end
 */
#include "wb.h"

/* Classic unwinding: each label undoes exactly what was done before it. */
int goto_unwind(struct path *path, struct dentry *dentry, struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		goto out;
	err = vfs_mkdir(path->dentry->d_inode, dentry, 0755);
	if (err)
		goto out_drop;
	err = notify_change(dentry, attr);
out_drop:
	mnt_drop_write(path->mnt);
out:
	return err;
}

/* A backward goto retries the whole bracket. */
int goto_retry(struct path *path, struct dentry *dentry, int mode)
{
	int err;
	int tries = 0;

retry:
	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_mkdir(path->dentry->d_inode, dentry, mode);
	mnt_drop_write(path->mnt);
	if (err == -EBUSY && ++tries < 3)
		goto retry;
	return err;
}

/* The shortcut jumps over the acquire straight to the call. */
int goto_skips_acquire(struct path *path, struct dentry *dentry)
{
	int err;

	if (!dentry->d_inode)
		goto do_unlink;
	err = mnt_want_write(path->mnt);
	if (err)
		return err;
do_unlink:
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

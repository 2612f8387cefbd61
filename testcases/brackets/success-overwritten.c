/*
 * check-name: the acquire's result overwritten before it is tested
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/success-overwritten.c:30:3: warning: returns with a write bracket on the mount still held (taken by mnt_want_write()) [write-bracket-leak]
testcases/brackets/success-overwritten.c:27:8: note: taken here by mnt_want_write(path->mnt)
testcases/brackets/success-overwritten.c:31:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/success-overwritten.c:27:8: note: result of mnt_want_write() not checked
testcases/brackets/success-overwritten.c:31:8: note: suggestion: path_unlink(path, dentry)
testcases/brackets/success-overwritten.c:32:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-overwritten.c:27:8: note: result of mnt_want_write() not checked
 * check-output-end
 */
#include "wb.h"

/*
 * err is reassigned before the test, so the test says nothing about the
 * acquire: the call and the drop may run without it, and an early return
 * may leave with it.
 */
int overwritten(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	err = may_delete(path->dentry->d_inode, dentry);
	if (err)
		return err;					/* expect: write-bracket-leak */
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

/* Tested first, then reused. */
int tested_then_reused(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = may_delete(path->dentry->d_inode, dentry);
	if (err)
		goto out;
	err = vfs_unlink(path->dentry->d_inode, dentry);
out:
	mnt_drop_write(path->mnt);
	return err;
}

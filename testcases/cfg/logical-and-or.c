/*
 * check-name: && and || in conditions that test the acquire
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/logical-and-or.c:49:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/logical-and-or.c:49:8: note: suggestion: path_unlink(path, dentry)
testcases/cfg/logical-and-or.c:50:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/cfg/logical-and-or.c:61:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/logical-and-or.c:59:8: note: mnt_want_write() may fail here, and the failure path continues
testcases/cfg/logical-and-or.c:61:9: note: suggestion: path_unlink(path, dentry)
 * check-output-end
 */
#include "wb.h"

/* The call needs !err, so it only runs with the bracket; the drop is paired. */
int and_after_acquire(struct path *path, struct dentry *dentry, bool flag)
{
	int err, ret = 0;

	err = mnt_want_write(path->mnt);
	if (!err && flag)
		ret = vfs_unlink(path->dentry->d_inode, dentry);
	if (!err)
		mnt_drop_write(path->mnt);
	return err ? err : ret;
}

/* ro short-circuits to the return; otherwise the acquire must succeed. */
int or_acquire(struct path *path, struct dentry *dentry, bool ro)
{
	int err;

	if (ro || mnt_want_write(path->mnt))
		return -EROFS;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* When check is false the acquire is never evaluated. */
int and_acquire(struct path *path, struct dentry *dentry, bool check)
{
	int err;

	if (check && mnt_want_write(path->mnt))
		return -EROFS;
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

/* || lets the call run after a failed acquire when force is set. */
int or_after_acquire(struct path *path, struct dentry *dentry, bool force)
{
	int err, ret = 0;

	err = mnt_want_write(path->mnt);
	if (!err || force)
		ret = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	if (!err)
		mnt_drop_write(path->mnt);
	return err ? err : ret;
}

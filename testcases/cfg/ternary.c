/*
 * check-name: ?: choosing between the acquire and something else
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/ternary.c:48:8: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/ternary.c:48:8: note: suggestion: path_rmdir(path, dentry)
testcases/cfg/ternary.c:49:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
 * check-output-end
 */
#include "wb.h"

/* ?: in the condition: the read-only arm is a failure too. */
int ternary_in_condition(struct path *path, struct dentry *dentry, bool ro)
{
	int err;

	if (ro ? -EROFS : mnt_want_write(path->mnt))
		return -EROFS;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* Either the acquire's result or an error code, then tested; ?: in the call. */
int ternary_or_error(struct path *path, struct dentry *dentry, bool isdir)
{
	int err;

	err = dentry->d_inode ? mnt_want_write(path->mnt) : -ENOENT;
	if (err)
		return err;
	err = isdir ? vfs_rmdir(path->dentry->d_inode, dentry) :
		      vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* The nested arm pretends success without taking the bracket. */
int ternary_fake_success(struct path *path, struct dentry *dentry, bool nested)
{
	int err;

	err = nested ? 0 : mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);			/* expect: write-bracket-double-drop */
	return err;
}

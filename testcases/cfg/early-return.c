/*
 * check-name: return ends a path; code after it is unreachable
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/early-return.c:42:9: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/early-return.c:42:9: note: suggestion: path_mkdir(path, dentry, mode)
 * check-output-end
 */
#include "wb.h"

/* Every early return happens before the acquire. */
int early_checks(struct path *path, struct dentry *dentry, int mode)
{
	int err;

	if (!path->dentry->d_inode)
		return -ENOENT;
	if (dentry->d_inode)
		return -EEXIST;
	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_mkdir(path->dentry->d_inode, dentry, mode);
	mnt_drop_write(path->mnt);
	return err;
}

/* The call after the return is dead code. */
int dead_after_return(struct path *path, struct dentry *dentry, int mode)
{
	return -EROFS;
	vfs_mkdir(path->dentry->d_inode, dentry, mode);
}

/* Returning the call's result directly, with no bracket anywhere. */
int return_call(struct path *path, struct dentry *dentry, int mode)
{
	if (dentry->d_inode)
		return -EEXIST;
	return vfs_mkdir(path->dentry->d_inode, dentry, mode);	/* expect: missing-write-bracket */
}

/*
 * check-name: the acquire tested directly in the if condition
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/acquire-in-condition.c:57:8: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/acquire-in-condition.c:55:6: note: result of mnt_want_write() not checked
testcases/brackets/acquire-in-condition.c:57:8: note: suggestion: path_rmdir(path, dentry)
testcases/brackets/acquire-in-condition.c:58:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/acquire-in-condition.c:55:6: note: result of mnt_want_write() not checked
 * check-output-end
 */
#include "wb.h"

int cond_direct(struct path *path, struct dentry *dentry)
{
	int err;

	if (mnt_want_write(path->mnt))
		return -EROFS;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int cond_assign(struct path *path, struct dentry *dentry)
{
	int err;

	if ((err = mnt_want_write(path->mnt)))
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int cond_assign_compare(struct path *path, struct dentry *dentry)
{
	int err;

	if ((err = mnt_want_write(path->mnt)) != 0)
		goto out;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
out:
	return err;
}

/* Only one errno is caught in the condition. */
int cond_one_errno(struct path *path, struct dentry *dentry)
{
	int err;

	if (mnt_want_write(path->mnt) == -EROFS)
		return -EROFS;
	err = vfs_rmdir(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);			/* expect: write-bracket-double-drop */
	return err;
}

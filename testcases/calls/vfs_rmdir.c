/*
 * check-name: vfs_rmdir: inside a bracket, and after the drop
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

int rmdir_ok(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* The parent is removed after the bracket was dropped. */
int rmdir_after_drop(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	if (err)
		return err;
	return vfs_rmdir(path->dentry->d_parent->d_inode, path->dentry);	/* expect: missing-write-bracket */
}

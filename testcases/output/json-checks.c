/*
 * check-name: --format=json: one finding of each check
 * check-command: wbcheck --format=json -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

int json_leak(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	if (err)
		return err;		/* expect: write-bracket-leak */
	mnt_drop_write(path->mnt);
	return 0;
}

int json_double_drop(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err) {
		mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
		return err;
	}
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int json_missing(struct path *path, struct dentry *dentry)
{
	return vfs_rmdir(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

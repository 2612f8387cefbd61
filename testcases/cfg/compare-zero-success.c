/*
 * check-name: success tests of the acquire result: !err, err == 0, 0 == err, err >= 0
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

int cmp_not(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (!err) {
		err = vfs_rmdir(path->dentry->d_inode, dentry);
		mnt_drop_write(path->mnt);
	}
	return err;
}

int cmp_equal(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err == 0) {
		err = vfs_rmdir(path->dentry->d_inode, dentry);
		mnt_drop_write(path->mnt);
	}
	return err;
}

int cmp_yoda_equal(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (0 == err) {
		err = vfs_rmdir(path->dentry->d_inode, dentry);
		mnt_drop_write(path->mnt);
	}
	return err;
}

/* mnt_want_write never returns a positive value, so >= 0 means success. */
int cmp_non_negative(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err >= 0) {
		err = vfs_rmdir(path->dentry->d_inode, dentry);
		mnt_drop_write(path->mnt);
	}
	return err;
}

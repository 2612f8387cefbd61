/*
 * check-name: --convert: a struct path is filled on every path to each call it is passed to
 * check-command: wbcheck -I testcases/include $file
 * fix-command: wbcheck --convert -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

struct handle {
	struct dentry *h_dentry;
	struct path *h_export;
};

/* One struct path for three cases of a switch: each case fills it. */
int handle_create(struct handle *fh, struct dentry *child, int type, int mode)
{
	struct dentry *dentry = fh->h_dentry;
	int err;

	switch (type) {
	case 1:
		err = mnt_want_write(fh->h_export->mnt);
		if (err)
			return err;
		err = vfs_create(dentry->d_inode, child, mode, 0);
		break;
	case 2:
		err = mnt_want_write(fh->h_export->mnt);
		if (err)
			return err;
		err = vfs_mkdir(dentry->d_inode, child, mode);
		break;
	default:
		err = mnt_want_write(fh->h_export->mnt);
		if (err)
			return err;
		err = vfs_mknod(dentry->d_inode, child, mode, 0);
		break;
	}
	mnt_drop_write(fh->h_export->mnt);
	return err;
}

/* An else with no braces: the path is filled before the if, where the
 * dentry already holds its value. */
int handle_symlink(struct handle *fh, struct dentry *dnew, const char *to,
		   int copy)
{
	struct dentry *dentry = fh->h_dentry;
	int err;

	err = mnt_want_write(fh->h_export->mnt);
	if (err)
		return err;
	if (copy) {
		to = "copy";
		err = vfs_symlink(dentry->d_inode, dnew, to, 0777);
	} else
		err = vfs_symlink(dentry->d_inode, dnew, to, 0777);
	mnt_drop_write(fh->h_export->mnt);
	return err;
}

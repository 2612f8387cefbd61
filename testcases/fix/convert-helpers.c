/*
 * check-name: --convert: the helpers' own bodies and the calls their callers' bracket covers stay as they are
 * check-command: wbcheck -I testcases/include $file
 * fix-command: wbcheck --convert -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

int path_create(struct path *dir_path, struct dentry *dentry, int mode,
		struct nameidata *nd)
{
	int error = mnt_want_write(dir_path->mnt);

	if (!error) {
		error = vfs_create(dir_path->dentry->d_inode, dentry, mode, nd);
		mnt_drop_write(dir_path->mnt);
	}
	return error;
}

static int do_unlink(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);
}

/* A replacement helper defined here: its call of the guarded function,
 * and what it calls, are the helper itself. */
int path_unlink(struct path *dir_path, struct dentry *dentry)
{
	int error = mnt_want_write(dir_path->mnt);

	if (!error) {
		error = do_unlink(dir_path->dentry->d_inode, dentry);
		mnt_drop_write(dir_path->mnt);
	}
	return error;
}

/* Its caller holds the bracket across it and another write, and this
 * file defines path_create(): vfs_create() stays callable here (the
 * series left __open_namei_create() so).  A call inside the caller's
 * kept bracket is still rewritten, as the series did in nfsd_create(). */
static int make_entry(struct nameidata *nd, struct dentry *dentry, int mode)
{
	return vfs_create(nd->path.dentry->d_inode, dentry, mode, nd);
}

int open_create(struct nameidata *nd, struct dentry *dentry, int mode,
		struct iattr *attr)
{
	int error;

	error = mnt_want_write(nd->path.mnt);
	if (error)
		return error;
	error = make_entry(nd, dentry, mode);
	if (!error)
		error = notify_change(dentry, attr);
	mnt_drop_write(nd->path.mnt);
	return error;
}

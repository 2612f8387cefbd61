/*
 * check-name: the 2008 path_* helpers take the bracket themselves: all silent
 * check-command: wbcheck --error-exitcode=1 -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

int helpers_create(struct nameidata *nd, struct dentry *dentry, int mode,
		   dev_t dev, const char *oldname)
{
	int err;

	err = path_create(&nd->path, dentry, mode, nd);
	if (!err)
		err = path_mknod(&nd->path, dentry, mode, dev);
	if (!err)
		err = path_mkdir(&nd->path, dentry, mode);
	if (!err)
		err = path_symlink(&nd->path, dentry, oldname, 0777);
	return err;
}

int helpers_remove(struct path *dir, struct dentry *dentry)
{
	int err;

	err = path_unlink(dir, dentry);
	if (err)
		err = path_rmdir(dir, dentry);
	return err;
}

int helpers_link_rename(struct dentry *old_dentry, struct path *old_dir,
			struct path *new_dir, struct dentry *new_dentry)
{
	int err;

	err = path_link(old_dentry, new_dir, new_dentry);
	if (err)
		return err;
	return path_rename(old_dir, old_dentry, new_dir, new_dentry);
}

int helpers_attr(struct path *path, struct iattr *attr, const char *name,
		 const void *value, size_t size)
{
	int err;

	err = path_setattr(path, attr);
	if (!err)
		err = path_setxattr(path, name, value, size, 0);
	if (!err)
		err = path_removexattr(path, "user.old");
	return err;
}

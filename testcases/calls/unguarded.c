/*
 * check-name: read-only vfs calls and indirect calls through inode_operations are not guarded
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

/* A local function whose name merely contains a guarded one. */
static int my_vfs_unlink_check(struct inode *dir, struct dentry *dentry)
{
	return may_delete(dir, dentry);
}

int read_only_ops(struct nameidata *nd, struct dentry *dentry, char *buf,
		  size_t size)
{
	int err;

	err = vfs_permission(nd, 4);
	if (err)
		return err;
	err = vfs_getxattr(dentry, "user.tag", buf, size);
	if (err < 0)
		return err;
	err = my_vfs_unlink_check(nd->path.dentry->d_inode, dentry);
	if (err)
		return err;
	return vfs_readlink(dentry, buf, (int)size);
}

/* The filesystem method is called through a pointer, not by name. */
int call_method(const struct inode_operations *iop, struct inode *dir,
		struct dentry *dentry)
{
	if (!iop->unlink)
		return -EPERM;
	return iop->unlink(dir, dentry);
}

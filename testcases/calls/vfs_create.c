/*
 * check-name: vfs_create: inside a bracket, and bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/vfs_create.c:29:9: warning: vfs_create() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_create.c:29:9: note: suggestion: path_create(&nd->path, dentry, mode, nd)
 * check-output-end
 */
#include "wb.h"

int create_ok(struct nameidata *nd, struct dentry *dentry, int mode)
{
	int err;

	err = mnt_want_write(nd->path.mnt);
	if (err)
		return err;
	err = vfs_create(nd->path.dentry->d_inode, dentry, mode, nd);
	mnt_drop_write(nd->path.mnt);
	return err;
}

int create_bare(struct nameidata *nd, struct dentry *dentry, int mode)
{
	if (dentry->d_inode)
		return -EEXIST;
	return vfs_create(nd->path.dentry->d_inode, dentry, mode, nd);	/* expect: missing-write-bracket */
}

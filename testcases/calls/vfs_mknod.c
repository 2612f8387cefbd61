/*
 * check-name: vfs_mknod: under kern_path_create, and bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/vfs_mknod.c:29:9: warning: vfs_mknod() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_mknod.c:29:9: note: suggestion: path_mknod(path, dentry, mode, dev)
 * check-output-end
 */
#include "wb.h"

int mknod_ok(const char *name, int mode, dev_t dev)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mknod(path.dentry->d_inode, dentry, mode, dev);
	done_path_create(&path, dentry);
	return err;
}

int mknod_bare(struct path *path, struct dentry *dentry, int mode, dev_t dev)
{
	return vfs_mknod(path->dentry->d_inode, dentry, mode, dev);	/* expect: missing-write-bracket */
}

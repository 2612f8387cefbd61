/*
 * check-name: vfs_mkdir: under user_path_create, and bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/vfs_mkdir.c:31:8: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_mkdir.c:31:8: note: suggestion: path_mkdir(path, dentry, mode)
 * check-output-end
 */
#include "wb.h"

int mkdir_ok(int dfd, const char *pathname, int mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = user_path_create(dfd, pathname, &path, LOOKUP_DIRECTORY);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mkdir(path.dentry->d_inode, dentry, mode);
	done_path_create(&path, dentry);
	return err;
}

int mkdir_bare(struct path *path, struct dentry *dentry, int mode)
{
	int err;

	err = vfs_mkdir(path->dentry->d_inode, dentry, mode);	/* expect: missing-write-bracket */
	if (err == -EEXIST)
		err = 0;
	return err;
}

/*
 * check-name: vfs_symlink: under filename_create, and bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/vfs_symlink.c:29:9: warning: vfs_symlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_symlink.c:29:9: note: suggestion: path_symlink(path, dentry, from, 0777)
 * check-output-end
 */
#include "wb.h"

int symlink_ok(int dfd, struct filename *to, const char *from)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = filename_create(dfd, to, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_symlink(path.dentry->d_inode, dentry, from, 0777);
	done_path_create(&path, dentry);
	return err;
}

int symlink_bare(struct path *path, struct dentry *dentry, const char *from)
{
	return vfs_symlink(path->dentry->d_inode, dentry, from, 0777);	/* expect: missing-write-bracket */
}

/*
 * check-name: vfs_setxattr: inside a bracket, and bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/vfs_setxattr.c:29:9: warning: vfs_setxattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_setxattr.c:29:9: note: suggestion: path_setxattr(path, name, value, size, 0)
 * check-output-end
 */
#include "wb.h"

int setxattr_ok(struct path *path, const char *name, const void *value,
		size_t size, int flags)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_setxattr(path->dentry, name, value, size, flags);
	mnt_drop_write(path->mnt);
	return err;
}

int setxattr_bare(struct path *path, const char *name, const void *value,
		  size_t size)
{
	return vfs_setxattr(path->dentry, name, value, size, 0);	/* expect: missing-write-bracket */
}

/*
 * check-name: vfs_removexattr: under the file bracket, and bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/vfs_removexattr.c:27:9: warning: vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_removexattr.c:27:9: note: suggestion: path_removexattr(path, name)
 * check-output-end
 */
#include "wb.h"

int removexattr_ok(struct file *file, const char *name)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = vfs_removexattr(file->f_path.dentry, name);
	mnt_drop_write_file(file);
	return err;
}

int removexattr_bare(struct path *path, const char *name)
{
	return vfs_removexattr(path->dentry, name);	/* expect: missing-write-bracket */
}

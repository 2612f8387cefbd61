/*
 * check-name: --error-exitcode=3 with a finding exits 3
 * check-command: wbcheck --error-exitcode=3 -I testcases/include $file
 * check-exit-value: 3
 *
 * check-output-start
testcases/output/exitcode-fire.c:15:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/exitcode-fire.c:15:9: note: suggestion: path_rmdir(path, dentry)
 * check-output-end
 */
#include "wb.h"

int exitcode_fires(struct path *path, struct dentry *dentry)
{
	return vfs_rmdir(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

int exitcode_silent(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/*
 * check-name: vfs_unlink: inside a bracket, and bare; --error-exitcode=1 makes the run exit 1
 * check-command: wbcheck --error-exitcode=1 -I testcases/include $file
 * check-exit-value: 1
 *
 * check-output-start
testcases/calls/vfs_unlink.c:30:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_unlink.c:30:8: note: suggestion: path_unlink(path, victim)
 * check-output-end
 */
#include "wb.h"

int unlink_ok(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int unlink_bare(struct path *path, struct dentry *dentry)
{
	struct dentry *victim = dget(dentry);
	int err;

	err = vfs_unlink(path->dentry->d_inode, victim);	/* expect: missing-write-bracket */
	dput(victim);
	return err;
}

/*
 * check-name: placement: a call that leaves two guarded calls uncovered names both
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/placement/two-uncovered.c:36:9: warning: zap() may be called without a write bracket on the mount [missing-write-bracket]
testcases/placement/two-uncovered.c:20:9: note: zap() calls vfs_unlink() here when 'is_dir' is false, relying on its caller for a write bracket on the mount
testcases/placement/two-uncovered.c:19:10: note: zap() calls vfs_rmdir() here, relying on its caller for a write bracket on the mount
testcases/placement/two-uncovered.c:36:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
 * check-output-end
 */
#include "wb.h"

/* Unlinks or removes: either way its callers hold the bracket. */
static int zap(struct inode *dir, struct dentry *dentry, int is_dir)
{
	if (is_dir)
		return vfs_rmdir(dir, dentry);
	return vfs_unlink(dir, dentry);
}

int zap_held(struct path *path, struct dentry *dentry, int is_dir)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	err = zap(path->dentry->d_inode, dentry, is_dir);
	mnt_drop_write(path->mnt);
	return err;
}

int zap_bare(struct path *path, struct dentry *dentry, int is_dir)
{
	return zap(path->dentry->d_inode, dentry, is_dir);	/* expect: missing-write-bracket */
}

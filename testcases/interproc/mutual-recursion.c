/*
 * check-name: a mutually recursive pair of helpers that need the bracket
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/mutual-recursion.c:49:9: warning: prune_dir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/mutual-recursion.c:29:8: note: prune_dir() calls prune_entry() here, relying on its caller for a write bracket on the mount
testcases/interproc/mutual-recursion.c:22:9: note: prune_entry() calls vfs_unlink() here, relying on its caller for a write bracket on the mount
testcases/interproc/mutual-recursion.c:32:9: note: prune_dir() calls vfs_rmdir() here, relying on its caller for a write bracket on the mount
testcases/interproc/mutual-recursion.c:49:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
 * check-output-end
 */
#include "wb.h"

static int prune_dir(struct inode *dir, struct dentry *dentry, int depth);

static int prune_entry(struct inode *dir, struct dentry *dentry, int depth)
{
	if (dentry->d_inode && depth > 0)
		return prune_dir(dentry->d_inode, dentry, depth - 1);
	return vfs_unlink(dir, dentry);
}

static int prune_dir(struct inode *dir, struct dentry *dentry, int depth)
{
	int err;

	err = prune_entry(dentry->d_inode, dentry->d_parent, depth);
	if (err)
		return err;
	return vfs_rmdir(dir, dentry);
}

int mutual_ok(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = prune_entry(path->dentry->d_inode, dentry, 8);
	mnt_drop_write(path->mnt);
	return err;
}

int mutual_bare(struct path *path, struct dentry *dentry)
{
	return prune_dir(path->dentry->d_inode, dentry, 8);	/* expect: missing-write-bracket */
}

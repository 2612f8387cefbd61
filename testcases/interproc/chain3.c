/*
 * check-name: the need for the bracket propagates through three levels of static helpers
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

static int level3(struct inode *dir, struct dentry *dentry)
{
	return vfs_rmdir(dir, dentry);
}

static int level2(struct inode *dir, struct dentry *dentry)
{
	if (!dentry->d_inode)
		return -ENOENT;
	return level3(dir, dentry);
}

static int level1(struct path *path, struct dentry *dentry)
{
	int err = level2(path->dentry->d_inode, dentry);

	if (!err)
		fsnotify_change(path->dentry);
	return err;
}

int chain_ok(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = level1(path, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int chain_bare_top(struct path *path, struct dentry *dentry)
{
	return level1(path, dentry);	/* expect: missing-write-bracket */
}

/* Entering the chain in the middle. */
int chain_bare_middle(struct path *path, struct dentry *dentry)
{
	return level2(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

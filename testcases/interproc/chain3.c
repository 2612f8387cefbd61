/*
 * check-name: the need for the bracket propagates through three levels of static helpers
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/chain3.c:55:9: warning: level1() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/chain3.c:34:12: note: level1() calls level2() here, relying on its caller for a write bracket on the mount
testcases/interproc/chain3.c:29:9: note: level2() calls level3() here, relying on its caller for a write bracket on the mount
testcases/interproc/chain3.c:22:9: note: level3() calls vfs_rmdir() here, relying on its caller for a write bracket on the mount
testcases/interproc/chain3.c:55:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/interproc/chain3.c:61:9: warning: level2() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/chain3.c:29:9: note: level2() calls level3() here, relying on its caller for a write bracket on the mount
testcases/interproc/chain3.c:22:9: note: level3() calls vfs_rmdir() here, relying on its caller for a write bracket on the mount
testcases/interproc/chain3.c:61:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
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

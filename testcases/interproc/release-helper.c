/*
 * check-name: a helper that drops the bracket for its caller
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/release-helper.c:50:3: warning: put_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/interproc/release-helper.c:48:2: note: dropped here by put_write()
testcases/interproc/release-helper.c:63:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/release-helper.c:62:2: note: dropped here by put_write()
testcases/interproc/release-helper.c:63:9: note: suggestion: path_unlink(path, dentry)
 * check-output-end
 */
#include "wb.h"

static void put_write(struct path *path)
{
	mnt_drop_write(path->mnt);
}

/* Exported with no caller here: it releases for whoever calls it. */
void release_write(struct path *path)
{
	mnt_drop_write(path->mnt);
}

int put_helper_ok(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	put_write(path);
	return err;
}

/* The error path calls the helper a second time. */
int put_helper_twice(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	put_write(path);
	if (err)
		put_write(path);		/* expect: write-bracket-double-drop */
	return err;
}

/* After the helper dropped it, the bracket covers nothing. */
int put_helper_then_call(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	put_write(path);
	return vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

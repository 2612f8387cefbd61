/*
 * check-name: a wrapper that returns 0 after success, or undoes the bracket on its own error path
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/wrapper-zero.c:66:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/wrapper-zero.c:63:8: note: result of get_write_live() not checked
testcases/interproc/wrapper-zero.c:66:8: note: suggestion: path_unlink(path, dentry)
testcases/interproc/wrapper-zero.c:67:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/interproc/wrapper-zero.c:63:8: note: result of get_write_live() not checked
 * check-output-end
 */
#include "wb.h"

static int get_write(struct path *path)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	return 0;
}

/* Takes the bracket, then gives it back itself when the inode is gone. */
static int get_write_live(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	if (!dentry->d_inode) {
		mnt_drop_write(path->mnt);
		return -ENOENT;
	}
	return 0;
}

int zero_wrapper_ok(struct path *path, struct dentry *dentry)
{
	int err;

	err = get_write(path);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	if (err)
		return err;
	err = get_write_live(path, dentry->d_parent);
	if (err)
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry->d_parent);
	mnt_drop_write(path->mnt);
	return err;
}

/* Only -ENOENT is checked; a failed acquire goes on. */
int zero_wrapper_bad(struct path *path, struct dentry *dentry)
{
	int err;

	err = get_write_live(path, dentry);
	if (err == -ENOENT)
		return 0;
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

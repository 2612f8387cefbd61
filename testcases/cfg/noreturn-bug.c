/*
 * check-name: BUG() and panic() end the failure path
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/noreturn-bug.c:49:8: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/noreturn-bug.c:46:8: note: mnt_want_write() may fail here, and the failure path continues
testcases/cfg/noreturn-bug.c:49:8: note: suggestion: path_rmdir(path, dentry)
testcases/cfg/noreturn-bug.c:50:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/cfg/noreturn-bug.c:46:8: note: mnt_want_write() may fail here, and the failure path continues
 * check-output-end
 */
#include "wb.h"

/* BUG() expands to panic(), which does not return. */
int bug_on_failure(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		BUG();
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int panic_on_failure(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (unlikely(err))
		panic("cannot write to %s\n", dentry->d_name);
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* A warning returns, so the failure path goes on to the call. */
int warn_on_failure(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		pr_warn("cannot write to %s\n", dentry->d_name);
	err = vfs_rmdir(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);			/* expect: write-bracket-double-drop */
	return err;
}

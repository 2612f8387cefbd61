/*
 * check-name: the failure branch of the acquire holds no bracket
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/success-failed-branch.c:21:3: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/success-failed-branch.c:19:8: note: mnt_want_write() may fail here, and the failure path continues
testcases/brackets/success-failed-branch.c:21:3: note: suggestion: path_unlink(path, dentry)
 * check-output-end
 */
#include "wb.h"

/* "Clean up anyway" on failure: the unlink in the error branch is bare. */
int failed_branch_call(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err) {
		vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
		return err;
	}
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* The else branch is the success branch. */
int failed_branch_else(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err) {
		pr_warn("read-only\n");
	} else {
		err = vfs_unlink(path->dentry->d_inode, dentry);
		mnt_drop_write(path->mnt);
	}
	return err;
}

/*
 * check-name: the failure branch of the acquire holds no bracket
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
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

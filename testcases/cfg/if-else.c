/*
 * check-name: if/else: a bracket taken on one branch only does not cover the join
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/if-else.c:58:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/if-else.c:58:8: note: suggestion: path_unlink(path, dentry)
testcases/cfg/if-else.c:59:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
 * check-output-end
 */
#include "wb.h"

/* The call sits inside the branch that took the bracket. */
int ifelse_inside(struct path *path, struct dentry *dentry, bool rm)
{
	int err;

	if (rm) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
		err = vfs_unlink(path->dentry->d_inode, dentry);
		mnt_drop_write(path->mnt);
	} else {
		err = may_delete(path->dentry->d_inode, dentry);
	}
	return err;
}

/* The branch without the bracket leaves, so the join is covered. */
int ifelse_other_returns(struct path *path, struct dentry *dentry)
{
	int err;

	if (dentry->d_inode) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	} else {
		return -ENOENT;
	}
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* Only one branch takes the bracket: the call after the join is bare. */
int ifelse_one_branch(struct path *path, struct dentry *dentry, bool force)
{
	int err;

	if (!force) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	}
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

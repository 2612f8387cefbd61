/*
 * check-name: for loop: bracket around the loop, and a drop inside the loop body
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/loop-for.c:57:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/loop-for.c:58:3: note: dropped here by mnt_drop_write()
testcases/cfg/loop-for.c:57:9: note: suggestion: path_unlink(path, victims[i])
testcases/cfg/loop-for.c:58:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/cfg/loop-for.c:58:3: note: dropped here by mnt_drop_write()
 * check-output-end
 */
#include "wb.h"

/* Acquire once, unlink many, break out on error, drop once. */
int for_bracket_around(struct path *path, struct dentry **victims, int n)
{
	int err, i;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	for (i = 0; i < n; i++) {
		err = vfs_unlink(path->dentry->d_inode, victims[i]);
		if (err)
			break;
	}
	mnt_drop_write(path->mnt);
	return err;
}

/* A fresh bracket per iteration. */
int for_bracket_per_item(struct path *path, struct dentry **victims, int n)
{
	int err = 0, i;

	for (i = 0; i < n && !err; i++) {
		err = mnt_want_write(path->mnt);
		if (err)
			break;
		err = vfs_unlink(path->dentry->d_inode, victims[i]);
		mnt_drop_write(path->mnt);
	}
	return err;
}

/* The drop is inside the loop: from the second iteration on the call is bare. */
int for_drop_inside(struct path *path, struct dentry **victims, int n)
{
	int err, i;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	for (i = 0; ; i++) {
		err = vfs_unlink(path->dentry->d_inode, victims[i]);	/* expect: missing-write-bracket */
		mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
		if (err || i + 1 == n)
			break;
	}
	return err;
}

/*
 * check-name: do/while loops: break out of do { } while (0), and a drop inside the body
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/loop-do-while.c:55:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/loop-do-while.c:56:3: note: dropped here by mnt_drop_write()
testcases/cfg/loop-do-while.c:55:9: note: suggestion: path_rmdir(path, *victims++)
testcases/cfg/loop-do-while.c:56:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/cfg/loop-do-while.c:56:3: note: dropped here by mnt_drop_write()
 * check-output-end
 */
#include "wb.h"

/* do { } while (0) used as a block to break out of. */
int do_once_break(struct path *path, struct dentry *dentry)
{
	int err;

	do {
		err = mnt_want_write(path->mnt);
		if (err)
			break;
		err = vfs_rmdir(path->dentry->d_inode, dentry);
		mnt_drop_write(path->mnt);
	} while (0);
	return err;
}

/* The bracket is held across every iteration. */
int do_bracket_around(struct path *path, struct dentry **victims)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	do {
		err = vfs_rmdir(path->dentry->d_inode, *victims++);
	} while (!err && *victims);
	mnt_drop_write(path->mnt);
	return err;
}

/* Dropped inside the body: the second iteration runs without it. */
int do_drop_inside(struct path *path, struct dentry **victims)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	do {
		err = vfs_rmdir(path->dentry->d_inode, *victims++);	/* expect: missing-write-bracket */
		mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	} while (!err && *victims);
	return err;
}

/*
 * check-name: switch: fall-through into the bracket, and a case label that skips it
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/switch-fallthrough.c:56:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/switch-fallthrough.c:51:9: note: mnt_want_write() is not reached on every path to the call
testcases/cfg/switch-fallthrough.c:56:9: note: suggestion: path_rmdir(path, dentry)
testcases/cfg/switch-fallthrough.c:61:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
 * check-output-end
 */
#include "wb.h"

/* Case 1 falls into case 2, which takes the bracket before the call. */
int switch_covered(struct path *path, struct dentry *dentry, int op)
{
	int err;

	switch (op) {
	case 1:
		dentry = dentry->d_parent;
		fallthrough;
	case 2:
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
		err = vfs_rmdir(path->dentry->d_inode, dentry);
		mnt_drop_write(path->mnt);
		break;
	default:
		err = -EINVAL;
		break;
	}
	return err;
}

/*
 * Cases 1 and 2 reach the call holding the bracket, but case 3 jumps
 * straight to it: the call and the drop after the switch fire for case 3.
 */
int switch_case3_bare(struct path *path, struct dentry *dentry, int op)
{
	int err;

	switch (op) {
	case 1:
		dentry = dentry->d_parent;
		fallthrough;
	case 2:
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
		fallthrough;
	case 3:
		err = vfs_rmdir(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
		break;
	default:
		return -EINVAL;
	}
	mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
	return err;
}

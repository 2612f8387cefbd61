/*
 * check-name: an unchecked acquire does not make a bracket
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/success-unchecked.c:31:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/success-unchecked.c:30:2: note: result of mnt_want_write() not checked
testcases/brackets/success-unchecked.c:31:8: note: suggestion: path_unlink(path, dentry)
testcases/brackets/success-unchecked.c:32:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-unchecked.c:30:2: note: result of mnt_want_write() not checked
testcases/brackets/success-unchecked.c:42:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/success-unchecked.c:41:8: note: result of mnt_want_write() not checked
testcases/brackets/success-unchecked.c:42:8: note: suggestion: path_unlink(path, dentry)
testcases/brackets/success-unchecked.c:43:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-unchecked.c:41:8: note: result of mnt_want_write() not checked
testcases/brackets/success-unchecked.c:53:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/success-unchecked.c:52:8: note: result of mnt_want_write() not checked
testcases/brackets/success-unchecked.c:53:8: note: suggestion: path_unlink(path, dentry)
testcases/brackets/success-unchecked.c:54:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-unchecked.c:52:8: note: result of mnt_want_write() not checked
 * check-output-end
 */
#include "wb.h"

int unchecked_call(struct path *path, struct dentry *dentry)
{
	int err;

	mnt_want_write(path->mnt);
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

/* Casting the result away does not check it either. */
int unchecked_void_cast(struct path *path, struct dentry *dentry)
{
	int err;

	(void)mnt_want_write(path->mnt);
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

/* Stored but never looked at. */
int unchecked_stored(struct path *path, struct dentry *dentry)
{
	int err, ret;

	ret = mnt_want_write(path->mnt);
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

/* The checked form, for contrast. */
int checked(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/*
 * check-name: a static wrapper returning mnt_want_write's result acquires for its callers
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/want-dir.c:51:8: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/want-dir.c:50:2: note: result of want_dir() not checked
testcases/interproc/want-dir.c:51:8: note: suggestion: path_mkdir(dir, dentry, mode)
testcases/interproc/want-dir.c:52:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/interproc/want-dir.c:50:2: note: result of want_dir() not checked
 * check-output-end
 */
#include "wb.h"

static int want_dir(struct path *dir)
{
	return mnt_want_write(dir->mnt);
}

/* Checked: the wrapper's success is the bracket's success. */
int wrapper_checked(struct path *dir, struct dentry *dentry, int mode)
{
	int err;

	err = want_dir(dir);
	if (err)
		return err;
	err = vfs_mkdir(dir->dentry->d_inode, dentry, mode);
	mnt_drop_write(dir->mnt);
	return err;
}

int wrapper_in_condition(struct path *dir, struct dentry *dentry)
{
	int err;

	if (want_dir(dir))
		return -EROFS;
	err = vfs_rmdir(dir->dentry->d_inode, dentry);
	mnt_drop_write(dir->mnt);
	return err;
}

/* Unchecked: the failure reaches the call and the drop. */
int wrapper_unchecked(struct path *dir, struct dentry *dentry, int mode)
{
	int err;

	want_dir(dir);
	err = vfs_mkdir(dir->dentry->d_inode, dentry, mode);	/* expect: missing-write-bracket */
	mnt_drop_write(dir->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

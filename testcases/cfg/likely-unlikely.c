/*
 * check-name: likely(), unlikely() and __builtin_expect() around the test
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/likely-unlikely.c:57:8: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/likely-unlikely.c:53:12: note: result of mnt_want_write() not checked
testcases/cfg/likely-unlikely.c:57:8: note: suggestion: path_mkdir(path, dentry, mode)
testcases/cfg/likely-unlikely.c:58:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/cfg/likely-unlikely.c:53:12: note: result of mnt_want_write() not checked
 * check-output-end
 */
#include "wb.h"

int expect_unlikely(struct path *path, struct dentry *dentry, int mode)
{
	int err = mnt_want_write(path->mnt);

	if (unlikely(err))
		return err;
	err = vfs_mkdir(path->dentry->d_inode, dentry, mode);
	mnt_drop_write(path->mnt);
	return err;
}

int expect_likely(struct path *path, struct dentry *dentry, int mode)
{
	int err = mnt_want_write(path->mnt);

	if (likely(!err)) {
		err = vfs_mkdir(path->dentry->d_inode, dentry, mode);
		mnt_drop_write(path->mnt);
	}
	return err;
}

/* The builtin written out, on the call itself. */
int expect_builtin(struct path *path, struct dentry *dentry, int mode)
{
	int err;

	if (__builtin_expect(mnt_want_write(path->mnt), 0))
		return -EROFS;
	err = vfs_mkdir(path->dentry->d_inode, dentry, mode);
	mnt_drop_write(path->mnt);
	return err;
}

/* unlikely() does not fix a test that only catches -EROFS. */
int expect_one_errno(struct path *path, struct dentry *dentry, int mode)
{
	int err = mnt_want_write(path->mnt);

	if (unlikely(err == -EROFS))
		return err;
	err = vfs_mkdir(path->dentry->d_inode, dentry, mode);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

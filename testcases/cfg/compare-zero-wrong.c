/*
 * check-name: tests of the acquire result that let some failures through
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/compare-zero-wrong.c:31:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/compare-zero-wrong.c:27:12: note: result of mnt_want_write() not checked
testcases/cfg/compare-zero-wrong.c:31:8: note: suggestion: path_unlink(path, dentry)
testcases/cfg/compare-zero-wrong.c:32:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/cfg/compare-zero-wrong.c:27:12: note: result of mnt_want_write() not checked
testcases/cfg/compare-zero-wrong.c:43:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/compare-zero-wrong.c:39:12: note: result of mnt_want_write() not checked
testcases/cfg/compare-zero-wrong.c:43:8: note: suggestion: path_unlink(path, dentry)
testcases/cfg/compare-zero-wrong.c:44:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/cfg/compare-zero-wrong.c:39:12: note: result of mnt_want_write() not checked
testcases/cfg/compare-zero-wrong.c:54:10: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/compare-zero-wrong.c:51:12: note: mnt_want_write() may fail here, and the failure path continues
testcases/cfg/compare-zero-wrong.c:54:10: note: suggestion: path_unlink(path, dentry)
 * check-output-end
 */
#include "wb.h"

/* Failures are negative: err > 0 never catches one. */
int cmp_positive(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err > 0)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

/* Only -EROFS is caught; any other error reaches the call. */
int cmp_one_errno(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err == -EROFS)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

/* The test is inverted: the call runs exactly when the acquire failed. */
int cmp_inverted(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err != 0)
		return vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);
	return 0;
}

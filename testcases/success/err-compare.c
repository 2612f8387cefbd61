/*
 * check-name: success test: mnt_want_write() tested as err < 0 and as unlikely(err)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/success/err-compare.c:45:8: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/success/err-compare.c:41:12: note: result of mnt_want_write() not checked
testcases/success/err-compare.c:45:8: note: suggestion: path_rmdir(p, d)
testcases/success/err-compare.c:46:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/success/err-compare.c:41:12: note: result of mnt_want_write() not checked
 * check-output-end
 */
#include "wb.h"

int neg_ok(struct path *p, struct dentry *d)
{
	int err = mnt_want_write(p->mnt);

	if (err < 0)
		return err;
	err = vfs_rmdir(p->dentry->d_inode, d);
	mnt_drop_write(p->mnt);
	return err;
}

int unlikely_ok(struct path *p, struct dentry *d)
{
	int err = mnt_want_write(p->mnt);

	if (unlikely(err))
		return err;
	err = vfs_rmdir(p->dentry->d_inode, d);
	mnt_drop_write(p->mnt);
	return err;
}

/* err > 0 says nothing of a negative error: the rmdir may run without it. */
int positive_only(struct path *p, struct dentry *d)
{
	int err = mnt_want_write(p->mnt);

	if (err > 0)
		return err;
	err = vfs_rmdir(p->dentry->d_inode, d);	/* expect: missing-write-bracket */
	mnt_drop_write(p->mnt);	/* expect: write-bracket-double-drop */
	return err;
}

/* A comparison with the largest signed value is no error-pointer test
 * (and computing what it would be must not overflow). */
int big_compare(unsigned long x)
{
	if (x > 0x7fffffffffffffffUL)
		return -1;
	return 0;
}

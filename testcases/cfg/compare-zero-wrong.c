/*
 * check-name: tests of the acquire result that let some failures through
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
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

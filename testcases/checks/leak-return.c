/*
 * check-name: write-bracket-leak: returns between acquire and drop
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/checks/leak-return.c:25:3: warning: returns with a write bracket on the mount still held (taken by mnt_want_write()) [write-bracket-leak]
testcases/checks/leak-return.c:21:8: note: taken here by mnt_want_write(path->mnt)
testcases/checks/leak-return.c:42:3: warning: returns with a write bracket on the mount still held (taken by mnt_want_write()) [write-bracket-leak]
testcases/checks/leak-return.c:37:8: note: taken here by mnt_want_write(path->mnt)
 * check-output-end
 */
#include "wb.h"

/* Returns -ENOENT with the bracket still held. */
int leak_early_return(struct path *path, struct dentry *dentry,
		      struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	if (!dentry->d_inode)
		return -ENOENT;				/* expect: write-bracket-leak */
	err = notify_change(dentry, attr);
	mnt_drop_write(path->mnt);
	return err;
}

/* Returns the error of a later call with the bracket still held. */
int leak_later_error(struct path *path, struct dentry *dentry,
		     struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_mkdir(path->dentry->d_inode, dentry, 0755);
	if (err)
		return err;				/* expect: write-bracket-leak */
	err = notify_change(dentry, attr);
	mnt_drop_write(path->mnt);
	return err;
}

/* The later error goes through the drop. */
int no_leak_later_error(struct path *path, struct dentry *dentry,
			struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_mkdir(path->dentry->d_inode, dentry, 0755);
	if (err)
		goto out;
	err = notify_change(dentry, attr);
out:
	mnt_drop_write(path->mnt);
	return err;
}

/*
 * check-name: mnt_want_write/mnt_drop_write around a guarded call
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/want-write.c:40:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/want-write.c:40:9: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = path->mnt, .dentry = dentry }
 * check-output-end
 */
#include "wb.h"

int want_write_ok(struct path *path, struct dentry *dentry, struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = notify_change(dentry, attr);
	mnt_drop_write(path->mnt);
	return err;
}

/* The bracket on a nameidata's mount, the 2008 way. */
int want_write_nd(struct nameidata *nd, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(nd->path.mnt);
	if (err)
		return err;
	err = vfs_rmdir(nd->path.dentry->d_inode, dentry);
	mnt_drop_write(nd->path.mnt);
	return err;
}

int want_write_none(struct path *path, struct dentry *dentry, struct iattr *attr)
{
	return notify_change(dentry, attr);	/* expect: missing-write-bracket */
}

/*
 * check-name: a dropped bracket covers nothing after the drop; retaking it does
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/success-after-drop.c:25:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/success-after-drop.c:22:2: note: dropped here by mnt_drop_write()
testcases/brackets/success-after-drop.c:25:9: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = path->mnt, .dentry = dentry }
 * check-output-end
 */
#include "wb.h"

int after_drop(struct path *path, struct dentry *dentry, struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_mkdir(path->dentry->d_inode, dentry, 0755);
	mnt_drop_write(path->mnt);
	if (err)
		return err;
	return notify_change(dentry, attr);	/* expect: missing-write-bracket */
}

/* The same, with the bracket taken again before the second call. */
int after_retake(struct path *path, struct dentry *dentry, struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_mkdir(path->dentry->d_inode, dentry, 0755);
	mnt_drop_write(path->mnt);
	if (err)
		return err;
	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = notify_change(dentry, attr);
	mnt_drop_write(path->mnt);
	return err;
}

/*
 * check-name: vfs_rmdir: inside a bracket, and after the drop
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/vfs_rmdir.c:38:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_rmdir.c:35:2: note: dropped here by mnt_drop_write()
testcases/calls/vfs_rmdir.c:38:9: note: suggestion: path_rmdir(&d_parent_path, path->dentry), with struct path d_parent_path = { .mnt = path->mnt, .dentry = path->dentry->d_parent }
 * check-output-end
 */
#include "wb.h"

int rmdir_ok(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* The parent is removed after the bracket was dropped. */
int rmdir_after_drop(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	if (err)
		return err;
	return vfs_rmdir(path->dentry->d_parent->d_inode, path->dentry);	/* expect: missing-write-bracket */
}

/*
 * check-name: write-bracket-double-drop: goto to a drop label from before the acquire
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/checks/double-drop-shared-label.c:26:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
 * check-output-end
 */
#include "wb.h"

/* The -ENOENT path jumps to out_drop before anything was acquired. */
int shared_label_bad(struct path *path, struct dentry *dentry)
{
	int err;

	if (!dentry->d_inode) {
		err = -ENOENT;
		goto out_drop;
	}
	err = mnt_want_write(path->mnt);
	if (err)
		goto out;
	err = vfs_unlink(path->dentry->d_inode, dentry);
out_drop:
	mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
out:
	return err;
}

/* The same function with the early exit going to the right label. */
int shared_label_ok(struct path *path, struct dentry *dentry)
{
	int err;

	if (!dentry->d_inode) {
		err = -ENOENT;
		goto out;
	}
	err = mnt_want_write(path->mnt);
	if (err)
		goto out;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
out:
	return err;
}

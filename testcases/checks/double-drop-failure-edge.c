/*
 * check-name: write-bracket-double-drop: a drop on the failure edge of the acquire
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/checks/double-drop-failure-edge.c:21:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/checks/double-drop-failure-edge.c:19:8: note: mnt_want_write() may fail here, and the failure path continues
testcases/checks/double-drop-failure-edge.c:38:3: warning: done_path_create() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/checks/double-drop-failure-edge.c:36:11: note: kern_path_create() may fail here, and the failure path continues
 * check-output-end
 */
#include "wb.h"

int drop_on_failure(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err) {
		mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
		return err;
	}
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* done_path_create on an error pointer. */
int done_on_failure(const char *name, int mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry)) {
		done_path_create(&path, dentry);	/* expect: write-bracket-double-drop */
		return PTR_ERR(dentry);
	}
	err = vfs_mkdir(path.dentry->d_inode, dentry, mode);
	done_path_create(&path, dentry);
	return err;
}

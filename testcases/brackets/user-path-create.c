/*
 * check-name: user_path_create with unlikely(IS_ERR()) and a goto on error
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/user-path-create.c:39:8: warning: vfs_mknod() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/user-path-create.c:38:11: note: result of user_path_create() not checked
testcases/brackets/user-path-create.c:39:8: note: suggestion: path_mknod(&path, dentry, mode, dev)
 * check-output-end
 */
#include "wb.h"

int upc_ok(int dfd, const char *pathname, int mode, dev_t dev)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = user_path_create(dfd, pathname, &path, 0);
	if (unlikely(IS_ERR(dentry))) {
		err = PTR_ERR(dentry);
		goto out;
	}
	err = vfs_mknod(path.dentry->d_inode, dentry, mode, dev);
	done_path_create(&path, dentry);
out:
	return err;
}

/* The error check comes after the call. */
int upc_check_too_late(int dfd, const char *pathname, int mode, dev_t dev)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = user_path_create(dfd, pathname, &path, 0);
	err = vfs_mknod(path.dentry->d_inode, dentry, mode, dev);	/* expect: missing-write-bracket */
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	done_path_create(&path, dentry);
	return err;
}

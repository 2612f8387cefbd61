/*
 * check-name: kern_path_create: the bracket is held when the dentry is not an error
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/kern-path-create.c:54:8: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/kern-path-create.c:53:11: note: result of kern_path_create() not checked
testcases/brackets/kern-path-create.c:54:8: note: suggestion: path_mkdir(&path, dentry, mode)
testcases/brackets/kern-path-create.c:55:2: warning: done_path_create() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/kern-path-create.c:53:11: note: result of kern_path_create() not checked
 * check-output-end
 */
#include "wb.h"

int kpc_ok(const char *name, int mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, LOOKUP_DIRECTORY);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mkdir(path.dentry->d_inode, dentry, mode);
	done_path_create(&path, dentry);
	return err;
}

/* The call and the release inside if (!IS_ERR()). */
int kpc_not_is_err(const char *name, int mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, LOOKUP_DIRECTORY);
	err = PTR_ERR(dentry);
	if (!IS_ERR(dentry)) {
		err = vfs_mkdir(path.dentry->d_inode, dentry, mode);
		done_path_create(&path, dentry);
	}
	return err;
}

/* No IS_ERR() check: an error pointer reaches the call and the release. */
int kpc_no_check(const char *name, int mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, LOOKUP_DIRECTORY);
	err = vfs_mkdir(path.dentry->d_inode, dentry, mode);	/* expect: missing-write-bracket */
	done_path_create(&path, dentry);			/* expect: write-bracket-double-drop */
	return err;
}

/*
 * check-name: a guarded call inside a macro is reported at the line that uses the macro
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/macros/call-in-macro.c:25:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/macros/call-in-macro.c:25:8: note: suggestion: path_unlink(path, (dentry))
testcases/macros/call-in-macro.c:33:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/macros/call-in-macro.c:33:9: note: suggestion: path_rmdir(path, dentry)
 * check-output-end
 */
#include "wb.h"

/* Function-like macro hiding the guarded call. */
#define zap(path, dentry)	vfs_unlink((path)->dentry->d_inode, (dentry))

/* Object-like alias for the callee's name. */
#define remove_dir_op		vfs_rmdir

int macro_call_bare(struct path *path, struct dentry *dentry)
{
	int err;

	err = zap(path, dentry);	/* expect: missing-write-bracket */
	if (err == -ENOENT)
		err = 0;
	return err;
}

int macro_alias_bare(struct path *path, struct dentry *dentry)
{
	return remove_dir_op(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

int macro_call_held(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = zap(path, dentry);
	if (!err)
		err = remove_dir_op(path->dentry->d_inode, dentry->d_parent);
	mnt_drop_write(path->mnt);
	return err;
}

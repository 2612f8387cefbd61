/*
 * check-name: an exported helper with no caller is reported inside; with a caller, at its calls
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/exported-no-callers.c:18:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/exported-no-callers.c:18:9: note: suggestion: path_unlink(&dir_path, dentry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = <the dentry of dir> }
 * check-output-end
 */
#include "wb.h"

/* No caller in the files given: the guarded call itself is reported. */
int zap_entry(struct inode *dir, struct dentry *dentry)
{
	if (!dentry->d_inode)
		return -ENOENT;
	return vfs_unlink(dir, dentry);		/* expect: missing-write-bracket */
}

/* Exported, but called here under a bracket: checked at that call. */
int zap_child(struct inode *dir, struct dentry *dentry)
{
	return vfs_rmdir(dir, dentry);
}

int zap_with_bracket(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = zap_child(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

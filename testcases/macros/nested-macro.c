/*
 * check-name: macros nested two deep: the finding is at the outermost use
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/macros/nested-macro.c:23:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/macros/nested-macro.c:23:8: note: suggestion: path_unlink(path, (dentry))
 * check-output-end
 */
#include "wb.h"

#define dir_inode(path)		((path)->dentry->d_inode)
#define __kill(dir, dentry)	vfs_unlink((dir), (dentry))
#define kill_in(path, dentry)	__kill(dir_inode(path), (dentry))

int nested_bare(struct path *path, struct dentry *dentry)
{
	int err;

	if (!dentry->d_inode)
		return -ENOENT;
	err = kill_in(path, dentry);	/* expect: missing-write-bracket */
	return err;
}

int nested_held(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = kill_in(path, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/*
 * check-name: vfs_rename: inside a bracket, and bare; multi-line calls
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/vfs_rename.c:36:8: warning: vfs_rename() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_rename.c:36:8: note: suggestion: path_rename(path, old_dentry, &new_dir_path, new_dentry), with struct path new_dir_path = { .mnt = path->mnt, .dentry = new_dir }
testcases/calls/vfs_rename.c:41:3: warning: vfs_rename() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_rename.c:41:3: note: suggestion: path_rename(&new_dir_path, new_dentry, path, old_dentry), with struct path new_dir_path = { .mnt = path->mnt, .dentry = new_dir }
 * check-output-end
 */
#include "wb.h"

/* A rename within one directory, on the bracketed mount. */
int rename_ok(struct path *path, struct dentry *old_dentry,
	      struct dentry *new_dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_rename(path->dentry->d_inode, old_dentry,
			 path->dentry->d_inode, new_dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* The finding goes on the line that names the callee. */
int rename_bare(struct path *path, struct dentry *old_dentry,
		struct dentry *new_dir, struct dentry *new_dentry)
{
	int err;

	err = vfs_rename(path->dentry->d_inode,		/* expect: missing-write-bracket */
			 old_dentry, new_dir->d_inode, new_dentry);
	if (err)
		return err;
	err =
		vfs_rename(new_dir->d_inode, new_dentry,	/* expect: missing-write-bracket */
			   path->dentry->d_inode, old_dentry);
	return err;
}

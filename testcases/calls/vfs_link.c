/*
 * check-name: vfs_link: the bracket is on the new directory's mount (argument 2)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/vfs_link.c:30:9: warning: vfs_link() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/vfs_link.c:30:9: note: suggestion: path_link(old_dentry, new_path, new_dentry)
 * check-output-end
 */
#include "wb.h"

int link_ok(struct dentry *old_dentry, const char *newname)
{
	struct dentry *new_dentry;
	struct path new_path;
	int err;

	new_dentry = kern_path_create(AT_FDCWD, newname, &new_path, 0);
	if (IS_ERR(new_dentry))
		return PTR_ERR(new_dentry);
	err = vfs_link(old_dentry, new_path.dentry->d_inode, new_dentry);
	done_path_create(&new_path, new_dentry);
	return err;
}

int link_bare(struct dentry *old_dentry, struct path *new_path,
	      struct dentry *new_dentry)
{
	return vfs_link(old_dentry, new_path->dentry->d_inode, new_dentry);	/* expect: missing-write-bracket */
}

/*
 * check-name: static helpers used only through an inode_operations table are checked in place
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/fn-pointer-table.c:21:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/fn-pointer-table.c:21:9: note: suggestion: path_unlink(&d_parent_path, lower->dentry), with struct path d_parent_path = { .mnt = lower->mnt, .dentry = lower->dentry->d_parent }
 * check-output-end
 */
#include "wb.h"

/* Where a stacked filesystem keeps the lower path of its dentries. */
struct path *myfs_lower_path(struct dentry *dentry);

/* The VFS calls this through the table: nobody here holds the bracket. */
static int myfs_unlink(struct inode *dir, struct dentry *dentry)
{
	struct path *lower = myfs_lower_path(dentry);

	return vfs_unlink(lower->dentry->d_parent->d_inode,	/* expect: missing-write-bracket */
			  lower->dentry);
}

/* The same kind of method taking the bracket on the lower mount itself. */
static int myfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	struct path *lower = myfs_lower_path(dentry);
	int err;

	err = mnt_want_write(lower->mnt);
	if (err)
		return err;
	err = vfs_rmdir(lower->dentry->d_parent->d_inode, lower->dentry);
	mnt_drop_write(lower->mnt);
	return err;
}

static const struct inode_operations myfs_dir_iops = {
	.unlink	= myfs_unlink,
	.rmdir	= myfs_rmdir,
};

const struct inode_operations *myfs_dir_ops(void)
{
	return &myfs_dir_iops;
}

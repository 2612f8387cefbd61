/* A helper in one file; its callers are in the others. */
#include "wb.h"

int remove_entry(struct inode *dir, struct dentry *dentry)
{
	if (!dentry->d_inode)
		return -ENOENT;
	return vfs_unlink(dir, dentry);
}

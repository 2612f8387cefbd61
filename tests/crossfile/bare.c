/* Calls the helper of helper.c without the bracket. */
#include "wb.h"

int remove_entry(struct inode *dir, struct dentry *dentry);

int bare_remove(struct path *path, struct dentry *dentry)
{
	return remove_entry(path->dentry->d_inode, dentry);
}

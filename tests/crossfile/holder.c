/* Calls the helper of helper.c with the bracket held. */
#include "wb.h"

int remove_entry(struct inode *dir, struct dentry *dentry);

int holder_remove(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = remove_entry(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* Calls the helper of helper.c without the bracket: one of four files
 * whose calls the helper's finding names, in order of place. */
#include "wb.h"

int remove_entry(struct inode *dir, struct dentry *dentry);

int caller3_remove(struct path *path, struct dentry *dentry)
{
	return remove_entry(path->dentry->d_inode, dentry);
}

/*
 * One external function defined in two files, as mm/shmem.c and
 * mm/tiny-shmem.c do (only one is built in any configuration).  Here
 * without the bracket; b-held.c holds it.
 */
#include "wb.h"

int drop_entry(struct path *path, struct dentry *dentry)
{
	return vfs_unlink(path->dentry->d_inode, dentry);
}

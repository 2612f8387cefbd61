/*
 * tests/infer.t: a program that takes no write bracket anywhere: --infer
 * has nothing to count and says so.
 */
#include "wb-modern.h"

int demo_read_label(struct mnt_idmap *idmap, struct dentry *dentry,
		    char *buf, size_t size)
{
	return vfs_getxattr(idmap, dentry, "user.label", buf, size);
}

/*
 * check-name: the default rules' caller-holds names for the writers beyond the eleven (ecryptfs's size record, 6.1's ACL handler)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/caller-holds-writers.c:44:9: warning: __vfs_setxattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/caller-holds-writers.c:44:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb-modern.h"

struct xattr_handler {
	const char *name;
	int flags;
	int (*set)(const struct xattr_handler *handler,
		   struct mnt_idmap *idmap, struct dentry *dentry,
		   struct inode *inode, const char *name, const void *value,
		   size_t size, int flags);
};

struct sample_inode_info {
	struct dentry *lower_dentry;
	long long size;
};

struct sample_inode_info *sample_info(struct inode *inode);

/* Runs with the lower file open for write, by the stacking layer's design. */
int ecryptfs_write_inode_size_to_metadata(struct inode *inode)
{
	struct sample_inode_info *info = sample_info(inode);

	return __vfs_setxattr(NULL, info->lower_dentry,
			      info->lower_dentry->d_inode, "user.size",
			      &info->size, sizeof(info->size), 0);
}

/* The same write under another name: nothing says who holds it. */
int sample_record_size(struct inode *inode)
{
	struct sample_inode_info *info = sample_info(inode);

	return __vfs_setxattr(NULL, info->lower_dentry,	/* expect: missing-write-bracket */
			      info->lower_dentry->d_inode, "user.size",
			      &info->size, sizeof(info->size), 0);
}

int sample_grow(struct inode *inode, long long size)
{
	sample_info(inode)->size = size;
	return ecryptfs_write_inode_size_to_metadata(inode);
}

/* The VFS's own ACL handler, entered through __vfs_setxattr(). */
static int posix_acl_xattr_set(const struct xattr_handler *handler,
			       struct mnt_idmap *idmap, struct dentry *unused,
			       struct inode *inode, const char *name,
			       const void *value, size_t size, int flags)
{
	return set_posix_acl(idmap, unused, handler->flags,
			     (struct posix_acl *)value);
}

const struct xattr_handler sample_acl_handler = {
	.name = "system.posix_acl_access",
	.flags = 0x8000,
	.set = posix_acl_xattr_set,
};

/* A sample header written for wbcheck: extended attributes, 6.x era. */
#ifndef _LINUX_XATTR_H
#define _LINUX_XATTR_H

#include <linux/types.h>

#define XATTR_CREATE	0x1
#define XATTR_REPLACE	0x2

#define XATTR_NAME_MAX	255
#define XATTR_SIZE_MAX	65536

struct mnt_idmap;
struct dentry;
struct inode;

/* Per-prefix xattr operations of a filesystem; value == NULL on set means remove. */
struct xattr_handler {
	const char	*name;
	const char	*prefix;
	int		flags;
	int (*get)(const struct xattr_handler *, struct dentry *dentry,
		   struct inode *inode, const char *name, void *buffer,
		   size_t size);
	int (*set)(const struct xattr_handler *, struct mnt_idmap *idmap,
		   struct dentry *dentry, struct inode *inode,
		   const char *name, const void *buffer, size_t size,
		   int flags);
};

ssize_t vfs_getxattr(struct mnt_idmap *idmap, struct dentry *dentry,
		     const char *name, void *value, size_t size);
int vfs_setxattr(struct mnt_idmap *idmap, struct dentry *dentry,
		 const char *name, const void *value, size_t size, int flags);
int vfs_removexattr(struct mnt_idmap *idmap, struct dentry *dentry,
		    const char *name);

#endif /* _LINUX_XATTR_H */

/* A sample header written for wbcheck: extended attributes, 2.6.26 era. */
#ifndef _LINUX_XATTR_H
#define _LINUX_XATTR_H

#include <linux/types.h>

#define XATTR_CREATE	0x1
#define XATTR_REPLACE	0x2

#define XATTR_NAME_MAX	255
#define XATTR_SIZE_MAX	65536

struct dentry;
struct path;

ssize_t vfs_getxattr(struct dentry *dentry, const char *name,
		     void *value, size_t size);
int vfs_setxattr(struct dentry *dentry, const char *name,
		 const void *value, size_t size, int flags);
int vfs_removexattr(struct dentry *dentry, const char *name);

/* 2008 proposal: take the mount's write bracket inside. */
int path_setxattr(struct path *path, const char *name,
		  const void *value, size_t size, int flags);
int path_removexattr(struct path *path, const char *name);

#endif /* _LINUX_XATTR_H */

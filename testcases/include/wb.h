/*
 * The 2008-era VFS API: guarded vfs_* calls without an idmap argument,
 * and the proposed path_* helpers that take the write bracket themselves.
 */
#ifndef WB_H
#define WB_H

#include "wb-base.h"

struct nameidata {
	struct path path;
	unsigned int flags;
};

struct inode_operations {
	int (*create)(struct inode *dir, struct dentry *dentry, int mode,
		      struct nameidata *nd);
	int (*unlink)(struct inode *dir, struct dentry *dentry);
	int (*rmdir)(struct inode *dir, struct dentry *dentry);
};

/* Guarded: must run inside a successful write bracket. */
int vfs_create(struct inode *dir, struct dentry *dentry, int mode,
	       struct nameidata *nd);
int vfs_mknod(struct inode *dir, struct dentry *dentry, int mode, dev_t dev);
int vfs_mkdir(struct inode *dir, struct dentry *dentry, int mode);
int vfs_rmdir(struct inode *dir, struct dentry *dentry);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
int vfs_symlink(struct inode *dir, struct dentry *dentry, const char *oldname,
		int mode);
int vfs_link(struct dentry *old_dentry, struct inode *dir,
	     struct dentry *new_dentry);
int vfs_rename(struct inode *old_dir, struct dentry *old_dentry,
	       struct inode *new_dir, struct dentry *new_dentry);
int notify_change(struct dentry *dentry, struct iattr *attr);
int vfs_setxattr(struct dentry *dentry, const char *name, const void *value,
		 size_t size, int flags);
int vfs_removexattr(struct dentry *dentry, const char *name);

/* Not guarded: read-only operations. */
int vfs_getxattr(struct dentry *dentry, const char *name, void *value,
		 size_t size);
int vfs_readlink(struct dentry *dentry, char *buf, int buflen);
int vfs_permission(struct nameidata *nd, int mask);

/* The 2008 proposal: each takes and drops the bracket itself. */
int path_create(struct path *dir_path, struct dentry *dentry, int mode,
		struct nameidata *nd);
int path_mknod(struct path *dir_path, struct dentry *dentry, int mode,
	       dev_t dev);
int path_mkdir(struct path *dir_path, struct dentry *dentry, int mode);
int path_rmdir(struct path *dir_path, struct dentry *dentry);
int path_unlink(struct path *dir_path, struct dentry *dentry);
int path_symlink(struct path *dir_path, struct dentry *dentry,
		 const char *oldname, int mode);
int path_link(struct dentry *old_dentry, struct path *dir_path,
	      struct dentry *new_dentry);
int path_rename(struct path *old_dir_path, struct dentry *old_dentry,
		struct path *new_dir_path, struct dentry *new_dentry);
int path_setattr(struct path *path, struct iattr *attr);
int path_setxattr(struct path *path, const char *name, const void *value,
		  size_t size, int flags);
int path_removexattr(struct path *path, const char *name);

#endif /* WB_H */

/*
 * The idmap-era VFS API (Linux 6.3 and later): every guarded vfs_* call
 * takes a struct mnt_idmap first; vfs_rename takes a struct renamedata.
 * The path_* helpers were never merged, so none are declared here.
 */
#ifndef WB_MODERN_H
#define WB_MODERN_H

#include "wb-base.h"

struct mnt_idmap;

struct renamedata {
	struct mnt_idmap *old_mnt_idmap;
	struct inode *old_dir;
	struct dentry *old_dentry;
	struct mnt_idmap *new_mnt_idmap;
	struct inode *new_dir;
	struct dentry *new_dentry;
	struct inode **delegated_inode;
	unsigned int flags;
};

struct mnt_idmap *mnt_idmap(const struct vfsmount *mnt);
struct mnt_idmap *file_mnt_idmap(const struct file *file);

struct inode_operations {
	int (*unlink)(struct inode *dir, struct dentry *dentry);
	int (*rmdir)(struct inode *dir, struct dentry *dentry);
};

/* Guarded: must run inside a successful write bracket. */
int vfs_create(struct mnt_idmap *idmap, struct inode *dir,
	       struct dentry *dentry, umode_t mode, bool want_excl);
int vfs_mknod(struct mnt_idmap *idmap, struct inode *dir,
	      struct dentry *dentry, umode_t mode, dev_t dev);
int vfs_mkdir(struct mnt_idmap *idmap, struct inode *dir,
	      struct dentry *dentry, umode_t mode);
int vfs_rmdir(struct mnt_idmap *idmap, struct inode *dir,
	      struct dentry *dentry);
int vfs_unlink(struct mnt_idmap *idmap, struct inode *dir,
	       struct dentry *dentry, struct inode **delegated_inode);
int vfs_symlink(struct mnt_idmap *idmap, struct inode *dir,
		struct dentry *dentry, const char *oldname);
int vfs_link(struct dentry *old_dentry, struct mnt_idmap *idmap,
	     struct inode *dir, struct dentry *new_dentry,
	     struct inode **delegated_inode);
int vfs_rename(struct renamedata *rd);
int notify_change(struct mnt_idmap *idmap, struct dentry *dentry,
		  struct iattr *attr, struct inode **delegated_inode);
int vfs_setxattr(struct mnt_idmap *idmap, struct dentry *dentry,
		 const char *name, const void *value, size_t size, int flags);
int vfs_removexattr(struct mnt_idmap *idmap, struct dentry *dentry,
		    const char *name);

/* Not guarded. */
int vfs_getxattr(struct mnt_idmap *idmap, struct dentry *dentry,
		 const char *name, void *value, size_t size);

#endif /* WB_MODERN_H */

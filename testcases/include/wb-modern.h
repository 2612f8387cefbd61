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

/* Guarded beyond the 2008 eleven (6.3 and later forms). */
struct posix_acl;
struct fileattr;
struct cred;
int set_posix_acl(struct mnt_idmap *idmap, struct dentry *dentry, int type,
		  struct posix_acl *acl);
int vfs_set_acl(struct mnt_idmap *idmap, struct dentry *dentry,
		const char *acl_name, struct posix_acl *kacl);
int vfs_remove_acl(struct mnt_idmap *idmap, struct dentry *dentry,
		   const char *acl_name);
int vfs_fileattr_set(struct mnt_idmap *idmap, struct dentry *dentry,
		     struct fileattr *fa);
int vfs_tmpfile(struct mnt_idmap *idmap, const struct path *parentpath,
		struct file *file, umode_t mode);
struct file *kernel_tmpfile_open(struct mnt_idmap *idmap,
				 const struct path *parentpath, umode_t mode,
				 int open_flag, const struct cred *cred);
struct file *backing_tmpfile_open(const struct file *user_file, int flags,
				  const struct path *real_parentpath,
				  umode_t mode, const struct cred *cred);
int vfs_mkobj(struct dentry *dentry, umode_t mode,
	      int (*f)(struct dentry *, umode_t, void *), void *arg);
int __vfs_setxattr(struct mnt_idmap *idmap, struct dentry *dentry,
		   struct inode *inode, const char *name, const void *value,
		   size_t size, int flags);
int __vfs_setxattr_noperm(struct mnt_idmap *idmap, struct dentry *dentry,
			  const char *name, const void *value, size_t size,
			  int flags);
int __vfs_setxattr_locked(struct mnt_idmap *idmap, struct dentry *dentry,
			  const char *name, const void *value, size_t size,
			  int flags, struct inode **delegated_inode);
int __vfs_removexattr(struct mnt_idmap *idmap, struct dentry *dentry,
		      const char *name);
int __vfs_removexattr_locked(struct mnt_idmap *idmap, struct dentry *dentry,
			     const char *name,
			     struct inode **delegated_inode);
int inode_update_time(struct inode *inode, int flags);

/* Write access alone (6.8 and later), for a mount and for a file. */
int mnt_get_write_access(struct vfsmount *mnt);
void mnt_put_write_access(struct vfsmount *mnt);
int mnt_get_write_access_file(struct file *file);
void mnt_put_write_access_file(struct file *file);

/* Not guarded: they take the bracket themselves, or read. */
int vfs_getxattr(struct mnt_idmap *idmap, struct dentry *dentry,
		 const char *name, void *value, size_t size);
int file_update_time(struct file *file);
void touch_atime(const struct path *path);
long vfs_truncate(const struct path *path, long long length);
int vfs_fileattr_get(struct dentry *dentry, struct fileattr *fa);

#endif /* WB_MODERN_H */

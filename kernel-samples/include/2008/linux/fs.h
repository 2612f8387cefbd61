/* A sample header written for wbcheck: the VFS as of 2.6.26, with the 2008 path_* proposal. */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/mutex.h>

#define S_IFMT		00170000
#define S_IFLNK		0120000
#define S_IFREG		0100000
#define S_IFDIR		0040000
#define S_ISDIR(m)	(((m) & S_IFMT) == S_IFDIR)
#define S_ISREG(m)	(((m) & S_IFMT) == S_IFREG)

#define S_IRWXU		00700
#define S_IRWXUGO	00777
#define S_IALLUGO	07777

/* Lock classes for nested i_mutex acquisition. */
enum inode_i_mutex_lock_class {
	I_MUTEX_NORMAL,
	I_MUTEX_PARENT,
	I_MUTEX_CHILD,
	I_MUTEX_XATTR,
	I_MUTEX_QUOTA
};

struct super_block;
struct inode;
struct dentry;
struct vfsmount;
struct nameidata;
struct iattr;
struct file;

struct qstr {
	unsigned int		hash;
	unsigned int		len;
	const unsigned char	*name;
};

struct inode_operations {
	int (*create)(struct inode *, struct dentry *, int, struct nameidata *);
	struct dentry *(*lookup)(struct inode *, struct dentry *, struct nameidata *);
	int (*link)(struct dentry *, struct inode *, struct dentry *);
	int (*unlink)(struct inode *, struct dentry *);
	int (*symlink)(struct inode *, struct dentry *, const char *);
	int (*mkdir)(struct inode *, struct dentry *, int);
	int (*rmdir)(struct inode *, struct dentry *);
	int (*mknod)(struct inode *, struct dentry *, int, dev_t);
	int (*rename)(struct inode *, struct dentry *,
		      struct inode *, struct dentry *);
	int (*setattr)(struct dentry *, struct iattr *);
	int (*setxattr)(struct dentry *, const char *, const void *, size_t, int);
	ssize_t (*getxattr)(struct dentry *, const char *, void *, size_t);
	int (*removexattr)(struct dentry *, const char *);
};

struct super_block {
	struct dentry		*s_root;
	unsigned long		s_flags;
	void			*s_fs_info;
};

struct inode {
	unsigned long		i_ino;
	umode_t			i_mode;
	unsigned int		i_nlink;
	uid_t			i_uid;
	gid_t			i_gid;
	loff_t			i_size;
	struct mutex		i_mutex;
	const struct inode_operations *i_op;
	struct super_block	*i_sb;
	void			*i_private;
};

struct dentry {
	struct inode		*d_inode;
	struct dentry		*d_parent;
	struct qstr		d_name;
	struct super_block	*d_sb;
	void			*d_fsdata;
};

struct vfsmount {
	struct dentry		*mnt_root;
	struct super_block	*mnt_sb;
	int			mnt_flags;
};

struct path {
	struct vfsmount		*mnt;
	struct dentry		*dentry;
};

struct nameidata {
	struct path		path;
	struct qstr		last;
	unsigned int		flags;
	int			last_type;
	unsigned int		depth;
};

#define ATTR_MODE	(1 << 0)
#define ATTR_UID	(1 << 1)
#define ATTR_GID	(1 << 2)
#define ATTR_SIZE	(1 << 3)
#define ATTR_ATIME	(1 << 4)
#define ATTR_MTIME	(1 << 5)
#define ATTR_CTIME	(1 << 6)

struct iattr {
	unsigned int		ia_valid;
	umode_t			ia_mode;
	uid_t			ia_uid;
	gid_t			ia_gid;
	loff_t			ia_size;
	struct file		*ia_file;
};

struct file {
	struct path		f_path;
	unsigned int		f_flags;
	unsigned int		f_mode;
	void			*private_data;
};

/* Dentry and inode references. */
struct dentry *dget(struct dentry *dentry);
void dput(struct dentry *dentry);
void d_instantiate(struct dentry *dentry, struct inode *inode);
void d_drop(struct dentry *dentry);
struct inode *igrab(struct inode *inode);
void iput(struct inode *inode);

/* Write access to a mount (read-only bind mounts). */
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int mnt_want_write_file(struct file *file);
void mnt_drop_write_file(struct file *file);

/* Namespace operations: the caller must hold a write bracket. */
int vfs_create(struct inode *dir, struct dentry *dentry, int mode,
	       struct nameidata *nd);
int vfs_mknod(struct inode *dir, struct dentry *dentry, int mode, dev_t dev);
int vfs_mkdir(struct inode *dir, struct dentry *dentry, int mode);
int vfs_rmdir(struct inode *dir, struct dentry *dentry);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
int vfs_symlink(struct inode *dir, struct dentry *dentry,
		const char *oldname, int mode);
int vfs_link(struct dentry *old_dentry, struct inode *dir,
	     struct dentry *new_dentry);
int vfs_rename(struct inode *old_dir, struct dentry *old_dentry,
	       struct inode *new_dir, struct dentry *new_dentry);
int notify_change(struct dentry *dentry, struct iattr *attr);

/* The 2008 proposal: the same operations, taking the bracket themselves. */
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

#endif /* _LINUX_FS_H */

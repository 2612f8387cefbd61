/* A sample header written for wbcheck: the VFS as of Linux 6.x (idmapped mounts). */
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

#define RENAME_NOREPLACE	(1 << 0)
#define RENAME_EXCHANGE		(1 << 1)

/* Lock classes for nested inode lock acquisition. */
enum inode_i_mutex_lock_class {
	I_MUTEX_NORMAL,
	I_MUTEX_PARENT,
	I_MUTEX_CHILD,
	I_MUTEX_XATTR,
	I_MUTEX_NONDIR2,
	I_MUTEX_PARENT2
};

/* The id mapping of a mount; its layout is private to the VFS. */
struct mnt_idmap;
extern struct mnt_idmap nop_mnt_idmap;

struct super_block;
struct inode;
struct dentry;
struct vfsmount;
struct iattr;
struct file;
struct xattr_handler;

struct qstr {
	unsigned int		hash;
	unsigned int		len;
	const unsigned char	*name;
};

struct rw_semaphore {
	long			count;
	void			*owner;
};

void down_write(struct rw_semaphore *sem);
void down_write_nested(struct rw_semaphore *sem, int subclass);
void up_write(struct rw_semaphore *sem);

struct inode_operations {
	struct dentry *(*lookup)(struct inode *, struct dentry *, unsigned int);
	int (*create)(struct mnt_idmap *, struct inode *, struct dentry *,
		      umode_t, bool);
	int (*link)(struct dentry *, struct inode *, struct dentry *);
	int (*unlink)(struct inode *, struct dentry *);
	int (*symlink)(struct mnt_idmap *, struct inode *, struct dentry *,
		       const char *);
	int (*mkdir)(struct mnt_idmap *, struct inode *, struct dentry *,
		     umode_t);
	int (*rmdir)(struct inode *, struct dentry *);
	int (*mknod)(struct mnt_idmap *, struct inode *, struct dentry *,
		     umode_t, dev_t);
	int (*rename)(struct mnt_idmap *, struct inode *, struct dentry *,
		      struct inode *, struct dentry *, unsigned int);
	int (*setattr)(struct mnt_idmap *, struct dentry *, struct iattr *);
};

struct super_block {
	struct dentry		*s_root;
	unsigned long		s_flags;
	void			*s_fs_info;
	const struct xattr_handler * const *s_xattr;
};

struct inode {
	unsigned long		i_ino;
	umode_t			i_mode;
	unsigned int		i_nlink;
	uid_t			i_uid;
	gid_t			i_gid;
	loff_t			i_size;
	struct rw_semaphore	i_rwsem;
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
	struct mnt_idmap	*mnt_idmap;
};

struct path {
	struct vfsmount		*mnt;
	struct dentry		*dentry;
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
	struct inode		*f_inode;
	unsigned int		f_flags;
	unsigned int		f_mode;
	void			*private_data;
};

/* Arguments of vfs_rename(), gathered because there are so many. */
struct renamedata {
	struct mnt_idmap	*old_mnt_idmap;
	struct inode		*old_dir;
	struct dentry		*old_dentry;
	struct mnt_idmap	*new_mnt_idmap;
	struct inode		*new_dir;
	struct dentry		*new_dentry;
	struct inode		**delegated_inode;
	unsigned int		flags;
};

static inline struct inode *d_inode(const struct dentry *dentry)
{
	return dentry->d_inode;
}

static inline bool d_really_is_negative(const struct dentry *dentry)
{
	return dentry->d_inode == NULL;
}

static inline bool d_really_is_positive(const struct dentry *dentry)
{
	return dentry->d_inode != NULL;
}

static inline struct mnt_idmap *mnt_idmap(const struct vfsmount *mnt)
{
	return mnt->mnt_idmap;
}

static inline struct mnt_idmap *file_mnt_idmap(const struct file *file)
{
	return mnt_idmap(file->f_path.mnt);
}

static inline struct inode *file_inode(const struct file *file)
{
	return file->f_inode;
}

static inline void inode_lock(struct inode *inode)
{
	down_write(&inode->i_rwsem);
}

static inline void inode_lock_nested(struct inode *inode, unsigned int subclass)
{
	down_write_nested(&inode->i_rwsem, subclass);
}

static inline void inode_unlock(struct inode *inode)
{
	up_write(&inode->i_rwsem);
}

/* Dentry and inode references. */
struct dentry *dget(struct dentry *dentry);
void dput(struct dentry *dentry);
void d_instantiate(struct dentry *dentry, struct inode *inode);
void d_drop(struct dentry *dentry);
struct inode *igrab(struct inode *inode);
void iput(struct inode *inode);

/* Leases: wait for a delegation to be returned, then retry. */
int break_deleg_wait(struct inode **delegated_inode);

/* Write access to a mount (read-only bind mounts, frozen filesystems). */
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int mnt_want_write_file(struct file *file);
void mnt_drop_write_file(struct file *file);

/* Namespace operations: the caller must hold a write bracket. */
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

#endif /* _LINUX_FS_H */

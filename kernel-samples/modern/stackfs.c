/* A sample written for wbcheck: a stacking filesystem that forgets the lower mount's write bracket. */
#include <linux/bug.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/xattr.h>

/*
 * Every stackfs dentry shadows one dentry of the lower filesystem.  The
 * operations below pass each request down with vfs_*() on the lower
 * directory and the lower idmap, but never take mnt_want_write().  Only
 * stackfs_dir_iops and stackfs_xattr_handler refer to them, so wbcheck
 * sees no caller that could hold the bracket and reports each call.
 */
struct stackfs_dentry_info {
	struct path		lower_path;
};

/* Provided by the inode code of the filesystem. */
struct inode *stackfs_iget(struct super_block *sb, struct inode *lower_inode);
void stackfs_init_dir(struct inode *inode);

static inline struct path *stackfs_lower_path(struct dentry *dentry)
{
	struct stackfs_dentry_info *info = dentry->d_fsdata;

	BUG_ON(!info);
	return &info->lower_path;
}

#define stackfs_lower(d)	(stackfs_lower_path(d)->dentry)

static inline struct mnt_idmap *stackfs_idmap(struct dentry *dentry)
{
	return mnt_idmap(stackfs_lower_path(dentry)->mnt);
}

static struct dentry *lock_lower_parent(struct dentry *lower_dentry)
{
	struct dentry *dir = dget(lower_dentry->d_parent);

	inode_lock_nested(d_inode(dir), I_MUTEX_PARENT);
	return dir;
}

static void unlock_lower_parent(struct dentry *dir)
{
	inode_unlock(d_inode(dir));
	dput(dir);
}

/* Give @dentry an upper inode for the lower object just created. */
static int stackfs_interpose(struct dentry *lower_dentry, struct dentry *dentry,
			     struct super_block *sb)
{
	struct inode *inode = stackfs_iget(sb, d_inode(lower_dentry));

	if (IS_ERR(inode))
		return PTR_ERR(inode);
	d_instantiate(dentry, inode);
	return 0;
}

static int stackfs_create(struct mnt_idmap *idmap, struct inode *dir,
			  struct dentry *dentry, umode_t mode, bool excl)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_create(stackfs_idmap(dentry), d_inode(lower_dir), /* expect: missing-write-bracket */
			 lower_dentry, mode, excl);
	if (!err)
		err = stackfs_interpose(lower_dentry, dentry, dir->i_sb);
	unlock_lower_parent(lower_dir);
	return err;
}

static int stackfs_mknod(struct mnt_idmap *idmap, struct inode *dir,
			 struct dentry *dentry, umode_t mode, dev_t dev)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_mknod(stackfs_idmap(dentry), d_inode(lower_dir), /* expect: missing-write-bracket */
			lower_dentry, mode, dev);
	if (!err)
		err = stackfs_interpose(lower_dentry, dentry, dir->i_sb);
	unlock_lower_parent(lower_dir);
	return err;
}

static int stackfs_mkdir(struct mnt_idmap *idmap, struct inode *dir,
			 struct dentry *dentry, umode_t mode)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_mkdir(stackfs_idmap(dentry), d_inode(lower_dir), /* expect: missing-write-bracket */
			lower_dentry, mode);
	if (!err)
		err = stackfs_interpose(lower_dentry, dentry, dir->i_sb);
	unlock_lower_parent(lower_dir);
	return err;
}

static int stackfs_rmdir(struct inode *dir, struct dentry *dentry)
{
	struct dentry *lower_dentry = dget(stackfs_lower(dentry));
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_rmdir(stackfs_idmap(dentry), d_inode(lower_dir), /* expect: missing-write-bracket */
			lower_dentry);
	unlock_lower_parent(lower_dir);
	dput(lower_dentry);
	if (!err)
		d_drop(dentry);
	return err;
}

static int stackfs_unlink(struct inode *dir, struct dentry *dentry)
{
	struct dentry *lower_dentry = dget(stackfs_lower(dentry));
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_unlink(stackfs_idmap(dentry), d_inode(lower_dir), /* expect: missing-write-bracket */
			 lower_dentry, NULL);
	unlock_lower_parent(lower_dir);
	dput(lower_dentry);
	return err;
}

static int stackfs_symlink(struct mnt_idmap *idmap, struct inode *dir,
			   struct dentry *dentry, const char *symname)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_symlink(stackfs_idmap(dentry), d_inode(lower_dir), /* expect: missing-write-bracket */
			  lower_dentry, symname);
	if (!err)
		err = stackfs_interpose(lower_dentry, dentry, dir->i_sb);
	unlock_lower_parent(lower_dir);
	return err;
}

static int stackfs_link(struct dentry *old_dentry, struct inode *dir,
			struct dentry *new_dentry)
{
	struct dentry *lower_old = dget(stackfs_lower(old_dentry));
	struct dentry *lower_new = stackfs_lower(new_dentry);
	struct dentry *lower_dir = lock_lower_parent(lower_new);
	int err;

	err = vfs_link(lower_old, stackfs_idmap(new_dentry), /* expect: missing-write-bracket */
		       d_inode(lower_dir), lower_new, NULL);
	if (!err)
		err = stackfs_interpose(lower_new, new_dentry, dir->i_sb);
	unlock_lower_parent(lower_dir);
	dput(lower_old);
	return err;
}

static int stackfs_rename(struct mnt_idmap *idmap, struct inode *old_dir,
			  struct dentry *old_dentry, struct inode *new_dir,
			  struct dentry *new_dentry, unsigned int flags)
{
	struct dentry *lower_old = dget(stackfs_lower(old_dentry));
	struct dentry *lower_new = dget(stackfs_lower(new_dentry));
	struct renamedata rd = {
		.old_mnt_idmap	= stackfs_idmap(old_dentry),
		.old_dir	= d_inode(lower_old->d_parent),
		.old_dentry	= lower_old,
		.new_mnt_idmap	= stackfs_idmap(new_dentry),
		.new_dir	= d_inode(lower_new->d_parent),
		.new_dentry	= lower_new,
		.flags		= flags,
	};
	struct dentry *trap;
	int err = -EINVAL;

	trap = lock_rename(lower_old->d_parent, lower_new->d_parent);
	if (trap != lower_old && trap != lower_new)
		err = vfs_rename(&rd); /* expect: missing-write-bracket */
	unlock_rename(lower_old->d_parent, lower_new->d_parent);
	dput(lower_new);
	dput(lower_old);
	return err;
}

static int stackfs_setattr(struct mnt_idmap *idmap, struct dentry *dentry,
			   struct iattr *ia)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	int err;

	inode_lock(d_inode(lower_dentry));
	err = notify_change(stackfs_idmap(dentry), lower_dentry, ia, NULL); /* expect: missing-write-bracket */
	inode_unlock(d_inode(lower_dentry));
	return err;
}

/* The xattr handler's set method also removes: @value is NULL then. */
static int stackfs_xattr_set(const struct xattr_handler *handler,
			     struct mnt_idmap *idmap, struct dentry *dentry,
			     struct inode *inode, const char *name,
			     const void *value, size_t size, int flags)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);

	if (!value)
		return vfs_removexattr(stackfs_idmap(dentry), /* expect: missing-write-bracket */
				       lower_dentry, name);
	return vfs_setxattr(stackfs_idmap(dentry), lower_dentry, /* expect: missing-write-bracket */
			    name, value, size, flags);
}

/* The only references to the operations above. */
static const struct inode_operations stackfs_dir_iops = {
	.create		= stackfs_create,
	.mknod		= stackfs_mknod,
	.mkdir		= stackfs_mkdir,
	.rmdir		= stackfs_rmdir,
	.unlink		= stackfs_unlink,
	.symlink	= stackfs_symlink,
	.link		= stackfs_link,
	.rename		= stackfs_rename,
	.setattr	= stackfs_setattr,
};

static const struct xattr_handler stackfs_xattr_handler = {
	.prefix		= "",
	.set		= stackfs_xattr_set,
};

const struct xattr_handler * const stackfs_xattr_handlers[] = {
	&stackfs_xattr_handler,
	NULL
};

void stackfs_init_dir(struct inode *inode)
{
	inode->i_op = &stackfs_dir_iops;
}

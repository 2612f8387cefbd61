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
 * directory, but never call mnt_want_write() on the lower mount, so a
 * read-only bind mount underneath is silently written to.  The functions
 * are only reached through stackfs_dir_iops, so wbcheck cannot see a
 * caller that might hold the bracket and reports each guarded call.
 */
struct stackfs_dentry_info {
	struct path		lower_path;
};

/* Provided by the inode code of the filesystem. */
struct inode *stackfs_iget(struct super_block *sb, struct inode *lower_inode);
void stackfs_init_dir(struct inode *inode);

static inline struct dentry *stackfs_lower(struct dentry *dentry)
{
	struct stackfs_dentry_info *info = dentry->d_fsdata;

	BUG_ON(!info);
	return info->lower_path.dentry;
}

static struct dentry *lock_lower_parent(struct dentry *lower_dentry)
{
	struct dentry *dir = dget(lower_dentry->d_parent);

	mutex_lock_nested(&dir->d_inode->i_mutex, I_MUTEX_PARENT);
	return dir;
}

static void unlock_lower_parent(struct dentry *dir)
{
	mutex_unlock(&dir->d_inode->i_mutex);
	dput(dir);
}

/* Give @dentry an upper inode for the lower object just created. */
static int stackfs_interpose(struct dentry *lower_dentry, struct dentry *dentry,
			     struct super_block *sb)
{
	struct inode *inode = stackfs_iget(sb, lower_dentry->d_inode);

	if (IS_ERR(inode))
		return PTR_ERR(inode);
	d_instantiate(dentry, inode);
	return 0;
}

static int stackfs_create(struct inode *dir, struct dentry *dentry, int mode,
			  struct nameidata *nd)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_create(lower_dir->d_inode, lower_dentry, mode, NULL); /* expect: missing-write-bracket */
	if (!err)
		err = stackfs_interpose(lower_dentry, dentry, dir->i_sb);
	unlock_lower_parent(lower_dir);
	return err;
}

static int stackfs_mknod(struct inode *dir, struct dentry *dentry, int mode,
			 dev_t dev)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_mknod(lower_dir->d_inode, lower_dentry, mode, dev); /* expect: missing-write-bracket */
	if (!err)
		err = stackfs_interpose(lower_dentry, dentry, dir->i_sb);
	unlock_lower_parent(lower_dir);
	return err;
}

static int stackfs_mkdir(struct inode *dir, struct dentry *dentry, int mode)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_mkdir(lower_dir->d_inode, lower_dentry, mode); /* expect: missing-write-bracket */
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

	err = vfs_rmdir(lower_dir->d_inode, lower_dentry); /* expect: missing-write-bracket */
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

	err = vfs_unlink(lower_dir->d_inode, lower_dentry); /* expect: missing-write-bracket */
	unlock_lower_parent(lower_dir);
	dput(lower_dentry);
	return err;
}

static int stackfs_symlink(struct inode *dir, struct dentry *dentry,
			   const char *symname)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	struct dentry *lower_dir = lock_lower_parent(lower_dentry);
	int err;

	err = vfs_symlink(lower_dir->d_inode, lower_dentry, symname, S_IALLUGO); /* expect: missing-write-bracket */
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

	err = vfs_link(lower_old, lower_dir->d_inode, lower_new); /* expect: missing-write-bracket */
	if (!err)
		err = stackfs_interpose(lower_new, new_dentry, dir->i_sb);
	unlock_lower_parent(lower_dir);
	dput(lower_old);
	return err;
}

static int stackfs_rename(struct inode *old_dir, struct dentry *old_dentry,
			  struct inode *new_dir, struct dentry *new_dentry)
{
	struct dentry *lower_old = dget(stackfs_lower(old_dentry));
	struct dentry *lower_new = dget(stackfs_lower(new_dentry));
	struct dentry *lower_old_dir = lower_old->d_parent;
	struct dentry *lower_new_dir = lower_new->d_parent;
	struct dentry *trap;
	int err = -EINVAL;

	trap = lock_rename(lower_old_dir, lower_new_dir);
	if (trap == lower_old || trap == lower_new)
		goto out_unlock;
	err = vfs_rename(lower_old_dir->d_inode, lower_old, /* expect: missing-write-bracket */
			 lower_new_dir->d_inode, lower_new);
out_unlock:
	unlock_rename(lower_old_dir, lower_new_dir);
	dput(lower_new);
	dput(lower_old);
	return err;
}

static int stackfs_setattr(struct dentry *dentry, struct iattr *ia)
{
	struct dentry *lower_dentry = stackfs_lower(dentry);
	struct inode *lower_inode = lower_dentry->d_inode;
	int err;

	mutex_lock(&lower_inode->i_mutex);
	err = notify_change(lower_dentry, ia); /* expect: missing-write-bracket */
	mutex_unlock(&lower_inode->i_mutex);
	return err;
}

static int stackfs_setxattr(struct dentry *dentry, const char *name,
			    const void *value, size_t size, int flags)
{
	return vfs_setxattr(stackfs_lower(dentry), name, value, size, flags); /* expect: missing-write-bracket */
}

static int stackfs_removexattr(struct dentry *dentry, const char *name)
{
	return vfs_removexattr(stackfs_lower(dentry), name); /* expect: missing-write-bracket */
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
	.setxattr	= stackfs_setxattr,
	.removexattr	= stackfs_removexattr,
};

/* Called by stackfs_iget() for directories. */
void stackfs_init_dir(struct inode *inode)
{
	inode->i_op = &stackfs_dir_iops;
}

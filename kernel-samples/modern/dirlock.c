/* A sample written for wbcheck: directory changes of a stacking filesystem
 * under the parent's inode lock (checked with rules/dir-lock.rules, see
 * dirlock.c.flags). */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/namei.h>

/* Lock the lower parent of @dentry and return it, with a reference. */
static struct dentry *lock_parent(struct dentry *dentry)
{
	struct dentry *dir = dget(dentry->d_parent);

	inode_lock_nested(d_inode(dir), I_MUTEX_PARENT);
	return dir;
}

static void unlock_dir(struct dentry *dir)
{
	inode_unlock(d_inode(dir));
	dput(dir);
}

int lower_unlink(struct dentry *lower_dentry)
{
	struct dentry *lower_dir = lock_parent(lower_dentry);
	int err;

	err = vfs_unlink(&nop_mnt_idmap, d_inode(lower_dir), lower_dentry, NULL);
	unlock_dir(lower_dir);
	return err;
}

/* The parent is unlocked before the change. */
int lower_rmdir(struct dentry *lower_dentry)
{
	struct dentry *lower_dir = lock_parent(lower_dentry);
	int err;

	dget(lower_dentry);
	unlock_dir(lower_dir);
	err = vfs_rmdir(&nop_mnt_idmap, d_inode(lower_dir), lower_dentry); /* expect: missing-dir-lock */
	dput(lower_dentry);
	return err;
}

/* The error path returns with the parent still locked. */
int lower_mkdir(struct dentry *lower_dentry, umode_t mode)
{
	struct inode *dir = d_inode(lower_dentry->d_parent);
	int err;

	inode_lock_nested(dir, I_MUTEX_PARENT);
	if (d_inode(lower_dentry))
		return -EEXIST; /* expect: dir-lock-leak */
	err = vfs_mkdir(&nop_mnt_idmap, dir, lower_dentry, mode);
	inode_unlock(dir);
	return err;
}

/* kern_path_create() returns with the parent locked. */
int make_node(const char *name, umode_t mode, dev_t dev)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mknod(&nop_mnt_idmap, d_inode(path.dentry), dentry, mode, dev);
	done_path_create(&path, dentry);
	return err;
}

/* Unlocked twice on the way out. */
int lower_symlink(struct inode *dir, struct dentry *dentry, const char *target)
{
	int err;

	inode_lock(dir);
	err = vfs_symlink(&nop_mnt_idmap, dir, dentry, target);
	inode_unlock(dir);
	if (err)
		inode_unlock(dir); /* expect: dir-lock-double-unlock */
	return err;
}

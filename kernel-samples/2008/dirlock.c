/* A sample written for wbcheck: directory changes of a stacking filesystem
 * and of a syscall, under the parent's i_mutex (checked with
 * rules/dir-lock.rules, see dirlock.c.flags). */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>

/* Lock the lower parent of @dentry and return it, with a reference. */
static struct dentry *lock_parent(struct dentry *dentry)
{
	struct dentry *dir = dget(dentry->d_parent);

	mutex_lock_nested(&dir->d_inode->i_mutex, I_MUTEX_PARENT);
	return dir;
}

static void unlock_dir(struct dentry *dir)
{
	mutex_unlock(&dir->d_inode->i_mutex);
	dput(dir);
}

int lower_unlink(struct dentry *lower_dentry)
{
	struct dentry *lower_dir = lock_parent(lower_dentry);
	int err;

	err = vfs_unlink(lower_dir->d_inode, lower_dentry);
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
	err = vfs_rmdir(lower_dir->d_inode, lower_dentry); /* expect: missing-dir-lock */
	dput(lower_dentry);
	return err;
}

/* The error path returns with the parent still locked. */
int lower_mkdir(struct dentry *lower_dentry, int mode)
{
	struct inode *dir = lower_dentry->d_parent->d_inode;
	int err;

	mutex_lock_nested(&dir->i_mutex, I_MUTEX_PARENT);
	if (lower_dentry->d_inode)
		return -EEXIST; /* expect: dir-lock-leak */
	err = vfs_mkdir(dir, lower_dentry, mode);
	mutex_unlock(&dir->i_mutex);
	return err;
}

/* lookup_create() locks the parent even when it fails. */
int sys_mkdirat_sample(int dfd, const char *pathname, int mode)
{
	struct nameidata nd;
	struct dentry *dentry;
	int error;

	error = do_path_lookup(dfd, pathname, LOOKUP_PARENT, &nd);
	if (error)
		return error;
	dentry = lookup_create(&nd, 1);
	error = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto out_unlock;
	error = mnt_want_write(nd.path.mnt);
	if (error)
		goto out_dput;
	error = vfs_mkdir(nd.path.dentry->d_inode, dentry, mode);
	mnt_drop_write(nd.path.mnt);
out_dput:
	dput(dentry);
out_unlock:
	mutex_unlock(&nd.path.dentry->d_inode->i_mutex);
	path_put(&nd.path);
	return error;
}

/* Another mutex of the inode is no directory lock. */
struct lower_info {
	struct mutex	lock;
	struct dentry	*lower_dir;
};

int lower_create(struct lower_info *info, struct dentry *lower_dentry,
		 int mode)
{
	int err;

	mutex_lock(&info->lock);
	err = vfs_create(info->lower_dir->d_inode, lower_dentry, mode, NULL); /* expect: missing-dir-lock */
	mutex_unlock(&info->lock);
	return err;
}

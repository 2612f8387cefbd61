/* A sample written for wbcheck: error paths that leak or drop the write bracket twice, and their fixes. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>

/* Buggy: the -EIO exit forgets the bracket taken just above. */
int remove_entry_leaky(struct path *dir, struct dentry *victim)
{
	struct inode *inode = dir->dentry->d_inode;
	int err;

	err = mnt_want_write(dir->mnt);
	if (err)
		return err;
	if (!victim->d_inode)
		return -EIO; /* expect: write-bracket-leak */
	mutex_lock_nested(&inode->i_mutex, I_MUTEX_PARENT);
	err = vfs_unlink(inode, victim);
	mutex_unlock(&inode->i_mutex);
	mnt_drop_write(dir->mnt);
	return err;
}

/* Fixed: check before taking the bracket. */
int remove_entry(struct path *dir, struct dentry *victim)
{
	struct inode *inode = dir->dentry->d_inode;
	int err;

	if (!victim->d_inode)
		return -EIO;
	err = mnt_want_write(dir->mnt);
	if (err)
		return err;
	mutex_lock_nested(&inode->i_mutex, I_MUTEX_PARENT);
	err = vfs_unlink(inode, victim);
	mutex_unlock(&inode->i_mutex);
	mnt_drop_write(dir->mnt);
	return err;
}

/* Buggy: mnt_want_write() failed, so there is nothing to drop. */
int make_dir_bad_unwind(struct path *dir, struct dentry *dentry, int mode)
{
	int err;

	err = mnt_want_write(dir->mnt);
	if (err) {
		mnt_drop_write(dir->mnt); /* expect: write-bracket-double-drop */
		return err;
	}
	err = vfs_mkdir(dir->dentry->d_inode, dentry, mode);
	mnt_drop_write(dir->mnt);
	return err;
}

/* Fixed: the failure edge returns without a drop. */
int make_dir(struct path *dir, struct dentry *dentry, int mode)
{
	int err;

	err = mnt_want_write(dir->mnt);
	if (err)
		return err;
	err = vfs_mkdir(dir->dentry->d_inode, dentry, mode);
	mnt_drop_write(dir->mnt);
	return err;
}

/* Buggy: dropped once after notify_change() and again at the exit label. */
int set_mode_drop_twice(struct path *path, umode_t mode)
{
	struct inode *inode = path->dentry->d_inode;
	struct iattr ia = { .ia_valid = ATTR_MODE | ATTR_CTIME, .ia_mode = mode };
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	mutex_lock(&inode->i_mutex);
	err = notify_change(path->dentry, &ia);
	mutex_unlock(&inode->i_mutex);
	mnt_drop_write(path->mnt);
	if (err)
		goto out;
	if (inode->i_nlink == 0)
		err = -ENOENT;
out:
	mnt_drop_write(path->mnt); /* expect: write-bracket-double-drop */
	return err;
}

/* Fixed: a single drop, on the path that took the bracket. */
int set_mode(struct path *path, umode_t mode)
{
	struct inode *inode = path->dentry->d_inode;
	struct iattr ia = { .ia_valid = ATTR_MODE | ATTR_CTIME, .ia_mode = mode };
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	mutex_lock(&inode->i_mutex);
	err = notify_change(path->dentry, &ia);
	mutex_unlock(&inode->i_mutex);
	mnt_drop_write(path->mnt);
	if (!err && inode->i_nlink == 0)
		err = -ENOENT;
	return err;
}

/* Buggy: a void function that falls off its end still holding the bracket. */
void touch_times_leaky(struct path *path)
{
	struct inode *inode = path->dentry->d_inode;
	struct iattr ia = { .ia_valid = ATTR_ATIME | ATTR_MTIME | ATTR_CTIME };

	if (mnt_want_write(path->mnt))
		return;
	mutex_lock(&inode->i_mutex);
	notify_change(path->dentry, &ia);
	mutex_unlock(&inode->i_mutex);
} /* expect: write-bracket-leak */

/*
 * Fixed, with a wrapper pair: begin_dir_write() hands the bracket (and
 * the directory lock) to its caller on success, end_dir_write() takes
 * both back.  Neither is a leak nor a double drop.
 */
static int begin_dir_write(struct path *dir)
{
	int err;

	err = mnt_want_write(dir->mnt);
	if (err)
		return err;
	mutex_lock_nested(&dir->dentry->d_inode->i_mutex, I_MUTEX_PARENT);
	return 0;
}

static void end_dir_write(struct path *dir)
{
	mutex_unlock(&dir->dentry->d_inode->i_mutex);
	mnt_drop_write(dir->mnt);
}

int make_symlink(struct path *dir, const char *name, const char *target)
{
	struct dentry *dentry;
	int err;

	err = begin_dir_write(dir);
	if (err)
		return err;
	dentry = lookup_one_len(name, dir->dentry, strlen(name));
	err = PTR_ERR(dentry);
	if (!IS_ERR(dentry)) {
		err = -EEXIST;
		if (!dentry->d_inode)
			err = vfs_symlink(dir->dentry->d_inode, dentry, target,
					  S_IALLUGO);
		dput(dentry);
	}
	end_dir_write(dir);
	return err;
}

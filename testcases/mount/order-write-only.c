/*
 * check-name: write-bracket-order is inert without the dir-lock rules
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb-modern.h"
#include "locks.h"

extern struct mnt_idmap nop_mnt_idmap;

/* Write access inside the lock: a freeze takes them the other way. */
int mkdir_lock_then_write(struct path *parent, struct dentry *dentry)
{
	struct inode *dir = parent->dentry->d_inode;
	int err;

	inode_lock_nested(dir, I_MUTEX_PARENT);
	err = mnt_want_write(parent->mnt);
	if (!err) {
		err = vfs_mkdir(&nop_mnt_idmap, dir, dentry, 0755);
		mnt_drop_write(parent->mnt);
	}
	inode_unlock(dir);
	return err;
}

/* The same through a helper that takes write access for its caller. */
static int want_parent(struct path *parent)
{
	return mnt_want_write(parent->mnt);
}

int unlink_lock_then_helper(struct path *parent, struct dentry *dentry)
{
	struct inode *dir = parent->dentry->d_inode;
	int err;

	inode_lock(dir);
	err = want_parent(parent);
	if (!err) {
		err = vfs_unlink(&nop_mnt_idmap, dir, dentry, NULL);
		mnt_drop_write(parent->mnt);
	}
	inode_unlock(dir);
	return err;
}

/* Write access first, then the lock: silent. */
int rmdir_write_then_lock(struct path *parent, struct dentry *dentry)
{
	struct inode *dir = parent->dentry->d_inode;
	int err;

	err = mnt_want_write(parent->mnt);
	if (err)
		return err;
	inode_lock_nested(dir, I_MUTEX_PARENT);
	err = vfs_rmdir(&nop_mnt_idmap, dir, dentry);
	inode_unlock(dir);
	mnt_drop_write(parent->mnt);
	return err;
}

/* The lock is dropped before write access is taken: silent. */
int mkdir_unlock_then_write(struct path *parent, struct dentry *dentry)
{
	struct inode *dir = parent->dentry->d_inode;
	int err;

	inode_lock(dir);
	inode_unlock(dir);
	err = mnt_want_write(parent->mnt);
	if (err)
		return err;
	inode_lock(dir);
	err = vfs_mkdir(&nop_mnt_idmap, dir, dentry, 0755);
	inode_unlock(dir);
	mnt_drop_write(parent->mnt);
	return err;
}

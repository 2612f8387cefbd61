/* A sample written for wbcheck: write access and the directory lock, in
 * both orders (checked with both rule sets, see lockorder.c.flags). */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>

/*
 * Remove @name from @parent.  Write access is taken with the directory
 * locked: a freeze that holds write access out waits for the lock
 * while this waits for the freeze.
 */
int queue_unlink(struct path *parent, const char *name)
{
	struct inode *dir = d_inode(parent->dentry);
	struct dentry *dentry;
	int err;

	inode_lock_nested(dir, I_MUTEX_PARENT);
	dentry = lookup_one_len(name, parent->dentry, strlen(name));
	err = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto out_unlock;
	err = mnt_want_write(parent->mnt); /* expect: write-bracket-order */
	if (err)
		goto out_dput;
	err = vfs_unlink(&nop_mnt_idmap, dir, dentry, NULL);
	mnt_drop_write(parent->mnt);
out_dput:
	dput(dentry);
out_unlock:
	inode_unlock(dir);
	return err;
}

/* Write access first, then the lock. */
int queue_unlink_fixed(struct path *parent, const char *name)
{
	struct inode *dir = d_inode(parent->dentry);
	struct dentry *dentry;
	int err;

	err = mnt_want_write(parent->mnt);
	if (err)
		return err;
	inode_lock_nested(dir, I_MUTEX_PARENT);
	dentry = lookup_one_len(name, parent->dentry, strlen(name));
	err = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto out_unlock;
	err = vfs_unlink(&nop_mnt_idmap, dir, dentry, NULL);
	dput(dentry);
out_unlock:
	inode_unlock(dir);
	mnt_drop_write(parent->mnt);
	return err;
}

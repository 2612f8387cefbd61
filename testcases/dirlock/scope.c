/*
 * check-name: inode_lock() of scope=guarded: leaks and stray unlocks count only where a guarded call is
 * check-command: wbcheck --rules=rules/dir-lock.rules -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb-modern.h"
#include "locks.h"

#define IOCB_NOWAIT	8
#define EAGAIN		11

extern struct mnt_idmap nop_mnt_idmap;

struct kiocb {
	int ki_flags;
	struct inode *ki_inode;
};

int inode_trylock(struct inode *inode);
long write_some(struct kiocb *iocb);
struct dentry *lookup_child(const char *name, struct dentry *parent);
int cleanup_below(struct dentry *dentry);

/*
 * A regular file's lock, taken and dropped under the same flag test
 * (the write paths of ext4 and xfs): the correlation is beyond the
 * engine, and no directory is modified, so no finding.
 */
long file_write_nowait(struct kiocb *iocb)
{
	struct inode *inode = iocb->ki_inode;
	long ret;

	if (iocb->ki_flags & IOCB_NOWAIT) {
		if (!inode_trylock(inode))
			return -EAGAIN;
	} else {
		inode_lock(inode);
	}
	ret = write_some(iocb);
	if (iocb->ki_flags & IOCB_NOWAIT)
		return ret;
	inode_unlock(inode);
	return ret;
}

/*
 * Returns the new dentry with the parent locked, or an ERR_PTR with it
 * unlocked (debugfs' start_creating()): the caller hands the lock on.
 */
struct dentry *start_creating_child(const char *name, struct dentry *parent)
{
	struct dentry *dentry;

	inode_lock(parent->d_inode);
	dentry = lookup_child(name, parent);
	if (IS_ERR(dentry))
		inode_unlock(parent->d_inode);
	return dentry;
}

/* ... and unlocks it through the child once the inode is in place. */
int create_child_file(const char *name, struct dentry *parent)
{
	struct dentry *dentry = start_creating_child(name, parent);

	if (IS_ERR(dentry))
		return -1;
	inode_unlock(dentry->d_parent->d_inode);
	return 0;
}

/*
 * Called with DIR locked; unlocks it around a recursion and locks it
 * again for the caller (overlayfs' ovl_workdir_cleanup()).
 */
static int rmdir_relock(struct inode *dir, struct dentry *dentry)
{
	int err = vfs_rmdir(&nop_mnt_idmap, dir, dentry);

	if (err) {
		inode_unlock(dir);
		err = cleanup_below(dentry);
		inode_lock_nested(dir, I_MUTEX_PARENT);
		if (!err)
			err = vfs_rmdir(&nop_mnt_idmap, dir, dentry);
	}
	return err;
}

int clean_workdir(struct inode *dir, struct dentry *dentry)
{
	int err;

	inode_lock_nested(dir, I_MUTEX_PARENT);
	err = rmdir_relock(dir, dentry);
	inode_unlock(dir);
	return err;
}

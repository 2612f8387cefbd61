/*
 * check-name: inode_lock() of scope=guarded still fires in a function that makes a guarded call
 * check-command: wbcheck --rules=rules/dir-lock.rules -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/dirlock/scope-fires.c:30:3: warning: returns with the parent directory's inode lock still held (taken by inode_lock()) [dir-lock-leak]
testcases/dirlock/scope-fires.c:27:2: note: taken here by inode_lock(dir)
testcases/dirlock/scope-fires.c:44:3: warning: inode_unlock() releases the parent directory's inode lock that is not held on every path [dir-lock-double-unlock]
testcases/dirlock/scope-fires.c:42:2: note: dropped here by inode_unlock()
 * check-output-end
 */
#include "wb-modern.h"
#include "locks.h"

#define IOCB_NOWAIT	8

extern struct mnt_idmap nop_mnt_idmap;

/* The same flag test as a file write, but this one modifies DIR. */
int unlink_nowait(struct inode *dir, struct dentry *dentry, int flags)
{
	int err;

	if (flags & IOCB_NOWAIT)
		return -1;
	inode_lock(dir);
	err = vfs_unlink(&nop_mnt_idmap, dir, dentry, NULL);
	if (err == -2)
		return err;	/* expect: dir-lock-leak */
	inode_unlock(dir);
	return err;
}

/* Unlocks what it never locked, in a function that modifies DIR. */
int rmdir_stray_unlock(struct inode *dir, struct dentry *dentry)
{
	int err;

	inode_lock(dir);
	err = vfs_rmdir(&nop_mnt_idmap, dir, dentry);
	inode_unlock(dir);
	if (err)
		inode_unlock(dir);	/* expect: dir-lock-double-unlock */
	return err;
}


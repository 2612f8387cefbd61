/*
 * check-name: two tests of the same bits of a local agree (open_flag & O_CREAT around a lock)
 * check-command: wbcheck --rules=rules/dir-lock.rules -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/dirlock/mask-flag.c:53:9: warning: vfs_create() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/mask-flag.c:51:3: note: inode_lock() is only taken when 'open_flag&O_CREAT' is true
testcases/dirlock/mask-flag.c:53:9: note: suggestion: hold the parent directory's inode lock around the call: inode_lock_nested(dir, I_MUTEX_PARENT)/inode_unlock()
testcases/dirlock/mask-flag.c:73:3: warning: inode_unlock() releases the parent directory's inode lock that is not held on every path [dir-lock-double-unlock]
testcases/dirlock/mask-flag.c:68:2: note: dropped here by inode_unlock()
testcases/dirlock/mask-flag.c:74:2: warning: returns with the parent directory's inode lock still held (taken by inode_lock()) [dir-lock-leak]
testcases/dirlock/mask-flag.c:66:2: note: taken here by inode_lock(dir)
testcases/dirlock/mask-flag.c:68:2: note: dropped here on other paths
 * check-output-end
 */
#include "wb-modern.h"
#include "locks.h"

#define O_CREAT	0100
#define O_EXCL	0200

extern struct mnt_idmap nop_mnt_idmap;

/* Locked and unlocked under the same test: no leak, no stray unlock. */
int create_if_asked(struct inode *dir, struct dentry *dentry, int flags)
{
	int open_flag = flags;
	int err = 0;

	if (open_flag & O_CREAT)
		inode_lock(dir);
	else
		inode_lock_shared(dir);
	if (open_flag & O_CREAT)
		err = vfs_create(&nop_mnt_idmap, dir, dentry, 0644, true);
	if (open_flag & O_CREAT)
		inode_unlock(dir);
	else
		inode_unlock_shared(dir);
	return err;
}

/* Other bits are another question. */
int create_other_bit(struct inode *dir, struct dentry *dentry, int flags)
{
	int open_flag = flags;
	int err = 0;

	if (open_flag & O_CREAT)
		inode_lock(dir);
	if (open_flag & O_EXCL)
		err = vfs_create(&nop_mnt_idmap, dir, dentry, 0644, true);	/* expect: missing-dir-lock */
	if (open_flag & O_CREAT)
		inode_unlock(dir);
	return err;
}

/* The local changes between the tests: they may disagree (a function
 * that modifies DIR, so that inode_lock(), of scope=guarded, is judged). */
int create_flag_changes(struct inode *dir, struct dentry *dentry, int flags)
{
	int open_flag = flags;
	int err;

	inode_lock(dir);
	err = vfs_unlink(&nop_mnt_idmap, dir, dentry, NULL);
	inode_unlock(dir);
	if (open_flag & O_CREAT)
		inode_lock(dir);
	open_flag = 0;
	if (open_flag & O_CREAT)
		inode_unlock(dir);	/* expect: dir-lock-double-unlock */
	return err;	/* expect: dir-lock-leak */
}

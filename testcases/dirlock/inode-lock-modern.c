/*
 * check-name: dir-lock rules, idmap API: inode_lock(), lock_rename() and kern_path_create()
 * check-command: wbcheck --rules=rules/dir-lock.rules -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/dirlock/inode-lock-modern.c:39:8: warning: vfs_unlink() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/inode-lock-modern.c:39:8: note: suggestion: hold the parent directory's inode lock around the call: inode_lock_nested(dir, I_MUTEX_PARENT)/inode_unlock()
testcases/dirlock/inode-lock-modern.c:67:9: warning: vfs_rename() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/inode-lock-modern.c:67:9: note: suggestion: hold the parent directory's inode lock around the call: lock_rename()/unlock_rename()
testcases/dirlock/inode-lock-modern.c:95:9: warning: vfs_mknod() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/inode-lock-modern.c:94:2: note: dropped here by done_path_create()
testcases/dirlock/inode-lock-modern.c:95:9: note: suggestion: hold the parent directory's inode lock around the call: inode_lock_nested(dir, I_MUTEX_PARENT)/inode_unlock()
testcases/dirlock/inode-lock-modern.c:105:3: warning: returns with the parent directory's inode lock still held (taken by inode_lock()) [dir-lock-leak]
testcases/dirlock/inode-lock-modern.c:103:2: note: taken here by inode_lock(dir)
 * check-output-end
 */
#include "wb-modern.h"
#include "locks.h"

extern struct mnt_idmap nop_mnt_idmap;

int mkdir_inode_locked(struct inode *dir, struct dentry *dentry)
{
	int err;

	inode_lock_nested(dir, I_MUTEX_PARENT);
	err = vfs_mkdir(&nop_mnt_idmap, dir, dentry, 0755);
	inode_unlock(dir);
	return err;
}

/* The shared lock is for lookups: it allows no change. */
int unlink_shared_lock(struct inode *dir, struct dentry *dentry)
{
	int err;

	inode_lock_shared(dir);
	err = vfs_unlink(&nop_mnt_idmap, dir, dentry, NULL);	/* expect: missing-dir-lock */
	inode_unlock_shared(dir);
	return err;
}

int rename_lock_rename(struct dentry *old_parent, struct dentry *old_dentry,
		       struct dentry *new_parent, struct dentry *new_dentry)
{
	struct renamedata rd = {
		.old_dir = old_parent->d_inode,
		.old_dentry = old_dentry,
		.new_dir = new_parent->d_inode,
		.new_dentry = new_dentry,
	};
	struct dentry *trap;
	int err;

	trap = lock_rename(new_parent, old_parent);
	if (trap == old_dentry)
		err = -EINVAL;
	else
		err = vfs_rename(&rd);
	unlock_rename(new_parent, old_parent);
	return err;
}

int rename_no_lock(struct renamedata *rd)
{
	return vfs_rename(rd);	/* expect: missing-dir-lock */
}

/* kern_path_create() returns with the parent locked on success. */
int symlink_created(const char *name, const char *target)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_symlink(&nop_mnt_idmap, path.dentry->d_inode, dentry, target);
	done_path_create(&path, dentry);
	return err;
}

/* ...and not after done_path_create(). */
int mknod_after_done(const char *name, umode_t mode)
{
	struct dentry *dentry;
	struct path path;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	done_path_create(&path, dentry);
	return vfs_mknod(&nop_mnt_idmap, path.dentry->d_inode, dentry, mode, 0);	/* expect: missing-dir-lock */
}

/* The lock is forgotten on the early return. */
int rmdir_leak(struct inode *dir, struct dentry *dentry)
{
	int err;

	inode_lock(dir);
	if (!dentry->d_inode)
		return -ENOENT;	/* expect: dir-lock-leak */
	err = vfs_rmdir(&nop_mnt_idmap, dir, dentry);
	inode_unlock(dir);
	return err;
}

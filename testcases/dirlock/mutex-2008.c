/*
 * check-name: dir-lock rules, 2.6 API: i_mutex of the parent around directory changes
 * check-command: wbcheck --rules=rules/dir-lock.rules -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/dirlock/mutex-2008.c:45:9: warning: vfs_unlink() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/mutex-2008.c:45:9: note: suggestion: hold the parent directory's inode lock around the call: mutex_lock_nested(&dir->i_mutex, I_MUTEX_PARENT)/mutex_unlock()
testcases/dirlock/mutex-2008.c:54:8: warning: vfs_rmdir() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/mutex-2008.c:54:8: note: suggestion: hold the parent directory's inode lock around the call: mutex_lock_nested(&dir->i_mutex, I_MUTEX_PARENT)/mutex_unlock()
testcases/dirlock/mutex-2008.c:64:9: warning: vfs_create() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/mutex-2008.c:63:2: note: dropped here by mutex_unlock()
testcases/dirlock/mutex-2008.c:64:9: note: suggestion: hold the parent directory's inode lock around the call: mutex_lock_nested(&dir->i_mutex, I_MUTEX_PARENT)/mutex_unlock()
testcases/dirlock/mutex-2008.c:74:3: warning: returns with the parent directory's inode lock still held (taken by mutex_lock()) [dir-lock-leak]
testcases/dirlock/mutex-2008.c:72:2: note: taken here by mutex_lock(&dir->i_mutex)
testcases/dirlock/mutex-2008.c:88:2: warning: mutex_unlock() releases the parent directory's inode lock that is not held on every path [dir-lock-double-unlock]
testcases/dirlock/mutex-2008.c:87:2: note: dropped here by mutex_unlock()
testcases/dirlock/mutex-2008.c:133:9: warning: vfs_rename() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/mutex-2008.c:133:9: note: suggestion: hold the parent directory's inode lock around the call: lock_rename()/unlock_rename()
testcases/dirlock/mutex-2008.c:156:9: warning: do_rmdir_locked() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/mutex-2008.c:140:9: note: do_rmdir_locked() calls vfs_rmdir() here, relying on its caller for the parent directory's inode lock
testcases/dirlock/mutex-2008.c:156:9: note: suggestion: take mutex_lock()/mutex_unlock() around the call, for the parent directory's inode lock
 * check-output-end
 */
#include "wb.h"
#include "locks.h"

struct cache {
	struct mutex lock;
	struct dentry *dir;
};

int mkdir_locked(struct inode *dir, struct dentry *dentry, int mode)
{
	int err;

	mutex_lock_nested(&dir->i_mutex, I_MUTEX_PARENT);
	err = vfs_mkdir(dir, dentry, mode);
	mutex_unlock(&dir->i_mutex);
	return err;
}

int unlink_unlocked(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);	/* expect: missing-dir-lock */
}

/* Some other mutex is no directory lock. */
int rmdir_wrong_mutex(struct cache *c, struct dentry *dentry)
{
	int err;

	mutex_lock(&c->lock);
	err = vfs_rmdir(c->dir->d_inode, dentry);	/* expect: missing-dir-lock */
	mutex_unlock(&c->lock);
	return err;
}

/* Unlocked before the change. */
int create_after_unlock(struct inode *dir, struct dentry *dentry, int mode)
{
	mutex_lock(&dir->i_mutex);
	mutex_unlock(&dir->i_mutex);
	return vfs_create(dir, dentry, mode, NULL);	/* expect: missing-dir-lock */
}

/* The error path forgets the unlock. */
int mknod_error_leak(struct inode *dir, struct dentry *dentry, int mode)
{
	int err;

	mutex_lock(&dir->i_mutex);
	if (!dentry->d_inode)
		return -ENOENT;	/* expect: dir-lock-leak */
	err = vfs_mknod(dir, dentry, mode, 0);
	mutex_unlock(&dir->i_mutex);
	return err;
}

/* Unlocked twice. */
int symlink_double_unlock(struct inode *dir, struct dentry *dentry)
{
	int err;

	mutex_lock(&dir->i_mutex);
	err = vfs_symlink(dir, dentry, "target", 0777);
	mutex_unlock(&dir->i_mutex);
	mutex_unlock(&dir->i_mutex);	/* expect: dir-lock-double-unlock */
	return err;
}

/* A helper returning the parent locked, and its counterpart. */
static struct dentry *lock_parent(struct dentry *dentry)
{
	struct dentry *dir = dget_parent(dentry);

	mutex_lock_nested(&dir->d_inode->i_mutex, I_MUTEX_PARENT);
	return dir;
}

static void unlock_dir(struct dentry *dir)
{
	mutex_unlock(&dir->d_inode->i_mutex);
	dput(dir);
}

int unlink_via_lock_parent(struct dentry *dentry)
{
	struct dentry *dir;
	int err;

	dir = lock_parent(dentry);
	err = vfs_unlink(dir->d_inode, dentry);
	unlock_dir(dir);
	return err;
}

int rename_locked(struct dentry *old_dir, struct dentry *old_dentry,
		  struct dentry *new_dir, struct dentry *new_dentry)
{
	int err;

	lock_rename(new_dir, old_dir);
	err = vfs_rename(old_dir->d_inode, old_dentry, new_dir->d_inode,
			 new_dentry);
	unlock_rename(new_dir, old_dir);
	return err;
}

int rename_unlocked(struct dentry *old_dir, struct dentry *old_dentry,
		    struct dentry *new_dir, struct dentry *new_dentry)
{
	return vfs_rename(old_dir->d_inode, old_dentry, new_dir->d_inode,	/* expect: missing-dir-lock */
			  new_dentry);
}

/* A helper relying on its caller's lock... */
static int do_rmdir_locked(struct inode *dir, struct dentry *dentry)
{
	return vfs_rmdir(dir, dentry);
}

/* ...is fine with it held, and reported at the call without it. */
int rmdir_with_lock(struct inode *dir, struct dentry *dentry)
{
	int err;

	mutex_lock_nested(&dir->i_mutex, I_MUTEX_PARENT);
	err = do_rmdir_locked(dir, dentry);
	mutex_unlock(&dir->i_mutex);
	return err;
}

int rmdir_without_lock(struct inode *dir, struct dentry *dentry)
{
	return do_rmdir_locked(dir, dentry);	/* expect: missing-dir-lock */
}

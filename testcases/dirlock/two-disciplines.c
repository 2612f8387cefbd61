/*
 * check-name: both rule sets loaded: a lock never covers a write bracket, nor a bracket a lock
 * check-command: wbcheck --rules=rules/wbcheck.rules --rules=rules/dir-lock.rules -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/dirlock/two-disciplines.c:23:8: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/dirlock/two-disciplines.c:23:8: note: suggestion: use kern_path_create()/done_path_create(), which take the bracket themselves, or take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/dirlock/two-disciplines.c:35:8: warning: vfs_mkdir() may be called without the parent directory's inode lock [missing-dir-lock]
testcases/dirlock/two-disciplines.c:35:8: note: suggestion: hold the parent directory's inode lock around the call: inode_lock_nested(dir, I_MUTEX_PARENT)/inode_unlock()
 * check-output-end
 */
#include "wb-modern.h"
#include "locks.h"

extern struct mnt_idmap nop_mnt_idmap;

int mkdir_lock_only(struct inode *dir, struct dentry *dentry)
{
	int err;

	inode_lock(dir);
	err = vfs_mkdir(&nop_mnt_idmap, dir, dentry, 0755);	/* expect: missing-write-bracket */
	inode_unlock(dir);
	return err;
}

int mkdir_bracket_only(struct path *parent, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(parent->mnt);
	if (err)
		return err;
	err = vfs_mkdir(&nop_mnt_idmap, parent->dentry->d_inode, dentry, 0755);	/* expect: missing-dir-lock */
	mnt_drop_write(parent->mnt);
	return err;
}

int mkdir_both(struct path *parent, struct dentry *dentry)
{
	struct inode *dir = parent->dentry->d_inode;
	int err;

	err = mnt_want_write(parent->mnt);
	if (err)
		return err;
	inode_lock_nested(dir, I_MUTEX_PARENT);
	err = vfs_mkdir(&nop_mnt_idmap, dir, dentry, 0755);
	inode_unlock(dir);
	mnt_drop_write(parent->mnt);
	return err;
}

/* kern_path_create() is in both rule sets: it takes both. */
int mkdir_created(const char *name)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mkdir(&nop_mnt_idmap, path.dentry->d_inode, dentry, 0755);
	done_path_create(&path, dentry);
	return err;
}

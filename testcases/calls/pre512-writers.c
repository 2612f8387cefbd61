/*
 * check-name: before 5.12 (no user namespace): the writers beyond the eleven by their older forms
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/pre512-writers.c:63:9: warning: set_posix_acl() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/pre512-writers.c:63:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/pre512-writers.c:79:9: warning: vfs_tmpfile() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/pre512-writers.c:79:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/pre512-writers.c:114:8: warning: __vfs_setxattr_locked() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/pre512-writers.c:114:8: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/pre512-writers.c:116:9: warning: __vfs_removexattr_locked() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/pre512-writers.c:116:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/pre512-writers.c:118:9: warning: __vfs_setxattr_noperm() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/pre512-writers.c:118:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/pre512-writers.c:121:9: warning: __vfs_setxattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/pre512-writers.c:121:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/pre512-writers.c:124:9: warning: __vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/pre512-writers.c:124:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb-base.h"

#define ACL_TYPE_DEFAULT	0x4000

struct posix_acl;

void inode_lock(struct inode *inode);
void inode_unlock(struct inode *inode);

int set_posix_acl(struct inode *inode, int type, struct posix_acl *acl);
struct dentry *vfs_tmpfile(struct dentry *dentry, umode_t mode,
			   int open_flag);
int vfs_mkobj(struct dentry *dentry, umode_t mode,
	      int (*f)(struct dentry *, umode_t, void *), void *arg);
int __vfs_setxattr(struct dentry *dentry, struct inode *inode,
		   const char *name, const void *value, size_t size,
		   int flags);
int __vfs_setxattr_noperm(struct dentry *dentry, const char *name,
			  const void *value, size_t size, int flags);
int __vfs_setxattr_locked(struct dentry *dentry, const char *name,
			  const void *value, size_t size, int flags,
			  struct inode **delegated_inode);
int __vfs_removexattr(struct dentry *dentry, const char *name);
int __vfs_removexattr_locked(struct dentry *dentry, const char *name,
			     struct inode **delegated_inode);

int old_acl_ok(struct path *path, struct posix_acl *acl)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = set_posix_acl(path->dentry->d_inode, ACL_TYPE_DEFAULT, acl);
	mnt_drop_write(path->mnt);
	return err;
}

int old_acl_bare(struct inode *inode, struct posix_acl *acl)
{
	return set_posix_acl(inode, ACL_TYPE_DEFAULT, acl);	/* expect: missing-write-bracket */
}

struct dentry *old_tmpfile_ok(struct path *dir, umode_t mode)
{
	struct dentry *child;

	if (mnt_want_write(dir->mnt))
		return ERR_PTR(-EROFS);
	child = vfs_tmpfile(dir->dentry, mode, 0);
	mnt_drop_write(dir->mnt);
	return child;
}

struct dentry *old_tmpfile_bare(struct dentry *workdir, umode_t mode)
{
	return vfs_tmpfile(workdir, mode, 0);	/* expect: missing-write-bracket */
}

int old_xattr_ok(struct path *path, const char *name, const void *value,
		 size_t size)
{
	struct dentry *dentry = path->dentry;
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	inode_lock(dentry->d_inode);
	err = __vfs_setxattr_locked(dentry, name, value, size, 0, NULL);
	if (!err)
		err = __vfs_removexattr_locked(dentry, "user.stale", NULL);
	if (!err)
		err = __vfs_setxattr_noperm(dentry, "security.label", value,
					    size, 0);
	if (!err)
		err = __vfs_setxattr(dentry, dentry->d_inode, name, value,
				     size, 0);
	if (!err)
		err = __vfs_removexattr(dentry, "user.old");
	inode_unlock(dentry->d_inode);
	mnt_drop_write(path->mnt);
	return err;
}

int old_xattr_bare(struct dentry *dentry, const char *name,
		   const void *value, size_t size)
{
	int err;

	inode_lock(dentry->d_inode);
	err = __vfs_setxattr_locked(dentry, name, value, size, 0, NULL);	/* expect: missing-write-bracket */
	if (!err)
		err = __vfs_removexattr_locked(dentry, "user.stale", NULL);	/* expect: missing-write-bracket */
	if (!err)
		err = __vfs_setxattr_noperm(dentry, "security.label", value,	/* expect: missing-write-bracket */
					    size, 0);
	if (!err)
		err = __vfs_setxattr(dentry, dentry->d_inode, name, value,	/* expect: missing-write-bracket */
				     size, 0);
	if (!err)
		err = __vfs_removexattr(dentry, "user.old");	/* expect: missing-write-bracket */
	inode_unlock(dentry->d_inode);
	return err;
}

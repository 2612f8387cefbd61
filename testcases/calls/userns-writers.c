/*
 * check-name: user-namespace API (5.12 .. 6.2): the writers beyond the eleven, and write access under its names before 6.8
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/userns-writers.c:79:9: warning: set_posix_acl() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/userns-writers.c:79:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/calls/userns-writers.c:98:9: warning: vfs_fileattr_set() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/userns-writers.c:98:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/userns-writers.c:114:9: warning: vfs_tmpfile_open() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/userns-writers.c:114:9: note: suggestion: take the bracket around the call: err = mnt_want_write(dir->mnt); if (err) ...; then mnt_drop_write(dir->mnt) after it
testcases/calls/userns-writers.c:143:8: warning: __vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/userns-writers.c:143:8: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/userns-writers.c:177:2: warning: inode_update_time() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/userns-writers.c:177:2: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
 * check-output-end
 */
#include "wb-base.h"

#define ACL_TYPE_ACCESS		0x8000
#define S_ATIME			1
#define S_MTIME			2
#define S_CTIME			4

struct user_namespace;
struct posix_acl;
struct fileattr;
struct cred;
struct timespec64 {
	long long tv_sec;
	long tv_nsec;
};

extern struct user_namespace init_user_ns;
struct user_namespace *mnt_user_ns(const struct vfsmount *mnt);
void inode_lock(struct inode *inode);
void inode_unlock(struct inode *inode);

/* The 6.1 forms: a user namespace first; set_posix_acl() on an inode. */
int set_posix_acl(struct user_namespace *mnt_userns, struct inode *inode,
		  int type, struct posix_acl *acl);
int vfs_fileattr_set(struct user_namespace *mnt_userns, struct dentry *dentry,
		     struct fileattr *fa);
struct file *vfs_tmpfile_open(struct user_namespace *mnt_userns,
			      const struct path *parentpath, umode_t mode,
			      int open_flag, const struct cred *cred);
int __vfs_setxattr_locked(struct user_namespace *mnt_userns,
			  struct dentry *dentry, const char *name,
			  const void *value, size_t size, int flags,
			  struct inode **delegated_inode);
int __vfs_removexattr(struct user_namespace *mnt_userns,
		      struct dentry *dentry, const char *name);
int inode_update_time(struct inode *inode, struct timespec64 *time,
		      int flags);
struct timespec64 current_time(struct inode *inode);

/* Write access without freeze protection, before 6.8. */
int __mnt_want_write(struct vfsmount *mnt);
void __mnt_drop_write(struct vfsmount *mnt);
int __mnt_want_write_file(struct file *file);
void __mnt_drop_write_file(struct file *file);

int un_acl_ok(struct path *path, struct posix_acl *acl)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = set_posix_acl(mnt_user_ns(path->mnt), path->dentry->d_inode,
			    ACL_TYPE_ACCESS, acl);
	mnt_drop_write(path->mnt);
	return err;
}

int un_acl_bare(struct path *path, struct posix_acl *acl)
{
	return set_posix_acl(mnt_user_ns(path->mnt), path->dentry->d_inode,	/* expect: missing-write-bracket */
			     ACL_TYPE_ACCESS, acl);
}

int un_fileattr_ok(struct file *file, struct fileattr *fa)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = vfs_fileattr_set(mnt_user_ns(file->f_path.mnt),
			       file->f_path.dentry, fa);
	mnt_drop_write_file(file);
	return err;
}

int un_fileattr_bare(struct dentry *lower_dentry, struct fileattr *fa)
{
	return vfs_fileattr_set(&init_user_ns, lower_dentry, fa);	/* expect: missing-write-bracket */
}

struct file *un_tmpfile_ok(struct path *dir, const struct cred *cred)
{
	struct file *file;

	if (mnt_want_write(dir->mnt))
		return ERR_PTR(-EROFS);
	file = vfs_tmpfile_open(&init_user_ns, dir, 0600, 2, cred);
	mnt_drop_write(dir->mnt);
	return file;
}

struct file *un_tmpfile_bare(struct path *dir, const struct cred *cred)
{
	return vfs_tmpfile_open(&init_user_ns, dir, 0600, 2, cred);	/* expect: missing-write-bracket */
}

int un_xattr_ok(struct path *path, const char *name, const void *value,
		size_t size)
{
	struct inode *inode = path->dentry->d_inode;
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	inode_lock(inode);
	err = __vfs_setxattr_locked(&init_user_ns, path->dentry, name, value,
				    size, 0, NULL);
	if (!err)
		err = __vfs_removexattr(&init_user_ns, path->dentry,
					"user.stale");
	inode_unlock(inode);
	mnt_drop_write(path->mnt);
	return err;
}

int un_xattr_bare(struct dentry *lower_dentry, const char *name)
{
	struct inode *inode = lower_dentry->d_inode;
	int err;

	inode_lock(inode);
	err = __vfs_removexattr(&init_user_ns, lower_dentry, name);	/* expect: missing-write-bracket */
	inode_unlock(inode);
	return err;
}

/* touch_atime() and file_update_time() of 6.1. */
void un_atime_ok(const struct path *path)
{
	struct inode *inode = path->dentry->d_inode;
	struct timespec64 now;

	if (__mnt_want_write(path->mnt) != 0)
		return;
	now = current_time(inode);
	inode_update_time(inode, &now, S_ATIME);
	__mnt_drop_write(path->mnt);
}

int un_mtime_ok(struct file *file, struct timespec64 *now)
{
	int ret = 0;

	if (!__mnt_want_write_file(file)) {
		ret = inode_update_time(file->f_path.dentry->d_inode, now,
					S_MTIME | S_CTIME);
		__mnt_drop_write_file(file);
	}
	return ret;
}

void un_mtime_bare(struct path *path)
{
	struct timespec64 now = current_time(path->dentry->d_inode);

	inode_update_time(path->dentry->d_inode, &now, S_MTIME | S_CTIME);	/* expect: missing-write-bracket */
}

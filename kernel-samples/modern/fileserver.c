/* A sample written for wbcheck: nfsd-style file server operations on verified file handles. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/xattr.h>
#include "fileserver.h"

/* Lock the directory @fhp names and look up @name in it; unlocks on error. */
static struct dentry *fs_lookup_locked(struct svc_fh *fhp, const char *name,
				       int len)
{
	struct inode *dir = d_inode(fhp->fh_dentry);
	struct dentry *dchild;

	inode_lock_nested(dir, I_MUTEX_PARENT);
	dchild = lookup_one_len(name, fhp->fh_dentry, len);
	if (IS_ERR(dchild))
		inode_unlock(dir);
	return dchild;
}

static void fs_unlock(struct svc_fh *fhp, struct dentry *dchild)
{
	dput(dchild);
	inode_unlock(d_inode(fhp->fh_dentry));
}

/* Correct: the bracket is taken by fh_want_write() and dropped on every exit. */
int fs_create(struct svc_fh *fhp, const char *name, int len, umode_t mode,
	      struct svc_fh *resfhp)
{
	struct dentry *dchild;
	int err;

	err = fh_verify(fhp, S_IFDIR);
	if (err)
		goto out;
	err = fh_want_write(fhp);
	if (err)
		goto out;
	dchild = fs_lookup_locked(fhp, name, len);
	err = PTR_ERR(dchild);
	if (IS_ERR(dchild))
		goto out_drop;
	err = -EEXIST;
	if (d_really_is_negative(dchild))
		err = vfs_create(&nop_mnt_idmap, d_inode(fhp->fh_dentry),
				 dchild, mode, true);
	if (!err)
		err = fh_compose(resfhp, fhp->fh_export, dchild);
	fs_unlock(fhp, dchild);
out_drop:
	fh_drop_write(fhp);
out:
	/* resfhp never took the bracket: fh_put() must not drop one. */
	if (err)
		fh_put(resfhp);
	return err;
}

/* The RPC layer: fh_put() after fs_create() already dropped the bracket. */
int fs_proc_create(struct svc_fh *fhp, const char *name, int len,
		   umode_t mode)
{
	struct svc_fh resfh;
	int err;

	fh_init(&resfh);
	err = fs_create(fhp, name, len, mode, &resfh);
	fh_put(&resfh);
	fh_put(fhp);
	return err;
}

/*
 * Exported for the lock recovery code, which holds the parent's lock.
 * No caller in this file, so the vfs_create() is reported here.
 */
int fs_create_locked(struct svc_fh *fhp, struct dentry *dchild, umode_t mode)
{
	return vfs_create(&nop_mnt_idmap, d_inode(fhp->fh_dentry), dchild, /* expect: missing-write-bracket */
			  mode, false);
}

/* Buggy: fh_want_write() is missing before the vfs_unlink(). */
int fs_unlink(struct svc_fh *fhp, const char *name, int len)
{
	struct dentry *rdentry;
	int err;

	err = fh_verify(fhp, S_IFDIR);
	if (err)
		return err;
	rdentry = fs_lookup_locked(fhp, name, len);
	if (IS_ERR(rdentry))
		return PTR_ERR(rdentry);
	err = -ENOENT;
	if (d_really_is_positive(rdentry))
		err = vfs_unlink(&nop_mnt_idmap, d_inode(fhp->fh_dentry), /* expect: missing-write-bracket */
				 rdentry, NULL);
	fs_unlock(fhp, rdentry);
	return err;
}

/* Needs its caller to hold the bracket: checked at each call site. */
static int do_mkdir_locked(struct svc_fh *fhp, struct dentry *dchild,
			   umode_t mode)
{
	if (d_really_is_positive(dchild))
		return -EEXIST;
	return vfs_mkdir(&nop_mnt_idmap, d_inode(fhp->fh_dentry), dchild, mode);
}

/* Correct: do_mkdir_locked() runs under fh_want_write(). */
int fs_mkdir(struct svc_fh *fhp, const char *name, int len, umode_t mode)
{
	struct dentry *dchild;
	int err;

	err = fh_want_write(fhp);
	if (err)
		return err;
	dchild = fs_lookup_locked(fhp, name, len);
	err = PTR_ERR(dchild);
	if (!IS_ERR(dchild)) {
		err = do_mkdir_locked(fhp, dchild, mode);
		fs_unlock(fhp, dchild);
	}
	fh_drop_write(fhp);
	return err;
}

/* Buggy: reported at the call of do_mkdir_locked(), not inside it. */
int fs_make_recovery_dir(struct svc_fh *fhp, const char *name, int len)
{
	struct dentry *dchild;
	int err;

	dchild = fs_lookup_locked(fhp, name, len);
	if (IS_ERR(dchild))
		return PTR_ERR(dchild);
	err = do_mkdir_locked(fhp, dchild, S_IRWXU); /* expect: missing-write-bracket */
	fs_unlock(fhp, dchild);
	return err;
}

/* Needs the bracket; one caller has it, one does not. */
static int fs_setattr_common(struct svc_fh *fhp, struct iattr *iap)
{
	struct inode *inode = d_inode(fhp->fh_dentry);
	int err;

	iap->ia_valid |= ATTR_CTIME;
	inode_lock(inode);
	err = notify_change(&nop_mnt_idmap, fhp->fh_dentry, iap, NULL);
	inode_unlock(inode);
	return err;
}

int fs_chown(struct svc_fh *fhp, uid_t uid, gid_t gid)
{
	struct iattr ia = {
		.ia_valid	= ATTR_UID | ATTR_GID,
		.ia_uid		= uid,
		.ia_gid		= gid,
	};
	int err;

	err = fh_want_write(fhp);
	if (err)
		return err;
	err = fs_setattr_common(fhp, &ia);
	fh_drop_write(fhp);
	return err;
}

int fs_truncate(struct svc_fh *fhp, loff_t size)
{
	struct iattr ia = { .ia_valid = ATTR_SIZE, .ia_size = size };
	int err;

	err = fh_verify(fhp, S_IFREG);
	if (err)
		return err;
	return fs_setattr_common(fhp, &ia); /* expect: missing-write-bracket */
}

/* ksmbd style: the bracket is taken here only when @get_write asks for it. */
static int fs_setxattr(struct path *path, const char *name, const void *value,
		       size_t size, int flags, bool get_write)
{
	int err;

	if (get_write) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	}
	err = vfs_setxattr(mnt_idmap(path->mnt), path->dentry, name, value,
			   size, flags);
	if (get_write)
		mnt_drop_write(path->mnt);
	return err;
}

int fs_set_dos_attr(struct svc_fh *fhp, u32 attr)
{
	struct path path = { fhp->fh_export->ex_path.mnt, fhp->fh_dentry };

	return fs_setxattr(&path, "user.DOSATTRIB", &attr, sizeof(attr), 0, true);
}

/* Correct: already holds the bracket, so asks fs_setxattr() not to take it. */
int fs_set_sd(struct svc_fh *fhp, const void *sd, size_t len)
{
	struct path path = { fhp->fh_export->ex_path.mnt, fhp->fh_dentry };
	int err;

	err = fh_want_write(fhp);
	if (err)
		return err;
	err = fs_setxattr(&path, "security.NTACL", sd, len, 0, false);
	fh_drop_write(fhp);
	return err;
}

/* Buggy: passes false without holding the bracket. */
int fs_copy_ea(struct svc_fh *fhp, const char *name, const void *buf,
	       size_t len)
{
	struct path path = { fhp->fh_export->ex_path.mnt, fhp->fh_dentry };

	return fs_setxattr(&path, name, buf, len, XATTR_CREATE, false); /* expect: missing-write-bracket */
}

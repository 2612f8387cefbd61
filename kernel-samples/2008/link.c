/* A sample written for wbcheck: hard links between two file handles. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include "fileserver.h"

/*
 * Link @tfhp's file into @ffhp's directory as @name.  The write bracket
 * is taken on the mount of the file linked to, but the directory that
 * changes is @ffhp's: on a read-only bind mount of the directory the
 * link is made anyway.
 */
int fs_link(struct svc_fh *ffhp, const char *name, int len,
	    struct svc_fh *tfhp)
{
	struct dentry *ddir = ffhp->fh_dentry;
	struct inode *dirp = ddir->d_inode;
	struct dentry *dold = tfhp->fh_dentry;
	struct dentry *dnew;
	int err;

	mutex_lock_nested(&dirp->i_mutex, I_MUTEX_PARENT);
	dnew = lookup_one_len(name, ddir, len);
	err = PTR_ERR(dnew);
	if (IS_ERR(dnew))
		goto out_unlock;
	err = mnt_want_write(tfhp->fh_export->ex_path.mnt);
	if (err)
		goto out_dput;
	err = vfs_link(dold, dirp, dnew); /* expect: wrong-mount */
	mnt_drop_write(tfhp->fh_export->ex_path.mnt);
out_dput:
	dput(dnew);
out_unlock:
	mutex_unlock(&dirp->i_mutex);
	return err;
}

/* The same, with the bracket on the directory's own export. */
int fs_link_fixed(struct svc_fh *ffhp, const char *name, int len,
		  struct svc_fh *tfhp)
{
	struct dentry *ddir = ffhp->fh_dentry;
	struct inode *dirp = ddir->d_inode;
	struct dentry *dnew;
	int err;

	mutex_lock_nested(&dirp->i_mutex, I_MUTEX_PARENT);
	dnew = lookup_one_len(name, ddir, len);
	err = PTR_ERR(dnew);
	if (IS_ERR(dnew))
		goto out_unlock;
	err = mnt_want_write(ffhp->fh_export->ex_path.mnt);
	if (err)
		goto out_dput;
	err = vfs_link(tfhp->fh_dentry, dirp, dnew);
	mnt_drop_write(ffhp->fh_export->ex_path.mnt);
out_dput:
	dput(dnew);
out_unlock:
	mutex_unlock(&dirp->i_mutex);
	return err;
}

/* A rename changes both directories; the bracket on one is no proof. */
int fs_rename(struct svc_fh *ffhp, struct dentry *odentry,
	      struct svc_fh *tfhp, struct dentry *ndentry)
{
	struct dentry *fdentry = ffhp->fh_dentry;
	struct dentry *tdentry = tfhp->fh_dentry;
	int err;

	err = -EXDEV;
	if (ffhp->fh_export->ex_path.mnt != tfhp->fh_export->ex_path.mnt)
		return err;
	err = mnt_want_write(ffhp->fh_export->ex_path.mnt);
	if (err)
		return err;
	lock_rename(tdentry, fdentry);
	err = vfs_rename(fdentry->d_inode, odentry, tdentry->d_inode, ndentry);
	unlock_rename(tdentry, fdentry);
	mnt_drop_write(ffhp->fh_export->ex_path.mnt);
	return err;
}

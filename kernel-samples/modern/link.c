/* A sample written for wbcheck: hard links between two file handles. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include "fileserver.h"

/*
 * Link @tfhp's file into @ffhp's directory as @name.  Write access is
 * taken through the handle of the file linked to, but the directory
 * that changes is @ffhp's, which may be on another (read-only) mount.
 */
int fs_link(struct svc_fh *ffhp, const char *name, int len,
	    struct svc_fh *tfhp)
{
	struct dentry *ddir = ffhp->fh_dentry;
	struct inode *dirp = d_inode(ddir);
	struct dentry *dold = tfhp->fh_dentry;
	struct dentry *dnew;
	int err;

	err = fh_want_write(tfhp);
	if (err)
		return err;
	inode_lock_nested(dirp, I_MUTEX_PARENT);
	dnew = lookup_one_len(name, ddir, len);
	err = PTR_ERR(dnew);
	if (IS_ERR(dnew))
		goto out_unlock;
	err = vfs_link(dold, &nop_mnt_idmap, dirp, dnew, NULL); /* expect: wrong-mount */
	dput(dnew);
out_unlock:
	inode_unlock(dirp);
	fh_drop_write(tfhp);
	return err;
}

/* The same, with write access through the directory's handle. */
int fs_link_fixed(struct svc_fh *ffhp, const char *name, int len,
		  struct svc_fh *tfhp)
{
	struct dentry *ddir = ffhp->fh_dentry;
	struct inode *dirp = d_inode(ddir);
	struct dentry *dnew;
	int err;

	err = fh_want_write(ffhp);
	if (err)
		return err;
	inode_lock_nested(dirp, I_MUTEX_PARENT);
	dnew = lookup_one_len(name, ddir, len);
	err = PTR_ERR(dnew);
	if (IS_ERR(dnew))
		goto out_unlock;
	err = vfs_link(tfhp->fh_dentry, &nop_mnt_idmap, dirp, dnew, NULL);
	dput(dnew);
out_unlock:
	inode_unlock(dirp);
	fh_drop_write(ffhp);
	return err;
}

/* A file and a directory dentry: nothing ties or parts them. */
int fs_unlink_at(struct file *dirfile, struct dentry *dentry)
{
	struct inode *dir = d_inode(dirfile->f_path.dentry);
	int err;

	err = mnt_want_write_file(dirfile);
	if (err)
		return err;
	inode_lock_nested(dir, I_MUTEX_PARENT);
	err = vfs_unlink(&nop_mnt_idmap, dir, dentry, NULL);
	inode_unlock(dir);
	mnt_drop_write_file(dirfile);
	return err;
}

/*
 * check-name: wrong-mount: a bracket on one file handle's mount covering a change in another handle's directory
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/mount/wrong-mount.c:35:8: warning: vfs_link() modifies 'dirp', which comes from 'ffhp', under a write bracket on the mount of 'tfhp' [wrong-mount]
testcases/mount/wrong-mount.c:32:8: note: taken here by mnt_want_write(tfhp->fh_export->ex_path.mnt), on 'tfhp->fh_export->ex_path.mnt'
testcases/mount/wrong-mount.c:35:8: note: suggestion: take a write bracket on the mount of 'ffhp' instead
testcases/mount/wrong-mount.c:49:8: warning: vfs_link() modifies 'ffhp->fh_dentry->d_inode', which comes from 'ffhp', under a write bracket on the mount of 'tfhp' [wrong-mount]
testcases/mount/wrong-mount.c:46:8: note: taken here by fh_want_write(tfhp), on 'tfhp->fh_export->ex_path.mnt'
testcases/mount/wrong-mount.c:49:8: note: suggestion: take a write bracket on the mount of 'ffhp' instead
testcases/mount/wrong-mount.c:129:8: warning: vfs_link() modifies 'dirp', which comes from 'ffhp', under a write bracket on the mount of 'tfhp' [wrong-mount]
testcases/mount/wrong-mount.c:123:8: note: taken here by fh_want_write(tfhp), on 'tfhp->fh_export->ex_path.mnt'
testcases/mount/wrong-mount.c:129:8: note: suggestion: take a write bracket on the mount of 'ffhp' instead
 * check-output-end
 */
#include "fh.h"

/*
 * The 2008 nfsd link: the new name is made in ffhp's directory, but the
 * write bracket is taken on the mount of tfhp, the file linked to.
 */
int fh_link_target_mount(struct svc_fh *ffhp, struct svc_fh *tfhp,
			 struct dentry *dnew)
{
	struct dentry *ddir = ffhp->fh_dentry;
	struct inode *dirp = ddir->d_inode;
	struct dentry *dold = tfhp->fh_dentry;
	int err;

	err = mnt_want_write(tfhp->fh_export->ex_path.mnt);
	if (err)
		return err;
	err = vfs_link(dold, dirp, dnew);	/* expect: wrong-mount */
	mnt_drop_write(tfhp->fh_export->ex_path.mnt);
	return err;
}

/* The same through the file handle helper. */
int fh_link_target_helper(struct svc_fh *ffhp, struct svc_fh *tfhp,
			  struct dentry *dnew)
{
	int err;

	err = fh_want_write(tfhp);
	if (err)
		return err;
	err = vfs_link(tfhp->fh_dentry, ffhp->fh_dentry->d_inode, dnew);	/* expect: wrong-mount */
	fh_drop_write(tfhp);
	return err;
}

/* The fix: the bracket on the directory's own handle. */
int fh_link_dir_mount(struct svc_fh *ffhp, struct svc_fh *tfhp,
		      struct dentry *dnew)
{
	struct inode *dirp = ffhp->fh_dentry->d_inode;
	int err;

	err = mnt_want_write(ffhp->fh_export->ex_path.mnt);
	if (err)
		return err;
	err = vfs_link(tfhp->fh_dentry, dirp, dnew);
	mnt_drop_write(ffhp->fh_export->ex_path.mnt);
	return err;
}

/* A rename touches both directories: a bracket on either is not proof. */
int fh_rename_two_dirs(struct svc_fh *ffhp, struct dentry *odentry,
		       struct svc_fh *tfhp, struct dentry *ndentry)
{
	int err;

	err = fh_want_write(ffhp);
	if (err)
		return err;
	err = vfs_rename(ffhp->fh_dentry->d_inode, odentry,
			 tfhp->fh_dentry->d_inode, ndentry);
	fh_drop_write(ffhp);
	return err;
}

/* A file and a dentry: different types, nothing is proven. */
int file_mount_dentry_dir(struct file *file, struct dentry *dir,
			  struct dentry *dentry)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = vfs_unlink(dir->d_inode, dentry);
	mnt_drop_write_file(file);
	return err;
}

/* The directory's handle may be the target's: it is reassigned. */
int fh_link_maybe_same(struct svc_fh *ffhp, struct svc_fh *tfhp,
		       struct dentry *dnew, int same)
{
	struct svc_fh *dfhp = ffhp;
	int err;

	if (same)
		dfhp = tfhp;
	err = mnt_want_write(tfhp->fh_export->ex_path.mnt);
	if (err)
		return err;
	err = vfs_link(tfhp->fh_dentry, dfhp->fh_dentry->d_inode, dnew);
	mnt_drop_write(tfhp->fh_export->ex_path.mnt);
	return err;
}

/* Locals declared first and set once later still name their origin. */
int fh_link_set_later(struct svc_fh *ffhp, struct svc_fh *tfhp,
		      struct dentry *dnew)
{
	struct dentry *ddir, *dold;
	struct inode *dirp;
	int err;

	err = fh_want_write(tfhp);
	if (err)
		return err;
	ddir = ffhp->fh_dentry;
	dirp = ddir->d_inode;
	dold = tfhp->fh_dentry;
	err = vfs_link(dold, dirp, dnew);	/* expect: wrong-mount */
	fh_drop_write(tfhp);
	return err;
}

/* A local set twice may be either: silent. */
int fh_link_set_twice(struct svc_fh *ffhp, struct svc_fh *tfhp,
		      struct dentry *dnew, int flip)
{
	struct inode *dirp;
	int err;

	err = fh_want_write(tfhp);
	if (err)
		return err;
	dirp = ffhp->fh_dentry->d_inode;
	if (flip)
		dirp = tfhp->fh_dentry->d_inode;
	err = vfs_link(tfhp->fh_dentry, dirp, dnew);
	fh_drop_write(tfhp);
	return err;
}

/* A sample written for wbcheck: renames between two directories of one mount. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>

/* Both ends of a rename, looked up under lock_rename(). */
struct rename_pair {
	struct path		*old_dir;
	struct path		*new_dir;
	struct dentry		*old_dentry;
	struct dentry		*new_dentry;
};

static int lookup_pair(struct rename_pair *rp, const char *old_name,
		       const char *new_name)
{
	struct dentry *trap;
	int err;

	trap = lock_rename(rp->new_dir->dentry, rp->old_dir->dentry);
	rp->old_dentry = lookup_one_len(old_name, rp->old_dir->dentry,
					strlen(old_name));
	err = PTR_ERR(rp->old_dentry);
	if (IS_ERR(rp->old_dentry))
		goto out_unlock;
	rp->new_dentry = lookup_one_len(new_name, rp->new_dir->dentry,
					strlen(new_name));
	err = PTR_ERR(rp->new_dentry);
	if (IS_ERR(rp->new_dentry))
		goto out_old;
	err = -EINVAL;
	if (rp->old_dentry == trap || rp->new_dentry == trap)
		goto out_new;
	err = -ENOENT;
	if (rp->old_dentry->d_inode)
		return 0;
out_new:
	dput(rp->new_dentry);
out_old:
	dput(rp->old_dentry);
out_unlock:
	unlock_rename(rp->new_dir->dentry, rp->old_dir->dentry);
	return err;
}

static void release_pair(struct rename_pair *rp)
{
	dput(rp->new_dentry);
	dput(rp->old_dentry);
	unlock_rename(rp->new_dir->dentry, rp->old_dir->dentry);
}

/* Correct: one checked bracket on the shared mount covers the rename. */
int rename_entry(struct path *old_dir, const char *old_name,
		 struct path *new_dir, const char *new_name)
{
	struct rename_pair rp = { .old_dir = old_dir, .new_dir = new_dir };
	struct vfsmount *mnt = old_dir->mnt;
	int err;

	if (mnt != new_dir->mnt)
		return -EXDEV;
	err = mnt_want_write(mnt);
	if (err)
		return err;
	err = lookup_pair(&rp, old_name, new_name);
	if (!err) {
		err = vfs_rename(old_dir->dentry->d_inode, rp.old_dentry,
				 new_dir->dentry->d_inode, rp.new_dentry);
		release_pair(&rp);
	}
	mnt_drop_write(mnt);
	return err;
}

/* Correct with the 2008 proposal: path_rename() brackets internally. */
int rename_entry_path(struct path *old_dir, const char *old_name,
		      struct path *new_dir, const char *new_name)
{
	struct rename_pair rp = { .old_dir = old_dir, .new_dir = new_dir };
	int err;

	if (old_dir->mnt != new_dir->mnt)
		return -EXDEV;
	err = lookup_pair(&rp, old_name, new_name);
	if (err)
		return err;
	err = path_rename(old_dir, rp.old_dentry, new_dir, rp.new_dentry);
	release_pair(&rp);
	return err;
}

/*
 * Buggy: the result of mnt_want_write() is ignored.  On a read-only
 * mount the rename goes ahead without the bracket, and the drop at the
 * end releases a bracket that was never taken.
 */
int rename_entry_unchecked(struct path *old_dir, const char *old_name,
			   struct path *new_dir, const char *new_name)
{
	struct rename_pair rp = { .old_dir = old_dir, .new_dir = new_dir };
	struct vfsmount *mnt = old_dir->mnt;
	int err;

	if (mnt != new_dir->mnt)
		return -EXDEV;
	mnt_want_write(mnt);
	err = lookup_pair(&rp, old_name, new_name);
	if (!err) {
		err = vfs_rename(old_dir->dentry->d_inode, rp.old_dentry, /* expect: missing-write-bracket */
				 new_dir->dentry->d_inode, rp.new_dentry);
		release_pair(&rp);
	}
	mnt_drop_write(mnt); /* expect: write-bracket-double-drop */
	return err;
}

/* Buggy: the bracket is dropped before the rename instead of after it. */
int rename_entry_early_drop(struct path *old_dir, const char *old_name,
			    struct path *new_dir, const char *new_name)
{
	struct rename_pair rp = { .old_dir = old_dir, .new_dir = new_dir };
	struct vfsmount *mnt = old_dir->mnt;
	int err;

	if (mnt != new_dir->mnt)
		return -EXDEV;
	err = mnt_want_write(mnt);
	if (err)
		return err;
	err = lookup_pair(&rp, old_name, new_name);
	mnt_drop_write(mnt);
	if (err)
		return err;
	err = vfs_rename(old_dir->dentry->d_inode, rp.old_dentry, /* expect: missing-write-bracket */
			 new_dir->dentry->d_inode, rp.new_dentry);
	release_pair(&rp);
	return err;
}

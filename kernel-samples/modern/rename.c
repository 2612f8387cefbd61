/* A sample written for wbcheck: renames between two directories of one mount. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>

/*
 * Look up both ends of a rename under lock_rename() and fill in @rd.
 * On success the caller must call release_pair(); the write bracket is
 * none of this helper's business.
 */
static int lookup_pair(struct renamedata *rd, struct path *old_dir,
		       const char *old_name, struct path *new_dir,
		       const char *new_name)
{
	struct dentry *trap;
	int err;

	trap = lock_rename(new_dir->dentry, old_dir->dentry);
	rd->old_dentry = lookup_one_len(old_name, old_dir->dentry,
					strlen(old_name));
	err = PTR_ERR(rd->old_dentry);
	if (IS_ERR(rd->old_dentry))
		goto out_unlock;
	rd->new_dentry = lookup_one_len(new_name, new_dir->dentry,
					strlen(new_name));
	err = PTR_ERR(rd->new_dentry);
	if (IS_ERR(rd->new_dentry))
		goto out_old;
	err = -EINVAL;
	if (rd->old_dentry == trap || rd->new_dentry == trap)
		goto out_new;
	err = -ENOENT;
	if (d_really_is_negative(rd->old_dentry))
		goto out_new;
	rd->old_mnt_idmap = mnt_idmap(old_dir->mnt);
	rd->new_mnt_idmap = mnt_idmap(new_dir->mnt);
	rd->old_dir = d_inode(old_dir->dentry);
	rd->new_dir = d_inode(new_dir->dentry);
	return 0;
out_new:
	dput(rd->new_dentry);
out_old:
	dput(rd->old_dentry);
out_unlock:
	unlock_rename(new_dir->dentry, old_dir->dentry);
	return err;
}

static void release_pair(struct renamedata *rd)
{
	struct dentry *old_parent = rd->old_dentry->d_parent;
	struct dentry *new_parent = rd->new_dentry->d_parent;

	dput(rd->new_dentry);
	dput(rd->old_dentry);
	unlock_rename(new_parent, old_parent);
}

/* Correct: one checked bracket on the shared mount covers the rename. */
int rename_entry(struct path *old_dir, const char *old_name,
		 struct path *new_dir, const char *new_name, unsigned int flags)
{
	struct renamedata rd = { .flags = flags };
	struct vfsmount *mnt = old_dir->mnt;
	int err;

	if (mnt != new_dir->mnt)
		return -EXDEV;
	err = mnt_want_write(mnt);
	if (err)
		return err;
	err = lookup_pair(&rd, old_dir, old_name, new_dir, new_name);
	if (!err) {
		err = vfs_rename(&rd);
		release_pair(&rd);
	}
	mnt_drop_write(mnt);
	return err;
}

/* Correct: RENAME_NOREPLACE checked before the bracket is taken. */
int rename_entry_noreplace(struct path *old_dir, const char *old_name,
			   struct path *new_dir, const char *new_name)
{
	struct renamedata rd = { .flags = RENAME_NOREPLACE };
	int err;

	if (old_dir->mnt != new_dir->mnt)
		return -EXDEV;
	if (!strcmp(old_name, new_name) && old_dir->dentry == new_dir->dentry)
		return -EEXIST;
	err = mnt_want_write(old_dir->mnt);
	if (err)
		return err;
	err = lookup_pair(&rd, old_dir, old_name, new_dir, new_name);
	if (err)
		goto out_drop;
	err = vfs_rename(&rd);
	release_pair(&rd);
out_drop:
	mnt_drop_write(old_dir->mnt);
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
	struct renamedata rd = { .flags = 0 };
	struct vfsmount *mnt = old_dir->mnt;
	int err;

	if (mnt != new_dir->mnt)
		return -EXDEV;
	mnt_want_write(mnt);
	err = lookup_pair(&rd, old_dir, old_name, new_dir, new_name);
	if (!err) {
		err = vfs_rename(&rd); /* expect: missing-write-bracket */
		release_pair(&rd);
	}
	mnt_drop_write(mnt); /* expect: write-bracket-double-drop */
	return err;
}

/* Buggy: the bracket is dropped before the rename instead of after it. */
int rename_entry_early_drop(struct path *old_dir, const char *old_name,
			    struct path *new_dir, const char *new_name)
{
	struct renamedata rd = { .flags = 0 };
	struct vfsmount *mnt = old_dir->mnt;
	int err;

	if (mnt != new_dir->mnt)
		return -EXDEV;
	err = mnt_want_write(mnt);
	if (err)
		return err;
	err = lookup_pair(&rd, old_dir, old_name, new_dir, new_name);
	mnt_drop_write(mnt);
	if (err)
		return err;
	err = vfs_rename(&rd); /* expect: missing-write-bracket */
	release_pair(&rd);
	return err;
}

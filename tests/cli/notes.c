/*
 * wbcheck command-line tests: one finding of each of the other two
 * checks, both with a note, so that every output shape is exercised.
 */
struct dentry;
struct inode;
struct vfsmount;

int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_rmdir(struct inode *dir, struct dentry *dentry);

/* The error path drops, then falls into the common drop. */
int cli_drop_twice(struct vfsmount *mnt, struct inode *dir,
		   struct dentry *victim)
{
	int err;

	err = mnt_want_write(mnt);
	if (err)
		return err;
	err = vfs_rmdir(dir, victim);
	if (err)
		mnt_drop_write(mnt);
	mnt_drop_write(mnt);
	return err;
}

/* The failure path of vfs_rmdir() forgets to drop. */
void cli_keep_held(struct vfsmount *mnt, struct inode *dir,
		   struct dentry *victim)
{
	if (mnt_want_write(mnt))
		return;
	if (vfs_rmdir(dir, victim))
		return;
	mnt_drop_write(mnt);
}

/*
 * wbcheck command-line tests: the same vfs_unlink() inside a
 * successful write bracket, so there is nothing to report.
 */
struct dentry;
struct inode;
struct vfsmount;

int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);

int cli_remove_held(struct vfsmount *mnt, struct inode *dir,
		    struct dentry *victim)
{
	int err;

	err = mnt_want_write(mnt);
	if (err)
		return err;
	err = vfs_unlink(dir, victim);
	mnt_drop_write(mnt);
	return err;
}

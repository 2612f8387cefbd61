/*
 * check-name: --convert: a function whose patched text gains a finding is left out of the patch and named
 * check-command: wbcheck --rules=testcases/fix/convert-recheck.rules $file
 * fix-command: wbcheck --convert --rules=testcases/fix/convert-recheck.rules $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
struct vfsmount;
struct inode { int i; };
struct dentry { struct inode *d_inode; };
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
/* the rules say this one needs the bracket too */
int path_unlink(struct path *dir_path, struct dentry *dentry);

int remove_one(struct path *dir, struct dentry *victim)
{
	int err;

	err = mnt_want_write(dir->mnt);
	if (err)
		return err;
	err = vfs_unlink(dir->dentry->d_inode, victim);
	mnt_drop_write(dir->mnt);
	return err;
}

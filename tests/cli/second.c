/*
 * wbcheck command-line tests: a second file with findings, to check
 * that output order does not depend on the order of the inputs.
 */
struct dentry;
struct inode;

int vfs_rmdir(struct inode *dir, struct dentry *dentry);
int vfs_mkdir(struct inode *dir, struct dentry *dentry, int mode);

int cli_make_dir(struct inode *dir, struct dentry *dentry)
{
	return vfs_mkdir(dir, dentry, 0755);
}

int cli_drop_dir(struct inode *dir, struct dentry *dentry)
{
	return vfs_rmdir(dir, dentry);
}

/*
 * wbcheck command-line tests: one function that does not parse and
 * one good function with an unbracketed call, which must still be
 * reported.
 */
struct dentry;
struct inode;

int vfs_unlink(struct inode *dir, struct dentry *dentry);

int cli_broken(struct inode *dir)
{
	return dir +* ;
}

int cli_still_checked(struct inode *dir, struct dentry *victim)
{
	return vfs_unlink(dir, victim);
}

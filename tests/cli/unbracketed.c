/*
 * wbcheck command-line tests: one vfs_unlink() with no write bracket
 * on the mount, so every run over this file has exactly one finding.
 */
struct dentry;
struct inode;

int vfs_unlink(struct inode *dir, struct dentry *dentry);

int cli_remove_entry(struct inode *dir, struct dentry *victim)
{
	/* nothing holds the mount writable here */
	return vfs_unlink(dir, victim);
}

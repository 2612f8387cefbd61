/*
 * check-name: suggestions for the idmap API: advice naming the bracket helpers
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb-modern.h"

int suggest_modern_mkdir(struct path *path, struct dentry *dentry,
			 umode_t mode)
{
	return vfs_mkdir(mnt_idmap(path->mnt), path->dentry->d_inode,	/* expect: missing-write-bracket */
			 dentry, mode);
}

int suggest_modern_unlink(struct path *path, struct dentry *dentry)
{
	return vfs_unlink(mnt_idmap(path->mnt), path->dentry->d_inode,	/* expect: missing-write-bracket */
			  dentry, NULL);
}

int suggest_modern_rename(struct renamedata *rd)
{
	return vfs_rename(rd);	/* expect: missing-write-bracket */
}

/* What the advice proposes: the bracket around the call. */
int suggest_applied(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(mnt_idmap(path->mnt), path->dentry->d_inode, dentry,
			 NULL);
	mnt_drop_write(path->mnt);
	return err;
}

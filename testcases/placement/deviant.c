/*
 * check-name: placement: a helper some callers bracket is the callers' to bracket: each call that does not is reported, and nothing inside
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/placement/deviant.c:43:9: warning: drop_entry() may be called without a write bracket on the mount [missing-write-bracket]
testcases/placement/deviant.c:16:9: note: drop_entry() calls vfs_unlink() here, relying on its caller for a write bracket on the mount
testcases/placement/deviant.c:43:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
 * check-output-end
 */
#include "wb.h"

static int drop_entry(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);
}

int drop_held(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	err = drop_entry(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int drop_held_too(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	err = drop_entry(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int drop_bare(struct path *path, struct dentry *dentry)
{
	return drop_entry(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

/*
 * check-name: placement: a helper called under the bracket through another helper inherits its callers' bracket: the deviant call is at the top
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/placement/inherit.c:39:9: warning: inh_mid() may be called without a write bracket on the mount [missing-write-bracket]
testcases/placement/inherit.c:23:9: note: inh_mid() calls inh_leaf() here, relying on its caller for a write bracket on the mount
testcases/placement/inherit.c:17:9: note: inh_leaf() calls vfs_rmdir() here, relying on its caller for a write bracket on the mount
testcases/placement/inherit.c:39:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
 * check-output-end
 */
#include "wb.h"

static int inh_leaf(struct inode *dir, struct dentry *dentry)
{
	return vfs_rmdir(dir, dentry);
}

/* Relies on its callers, and they hold it but one. */
static int inh_mid(struct inode *dir, struct dentry *dentry)
{
	return inh_leaf(dir, dentry);
}

int inh_held(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	err = inh_mid(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int inh_bare(struct path *path, struct dentry *dentry)
{
	return inh_mid(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

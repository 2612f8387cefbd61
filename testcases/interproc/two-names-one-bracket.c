/*
 * check-name: every path holds a bracket, under different names
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/two-names-one-bracket.c:51:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/two-names-one-bracket.c:48:9: note: mnt_want_write() is only taken when 'dir' is true
testcases/interproc/two-names-one-bracket.c:51:8: note: suggestion: path_unlink(old, victim)
 * check-output-end
 */
#include "wb.h"

int old_is_dir(struct dentry *dentry);

/*
 * Each path takes the bracket on the mount of its own object: no one
 * key is held on every path, but every path holds one (overlayfs's
 * rename takes ovl_nlink_start(new) on one path, ovl_want_write(old) on
 * the other).
 */
int rename_like(struct path *old, struct path *new, struct dentry *victim)
{
	int dir = 0, err;

	dir = old_is_dir(victim);
	if (dir)
		err = mnt_want_write(new->mnt);
	else
		err = mnt_want_write(old->mnt);
	if (err)
		return err;
	err = vfs_unlink(old->dentry->d_inode, victim);
	if (dir)
		mnt_drop_write(new->mnt);
	else
		mnt_drop_write(old->mnt);
	return err;
}

/* One of the paths holds nothing: fires. */
int rename_like_bad(struct path *old, struct path *new, struct dentry *victim)
{
	int dir = 0, err = 0;

	dir = old_is_dir(victim);
	if (dir)
		err = mnt_want_write(new->mnt);
	if (err)
		return err;
	err = vfs_unlink(old->dentry->d_inode, victim);	/* expect: missing-write-bracket */
	if (dir)
		mnt_drop_write(new->mnt);
	return err;
}

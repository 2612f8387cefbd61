/*
 * check-name: placement: a helper no caller brackets takes the bracket itself: one finding at its guarded call, naming its callers
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/placement/inside.c:22:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/placement/inside.c:27:9: note: drop_entry() is called here from drop_one(), which does not hold it either
testcases/placement/inside.c:32:12: note: drop_entry() is called here from drop_two(), which does not hold it either
testcases/placement/inside.c:34:21: note: drop_entry() is called here from drop_two(), which does not hold it either
testcases/placement/inside.c:39:9: note: and 1 more call of drop_entry() without it
testcases/placement/inside.c:22:9: note: suggestion: path_unlink(&dir_path, dentry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = <the dentry of dir> }
 * check-output-end
 */
#include "wb.h"

/* Four callers, none holding the bracket: the fix goes in here. */
static int drop_entry(struct inode *dir, struct dentry *dentry)
{
	if (!dentry->d_inode)
		return -ENOENT;
	return vfs_unlink(dir, dentry);	/* expect: missing-write-bracket */
}

int drop_one(struct path *path, struct dentry *dentry)
{
	return drop_entry(path->dentry->d_inode, dentry);
}

int drop_two(struct path *path, struct dentry *a, struct dentry *b)
{
	int err = drop_entry(path->dentry->d_inode, a);

	return err ? err : drop_entry(path->dentry->d_inode, b);
}

int drop_three(struct path *path, struct dentry *dentry)
{
	return drop_entry(path->dentry->d_inode, dentry);
}

/*
 * check-name: placement: a recursive helper no caller brackets is reported inside, once
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/placement/recursion.c:18:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/placement/recursion.c:23:9: note: prune() is called here from prune_all(), which does not hold it either
testcases/placement/recursion.c:18:9: note: suggestion: path_rmdir(&dir_path, dentry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = <the dentry of dir> }
 * check-output-end
 */
#include "wb.h"

static int prune(struct inode *dir, struct dentry *dentry, int depth)
{
	if (depth > 0 && dentry->d_parent)
		return prune(dir, dentry->d_parent, depth - 1);
	return vfs_rmdir(dir, dentry);	/* expect: missing-write-bracket */
}

int prune_all(struct path *path, struct dentry *dentry)
{
	return prune(path->dentry->d_inode, dentry, 4);
}

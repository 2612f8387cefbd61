/*
 * check-name: placement: a chain of helpers no one brackets: one finding at the guarded call at its end, none at the callers
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/placement/chain-inside.c:17:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/placement/chain-inside.c:24:9: note: chain_leaf() is called here from chain_mid(), which does not hold it either
testcases/placement/chain-inside.c:34:9: note: chain_leaf() is called here from chain_other_top(), which does not hold it either
testcases/placement/chain-inside.c:17:9: note: suggestion: path_rmdir(&dir_path, dentry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = <the dentry of dir> }
 * check-output-end
 */
#include "wb.h"

static int chain_leaf(struct inode *dir, struct dentry *dentry)
{
	return vfs_rmdir(dir, dentry);	/* expect: missing-write-bracket */
}

static int chain_mid(struct inode *dir, struct dentry *dentry)
{
	if (!dentry->d_inode)
		return -ENOENT;
	return chain_leaf(dir, dentry);
}

int chain_top(struct path *path, struct dentry *dentry)
{
	return chain_mid(path->dentry->d_inode, dentry);
}

int chain_other_top(struct path *path, struct dentry *dentry)
{
	return chain_leaf(path->dentry->d_inode, dentry);
}

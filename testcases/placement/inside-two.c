/*
 * check-name: placement: a helper no caller brackets with two guarded calls: one finding each, its callers named once each
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/placement/inside-two.c:20:12: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/placement/inside-two.c:29:9: note: replace_entry() is called here from replace_one(), which does not hold it either
testcases/placement/inside-two.c:20:12: note: suggestion: path_unlink(&dir_path, old), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = <the dentry of dir> }
testcases/placement/inside-two.c:24:9: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/placement/inside-two.c:29:9: note: replace_entry() is called here from replace_one(), which does not hold it either
testcases/placement/inside-two.c:24:9: note: suggestion: path_mkdir(&dir_path, new, 0755), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = <the dentry of dir> }
 * check-output-end
 */
#include "wb.h"

static int replace_entry(struct inode *dir, struct dentry *old,
			 struct dentry *new)
{
	int err = vfs_unlink(dir, old);	/* expect: missing-write-bracket */

	if (err)
		return err;
	return vfs_mkdir(dir, new, 0755);	/* expect: missing-write-bracket */
}

int replace_one(struct path *path, struct dentry *old, struct dentry *new)
{
	return replace_entry(path->dentry->d_inode, old, new);
}

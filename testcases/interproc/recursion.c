/*
 * check-name: a recursive helper that needs the bracket; the analysis terminates
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/recursion.c:41:9: warning: remove_nested() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/recursion.c:24:9: note: remove_nested() calls vfs_rmdir() here, relying on its caller for a write bracket on the mount
testcases/interproc/recursion.c:41:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
 * check-output-end
 */
#include "wb.h"

/* Removes a chain of nested directories, deepest first. */
static int remove_nested(struct inode *dir, struct dentry **chain, int depth)
{
	int err;

	if (depth > 1) {
		err = remove_nested(chain[0]->d_inode, chain + 1, depth - 1);
		if (err)
			return err;
	}
	return vfs_rmdir(dir, chain[0]);
}

int recursive_ok(struct path *path, struct dentry **chain, int depth)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = remove_nested(path->dentry->d_inode, chain, depth);
	mnt_drop_write(path->mnt);
	return err;
}

int recursive_bare(struct path *path, struct dentry **chain, int depth)
{
	return remove_nested(path->dentry->d_inode, chain, depth);	/* expect: missing-write-bracket */
}

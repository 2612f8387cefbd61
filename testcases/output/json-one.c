/*
 * check-name: --format=json: one finding, one silent function
 * check-command: wbcheck --format=json -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
{"findings": [
    {"file": "testcases/output/json-one.c", "line": 28, "column": 9, "function": "json_fires", "check": "missing-write-bracket", "callee": "vfs_unlink", "message": "vfs_unlink() may be called without a write bracket on the mount", "suggestion": "path_unlink(path, dentry)", "notes": []}
]}
 * check-output-end
 */
#include "wb.h"

int json_silent(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int json_fires(struct path *path, struct dentry *dentry)
{
	return vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

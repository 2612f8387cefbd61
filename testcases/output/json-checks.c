/*
 * check-name: --format=json: one finding of each check
 * check-command: wbcheck --format=json -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
{"findings": [
    {"file": "testcases/output/json-checks.c", "line": 25, "column": 3, "function": "json_leak", "check": "write-bracket-leak", "callee": "mnt_want_write", "message": "returns with a write bracket on the mount still held (taken by mnt_want_write())", "suggestion": null, "notes": [{"file": "testcases/output/json-checks.c", "line": 20, "column": 8, "message": "taken here by mnt_want_write(path->mnt)"}]},
    {"file": "testcases/output/json-checks.c", "line": 36, "column": 3, "function": "json_double_drop", "check": "write-bracket-double-drop", "callee": "mnt_drop_write", "message": "mnt_drop_write() releases a write bracket on the mount that is not held on every path", "suggestion": null, "notes": [{"file": "testcases/output/json-checks.c", "line": 34, "column": 8, "message": "mnt_want_write() may fail here, and the failure path continues"}]},
    {"file": "testcases/output/json-checks.c", "line": 46, "column": 9, "function": "json_missing", "check": "missing-write-bracket", "callee": "vfs_rmdir", "message": "vfs_rmdir() may be called without a write bracket on the mount", "suggestion": "path_rmdir(path, dentry)", "notes": []}
]}
 * check-output-end
 */
#include "wb.h"

int json_leak(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	if (err)
		return err;		/* expect: write-bracket-leak */
	mnt_drop_write(path->mnt);
	return 0;
}

int json_double_drop(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err) {
		mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
		return err;
	}
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int json_missing(struct path *path, struct dentry *dentry)
{
	return vfs_rmdir(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

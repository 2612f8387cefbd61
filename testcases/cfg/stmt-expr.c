/*
 * check-name: GNU statement expressions containing the acquire
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/stmt-expr.c:55:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/stmt-expr.c:52:11: note: result of mnt_want_write() not checked
testcases/cfg/stmt-expr.c:55:8: note: suggestion: path_unlink(path, dentry)
testcases/cfg/stmt-expr.c:56:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/cfg/stmt-expr.c:52:11: note: result of mnt_want_write() not checked
 * check-output-end
 */
#include "wb.h"

/* The statement expression yields the acquire's result, which is tested. */
int stmt_expr_result(struct path *path, struct dentry *dentry)
{
	int err;

	err = ({
		int __ret = mnt_want_write(path->mnt);

		if (__ret)
			pr_warn("read-only mount\n");
		__ret;
	});
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* A statement expression used directly as the condition. */
int stmt_expr_condition(struct path *path, struct dentry *dentry)
{
	int err;

	if (({ int __ret = mnt_want_write(path->mnt); __ret; }))
		return -EROFS;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* The result is thrown away and 0 is yielded instead. */
int stmt_expr_discards(struct path *path, struct dentry *dentry)
{
	int err;

	err = ({ mnt_want_write(path->mnt); 0; });
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

/*
 * check-name: drops inside macros: findings at the use site, two on one line
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/macros/drop-in-macro.c:39:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/macros/drop-in-macro.c:21:24: note: in expansion of macro 'put_mnt'
testcases/macros/drop-in-macro.c:38:2: note: dropped here by mnt_drop_write()
testcases/macros/drop-in-macro.c:57:2: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/macros/drop-in-macro.c:26:3: note: in expansion of macro 'unlink_and_put'
testcases/macros/drop-in-macro.c:56:2: note: dropped here by mnt_drop_write()
testcases/macros/drop-in-macro.c:57:2: note: suggestion: path_unlink(path, (dentry))
testcases/macros/drop-in-macro.c:57:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/macros/drop-in-macro.c:21:24: note: in expansion of macro 'unlink_and_put'
testcases/macros/drop-in-macro.c:56:2: note: dropped here by mnt_drop_write()
 * check-output-end
 */
#include "wb.h"

#define put_mnt(path)		mnt_drop_write((path)->mnt)

/* Call and drop in one macro. */
#define unlink_and_put(path, dentry)					\
	do {								\
		vfs_unlink((path)->dentry->d_inode, (dentry));		\
		put_mnt(path);						\
	} while (0)

int put_macro_twice(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	put_mnt(path);
	put_mnt(path);		/* expect: write-bracket-double-drop */
	return err;
}

int put_macro_ok(struct path *path, struct dentry *dentry)
{
	if (mnt_want_write(path->mnt))
		return -EROFS;
	unlink_and_put(path, dentry);
	return 0;
}

/* After the bracket is gone, both the call and the drop in the macro fire. */
int put_macro_after_drop(struct path *path, struct dentry *dentry)
{
	if (mnt_want_write(path->mnt))
		return -EROFS;
	put_mnt(path);
	unlink_and_put(path, dentry);	/* expect: missing-write-bracket, write-bracket-double-drop */
	return 0;
}

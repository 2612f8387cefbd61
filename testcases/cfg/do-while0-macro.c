/*
 * check-name: do { } while (0) macros that hold a whole bracket, or only a drop
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/do-while0-macro.c:51:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/do-while0-macro.c:49:2: note: dropped here by mnt_drop_write()
testcases/cfg/do-while0-macro.c:51:9: note: suggestion: path_rmdir(path, dentry->d_parent)
 * check-output-end
 */
#include "wb.h"

/* The whole bracket lives in the macro; the guarded call is its argument. */
#define unlink_bracketed(path, dentry, err)				\
	do {								\
		(err) = mnt_want_write((path)->mnt);			\
		if (!(err)) {						\
			(err) = vfs_unlink((path)->dentry->d_inode,	\
					   (dentry));			\
			mnt_drop_write((path)->mnt);			\
		}							\
	} while (0)

/* Drops the bracket and logs; whatever follows runs without it. */
#define drop_and_note(path, dentry)					\
	do {								\
		mnt_drop_write((path)->mnt);				\
		fsnotify_change(dentry);				\
	} while (0)

int macro_whole_bracket(struct path *path, struct dentry *dentry)
{
	int err;

	unlink_bracketed(path, dentry, err);
	return err;
}

/* The rmdir after the drop macro is outside the bracket. */
int macro_drop_then_call(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	drop_and_note(path, dentry);
	if (!err)
		err = vfs_rmdir(path->dentry->d_inode, dentry->d_parent);	/* expect: missing-write-bracket */
	return err;
}

/*
 * check-name: a whole bracket inside a macro, and a macro that takes it without checking
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/macros/bracket-in-macro.c:58:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/macros/bracket-in-macro.c:57:2: note: result of mnt_want_write() not checked
testcases/macros/bracket-in-macro.c:58:8: note: suggestion: path_unlink(path, dentry)
testcases/macros/bracket-in-macro.c:59:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/macros/bracket-in-macro.c:57:2: note: result of mnt_want_write() not checked
 * check-output-end
 */
#include "wb.h"

/* Statement expression: bracket, call, drop, result. */
#define with_write(path, expr)						\
	({								\
		int __err = mnt_want_write((path)->mnt);		\
		if (!__err) {						\
			__err = (expr);					\
			mnt_drop_write((path)->mnt);			\
		}							\
		__err;							\
	})

/* Returns from the function using it when the acquire fails. */
#define want_write_or_return(path)					\
	do {								\
		int __err = mnt_want_write((path)->mnt);		\
		if (__err)						\
			return __err;					\
	} while (0)

/* Takes the bracket and ignores the result. */
#define grab_write(path)	((void)mnt_want_write((path)->mnt))

int bracket_macro_expr(struct path *path, struct dentry *dentry)
{
	return with_write(path, vfs_unlink(path->dentry->d_inode, dentry));
}

int bracket_macro_return(struct path *path, struct dentry *dentry)
{
	int err;

	want_write_or_return(path);
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int bracket_macro_unchecked(struct path *path, struct dentry *dentry)
{
	int err;

	grab_write(path);
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

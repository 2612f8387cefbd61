/*
 * check-name: mnt_want_write_file/mnt_drop_write_file around a guarded call
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/want-write-file.c:44:9: warning: vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/want-write-file.c:42:2: note: dropped here by mnt_drop_write_file()
testcases/brackets/want-write-file.c:44:9: note: suggestion: path_removexattr(&file->f_path, "user.stale")
testcases/brackets/want-write-file.c:54:8: warning: vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/want-write-file.c:53:2: note: result of mnt_want_write_file() not checked
testcases/brackets/want-write-file.c:54:8: note: suggestion: path_removexattr(&file->f_path, name)
testcases/brackets/want-write-file.c:55:2: warning: mnt_drop_write_file() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/want-write-file.c:53:2: note: result of mnt_want_write_file() not checked
 * check-output-end
 */
#include "wb.h"

int file_bracket_ok(struct file *file, const char *name, const void *value,
		    size_t size)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = vfs_setxattr(file->f_path.dentry, name, value, size, 0);
	mnt_drop_write_file(file);
	return err;
}

/* The second xattr change happens after the file bracket was dropped. */
int file_bracket_after_drop(struct file *file, const char *name,
			    const void *value, size_t size)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = vfs_setxattr(file->f_path.dentry, name, value, size, 0);
	mnt_drop_write_file(file);
	if (!err)
		err = vfs_removexattr(file->f_path.dentry, "user.stale");	/* expect: missing-write-bracket */
	return err;
}

/* Unchecked: a failed acquire reaches both the call and the drop. */
int file_bracket_unchecked(struct file *file, const char *name)
{
	int err;

	mnt_want_write_file(file);
	err = vfs_removexattr(file->f_path.dentry, name);	/* expect: missing-write-bracket */
	mnt_drop_write_file(file);				/* expect: write-bracket-double-drop */
	return err;
}

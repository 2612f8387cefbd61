/*
 * check-name: write-bracket-double-drop: dropping twice; --error-exitcode=1
 * check-command: wbcheck --error-exitcode=1 -I testcases/include $file
 * check-exit-value: 1
 *
 * check-output-start
testcases/checks/double-drop-twice.c:26:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/checks/double-drop-twice.c:25:3: note: dropped here by mnt_drop_write()
testcases/checks/double-drop-twice.c:40:2: warning: mnt_drop_write_file() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/checks/double-drop-twice.c:39:2: note: dropped here by mnt_drop_write_file()
 * check-output-end
 */
#include "wb.h"

/* The error path drops, then falls into the common drop. */
int drop_twice(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	if (err)
		mnt_drop_write(path->mnt);
	mnt_drop_write(path->mnt);		/* expect: write-bracket-double-drop */
	return err;
}

/* The file flavour, dropped twice in a row. */
int drop_file_twice(struct file *file, const char *name)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = vfs_removexattr(file->f_path.dentry, name);
	mnt_drop_write_file(file);
	mnt_drop_write_file(file);		/* expect: write-bracket-double-drop */
	return err;
}

/* Each path drops exactly once. */
int drop_once(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(path->dentry->d_inode, dentry);
	if (err) {
		mnt_drop_write(path->mnt);
		return err;
	}
	mnt_drop_write(path->mnt);
	return 0;
}

/*
 * check-name: filename_create brackets a symlink; a second call after done_path_create is bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/filename-create.c:41:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/filename-create.c:39:2: note: dropped here by done_path_create()
testcases/brackets/filename-create.c:41:9: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = path.mnt, .dentry = dentry }
 * check-output-end
 */
#include "wb.h"

int fc_ok(int dfd, struct filename *to, const char *from)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = filename_create(dfd, to, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_symlink(path.dentry->d_inode, dentry, from, 0777);
	done_path_create(&path, dentry);
	return err;
}

int fc_after_done(int dfd, struct filename *to, const char *from,
		  struct iattr *attr)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = filename_create(dfd, to, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_symlink(path.dentry->d_inode, dentry, from, 0777);
	done_path_create(&path, dentry);
	if (!err)
		err = notify_change(dentry, attr);	/* expect: missing-write-bracket */
	return err;
}

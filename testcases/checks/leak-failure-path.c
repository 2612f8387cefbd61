/*
 * check-name: no write-bracket-leak on the failure paths of the acquire
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

/* A failed mnt_want_write holds nothing to leak. */
int fail_want_write(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err) {
		pr_warn("cannot remove %s\n", dentry->d_name);
		return err;
	}
	err = vfs_rmdir(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* Nor does an error pointer from kern_path_create. */
int fail_path_create(const char *name, int mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry)) {
		err = PTR_ERR(dentry);
		pr_warn("cannot create %s: %d\n", name, err);
		return err;
	}
	err = vfs_mkdir(path.dentry->d_inode, dentry, mode);
	done_path_create(&path, dentry);
	return err;
}

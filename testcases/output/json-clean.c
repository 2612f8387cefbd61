/*
 * check-name: --format=json: a clean file
 * check-command: wbcheck --format=json -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
{"findings": []}
 * check-output-end
 */
#include "wb.h"

int json_clean(struct path *path, struct dentry *dentry, int mode)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_mkdir(path->dentry->d_inode, dentry, mode);
	mnt_drop_write(path->mnt);
	return err;
}

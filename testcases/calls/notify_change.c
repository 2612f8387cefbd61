/*
 * check-name: notify_change: under the file bracket, and bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/notify_change.c:30:8: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/notify_change.c:30:8: note: suggestion: path_setattr(&file->f_path, attr)
 * check-output-end
 */
#include "wb.h"

int setattr_ok(struct file *file, struct iattr *attr)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = notify_change(file->f_path.dentry, attr);
	mnt_drop_write_file(file);
	return err;
}

int setattr_bare(struct file *file, struct iattr *attr)
{
	int err;

	attr->ia_valid |= 1;
	err = notify_change(file->f_path.dentry, attr);	/* expect: missing-write-bracket */
	return err;
}

/*
 * check-name: a file tested for FMODE_WRITE holds write access to its mount
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/holds-fmode-write.c:31:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/holds-fmode-write.c:31:9: note: suggestion: path_setattr(&file->f_path, attr)
testcases/brackets/holds-fmode-write.c:39:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/holds-fmode-write.c:39:9: note: suggestion: path_setattr(&file->f_path, attr)
 * check-output-end
 */
#include "wb.h"

#define FMODE_READ	0x1
#define FMODE_WRITE	0x2

/* Opened for writing: the open took write access, truncating is fine. */
int trunc_open_file(struct file *file, struct iattr *attr)
{
	if (!(file->f_mode & FMODE_WRITE))
		return -EINVAL;
	return notify_change(file->f_path.dentry, attr);
}

/* Tested the wrong way round: the call runs on files not open for write. */
int trunc_inverted(struct file *file, struct iattr *attr)
{
	if (file->f_mode & FMODE_WRITE)
		return -EINVAL;
	return notify_change(file->f_path.dentry, attr);	/* expect: missing-write-bracket */
}

/* FMODE_READ says nothing about write access. */
int trunc_read_only(struct file *file, struct iattr *attr)
{
	if (!(file->f_mode & FMODE_READ))
		return -EINVAL;
	return notify_change(file->f_path.dentry, attr);	/* expect: missing-write-bracket */
}

/*
 * check-name: a file's own write access given back through a local set to its mount (mnt = mntget(f->f_path.mnt)) is the file's, not a bracket of the caller's
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

#define FMODE_WRITE	0x2

struct vfsmount *mntget(struct vfsmount *mnt);
void mntput(struct vfsmount *mnt);
int demo_check_writeable(struct file *f);

/*
 * v2.6.26's mark_files_ro() shape: every file open for write gives up
 * its access, which the function gives back through an alias of the
 * file's mount, once a file.  Silent.
 */
void demo_mark_files_ro(struct file **files, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct file *f = files[i];
		struct vfsmount *mnt;

		if (!(f->f_mode & FMODE_WRITE))
			continue;
		f->f_mode &= ~FMODE_WRITE;
		if (demo_check_writeable(f) != 0)
			continue;
		mnt = mntget(f->f_path.mnt);
		mnt_drop_write(mnt);
		mntput(mnt);
	}
}

/* The same for one file: its caller's own bracket is not given back. */
static void demo_mark_one_ro(struct file *f)
{
	struct vfsmount *mnt;

	if (!(f->f_mode & FMODE_WRITE))
		return;
	f->f_mode &= ~FMODE_WRITE;
	mnt = mntget(f->f_path.mnt);
	mnt_drop_write(mnt);
	mntput(mnt);
}

/* So the bracket taken here still covers the call, and is dropped once. */
int demo_mark_then_strip(struct file *f, struct iattr *attr)
{
	int err;

	err = mnt_want_write(f->f_path.mnt);
	if (err)
		return err;
	demo_mark_one_ro(f);
	err = notify_change(f->f_path.dentry, attr);
	mnt_drop_write(f->f_path.mnt);
	return err;
}

/*
 * check-name: a release under FMODE_WRITER gives back the file's own access, not its caller's bracket
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/checks/release-owner-flag.c:92:8: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/checks/release-owner-flag.c:91:2: note: dropped here by demo_put_plain()
testcases/checks/release-owner-flag.c:92:8: note: suggestion: path_setattr(&file->f_path, attr)
testcases/checks/release-owner-flag.c:93:2: warning: mnt_put_write_access() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/checks/release-owner-flag.c:91:2: note: dropped here by demo_put_plain()
testcases/checks/release-owner-flag.c:112:8: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/checks/release-owner-flag.c:111:2: note: dropped here by demo_put_other()
testcases/checks/release-owner-flag.c:112:8: note: suggestion: path_setattr(&f->f_path, attr)
testcases/checks/release-owner-flag.c:113:2: warning: mnt_put_write_access() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/checks/release-owner-flag.c:111:2: note: dropped here by demo_put_other()
 * check-output-end
 */
#include "wb.h"

#define FMODE_READ	0x1
#define FMODE_WRITE	0x2
#define FMODE_WRITER	0x10000

int mnt_get_write_access(struct vfsmount *mnt);
void mnt_put_write_access(struct vfsmount *mnt);
void demo_readcount_dec(struct file *file);

static void demo_put_write_access(struct file *file)
{
	mnt_put_write_access(file->f_path.mnt);
}

/* __fput()'s shape: the access FMODE_WRITER says the file holds ends here. */
static void demo_put_file_access(struct file *file)
{
	if ((file->f_mode & (FMODE_READ | FMODE_WRITE)) == FMODE_READ)
		demo_readcount_dec(file);
	else if (file->f_mode & FMODE_WRITER)
		demo_put_write_access(file);
}

void demo_fput(struct file *file)
{
	demo_put_file_access(file);
}

/* No release for its caller: the bracket it took still covers the call. */
int demo_close_then_strip(struct file *file, struct iattr *attr)
{
	int err;

	err = mnt_get_write_access(file->f_path.mnt);
	if (err)
		return err;
	demo_fput(file);
	err = notify_change(file->f_path.dentry, attr);
	mnt_put_write_access(file->f_path.mnt);
	return err;
}

/* Taken here, then tested: the release is this function's own. */
int demo_take_and_test(struct file *file, struct iattr *attr)
{
	int err;

	err = mnt_get_write_access(file->f_path.mnt);
	if (err)
		return err;
	err = notify_change(file->f_path.dentry, attr);
	if (file->f_mode & FMODE_WRITER)
		mnt_put_write_access(file->f_path.mnt);
	else
		mnt_put_write_access(file->f_path.mnt);
	return err;
}

/* Without the test the release is the caller's bracket. */
static void demo_put_plain(struct file *file)
{
	mnt_put_write_access(file->f_path.mnt);
}

int demo_close_plain(struct file *file, struct iattr *attr)
{
	int err;

	err = mnt_get_write_access(file->f_path.mnt);
	if (err)
		return err;
	demo_put_plain(file);
	err = notify_change(file->f_path.dentry, attr);	/* expect: missing-write-bracket */
	mnt_put_write_access(file->f_path.mnt);	/* expect: write-bracket-double-drop */
	return err;
}

/* Another file's flag says nothing of this one's access. */
static void demo_put_other(struct file *f, struct file *g)
{
	if (g->f_mode & FMODE_WRITER)
		mnt_put_write_access(f->f_path.mnt);
}

int demo_close_other(struct file *f, struct file *g, struct iattr *attr)
{
	int err;

	err = mnt_get_write_access(f->f_path.mnt);
	if (err)
		return err;
	demo_put_other(f, g);
	err = notify_change(f->f_path.dentry, attr);	/* expect: missing-write-bracket */
	mnt_put_write_access(f->f_path.mnt);	/* expect: write-bracket-double-drop */
	return err;
}

/*
 * check-name: write access handed to the file with FMODE_WRITER is not leaked
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/checks/leak-owner-flag.c:46:2: warning: returns with a write bracket on the mount still held (taken by mnt_get_write_access()) [write-bracket-leak]
testcases/checks/leak-owner-flag.c:42:8: note: taken here by mnt_get_write_access(f->f_path.mnt)
testcases/checks/leak-owner-flag.c:58:2: warning: returns with a write bracket on the mount still held (taken by mnt_get_write_access()) [write-bracket-leak]
testcases/checks/leak-owner-flag.c:54:8: note: taken here by mnt_get_write_access(f->f_path.mnt)
 * check-output-end
 */
#include "wb.h"

#define FMODE_WRITER	0x10000
#define FMODE_OTHER	0x20000

int mnt_get_write_access(struct vfsmount *mnt);
void mnt_put_write_access(struct vfsmount *mnt);
int demo_setup(struct file *f);

/* The file takes the access over; __fput() gives it back. */
int owner_open(struct file *f)
{
	int err;

	err = mnt_get_write_access(f->f_path.mnt);
	if (err)
		return err;
	f->f_mode |= FMODE_WRITER;
	err = demo_setup(f);
	if (err)
		return err;
	return 0;
}

/* Another flag is no hand-over. */
int other_flag(struct file *f)
{
	int err;

	err = mnt_get_write_access(f->f_path.mnt);
	if (err)
		return err;
	f->f_mode |= FMODE_OTHER;
	return demo_setup(f);	/* expect: write-bracket-leak */
}

/* Handing it to another file does not hand over this one's access. */
int other_file(struct file *f, struct file *g)
{
	int err;

	err = mnt_get_write_access(f->f_path.mnt);
	if (err)
		return err;
	g->f_mode |= FMODE_WRITER;
	return demo_setup(f);	/* expect: write-bracket-leak */
}

/*
 * check-name: write callbacks of file and mapping ops start with the bracket held; other callbacks do not
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/callback-holds.c:63:9: warning: sample_strip_privs() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/callback-holds.c:48:9: note: sample_strip_privs() calls notify_change() here, relying on its caller for a write bracket on the mount
testcases/interproc/callback-holds.c:63:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/interproc/callback-holds.c:73:9: warning: sample_strip_privs() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/callback-holds.c:48:9: note: sample_strip_privs() calls notify_change() here, relying on its caller for a write bracket on the mount
testcases/interproc/callback-holds.c:73:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/interproc/callback-holds.c:78:9: warning: sample_strip_privs() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/callback-holds.c:48:9: note: sample_strip_privs() calls notify_change() here, relying on its caller for a write bracket on the mount
testcases/interproc/callback-holds.c:78:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb.h"

struct kiocb {
	struct file *ki_filp;
};
struct iov_iter;
struct vm_fault;

struct file_operations {
	long (*read_iter)(struct kiocb *, struct iov_iter *);
	long (*write_iter)(struct kiocb *, struct iov_iter *);
	long (*fallocate)(struct file *, int, long, long);
};

struct vm_operations_struct {
	int (*fault)(struct vm_fault *);
	int (*page_mkwrite)(struct vm_fault *);
};

/* not a file: a member named like a file operation proves nothing */
struct tty_like_operations {
	long (*write_iter)(struct kiocb *, struct iov_iter *);
};

static struct dentry *sample_dentry;
static struct iattr sample_attr;

/* strips setuid bits: the file's write access must already be held */
static int sample_strip_privs(void)
{
	return notify_change(sample_dentry, &sample_attr);
}

static long sample_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	return sample_strip_privs();
}

static long sample_fallocate(struct file *file, int mode, long off, long len)
{
	return sample_strip_privs();
}

static long sample_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	return sample_strip_privs();	/* expect: missing-write-bracket */
}

static int sample_page_mkwrite(struct vm_fault *vmf)
{
	return sample_strip_privs();
}

static int sample_fault(struct vm_fault *vmf)
{
	return sample_strip_privs();	/* expect: missing-write-bracket */
}

static long sample_tty_write(struct kiocb *iocb, struct iov_iter *from)
{
	return sample_strip_privs();	/* expect: missing-write-bracket */
}

const struct file_operations sample_file_ops = {
	.read_iter	= sample_read_iter,
	.write_iter	= sample_write_iter,
	.fallocate	= sample_fallocate,
};

const struct vm_operations_struct sample_vm_ops = {
	.fault		= sample_fault,
	.page_mkwrite	= sample_page_mkwrite,
};

const struct tty_like_operations sample_tty_ops = {
	.write_iter	= sample_tty_write,
};

/*
 * check-name: 2.6-era ->aio_write starts with the bracket held, ->aio_read does not
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/callback-holds-aio.c:45:9: warning: sample_remove_suid() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/callback-holds-aio.c:33:9: note: sample_remove_suid() calls notify_change() here, relying on its caller for a write bracket on the mount
testcases/interproc/callback-holds-aio.c:45:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb.h"

/* before 3.16: the iovec-based read and write members */
struct kiocb {
	struct file *ki_filp;
};
struct iovec;

struct file_operations {
	long (*aio_read)(struct kiocb *, const struct iovec *, unsigned long,
			 long long);
	long (*aio_write)(struct kiocb *, const struct iovec *, unsigned long,
			  long long);
};

static struct dentry *sample_dentry;
static struct iattr sample_attr;

/* clears setuid bits: the file's write access must already be held */
static int sample_remove_suid(void)
{
	return notify_change(sample_dentry, &sample_attr);
}

static long sample_aio_write(struct kiocb *iocb, const struct iovec *iov,
			     unsigned long nr_segs, long long pos)
{
	return sample_remove_suid();
}

static long sample_aio_read(struct kiocb *iocb, const struct iovec *iov,
			    unsigned long nr_segs, long long pos)
{
	return sample_remove_suid();	/* expect: missing-write-bracket */
}

const struct file_operations sample_aio_fops = {
	.aio_read = sample_aio_read,
	.aio_write = sample_aio_write,
};

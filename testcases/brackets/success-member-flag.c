/*
 * check-name: a bracket taken and dropped under two tests of one unchanged member
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

struct demo_args {
	unsigned int flags;
	unsigned int readonly;
	long progress;
};

#define DEMO_RO 0x1

struct demo_args *demo_dup(const void *from);
long demo_run(struct file *file, long *progress, unsigned int ro);
unsigned long demo_copy_out(void *to, const void *from, unsigned long n);
void demo_free(const void *p);
void demo_reset(struct demo_args *args);

/*
 * Taken and dropped under !(args->flags & DEMO_RO): the copy is read
 * only, the address of another member and a pointer-to-const parameter
 * cannot change the flags, so the two tests agree: no leak, no double
 * drop (a scrub ioctl's shape).
 */
long member_mask_flag(struct file *file, void *arg)
{
	struct demo_args *args;
	long ret;

	args = demo_dup(arg);
	if (IS_ERR(args))
		return -1;
	if (!(args->flags & DEMO_RO)) {
		ret = mnt_want_write_file(file);
		if (ret)
			goto out;
	}
	ret = demo_run(file, &args->progress, args->flags & DEMO_RO);
	if (demo_copy_out(arg, args, sizeof(*args)))
		ret = -14;
	if (!(args->flags & DEMO_RO))
		mnt_drop_write_file(file);
out:
	demo_free(args);
	return ret;
}

/* A parameter's integer member tested twice, and the guarded call
 * under the same test. */
int member_plain_flag(struct demo_args *args, struct path *path,
		      struct dentry *dentry, struct iattr *attr)
{
	int err = 0;

	if (!args->readonly) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	}
	if (!args->readonly) {
		err = notify_change(dentry, attr);
		mnt_drop_write(path->mnt);
	}
	return err;
}

/*
 * An ops table an invocation fills with a function the including file
 * declared before, as its own (testcases/bodyskip/invocation-local.c).
 */
#include "wb.h"

struct kiocb;
struct iov_iter;

struct file_operations {
	long (*write_iter)(struct kiocb *, struct iov_iter *);
};

#define DEMO_INV_FOPS(key, fn)						\
	static const struct file_operations key##_fops = { .write_iter = fn };

DEMO_INV_FOPS(demo_inv_bound, demo_inv_local_write);

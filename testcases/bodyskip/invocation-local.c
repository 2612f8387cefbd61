/*
 * check-name: a header's macro invocation naming the file's own static function is kept
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

struct kiocb;
struct iov_iter;

struct demo_inv_state {
	struct dentry *dentry;
	struct iattr *attr;
};

extern struct demo_inv_state demo_inv_state;

static long demo_inv_local_write(struct kiocb *iocb, struct iov_iter *from);

#include "invocation-local.h"

/*
 * Nothing names demo_inv_bound_fops, but the table makes this function
 * a write_iter callback, entered with the bracket held (callback-holds):
 * were the invocation left out, the call below would be a finding.
 */
static long demo_inv_local_write(struct kiocb *iocb, struct iov_iter *from)
{
	return notify_change(demo_inv_state.dentry, demo_inv_state.attr);
}

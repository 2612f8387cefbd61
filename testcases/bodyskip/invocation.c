/*
 * check-name: a header's macro invocations the file never names are left out, the others kept
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/bodyskip/invocation.c:25:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/bodyskip/invocation.c:25:9: note: suggestion: path_unlink(dir, victim)
testcases/include/invocation.h:26:1: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/include/invocation.h:26:1: note: suggestion: path_unlink(dir, victim)
 * check-output-end
 */
#include "invocation.h"

/*
 * DEMO_INV_EVENT(demo_inv_named) declares the trace function called
 * here: left out, the call would not parse.  DEMO_INV_EVENT(demo_inv_unnamed)
 * declares nothing this file names, and goes.  DEMO_INV_OPS(demo_inv_root)
 * defines a function its table makes a root, which calls a rule's
 * function: it matters, and its finding is reported in the header.
 */
int demo_invocation(struct path *dir, struct dentry *victim)
{
	trace_demo_inv_named(dir);
	return vfs_unlink(dir->dentry->d_inode, victim);	/* expect: missing-write-bracket */
}

/*
 * check-name: a call through a pasted name whose declaration was dropped is parsed again
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/bodyskip/pasted-decl.c:22:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/bodyskip/pasted-decl.c:22:9: note: suggestion: path_unlink(dir, victim)
 * check-output-end
 */
#include "declprune-paste.h"

/*
 * demo_call(demo_probe, dir) is demo_probe_p(dir): with its declaration
 * left out of the header this is an error, so the header is given to
 * the parser as it is, and the missing bracket is still found.
 */
int pasted_decl(struct path *dir, struct dentry *victim)
{
	if (demo_call(demo_probe, dir))
		return -1;
	return vfs_unlink(dir->dentry->d_inode, victim);	/* expect: missing-write-bracket */
}

/*
 * check-name: declarations a file never names are left out, and it parses once
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/bodyskip/unnamed-decl.c:20:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/bodyskip/unnamed-decl.c:20:9: note: suggestion: path_unlink(dir, victim)
 * check-output-end
 */
#include "declprune-paste.h"

/*
 * demo_probe_p() and demo_never_named() are declared and never named
 * here: the parser is given the header without them.  path_unlink() is
 * not named either, but the suggestion needs its declaration.
 */
int unnamed_decl(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);	/* expect: missing-write-bracket */
}

/*
 * check-name: a header that does not parse with its bodies skipped is parsed as it is
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/bodyskip/misread-falls-back.c:22:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/bodyskip/misread-falls-back.c:22:9: note: suggestion: path_unlink(dir, victim)
 * check-output-end
 */
#include "bodyskip-misread.h"

/*
 * With the structure blanked, "e->slots" is an error; the file is then
 * parsed again from the headers themselves, cleanly, and the missing
 * bracket is still found.
 */
int misread_falls_back(struct path *dir, struct dentry *victim,
		       struct demo_entry *e)
{
	e->slots[0] = 1;
	return vfs_unlink(dir->dentry->d_inode, victim);	/* expect: missing-write-bracket */
}

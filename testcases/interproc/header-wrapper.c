/*
 * check-name: a static inline in a header around a wrapper defined in another file of the run
 * check-command: wbcheck -I testcases/include $file testcases/interproc/header-wrapper-def.c
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/header-wrapper.c:34:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/header-wrapper.c:33:2: note: result of sample_start() not checked
testcases/interproc/header-wrapper.c:34:8: note: suggestion: path_unlink(dir, victim)
testcases/interproc/header-wrapper.c:35:2: warning: sample_end() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/interproc/header-wrapper.c:33:2: note: result of sample_start() not checked
 * check-output-end
 */
#include "hdrwrap.h"

/* sample_start() takes the bracket through sample_want(): covered. */
int sample_remove(struct path *dir, struct dentry *victim)
{
	int err = sample_start(dir);

	if (err)
		return err;
	err = vfs_unlink(dir->dentry->d_inode, victim);
	sample_end(dir);
	return err;
}

/* Its result is not tested: the call may run without the bracket. */
int sample_remove_unchecked(struct path *dir, struct dentry *victim)
{
	int err;

	sample_start(dir);
	err = vfs_unlink(dir->dentry->d_inode, victim);	/* expect: missing-write-bracket */
	sample_end(dir);	/* expect: write-bracket-double-drop */
	return err;
}

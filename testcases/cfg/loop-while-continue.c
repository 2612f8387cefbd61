/*
 * check-name: while loop: continue before the acquire, and a continue that skips it
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/loop-while-continue.c:56:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/loop-while-continue.c:51:9: note: mnt_want_write() is not reached on every path to the call
testcases/cfg/loop-while-continue.c:56:8: note: suggestion: path_unlink(path, victim)
testcases/cfg/loop-while-continue.c:57:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
 * check-output-end
 */
#include "wb.h"

/* The continue skips the acquire and the call together. */
int while_skip_negative(struct path *path, struct dentry **victims, int n)
{
	int err = 0;

	while (n--) {
		struct dentry *victim = *victims++;

		if (!victim->d_inode)
			continue;
		err = mnt_want_write(path->mnt);
		if (err)
			break;
		err = vfs_unlink(path->dentry->d_inode, victim);
		mnt_drop_write(path->mnt);
		if (err)
			break;
	}
	return err;
}

/*
 * Search loop that takes the bracket once it finds a victim: when the
 * last entry is skipped by the continue, the loop ends without it.
 */
int while_continue_skips_acquire(struct path *path, struct dentry **victims,
				 int n)
{
	struct dentry *victim = NULL;
	int err;
	int i = 0;

	while (i < n) {
		victim = victims[i++];
		if (!victim->d_inode)
			continue;
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
		break;
	}
	err = vfs_unlink(path->dentry->d_inode, victim);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

/*
 * check-name: a wrapper with a WARN_ON()-style local flag still hands the bracket over
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/wrapper-warn-flag.c:56:8: warning: unlink_it() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/wrapper-warn-flag.c:55:2: note: result of start_write() not checked
testcases/interproc/wrapper-warn-flag.c:36:9: note: unlink_it() calls vfs_unlink() here, relying on its caller for a write bracket on the mount
testcases/interproc/wrapper-warn-flag.c:56:8: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/interproc/wrapper-warn-flag.c:57:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/interproc/wrapper-warn-flag.c:55:2: note: result of start_write() not checked
 * check-output-end
 */
#include "wb.h"

void warn_it(void);

/* A macro temporary tested twice: not a reason to split the summary. */
int start_write(struct path *path)
{
	int err, bad = !path->mnt;

	if (bad)
		warn_it();
	if (bad)
		return -EINVAL;
	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	return 0;
}

static int unlink_it(struct path *path, struct dentry *dentry)
{
	return vfs_unlink(path->dentry->d_inode, dentry);
}

int user_of_start(struct path *path, struct dentry *dentry)
{
	int err = start_write(path);

	if (err)
		return err;
	err = unlink_it(path, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* Without checking the wrapper's result the helper still fires. */
int user_unchecked(struct path *path, struct dentry *dentry)
{
	int err;

	start_write(path);
	err = unlink_it(path, dentry);		/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);		/* expect: write-bracket-double-drop */
	return err;
}

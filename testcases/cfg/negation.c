/*
 * check-name: ! on the acquire result
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/negation.c:59:8: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/negation.c:58:8: note: result of mnt_want_write() not checked
testcases/cfg/negation.c:59:8: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = path->mnt, .dentry = dentry }
 * check-output-end
 */
#include "wb.h"

/* The whole bracket is inside if (!err). */
int not_err_block(struct path *path, struct dentry *dentry, struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (!err) {
		err = notify_change(dentry, attr);
		mnt_drop_write(path->mnt);
	}
	return err;
}

/* ! applied to the call itself. */
int not_call(struct path *path, struct dentry *dentry, struct iattr *attr)
{
	int err = -EROFS;

	if (!mnt_want_write(path->mnt)) {
		err = notify_change(dentry, attr);
		mnt_drop_write(path->mnt);
	}
	return err;
}

/* Double negation is still a test of the result. */
int not_not(struct path *path, struct dentry *dentry, struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (!!err)
		return err;
	err = notify_change(dentry, attr);
	mnt_drop_write(path->mnt);
	return err;
}

/* The call is after the if (!err) block, so it also runs on failure. */
int not_err_outside(struct path *path, struct dentry *dentry,
		    struct iattr *attr)
{
	int err, ret;

	err = mnt_want_write(path->mnt);
	ret = notify_change(dentry, attr);	/* expect: missing-write-bracket */
	if (!err)
		mnt_drop_write(path->mnt);
	return err ? err : ret;
}

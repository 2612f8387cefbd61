/*
 * check-name: a helper that takes the bracket only when a parameter asks for it
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/flag-param.c:38:9: warning: setx() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/flag-param.c:29:8: note: setx() calls vfs_setxattr() here when 'get_write' is false, relying on its caller for a write bracket on the mount
testcases/interproc/flag-param.c:38:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/interproc/flag-param.c:65:9: warning: setx() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/flag-param.c:29:8: note: setx() calls vfs_setxattr() here when 'get_write' is false, relying on its caller for a write bracket on the mount
testcases/interproc/flag-param.c:65:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
 * check-output-end
 */
#include "wb.h"

#define SETX_LOCKED	false

/* Checked per caller, with the constant the caller passes as get_write. */
static int setx(struct path *path, const char *name, bool get_write)
{
	int err;

	if (get_write) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	}
	err = vfs_setxattr(path->dentry, name, "1", 1, 0);
	if (get_write)
		mnt_drop_write(path->mnt);
	return err;
}

/* false without a bracket: reported at the call of the helper. */
int flag_false_bare(struct path *path, const char *name)
{
	return setx(path, name, false);		/* expect: missing-write-bracket */
}

/* false, and a macro that means false, inside the caller's bracket. */
int flag_false_held(struct path *path, const char *name)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = setx(path, name, false);
	if (!err)
		err = setx(path, "user.seen", SETX_LOCKED);
	mnt_drop_write(path->mnt);
	return err;
}

/* true and 1 let the helper bracket itself; 0 needs the caller's bracket. */
int flag_constants(struct path *path, const char *name)
{
	int err;

	err = setx(path, name, true);
	if (!err)
		err = setx(path, "user.seen", 1);
	if (!err)
		err = setx(path, "user.done", 0);	/* expect: missing-write-bracket */
	return err;
}

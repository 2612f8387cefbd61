/*
 * check-name: a bracket taken only when a local flag is set
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/success-local-flag.c:30:8: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/success-local-flag.c:26:9: note: mnt_want_write() is only taken when 'need_write' is true
testcases/brackets/success-local-flag.c:30:8: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = path->mnt, .dentry = dentry }
 * check-output-end
 */
#include "wb.h"

/*
 * The call runs whether or not the flag was set, so it fires.  The drop
 * and the return are guarded by the same unchanged flag as the acquire:
 * neither a double drop nor a leak is possible.
 */
int local_flag_call_unguarded(struct path *path, struct dentry *dentry,
			      struct iattr *attr)
{
	bool need_write = attr->ia_valid != 0;
	int err;

	if (need_write) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	}
	err = notify_change(dentry, attr);	/* expect: missing-write-bracket */
	if (need_write)
		mnt_drop_write(path->mnt);
	return err;
}

/* The same flag also guards the call: silent. */
int local_flag_call_guarded(struct path *path, struct dentry *dentry,
			    struct iattr *attr)
{
	bool need_write = attr->ia_valid != 0;
	int err = 0;

	if (need_write) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	}
	if (need_write) {
		err = notify_change(dentry, attr);
		mnt_drop_write(path->mnt);
	}
	return err;
}

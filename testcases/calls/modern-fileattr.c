/*
 * check-name: idmap API: vfs_fileattr_set needs the bracket; vfs_fileattr_get does not
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/modern-fileattr.c:41:9: warning: vfs_fileattr_set() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-fileattr.c:41:9: note: suggestion: take the bracket around the call: err = mnt_want_write(lower->mnt); if (err) ...; then mnt_drop_write(lower->mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

struct fileattr {
	unsigned int flags;
	bool flags_valid;
};

/* FS_IOC_SETFLAGS as the ioctl does it. */
int fileattr_setflags_ok(struct file *file, unsigned int flags)
{
	struct fileattr fa = { .flags = flags, .flags_valid = true };
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = vfs_fileattr_set(file_mnt_idmap(file), file->f_path.dentry, &fa);
	mnt_drop_write_file(file);
	return err;
}

/* A stacking filesystem passing the flags down to the lower dentry. */
int fileattr_pass_down_bare(struct path *lower, struct fileattr *fa)
{
	struct fileattr old;
	int err;

	err = vfs_fileattr_get(lower->dentry, &old);
	if (err)
		return err;
	return vfs_fileattr_set(mnt_idmap(lower->mnt), lower->dentry, fa);	/* expect: missing-write-bracket */
}

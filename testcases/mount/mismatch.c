/*
 * check-name: write-bracket-mismatch: a bracket released with another flavour than it was taken with
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/mount/mismatch.c:29:2: warning: mnt_drop_write() releases a write bracket on the mount taken by mnt_want_write_file() [write-bracket-mismatch]
testcases/mount/mismatch.c:25:8: note: taken here by mnt_want_write_file(), which pairs with mnt_drop_write_file()
testcases/mount/mismatch.c:29:2: note: suggestion: release it with mnt_drop_write_file()
testcases/mount/mismatch.c:42:2: warning: mnt_drop_write_file() releases a write bracket on the mount taken by mnt_want_write() [write-bracket-mismatch]
testcases/mount/mismatch.c:38:8: note: taken here by mnt_want_write(), which pairs with mnt_drop_write()
testcases/mount/mismatch.c:42:2: note: suggestion: release it with mnt_drop_write()
testcases/mount/mismatch.c:86:2: warning: mnt_drop_write() releases a write bracket on the mount taken by mnt_want_write_file() [write-bracket-mismatch]
testcases/mount/mismatch.c:82:8: note: taken here by want_file(), through mnt_want_write_file(), which pairs with mnt_drop_write_file()
testcases/mount/mismatch.c:86:2: note: suggestion: release it with mnt_drop_write_file()
 * check-output-end
 */
#include "wb.h"

/* mnt_want_write_file() pairs with mnt_drop_write_file() only. */
int setflags_wrong_drop(struct file *file, struct iattr *attr)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = notify_change(file->f_path.dentry, attr);
	mnt_drop_write(file->f_path.mnt);	/* expect: write-bracket-mismatch */
	return err;
}

/* And the other way round. */
int setflags_wrong_drop_file(struct file *file, struct iattr *attr)
{
	int err;

	err = mnt_want_write(file->f_path.mnt);
	if (err)
		return err;
	err = notify_change(file->f_path.dentry, attr);
	mnt_drop_write_file(file);	/* expect: write-bracket-mismatch */
	return err;
}

/* Each flavour with its own release. */
int setflags_file(struct file *file, struct iattr *attr)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = notify_change(file->f_path.dentry, attr);
	mnt_drop_write_file(file);
	return err;
}

int setattr_path(struct path *path, struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = notify_change(path->dentry, attr);
	mnt_drop_write(path->mnt);
	return err;
}

/* A helper that takes the file flavour for its caller... */
static int want_file(struct file *file)
{
	return mnt_want_write_file(file);
}

/* ...must be paired with the file flavour there too. */
int setflags_via_helper(struct file *file, struct iattr *attr)
{
	int err;

	err = want_file(file);
	if (err)
		return err;
	err = notify_change(file->f_path.dentry, attr);
	mnt_drop_write(file->f_path.mnt);	/* expect: write-bracket-mismatch */
	return err;
}

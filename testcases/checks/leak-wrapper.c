/*
 * check-name: no write-bracket-leak in wrappers that return the acquire's result to the caller
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

/* Exported wrappers with no caller here: the caller owns the bracket. */
int grab_write(struct path *path)
{
	return mnt_want_write(path->mnt);
}

int grab_write_file(struct file *file)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		pr_warn("cannot write\n");
	return err;
}

/* A create wrapper hands the held dentry to its caller. */
struct dentry *grab_create(const char *name, struct path *path)
{
	struct dentry *dentry;

	dentry = kern_path_create(AT_FDCWD, name, path, LOOKUP_DIRECTORY);
	if (IS_ERR(dentry))
		pr_warn("cannot create %s\n", name);
	return dentry;
}

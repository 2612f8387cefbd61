/* A sample written for wbcheck: a rename syscall converted to path_rename(). */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>

/*
 * Rename @from to @to.  path_rename() takes write access on the old
 * directory's mount and BUG()s when the new directory is on another, so
 * the two lookups must be compared first; this conversion lost the test.
 */
int sample_rename(const char *from, const char *to,
		  struct dentry *old_dentry, struct dentry *new_dentry)
{
	struct nameidata oldnd, newnd;
	int error;

	error = path_lookup(from, LOOKUP_PARENT, &oldnd);
	if (error)
		return error;
	error = path_lookup(to, LOOKUP_PARENT, &newnd);
	if (error)
		goto exit_old;
	error = path_rename(&oldnd.path, old_dentry, &newnd.path, new_dentry); /* expect: wrong-mount */
	path_put(&newnd.path);
exit_old:
	path_put(&oldnd.path);
	return error;
}

/* With the -EXDEV test of do_rename(). */
int sample_rename_fixed(const char *from, const char *to,
			struct dentry *old_dentry, struct dentry *new_dentry)
{
	struct nameidata oldnd, newnd;
	int error;

	error = path_lookup(from, LOOKUP_PARENT, &oldnd);
	if (error)
		return error;
	error = path_lookup(to, LOOKUP_PARENT, &newnd);
	if (error)
		goto exit_old;
	error = -EXDEV;
	if (oldnd.path.mnt != newnd.path.mnt)
		goto exit_new;
	error = path_rename(&oldnd.path, old_dentry, &newnd.path, new_dentry);
exit_new:
	path_put(&newnd.path);
exit_old:
	path_put(&oldnd.path);
	return error;
}

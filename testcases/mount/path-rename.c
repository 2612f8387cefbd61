/*
 * check-name: wrong-mount: path_rename() of two looked-up paths nobody compared
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/mount/path-rename.c:29:9: warning: path_rename() gets '&old' and '&new' from two objects that nothing compares first [wrong-mount]
testcases/mount/path-rename.c:29:9: note: suggestion: compare what '&old' and '&new' lie on first, and fail when they differ
 * check-output-end
 */
#include "wb.h"
#include "locks.h"

#define EXDEV	18

/* Two lookups, no comparison of their mounts: path_rename() BUG()s. */
int rename_two_lookups(const char *from, const char *to,
		       struct dentry *old_dentry, struct dentry *new_dentry)
{
	struct path old, new;
	int err;

	err = kern_path(from, LOOKUP_DIRECTORY, &old);
	if (err)
		return err;
	err = kern_path(to, LOOKUP_DIRECTORY, &new);
	if (err)
		return err;
	return path_rename(&old, old_dentry, &new, new_dentry);	/* expect: wrong-mount */
}

/* The same with the -EXDEV test first: silent. */
int rename_compared(const char *from, const char *to,
		    struct dentry *old_dentry, struct dentry *new_dentry)
{
	struct path old, new;
	int err;

	err = kern_path(from, LOOKUP_DIRECTORY, &old);
	if (err)
		return err;
	err = kern_path(to, LOOKUP_DIRECTORY, &new);
	if (err)
		return err;
	if (old.mnt != new.mnt)
		return -EXDEV;
	return path_rename(&old, old_dentry, &new, new_dentry);
}

/* Within one directory: silent. */
int rename_one_dir(const char *dir, struct dentry *old_dentry,
		   struct dentry *new_dentry)
{
	struct path path;
	int err;

	err = kern_path(dir, LOOKUP_DIRECTORY, &path);
	if (err)
		return err;
	return path_rename(&path, old_dentry, &path, new_dentry);
}

/* Paths from the caller, who may have compared them: silent. */
int rename_given(struct path *old, struct dentry *old_dentry,
		 struct path *new, struct dentry *new_dentry)
{
	return path_rename(old, old_dentry, new, new_dentry);
}

/* The second path copied from the first: silent. */
int rename_copied(const char *from, struct dentry *old_dentry,
		  struct dentry *new_dentry)
{
	struct path old, new;
	int err;

	err = kern_path(from, LOOKUP_DIRECTORY, &old);
	if (err)
		return err;
	new = old;
	return path_rename(&old, old_dentry, &new, new_dentry);
}

/*
 * check-name: success test: IS_ERR(), !IS_ERR() and IS_ERR_OR_NULL() as static inlines of any name, told by their bodies
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/success/is-err-inline.c:73:3: warning: returns with a write bracket on the mount still held (taken by kern_path_create()) [write-bracket-leak]
testcases/success/is-err-inline.c:71:6: note: taken here by kern_path_create(-100, name, &path, 0)
testcases/success/is-err-inline.c:87:10: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/success/is-err-inline.c:85:6: note: kern_path_create() may fail here, and the failure path continues
testcases/success/is-err-inline.c:87:10: note: suggestion: path_mkdir(&path, d, 0755)
 * check-output-end
 */
#define WB_OWN_ERR_TESTS
#include "wb.h"

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	unlikely((x) >= (unsigned long)-MAX_ERRNO)

static inline bool my_is_err(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline bool my_is_err_or_null(const void *ptr)
{
	return unlikely(!ptr) || IS_ERR_VALUE((unsigned long)ptr);
}

static inline long my_ptr_err(const void *ptr)
{
	return (long)ptr;
}

int inline_ok(const char *name)
{
	struct path path;
	struct dentry *d;
	int err;

	d = kern_path_create(-100, name, &path, 0);
	if (my_is_err(d))
		return my_ptr_err(d);
	err = vfs_mkdir(path.dentry->d_inode, d, 0755);
	done_path_create(&path, d);
	return err;
}

int inline_not_ok(const char *name)
{
	struct path path;
	struct dentry *d;
	int err = -1;

	d = kern_path_create(-100, name, &path, 0);
	if (!my_is_err(d)) {
		err = vfs_mkdir(path.dentry->d_inode, d, 0755);
		done_path_create(&path, d);
	}
	return err;
}

/* NULL is no error pointer: on that side kern_path_create() succeeded,
 * and returning there leaks the bracket. */
int inline_or_null_leaks(const char *name)
{
	struct path path;
	struct dentry *d;
	int err;

	d = kern_path_create(-100, name, &path, 0);
	if (my_is_err_or_null(d))
		return -1;	/* expect: write-bracket-leak */
	err = vfs_mkdir(path.dentry->d_inode, d, 0755);
	done_path_create(&path, d);
	return err;
}

/* Tested, and then used on the failing side. */
int inline_wrong_side(const char *name)
{
	struct path path;
	struct dentry *d;

	d = kern_path_create(-100, name, &path, 0);
	if (my_is_err(d))
		return vfs_mkdir(path.dentry->d_inode, d, 0755);	/* expect: missing-write-bracket */
	done_path_create(&path, d);
	return 0;
}

/*
 * check-name: success test: PTR_ERR_OR_ZERO() kept in a variable and tested later
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/success/ptr-err-or-zero.c:66:3: warning: returns with a write bracket on the mount still held (taken by kern_path_create()) [write-bracket-leak]
testcases/success/ptr-err-or-zero.c:63:6: note: taken here by kern_path_create(-100, name, &path, 0)
testcases/success/ptr-err-or-zero.c:67:8: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/success/ptr-err-or-zero.c:63:6: note: kern_path_create() may fail here, and the failure path continues
testcases/success/ptr-err-or-zero.c:67:8: note: suggestion: path_mkdir(&path, d, 0755)
testcases/success/ptr-err-or-zero.c:68:2: warning: done_path_create() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/success/ptr-err-or-zero.c:63:6: note: kern_path_create() may fail here, and the failure path continues
 * check-output-end
 */
#define WB_OWN_ERR_TESTS
#include "wb.h"

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	unlikely((x) >= (unsigned long)-MAX_ERRNO)

static inline bool IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline int PTR_ERR_OR_ZERO(const void *ptr)
{
	if (IS_ERR(ptr))
		return PTR_ERR(ptr);
	else
		return 0;
}

int or_zero_ok(const char *name)
{
	struct path path;
	struct dentry *d;
	int err;

	d = kern_path_create(-100, name, &path, 0);
	err = PTR_ERR_OR_ZERO(d);
	if (err)
		goto out;
	err = vfs_mkdir(path.dentry->d_inode, d, 0755);
	done_path_create(&path, d);
out:
	return err;
}

/* The result kept, and the other variable tested. */
int or_zero_wrong_var(const char *name, int flags)
{
	struct path path;
	struct dentry *d;
	int err;

	d = kern_path_create(-100, name, &path, 0);
	err = PTR_ERR_OR_ZERO(d);
	if (flags)
		return flags;	/* expect: write-bracket-leak */
	err = vfs_mkdir(path.dentry->d_inode, d, 0755);	/* expect: missing-write-bracket */
	done_path_create(&path, d);	/* expect: write-bracket-double-drop */
	return err;
}

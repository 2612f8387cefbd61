/*
 * check-name: success test: IS_ERR() as a macro that compares against the top 4095 values, as out-of-tree code defines it
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/success/is-err-macro.c:43:9: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/success/is-err-macro.c:40:6: note: kern_path_create() may fail here, and the failure path continues
testcases/success/is-err-macro.c:43:9: note: suggestion: path_mkdir(&path, d, 0755)
 * check-output-end
 */
#define WB_OWN_ERR_TESTS
#include "wb.h"

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x)	unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)
#define IS_ERR(p)	IS_ERR_VALUE(p)
#define PTR_ERR(p)	((long)(p))

int macro_ok(const char *name)
{
	struct path path;
	struct dentry *d;
	int err;

	d = kern_path_create(-100, name, &path, 0);
	if (IS_ERR(d))
		return PTR_ERR(d);
	err = vfs_mkdir(path.dentry->d_inode, d, 0755);
	done_path_create(&path, d);
	return err;
}

/* The test the wrong way round: the mkdir runs only when it failed. */
int macro_inverted(const char *name)
{
	struct path path;
	struct dentry *d;

	d = kern_path_create(-100, name, &path, 0);
	if (!IS_ERR(d))
		return 0;
	return vfs_mkdir(path.dentry->d_inode, d, 0755);	/* expect: missing-write-bracket */
}

/*
 * check-name: a macro's function whose argument makes it matter is parsed
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "bodyskip-macro-use.h"

/*
 * demo_macro_want_write() takes the bracket only through its argument:
 * the header's invocation names mnt_want_write, so the file is parsed
 * again with every body, and the wrapper is understood.
 */
int macro_arg_in_header(struct path *dir, struct dentry *victim)
{
	int err = demo_macro_want_write(dir);

	if (err)
		return err;
	err = vfs_unlink(dir->dentry->d_inode, victim);
	mnt_drop_write(dir->mnt);
	return err;
}

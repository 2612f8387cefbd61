/*
 * check-name: a header function that cannot matter is not parsed
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "bodyskip.h"

/*
 * demo_dir_depth()'s body names an undeclared identifier: parsed, it
 * is an error (all-bodies.c).  Skipped, it is not, and the
 * wrapper and the predicate still do their work below.
 */
int skipped_body(struct path *dir, struct dentry *victim, unsigned int mode)
{
	int err = 0;

	if (demo_mode_writes(mode)) {
		err = demo_dir_want_write(dir);
		if (err)
			return err;
		err = vfs_unlink(dir->dentry->d_inode, victim);
	}
	if (demo_mode_writes(mode))
		demo_dir_drop_write(dir);
	return err + demo_dir_depth(dir);
}

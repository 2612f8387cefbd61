/*
 * check-name: a function a header's macro defines in the main file is parsed
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "bodyskip-macro-def.h"

/* Every function of the main file is analysed, so its body is needed. */
DEMO_DEFINE_CALL(macro_in_main_want, mnt_want_write(mnt))

int macro_in_main(struct path *dir, struct dentry *victim)
{
	int err = macro_in_main_want(dir);

	if (err)
		return err;
	err = vfs_unlink(dir->dentry->d_inode, victim);
	mnt_drop_write(dir->mnt);
	return err;
}

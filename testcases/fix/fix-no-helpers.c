/*
 * check-name: --fix on the 2008 API where no path_* helper is declared, and at a call of a helper that needs the bracket
 * check-command: wbcheck -I testcases/include $file
 * fix-command: wbcheck --fix -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/fix/fix-no-helpers.c:26:8: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-no-helpers.c:26:8: note: suggestion: take the bracket around the call: err = mnt_want_write(parent->mnt); if (err) ...; then mnt_drop_write(parent->mnt) after it
testcases/fix/fix-no-helpers.c:38:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-no-helpers.c:46:8: note: unlink_locked() is called here from unlink_caller(), which does not hold it either
testcases/fix/fix-no-helpers.c:38:9: note: suggestion: take the bracket around the call: err = mnt_want_write(dir->mnt); if (err) ...; then mnt_drop_write(dir->mnt) after it
 * check-output-end
 */
#include "wb-base.h"

/* The 2.6.26 prototypes, without the path_* proposal. */
int vfs_mkdir(struct inode *dir, struct dentry *dentry, int mode);
int vfs_unlink(struct inode *dir, struct dentry *dentry);

/* No path_mkdir(): the bracket goes around the call instead. */
int mkdir_no_helper(struct path *parent, struct dentry *dentry, int mode)
{
	int err;

	err = vfs_mkdir(parent->dentry->d_inode, dentry, mode);	/* expect: missing-write-bracket */
	if (err)
		goto out;
	dput(dentry);
out:
	return err;
}

/* No caller brackets it: the bracket goes inside, with an error variable
 * of its own. */
static int unlink_locked(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);	/* expect: missing-write-bracket */
}

/* The helper's only struct path argument names the mount. */
int unlink_caller(struct path *dir, struct dentry *victim)
{
	int err;

	err = unlink_locked(dir, victim);
	return err;
}

/*
 * check-name: a static helper that needs the bracket is checked at its call sites; --error-exitcode=1
 * check-command: wbcheck --error-exitcode=1 -I testcases/include $file
 * check-exit-value: 1
 *
 * check-output-start
testcases/interproc/needs-helper.c:43:8: warning: remove_entry() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/needs-helper.c:23:9: note: remove_entry() calls vfs_unlink() here, relying on its caller for a write bracket on the mount
testcases/interproc/needs-helper.c:43:8: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/interproc/needs-helper.c:61:9: warning: remove_entry() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/needs-helper.c:59:2: note: dropped here by mnt_drop_write()
testcases/interproc/needs-helper.c:23:9: note: remove_entry() calls vfs_unlink() here, relying on its caller for a write bracket on the mount
testcases/interproc/needs-helper.c:61:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
 * check-output-end
 */
#include "wb.h"

/* No bracket here: every caller must hold it, and no finding is inside. */
static int remove_entry(struct inode *dir, struct dentry *dentry)
{
	if (!dentry->d_inode)
		return -ENOENT;
	return vfs_unlink(dir, dentry);
}

int needs_caller_ok(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = remove_entry(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* The finding is at the call of the helper, not inside it. */
int needs_caller_bare(struct path *path, struct dentry *dentry)
{
	int err;

	err = remove_entry(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	if (err == -ENOENT)
		err = 0;
	return err;
}

/* Called once inside the bracket and once after it. */
int needs_caller_after_drop(struct path *path, struct dentry *a,
			    struct dentry *b)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = remove_entry(path->dentry->d_inode, a);
	mnt_drop_write(path->mnt);
	if (!err)
		err = remove_entry(path->dentry->d_inode, b);	/* expect: missing-write-bracket */
	return err;
}

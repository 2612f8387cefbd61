/*
 * check-name: write-bracket-leak: falling off the end of a void function; --error-exitcode=1
 * check-command: wbcheck --error-exitcode=1 -I testcases/include $file
 * check-exit-value: 1
 *
 * check-output-start
testcases/checks/leak-fall-off.c:21:1: warning: returns with a write bracket on the mount still held (taken by mnt_want_write()) [write-bracket-leak]
testcases/checks/leak-fall-off.c:18:6: note: taken here by mnt_want_write(path->mnt)
testcases/checks/leak-fall-off.c:29:3: warning: returns with a write bracket on the mount still held (taken by mnt_want_write()) [write-bracket-leak]
testcases/checks/leak-fall-off.c:26:6: note: taken here by mnt_want_write(path->mnt)
 * check-output-end
 */
#include "wb.h"

/* A void function cannot hand the bracket back: the end of it leaks. */
void leak_fall_off(struct path *path, struct dentry *dentry)
{
	if (mnt_want_write(path->mnt))
		return;
	vfs_unlink(path->dentry->d_inode, dentry);
}						/* expect: write-bracket-leak */

/* A bare return in a void function leaks the same way. */
void leak_bare_return(struct path *path, struct dentry *dentry)
{
	if (mnt_want_write(path->mnt))
		return;
	if (vfs_unlink(path->dentry->d_inode, dentry))
		return;				/* expect: write-bracket-leak */
	mnt_drop_write(path->mnt);
}

void no_leak_fall_off(struct path *path, struct dentry *dentry)
{
	if (mnt_want_write(path->mnt))
		return;
	vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
}

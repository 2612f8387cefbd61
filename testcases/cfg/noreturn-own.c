/*
 * check-name: functions declared noreturn by this file end the path too
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/cfg/noreturn-own.c:56:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/cfg/noreturn-own.c:52:12: note: mnt_want_write() may fail here, and the failure path continues
testcases/cfg/noreturn-own.c:56:8: note: suggestion: path_unlink(path, dentry)
testcases/cfg/noreturn-own.c:57:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/cfg/noreturn-own.c:52:12: note: mnt_want_write() may fail here, and the failure path continues
 * check-output-end
 */
#include "wb.h"

_Noreturn void fs_fatal(const char *why);
void fs_abort(struct dentry *dentry) __attribute__((noreturn));
void fs_complain(const char *why);

static __noreturn void give_up(struct dentry *dentry)
{
	panic("giving up on %s\n", dentry->d_name);
}

int own_static_noreturn(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		give_up(dentry);
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

int own_extern_noreturn(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err == -EROFS)
		fs_abort(dentry);
	else if (err)
		fs_fatal("mnt_want_write");
	err = vfs_unlink(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}

/* fs_complain() is not declared noreturn, so the failure path continues. */
int own_returning(struct path *path, struct dentry *dentry)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		fs_complain("mnt_want_write");
	err = vfs_unlink(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	mnt_drop_write(path->mnt);				/* expect: write-bracket-double-drop */
	return err;
}

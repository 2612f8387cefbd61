/*
 * check-name: idmap API: vfs_unlink, vfs_rmdir and vfs_rename(struct renamedata *)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/modern-remove-rename.c:50:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-remove-rename.c:50:8: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/calls/modern-remove-rename.c:53:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-remove-rename.c:53:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/calls/modern-remove-rename.c:60:9: warning: vfs_rename() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-remove-rename.c:60:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb-modern.h"

int modern_remove_ok(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(mnt_idmap(path->mnt), path->dentry->d_inode, dentry,
			 NULL);
	if (!err)
		err = vfs_rmdir(mnt_idmap(path->mnt), path->dentry->d_inode,
				dentry->d_parent);
	mnt_drop_write(path->mnt);
	return err;
}

/* renamedata names no mount: the caller brackets the one it is on. */
int modern_rename_ok(struct vfsmount *mnt, struct renamedata *rd)
{
	int err;

	err = mnt_want_write(mnt);
	if (err)
		return err;
	err = vfs_rename(rd);
	mnt_drop_write(mnt);
	return err;
}

int modern_remove_bare(struct path *path, struct dentry *dentry)
{
	int err;

	err = vfs_unlink(mnt_idmap(path->mnt), path->dentry->d_inode,	/* expect: missing-write-bracket */
			 dentry, NULL);
	if (err)
		err = vfs_rmdir(mnt_idmap(path->mnt), path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	return err;
}

int modern_rename_bare(struct renamedata *rd)
{
	rd->flags = 0;
	return vfs_rename(rd);	/* expect: missing-write-bracket */
}

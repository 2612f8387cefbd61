/*
 * check-name: suggestions for the idmap API: advice naming the bracket helpers
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/output/suggest-modern.c:20:9: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-modern.c:20:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/output/suggest-modern.c:26:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-modern.c:26:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/output/suggest-modern.c:32:9: warning: vfs_rename() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-modern.c:32:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb-modern.h"

int suggest_modern_mkdir(struct path *path, struct dentry *dentry,
			 umode_t mode)
{
	return vfs_mkdir(mnt_idmap(path->mnt), path->dentry->d_inode,	/* expect: missing-write-bracket */
			 dentry, mode);
}

int suggest_modern_unlink(struct path *path, struct dentry *dentry)
{
	return vfs_unlink(mnt_idmap(path->mnt), path->dentry->d_inode,	/* expect: missing-write-bracket */
			  dentry, NULL);
}

int suggest_modern_rename(struct renamedata *rd)
{
	return vfs_rename(rd);	/* expect: missing-write-bracket */
}

/* What the advice proposes: the bracket around the call. */
int suggest_applied(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_unlink(mnt_idmap(path->mnt), path->dentry->d_inode, dentry,
			 NULL);
	mnt_drop_write(path->mnt);
	return err;
}

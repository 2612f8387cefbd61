/*
 * check-name: --fix without path_* (idmap API): a bracket around the call, with the function's error variable and exit
 * check-command: wbcheck -I testcases/include $file
 * fix-command: wbcheck --fix -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/fix/fix-modern.c:34:8: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-modern.c:34:8: note: suggestion: take the bracket around the call: err = mnt_want_write(dir->mnt); if (err) ...; then mnt_drop_write(dir->mnt) after it
testcases/fix/fix-modern.c:45:10: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-modern.c:45:10: note: suggestion: take the bracket around the call: error = mnt_want_write(dir->mnt); if (error) ...; then mnt_drop_write(dir->mnt) after it
testcases/fix/fix-modern.c:58:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-modern.c:58:8: note: suggestion: take the bracket around the call: err = mnt_want_write(dir->mnt); if (err) ...; then mnt_drop_write(dir->mnt) after it
testcases/fix/fix-modern.c:69:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-modern.c:69:9: note: suggestion: take the bracket around the call: ret = mnt_want_write(file->f_path.mnt); if (ret) ...; then mnt_drop_write(file->f_path.mnt) after it
testcases/fix/fix-modern.c:78:8: warning: vfs_setxattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-modern.c:78:8: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/fix/fix-modern.c:88:8: warning: vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-modern.c:88:8: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/fix/fix-modern.c:95:2: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-modern.c:95:2: note: suggestion: take the bracket around the call: err = mnt_want_write(dir->mnt); if (err) ...; then mnt_drop_write(dir->mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

extern struct mnt_idmap nop_mnt_idmap;
void unlock_dir(struct inode *dir);

/* A label follows the call: the bracket's failure goes there too. */
int bracket_label_next(struct path *dir, struct dentry *dentry, int mode)
{
	int err;

	err = vfs_mkdir(mnt_idmap(dir->mnt), dir->dentry->d_inode, dentry, mode);	/* expect: missing-write-bracket */
out:
	unlock_dir(dir->dentry->d_inode);
	return err;
}

/* "if (err) goto out;" follows: the same test after the bracket. */
int bracket_goto_next(struct path *dir, struct dentry *dentry)
{
	int error;

	error = vfs_rmdir(mnt_idmap(dir->mnt), dir->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
	if (error)
		goto out;
	dput(dentry);
out:
	return error;
}

/* "return err;" follows. */
int bracket_return_next(struct path *dir, struct dentry *dentry)
{
	int err;

	err = vfs_unlink(mnt_idmap(dir->mnt), dir->dentry->d_inode, dentry, NULL);	/* expect: missing-write-bracket */
	return err;
}

/* return call(...): the function's error variable holds the result. */
int bracket_return_call(struct file *file, struct iattr *ia)
{
	int ret = 0;

	if (!ia)
		return ret;
	return notify_change(file_mnt_idmap(file), file->f_path.dentry, ia, NULL);	/* expect: missing-write-bracket */
}

/* Nothing says where a failure goes: "if (!err) { ... }" around the call. */
int bracket_block(struct path *path, const char *name, const void *value,
		  size_t size)
{
	int err;

	err = vfs_setxattr(mnt_idmap(path->mnt), path->dentry, name, value, size, 0);	/* expect: missing-write-bracket */
	dput(path->dentry);
	return err;
}

/* Left alone: nothing names the mount of a bare dentry. */
int leave_bare(struct dentry *dentry, const char *name)
{
	int err;

	err = vfs_removexattr(&nop_mnt_idmap, dentry, name);	/* expect: missing-write-bracket */
	return err;
}

/* Left alone: the result is not stored, so there is no error to pass on. */
void leave_unstored(struct path *dir, struct dentry *dentry)
{
	vfs_unlink(mnt_idmap(dir->mnt), dir->dentry->d_inode, dentry, NULL);	/* expect: missing-write-bracket */
}

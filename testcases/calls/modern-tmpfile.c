/*
 * check-name: idmap API: vfs_tmpfile and the kernel's tmpfile openers need the bracket on the directory's mount
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/modern-tmpfile.c:55:9: warning: kernel_tmpfile_open() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-tmpfile.c:55:9: note: suggestion: take the bracket around the call: err = mnt_want_write(mnt); if (err) ...; then mnt_drop_write(mnt) after it
testcases/calls/modern-tmpfile.c:76:9: warning: backing_tmpfile_open() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-tmpfile.c:76:9: note: suggestion: take the bracket around the call: err = mnt_want_write(upperdir->mnt); if (err) ...; then mnt_drop_write(upperdir->mnt) after it
testcases/calls/modern-tmpfile.c:82:9: warning: vfs_tmpfile() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-tmpfile.c:82:9: note: suggestion: take the bracket around the call: err = mnt_want_write(dir->mnt); if (err) ...; then mnt_drop_write(dir->mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

#define O_RDWR		00000002
#define S_IFREG		0100000

struct cred;

/* open(O_TMPFILE) as the VFS does it. */
int tmpfile_open_ok(struct path *dir, struct file *file, umode_t mode)
{
	int err;

	err = mnt_want_write(dir->mnt);
	if (err)
		return err;
	err = vfs_tmpfile(mnt_idmap(dir->mnt), dir, file, mode);
	mnt_drop_write(dir->mnt);
	return err;
}

/* A cache making an anonymous backing file in its fan-out directory. */
struct file *cache_tmpfile_ok(struct vfsmount *mnt, struct dentry *fan,
			      const struct cred *cred)
{
	const struct path parent = { .mnt = mnt, .dentry = fan };
	struct file *file;

	if (mnt_want_write(mnt))
		return ERR_PTR(-EROFS);
	file = kernel_tmpfile_open(mnt_idmap(mnt), &parent, S_IFREG | 0600,
				   O_RDWR, cred);
	mnt_drop_write(mnt);
	return file;
}

struct file *cache_tmpfile_bare(struct vfsmount *mnt, struct dentry *fan,
				const struct cred *cred)
{
	const struct path parent = { .mnt = mnt, .dentry = fan };

	return kernel_tmpfile_open(mnt_idmap(mnt), &parent, S_IFREG | 0600,	/* expect: missing-write-bracket */
				   O_RDWR, cred);
}

/* A union filesystem's O_TMPFILE on its upper layer. */
struct file *upper_tmpfile_ok(struct file *file, struct path *upperdir,
			      umode_t mode, const struct cred *cred)
{
	struct file *realfile;

	if (mnt_want_write(upperdir->mnt))
		return ERR_PTR(-EROFS);
	realfile = backing_tmpfile_open(file, file->f_flags, upperdir, mode,
					cred);
	mnt_drop_write(upperdir->mnt);
	return realfile;
}

struct file *upper_tmpfile_bare(struct file *file, struct path *upperdir,
				umode_t mode, const struct cred *cred)
{
	return backing_tmpfile_open(file, file->f_flags, upperdir, mode,	/* expect: missing-write-bracket */
				    cred);
}

int tmpfile_bare(struct path *dir, struct file *file, umode_t mode)
{
	return vfs_tmpfile(mnt_idmap(dir->mnt), dir, file, mode);	/* expect: missing-write-bracket */
}

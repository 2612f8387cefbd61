/*
 * check-name: idmap API: POSIX ACL writers need the bracket (vfs_set_acl, vfs_remove_acl, set_posix_acl)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/modern-acl.c:60:10: warning: vfs_set_acl() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-acl.c:60:10: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/calls/modern-acl.c:61:9: warning: vfs_remove_acl() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-acl.c:61:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/calls/modern-acl.c:78:9: warning: set_posix_acl() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-acl.c:76:2: note: dropped here by mnt_drop_write_file()
testcases/calls/modern-acl.c:78:9: note: suggestion: take the bracket around the call: err = mnt_want_write(file->f_path.mnt); if (err) ...; then mnt_drop_write(file->f_path.mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

#define ACL_TYPE_ACCESS		0x8000
#define ACL_TYPE_DEFAULT	0x4000

/* What setxattr(2) does for an ACL name: the bracket on the path's mount. */
int acl_store_ok(struct path *path, const char *name, struct posix_acl *acl)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	if (acl)
		err = vfs_set_acl(mnt_idmap(path->mnt), path->dentry, name, acl);
	else
		err = vfs_remove_acl(mnt_idmap(path->mnt), path->dentry, name);
	mnt_drop_write(path->mnt);
	return err;
}

/* A server applying both ACLs of a directory through the file it holds. */
int acl_apply_ok(struct file *file, struct posix_acl *pacl,
		 struct posix_acl *dpacl)
{
	struct mnt_idmap *idmap = file_mnt_idmap(file);
	struct dentry *dentry = file->f_path.dentry;
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = set_posix_acl(idmap, dentry, ACL_TYPE_ACCESS, pacl);
	if (!err && dpacl)
		err = set_posix_acl(idmap, dentry, ACL_TYPE_DEFAULT, dpacl);
	mnt_drop_write_file(file);
	return err;
}

int acl_store_bare(struct path *path, const char *name, struct posix_acl *acl)
{
	struct mnt_idmap *idmap = mnt_idmap(path->mnt);

	if (acl)
		return vfs_set_acl(idmap, path->dentry, name, acl);	/* expect: missing-write-bracket */
	return vfs_remove_acl(idmap, path->dentry, name);	/* expect: missing-write-bracket */
}

/* The bracket is dropped before the default ACL is written. */
int acl_apply_early_drop(struct file *file, struct posix_acl *pacl,
			 struct posix_acl *dpacl)
{
	struct mnt_idmap *idmap = file_mnt_idmap(file);
	struct dentry *dentry = file->f_path.dentry;
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = set_posix_acl(idmap, dentry, ACL_TYPE_ACCESS, pacl);
	mnt_drop_write_file(file);
	if (!err && dpacl)
		err = set_posix_acl(idmap, dentry, ACL_TYPE_DEFAULT, dpacl);	/* expect: missing-write-bracket */
	return err;
}

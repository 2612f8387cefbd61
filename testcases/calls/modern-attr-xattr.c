/*
 * check-name: idmap API: notify_change and xattr calls under the file bracket, and bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/modern-attr-xattr.c:42:8: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-attr-xattr.c:42:8: note: suggestion: take the bracket around the call: err = mnt_want_write(file->f_path.mnt); if (err) ...; then mnt_drop_write(file->f_path.mnt) after it
testcases/calls/modern-attr-xattr.c:44:9: warning: vfs_setxattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-attr-xattr.c:44:9: note: suggestion: take the bracket around the call: err = mnt_want_write(file->f_path.mnt); if (err) ...; then mnt_drop_write(file->f_path.mnt) after it
testcases/calls/modern-attr-xattr.c:47:9: warning: vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-attr-xattr.c:47:9: note: suggestion: take the bracket around the call: err = mnt_want_write(file->f_path.mnt); if (err) ...; then mnt_drop_write(file->f_path.mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

int modern_attr_ok(struct file *file, struct iattr *attr, const char *name,
		   const void *value, size_t size)
{
	struct mnt_idmap *idmap = file_mnt_idmap(file);
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = notify_change(idmap, file->f_path.dentry, attr, NULL);
	if (!err)
		err = vfs_setxattr(idmap, file->f_path.dentry, name, value,
				   size, 0);
	if (!err)
		err = vfs_removexattr(idmap, file->f_path.dentry, "user.old");
	mnt_drop_write_file(file);
	return err;
}

int modern_attr_bare(struct file *file, struct iattr *attr, const char *name,
		     const void *value, size_t size)
{
	struct mnt_idmap *idmap = file_mnt_idmap(file);
	int err;

	err = notify_change(idmap, file->f_path.dentry, attr, NULL);	/* expect: missing-write-bracket */
	if (!err)
		err = vfs_setxattr(idmap, file->f_path.dentry, name, value,	/* expect: missing-write-bracket */
				   size, 0);
	if (!err)
		err = vfs_removexattr(idmap, file->f_path.dentry, "user.old");	/* expect: missing-write-bracket */
	return err;
}

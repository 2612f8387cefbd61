/*
 * check-name: suggestions: path_rename, path_link and the dentry-based calls
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/output/suggest-rename-link.c:26:9: warning: vfs_rename() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-rename-link.c:26:9: note: suggestion: path_rename(old_dir, old_dentry, new_dir, new_dentry)
testcases/output/suggest-rename-link.c:33:9: warning: vfs_link() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-rename-link.c:33:9: note: suggestion: path_link(old_dentry, &nd->path, new_dentry)
testcases/output/suggest-rename-link.c:38:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-rename-link.c:38:9: note: suggestion: path_setattr(path, attr)
testcases/output/suggest-rename-link.c:46:8: warning: vfs_setxattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-rename-link.c:46:8: note: suggestion: path_setxattr(&file->f_path, name, value, size, 0)
testcases/output/suggest-rename-link.c:49:9: warning: vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-rename-link.c:49:9: note: suggestion: path_removexattr(&file->f_path, "user.old")
testcases/output/suggest-rename-link.c:54:9: warning: vfs_symlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-rename-link.c:54:9: note: suggestion: path_symlink(path, dentry, old, 0777)
 * check-output-end
 */
#include "wb.h"

int suggest_rename(struct path *old_dir, struct dentry *old_dentry,
		   struct path *new_dir, struct dentry *new_dentry)
{
	return vfs_rename(old_dir->dentry->d_inode, old_dentry,	/* expect: missing-write-bracket */
			  new_dir->dentry->d_inode, new_dentry);
}

int suggest_link(struct dentry *old_dentry, struct nameidata *nd,
		 struct dentry *new_dentry)
{
	return vfs_link(old_dentry, nd->path.dentry->d_inode, new_dentry);	/* expect: missing-write-bracket */
}

int suggest_setattr(struct path *path, struct iattr *attr)
{
	return notify_change(path->dentry, attr);	/* expect: missing-write-bracket */
}

int suggest_xattr(struct file *file, const char *name, const void *value,
		  size_t size)
{
	int err;

	err = vfs_setxattr(file->f_path.dentry, name, value, size, 0);	/* expect: missing-write-bracket */
	if (err)
		return err;
	return vfs_removexattr(file->f_path.dentry, "user.old");	/* expect: missing-write-bracket */
}

int suggest_symlink(struct path *path, struct dentry *dentry, const char *old)
{
	return vfs_symlink(path->dentry->d_inode, dentry, old, 0777);	/* expect: missing-write-bracket */
}

/* What the suggestion proposes: the helper brackets itself. */
int suggest_applied(struct path *old_dir, struct dentry *old_dentry,
		    struct path *new_dir, struct dentry *new_dentry)
{
	return path_rename(old_dir, old_dentry, new_dir, new_dentry);
}

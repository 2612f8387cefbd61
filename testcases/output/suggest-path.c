/*
 * check-name: suggestions: path_* replacements for the forms the directory argument takes
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/output/suggest-path.c:22:9: warning: vfs_create() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-path.c:22:9: note: suggestion: path_create(&nd->path, dentry, mode, nd)
testcases/output/suggest-path.c:30:9: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-path.c:30:9: note: suggestion: path_mkdir(&path, dentry, mode)
testcases/output/suggest-path.c:36:9: warning: vfs_mknod() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-path.c:36:9: note: suggestion: path_mknod(path, dentry, 0600, dev)
testcases/output/suggest-path.c:42:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/output/suggest-path.c:42:9: note: suggestion: path_unlink(&dir_path, dentry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = <the dentry of dir> }
 * check-output-end
 */
#include "wb.h"

/* dir from a nameidata: suggest &nd->path. */
int suggest_nd(struct nameidata *nd, struct dentry *dentry, int mode)
{
	return vfs_create(nd->path.dentry->d_inode, dentry, mode, nd);	/* expect: missing-write-bracket */
}

/* dir from a struct path on the stack: suggest &path. */
int suggest_stack_path(struct file *file, struct dentry *dentry, int mode)
{
	struct path path = file->f_path;

	return vfs_mkdir(path.dentry->d_inode, dentry, mode);	/* expect: missing-write-bracket */
}

/* dir from a struct path pointer: suggest path. */
int suggest_path_ptr(struct path *path, struct dentry *dentry, dev_t dev)
{
	return vfs_mknod(path->dentry->d_inode, dentry, 0600, dev);	/* expect: missing-write-bracket */
}

/* A bare inode: no struct path to name, so only advice. */
int suggest_bare_inode(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);	/* expect: missing-write-bracket */
}

/* What the suggestion proposes: the helper brackets itself. */
int suggest_applied(struct nameidata *nd, struct dentry *dentry, int mode)
{
	return path_create(&nd->path, dentry, mode, nd);
}

/*
 * check-name: --fix: every guarded call and each shape of its directory argument, 2008 API
 * check-command: wbcheck -I testcases/include $file
 * fix-command: wbcheck --fix -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/fix/fix-path.c:56:8: warning: vfs_create() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:56:8: note: suggestion: path_create(&nd->path, dentry, mode, nd)
testcases/fix/fix-path.c:63:9: warning: vfs_mknod() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:63:9: note: suggestion: path_mknod(path, dentry, 0600, dev)
testcases/fix/fix-path.c:71:9: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:71:9: note: suggestion: path_mkdir(&path, dentry, mode)
testcases/fix/fix-path.c:80:8: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:80:8: note: suggestion: path_rmdir(&parent_path, victim), with struct path parent_path = { .mnt = nd->path.mnt, .dentry = parent }
testcases/fix/fix-path.c:91:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:91:8: note: suggestion: path_unlink(&dir_path, victim), with struct path dir_path = { .mnt = nd->path.mnt, .dentry = <the dentry of dir> }
testcases/fix/fix-path.c:99:9: warning: vfs_symlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:99:9: note: suggestion: path_symlink(parent_directory_path, new_entry, target_of_the_link, 0777)
testcases/fix/fix-path.c:105:9: warning: vfs_link() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:105:9: note: suggestion: path_link(old, dir, new)
testcases/fix/fix-path.c:114:8: warning: vfs_rename() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:114:8: note: suggestion: path_rename(from, old, to, new)
testcases/fix/fix-path.c:122:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:122:9: note: suggestion: path_setattr(&file->f_path, ia)
testcases/fix/fix-path.c:131:9: warning: vfs_setxattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:131:9: note: suggestion: path_setxattr(&dentry_path, name, value, size, 0), with struct path dentry_path = { .mnt = path->mnt, .dentry = dentry }
testcases/fix/fix-path.c:145:8: warning: vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:144:2: note: result of mnt_want_write() not checked
testcases/fix/fix-path.c:145:8: note: suggestion: path_removexattr(&dentry_path, name), with struct path dentry_path = { .mnt = mnt, .dentry = dentry }
testcases/fix/fix-path.c:146:2: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/fix/fix-path.c:144:2: note: result of mnt_want_write() not checked
testcases/fix/fix-path.c:153:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:153:9: note: suggestion: path_unlink(&dir_path, dentry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = <the dentry of dir> }
testcases/fix/fix-path.c:159:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:159:9: note: suggestion: path_unlink(path, dentry)
testcases/fix/fix-path.c:165:9: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:165:9: note: suggestion: path_mkdir(&dir_path, dentry, mode), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = dir }
testcases/fix/fix-path.c:171:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:171:9: note: suggestion: path_rmdir(path, dentry)
testcases/fix/fix-path.c:178:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/fix-path.c:178:9: note: suggestion: path_unlink(path, dentry)
 * check-output-end
 */
#include "wb.h"

struct inode *d_inode(const struct dentry *dentry);

#define UNLINK_IT(dir, d)	vfs_unlink(dir, d)

/* The directory of a nameidata pointer: &nd->path. */
int fix_create(struct nameidata *nd, struct dentry *dentry, int mode)
{
	int err;

	err = vfs_create(nd->path.dentry->d_inode, dentry, mode, nd);	/* expect: missing-write-bracket */
	return err;
}

/* A struct path pointer, through d_inode(): path. */
int fix_mknod(struct path *path, struct dentry *dentry, dev_t dev)
{
	return vfs_mknod(d_inode(path->dentry), dentry, 0600, dev);	/* expect: missing-write-bracket */
}

/* A struct path on the stack: &path. */
int fix_mkdir(struct file *file, struct dentry *dentry, int mode)
{
	struct path path = file->f_path;

	return vfs_mkdir(path.dentry->d_inode, dentry, mode);	/* expect: missing-write-bracket */
}

/* A dentry local that holds one value: seen through to &nd->path. */
int fix_rmdir(struct nameidata *nd, struct dentry *victim)
{
	struct dentry *parent = nd->path.dentry;
	int err;

	err = vfs_rmdir(parent->d_inode, victim);	/* expect: missing-write-bracket */
	return err;
}

/* An inode local stored once, after its declaration. */
int fix_unlink(struct nameidata *nd, struct dentry *victim)
{
	struct inode *dir;
	int err;

	dir = nd->path.dentry->d_inode;
	err = vfs_unlink(dir, victim);	/* expect: missing-write-bracket */
	return err;
}

/* Long arguments: the call is laid out again within 80 columns. */
int fix_symlink(struct path *parent_directory_path, struct dentry *new_entry,
		const char *target_of_the_link)
{
	return vfs_symlink(parent_directory_path->dentry->d_inode, new_entry, target_of_the_link, 0777);	/* expect: missing-write-bracket */
}

/* vfs_link: the directory is the second argument. */
int fix_link(struct dentry *old, struct path *dir, struct dentry *new)
{
	return vfs_link(old, dir->dentry->d_inode, new);	/* expect: missing-write-bracket */
}

/* vfs_rename: both directories become struct paths. */
int fix_rename(struct path *from, struct dentry *old, struct path *to,
	       struct dentry *new)
{
	int err;

	err = vfs_rename(from->dentry->d_inode, old,	/* expect: missing-write-bracket */
			 to->dentry->d_inode, new);
	return err;
}

/* notify_change: the object is the dentry itself. */
int fix_setattr(struct file *file, struct iattr *ia)
{
	return notify_change(file->f_path.dentry, ia);	/* expect: missing-write-bracket */
}

/* vfs_setxattr on a dentry local of a struct path. */
int fix_setxattr(struct path *path, const char *name, const void *value,
		 size_t size)
{
	struct dentry *dentry = path->dentry;

	return vfs_setxattr(dentry, name, value, size, 0);	/* expect: missing-write-bracket */
}

/*
 * The bracket is taken but never checked: the dentry has no struct path,
 * so one is built from the bracket's mount (the unchecked acquire and
 * its drop stay, still reported).
 */
int fix_removexattr(struct vfsmount *mnt, struct dentry *dentry,
		    const char *name)
{
	int err;

	mnt_want_write(mnt);
	err = vfs_removexattr(dentry, name);	/* expect: missing-write-bracket */
	mnt_drop_write(mnt);	/* expect: write-bracket-double-drop */
	return err;
}

/* Left alone: a bare inode names no dentry, let alone a mount. */
int leave_bare_inode(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);	/* expect: missing-write-bracket */
}

/* Left alone: the call is written inside a macro. */
int leave_macro(struct path *path, struct dentry *dentry)
{
	return UNLINK_IT(path->dentry->d_inode, dentry);	/* expect: missing-write-bracket */
}

/* Left alone: the dentry has no struct path and nothing names its mount. */
int leave_no_mount(struct dentry *dir, struct dentry *dentry, int mode)
{
	return vfs_mkdir(dir->d_inode, dentry, mode);	/* expect: missing-write-bracket */
}

/* Comments between the arguments stay with the argument they followed. */
int fix_comments(struct path *path, struct dentry *dentry)
{
	return vfs_rmdir(/* the parent */ path->dentry->d_inode,	/* expect: missing-write-bracket */
			 dentry /* the victim */);
}

/* GNU "a ?: b": the condition is one call, fixed once. */
int fix_elvis(struct path *path, struct dentry *dentry)
{
	return vfs_unlink(path->dentry->d_inode, dentry) ?: 1;	/* expect: missing-write-bracket */
}

/*
 * check-name: --convert: the struct path pairs each dentry with its own mount, read from the code
 * check-command: wbcheck -I testcases/include $file
 * fix-command: wbcheck --convert -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/fix/convert-object-mount.c:57:7: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/convert-object-mount.c:57:7: note: suggestion: path_mkdir(&lower_dir_path, lower_dentry, mode), with struct path lower_dir_path = { .mnt = <the vfsmount it lives on>, .dentry = lower_dir }
testcases/fix/convert-object-mount.c:64:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/convert-object-mount.c:64:9: note: suggestion: path_unlink(&lower_dir_path, victim), with struct path lower_dir_path = { .mnt = <the vfsmount it lives on>, .dentry = lower_dir }
testcases/fix/convert-object-mount.c:83:8: warning: vfs_link() modifies 'dir->d_inode', which comes from 'to', under a write bracket on the mount of 'from' [wrong-mount]
testcases/fix/convert-object-mount.c:80:8: note: taken here by mnt_want_write(from->h_export->mnt), on 'from->h_export->mnt'
testcases/fix/convert-object-mount.c:83:8: note: suggestion: take a write bracket on the mount of 'to' instead
testcases/fix/convert-object-mount.c:93:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/fix/convert-object-mount.c:93:9: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = dentry }
 * check-output-end
 */
#include "wb.h"

struct dentry *dget_parent(struct dentry *dentry);

/* A stacked file system keeps its lower path with the dentry: one
 * accessor returns its dentry, a sibling its mount. */
struct stack_dentry {
	struct dentry d;
	struct path lower_path;
};

static inline struct dentry *stack_lower(struct dentry *dentry)
{
	return ((struct stack_dentry *)dentry)->lower_path.dentry;
}

static inline struct vfsmount *stack_lower_mnt(struct dentry *dentry)
{
	return ((struct stack_dentry *)dentry)->lower_path.mnt;
}

static struct dentry *lock_dir(struct dentry *dentry)
{
	struct dentry *dir;

	dir = dget_parent(dentry);
	return dir;
}

/* The lower directory is the lower dentry's parent: the lower mount. */
int stackfs_mkdir(struct inode *dir, struct dentry *dentry, int mode)
{
	struct dentry *lower_dentry;
	struct dentry *lower_dir;
	int rc;

	lower_dentry = stack_lower(dentry);
	lower_dir = lock_dir(lower_dentry);
	rc = vfs_mkdir(lower_dir->d_inode, lower_dentry, mode);	/* expect: missing-write-bracket */
	return rc;
}

/* A dentry with no accessor, no struct path and no bracket: left alone. */
int stackfs_unlink_plain(struct dentry *lower_dir, struct dentry *victim)
{
	return vfs_unlink(lower_dir->d_inode, victim);	/* expect: missing-write-bracket */
}

/* Two handles, the bracket on the other one's mount: the directory gets
 * its own handle's mount, the form the file's brackets use. */
struct handle {
	struct dentry *h_dentry;
	struct path *h_export;
};

int handle_link(struct handle *from, struct handle *to, struct dentry *old,
		struct dentry *new)
{
	struct dentry *dir = to->h_dentry;
	int err;

	err = mnt_want_write(from->h_export->mnt);
	if (err)
		return err;
	err = vfs_link(old, dir->d_inode, new);	/* expect: wrong-mount */
	mnt_drop_write(from->h_export->mnt);
	return err;
}

/* The handle's own form, with no bracket in the function at all. */
int handle_setattr(struct handle *fh, struct iattr *attr)
{
	struct dentry *dentry = fh->h_dentry;

	return notify_change(dentry, attr);	/* expect: missing-write-bracket */
}

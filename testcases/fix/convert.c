/*
 * check-name: --convert: bracketed syscall-style calls become path_* calls, the bracket goes when it covers only them
 * check-command: wbcheck -I testcases/include $file
 * fix-command: wbcheck --convert -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

struct dentry *lookup_create(struct nameidata *nd, int is_dir);
int path_lookup_parent(const char *name, struct nameidata *nd);
void path_put(struct path *path);
void mutex_lock(struct inode *inode);
void mutex_unlock(struct inode *inode);

/* "if (error) goto out_dput;" to the label right after the drop: the
 * bracket and the label go. */
long sys_mkdir(const char *name, int mode)
{
	struct nameidata nd;
	struct dentry *dentry;
	int error;

	error = path_lookup_parent(name, &nd);
	if (error)
		return error;
	dentry = lookup_create(&nd, 1);
	error = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto out_unlock;
	error = mnt_want_write(nd.path.mnt);
	if (error)
		goto out_dput;
	error = vfs_mkdir(nd.path.dentry->d_inode, dentry, mode);
	mnt_drop_write(nd.path.mnt);
out_dput:
	dput(dentry);
out_unlock:
	path_put(&nd.path);
	return error;
}

/* The label stays when another goto uses it. */
long sys_unlink(struct nameidata *nd, struct dentry *dentry)
{
	struct inode *dir = nd->path.dentry->d_inode;
	int error;

	error = -ENOENT;
	if (!dentry->d_inode)
		goto exit_dput;
	error = mnt_want_write(nd->path.mnt);
	if (error)
		goto exit_dput;
	error = vfs_unlink(dir, dentry);
	mnt_drop_write(nd->path.mnt);
exit_dput:
	dput(dentry);
	return error;
}

/* "if (!error) { ... }": the block goes, its body moves out one tab. */
long sys_setxattr(struct nameidata *nd, const char *name, const void *value,
		  size_t size, int flags)
{
	int error;

	error = mnt_want_write(nd->path.mnt);
	if (!error) {
		error = vfs_setxattr(nd->path.dentry, name, value, size, flags);
		mnt_drop_write(nd->path.mnt);
	}
	path_put(&nd->path);
	return error;
}

/* A bracket from the open file: its struct path is &file->f_path. */
long sys_fchmod(struct file *file, umode_t mode)
{
	struct dentry *dentry = file->f_path.dentry;
	struct iattr newattrs;
	int error;

	error = mnt_want_write_file(file);
	if (error)
		return error;
	newattrs.ia_mode = mode;
	mutex_lock(dentry->d_inode);
	error = notify_change(dentry, &newattrs);
	mutex_unlock(dentry->d_inode);
	mnt_drop_write_file(file);
	return error;
}

/* Two writes under one bracket: the calls change, the bracket stays. */
long sys_rename_both(struct path *dir, struct dentry *a, struct dentry *b,
		     struct dentry *c)
{
	int error;

	error = mnt_want_write(dir->mnt);
	if (error)
		return error;
	error = vfs_rename(dir->dentry->d_inode, a, dir->dentry->d_inode, b);
	if (!error)
		error = vfs_unlink(dir->dentry->d_inode, c);
	mnt_drop_write(dir->mnt);
	return error;
}

/* The failure exit skips code that the success path runs: kept. */
long sys_rmdir_count(struct path *dir, struct dentry *victim, int *count)
{
	int error;

	error = mnt_want_write(dir->mnt);
	if (error)
		goto out;
	error = vfs_rmdir(dir->dentry->d_inode, victim);
	mnt_drop_write(dir->mnt);
	(*count)++;
out:
	return error;
}

/* Already converted: nothing to do. */
long sys_link(struct dentry *old, struct path *dir, struct dentry *new)
{
	return path_link(old, dir, new);
}

/* A local that only named the bracket's mount goes with the bracket. */
long sys_rmdir_local(struct path *dir, struct dentry *victim)
{
	struct vfsmount *mnt = dir->mnt;
	int error;

	error = mnt_want_write(mnt);
	if (error)
		return error;
	error = vfs_rmdir(dir->dentry->d_inode, victim);
	mnt_drop_write(mnt);
	return error;
}

/* One still used elsewhere stays. */
long sys_rmdir_local_used(struct path *dir, struct dentry *victim)
{
	struct vfsmount *mnt = dir->mnt;
	int error;

	if (!mnt)
		return -EINVAL;
	error = mnt_want_write(mnt);
	if (error)
		return error;
	error = vfs_rmdir(dir->dentry->d_inode, victim);
	mnt_drop_write(mnt);
	return error;
}

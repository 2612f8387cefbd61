/*
 * check-name: --convert: a static helper that only hands its dentry to a guarded call takes the struct path instead
 * check-command: wbcheck -I testcases/include $file
 * fix-command: wbcheck --convert -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

int user_path_walk(const char *name, struct nameidata *nd);
void path_put(struct path *path);

/* Its callers all have the struct path: it takes it, they pass it, and
 * the bracket around each call, which covered only it, goes. */
static int set_owner(struct dentry *dentry, int uid)
{
	struct iattr newattrs;
	struct inode *inode = dentry->d_inode;

	newattrs.ia_valid = uid;
	if (!inode)
		return -2;
	return notify_change(dentry, &newattrs);
}

long sys_owner(const char *name, int uid)
{
	struct nameidata nd;
	int error;

	error = user_path_walk(name, &nd);
	if (error)
		return error;
	error = mnt_want_write(nd.path.mnt);
	if (error)
		goto out;
	error = set_owner(nd.path.dentry, uid);
	mnt_drop_write(nd.path.mnt);
out:
	path_put(&nd.path);
	return error;
}

long sys_fowner(struct file *file, int uid)
{
	int error;

	error = mnt_want_write(file->f_path.mnt);
	if (error)
		return error;
	error = set_owner(file->f_path.dentry, uid);
	mnt_drop_write(file->f_path.mnt);
	return error;
}

/* One caller has only a dentry: the signature stays, and so does the
 * call its callers' bracket covers. */
static int drop_name(struct dentry *dir, struct dentry *victim)
{
	return vfs_unlink(dir->d_inode, victim);
}

long sys_drop(struct nameidata *nd, struct dentry *victim)
{
	int error;

	error = mnt_want_write(nd->path.mnt);
	if (error)
		return error;
	error = drop_name(nd->path.dentry, victim);
	mnt_drop_write(nd->path.mnt);
	return error;
}

long drop_anywhere(struct vfsmount *mnt, struct dentry *dir,
		   struct dentry *victim)
{
	int error;

	error = mnt_want_write(mnt);
	if (error)
		return error;
	error = drop_name(dir, victim);
	mnt_drop_write(mnt);
	return error;
}

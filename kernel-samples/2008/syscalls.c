/* A sample written for wbcheck: 2.6.26-style system calls that bracket every write correctly. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>
#include <linux/xattr.h>

/* The classic shape: lookup_create(), then the bracket around vfs_mkdir(). */
asmlinkage long sys_mkdirat(int dfd, const char __user *pathname, int mode)
{
	struct nameidata nd;
	struct dentry *dentry;
	char *tmp;
	int error;

	tmp = getname(pathname);
	if (IS_ERR(tmp))
		return PTR_ERR(tmp);
	error = do_path_lookup(dfd, tmp, LOOKUP_PARENT, &nd);
	if (error)
		goto out;
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
	mutex_unlock(&nd.path.dentry->d_inode->i_mutex);
	path_put(&nd.path);
out:
	putname(tmp);
	return error;
}

/* With the 2008 proposal: path_mknod() takes the bracket itself. */
asmlinkage long sys_mknodat(int dfd, const char __user *filename, int mode,
			    unsigned int dev)
{
	struct nameidata nd;
	struct dentry *dentry;
	char *tmp;
	int error;

	tmp = getname(filename);
	if (IS_ERR(tmp))
		return PTR_ERR(tmp);
	error = do_path_lookup(dfd, tmp, LOOKUP_PARENT, &nd);
	if (error)
		goto out;
	dentry = lookup_create(&nd, 0);
	error = PTR_ERR(dentry);
	if (!IS_ERR(dentry)) {
		error = path_mknod(&nd.path, dentry, mode, dev);
		dput(dentry);
	}
	mutex_unlock(&nd.path.dentry->d_inode->i_mutex);
	path_put(&nd.path);
out:
	putname(tmp);
	return error;
}

/* Every failure after the lookup flows through the labels below. */
static long do_unlinkat(int dfd, const char *name)
{
	struct nameidata nd;
	struct dentry *dentry;
	struct inode *dir;
	int error;

	error = do_path_lookup(dfd, name, LOOKUP_PARENT, &nd);
	if (error)
		return error;
	error = -EISDIR;
	if (nd.last_type != LAST_NORM)
		goto exit_put;
	dir = nd.path.dentry->d_inode;
	mutex_lock_nested(&dir->i_mutex, I_MUTEX_PARENT);
	dentry = lookup_one_len((const char *)nd.last.name, nd.path.dentry,
				nd.last.len);
	error = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto exit_unlock;
	error = -ENOENT;
	if (!dentry->d_inode)
		goto exit_dput;
	error = mnt_want_write(nd.path.mnt);
	if (error)
		goto exit_dput;
	error = vfs_unlink(dir, dentry);
	mnt_drop_write(nd.path.mnt);
exit_dput:
	dput(dentry);
exit_unlock:
	mutex_unlock(&dir->i_mutex);
exit_put:
	path_put(&nd.path);
	return error;
}

asmlinkage long sys_unlinkat(int dfd, const char __user *pathname)
{
	char *tmp = getname(pathname);
	long error;

	if (IS_ERR(tmp))
		return PTR_ERR(tmp);
	error = do_unlinkat(dfd, tmp);
	putname(tmp);
	return error;
}

/* Both parents must be on one mount, so one bracket covers the rename. */
long do_renameat(struct nameidata *oldnd, struct nameidata *newnd)
{
	struct dentry *old_dir = oldnd->path.dentry, *new_dir = newnd->path.dentry;
	struct dentry *old_dentry, *new_dentry, *trap;
	int error;

	if (oldnd->path.mnt != newnd->path.mnt)
		return -EXDEV;
	trap = lock_rename(new_dir, old_dir);
	old_dentry = lookup_one_len((const char *)oldnd->last.name, old_dir,
				    oldnd->last.len);
	error = PTR_ERR(old_dentry);
	if (IS_ERR(old_dentry))
		goto exit_unlock;
	new_dentry = lookup_one_len((const char *)newnd->last.name, new_dir,
				    newnd->last.len);
	error = PTR_ERR(new_dentry);
	if (IS_ERR(new_dentry))
		goto exit_old;
	error = -EINVAL;
	if (old_dentry == trap || new_dentry == trap)
		goto exit_new;
	error = mnt_want_write(oldnd->path.mnt);
	if (error)
		goto exit_new;
	error = vfs_rename(old_dir->d_inode, old_dentry,
			   new_dir->d_inode, new_dentry);
	mnt_drop_write(oldnd->path.mnt);
exit_new:
	dput(new_dentry);
exit_old:
	dput(old_dentry);
exit_unlock:
	unlock_rename(new_dir, old_dir);
	return error;
}

/* The bracket comes from the open file. */
asmlinkage long sys_fchmod(unsigned int fd, mode_t mode)
{
	struct iattr newattrs;
	struct dentry *dentry;
	struct file *file;
	int error = -EBADF;

	file = fget(fd);
	if (!file)
		return error;
	dentry = file->f_path.dentry;
	error = mnt_want_write_file(file);
	if (error)
		goto out_fput;
	newattrs.ia_mode = mode & S_IALLUGO;
	newattrs.ia_valid = ATTR_MODE | ATTR_CTIME;
	mutex_lock(&dentry->d_inode->i_mutex);
	error = notify_change(dentry, &newattrs);
	mutex_unlock(&dentry->d_inode->i_mutex);
	mnt_drop_write_file(file);
out_fput:
	fput(file);
	return error;
}

/* The "if (!error)" shape of the xattr system calls. */
long sys_setxattr_kernel(const char __user *pathname, const char *name,
			 const void *value, size_t size, int flags)
{
	struct nameidata nd;
	int error;

	error = user_path_walk(pathname, &nd);
	if (error)
		return error;
	error = mnt_want_write(nd.path.mnt);
	if (!error) {
		error = vfs_setxattr(nd.path.dentry, name, value, size, flags);
		mnt_drop_write(nd.path.mnt);
	}
	path_put(&nd.path);
	return error;
}

long sys_removexattr_kernel(const char __user *pathname, const char *name)
{
	struct nameidata nd;
	int error;

	error = user_path_walk(pathname, &nd);
	if (error)
		return error;
	error = mnt_want_write(nd.path.mnt);
	if (!error) {
		error = vfs_removexattr(nd.path.dentry, name);
		mnt_drop_write(nd.path.mnt);
	}
	path_put(&nd.path);
	return error;
}

/* A loop: one bracket per directory removed, taken and dropped each time. */
int rmdir_batch(struct path *dir, const char *const *names, int count)
{
	struct inode *inode = dir->dentry->d_inode;
	struct dentry *victim;
	int i, error = 0;

	for (i = 0; i < count && !error; i++) {
		error = mnt_want_write(dir->mnt);
		if (error)
			break;
		mutex_lock_nested(&inode->i_mutex, I_MUTEX_PARENT);
		victim = lookup_one_len(names[i], dir->dentry, strlen(names[i]));
		error = PTR_ERR(victim);
		if (!IS_ERR(victim)) {
			error = vfs_rmdir(inode, victim);
			dput(victim);
		}
		mutex_unlock(&inode->i_mutex);
		mnt_drop_write(dir->mnt);
	}
	return error;
}

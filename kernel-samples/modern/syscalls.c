/* A sample written for wbcheck: 6.x-style system calls that bracket every write correctly. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>
#include <linux/xattr.h>

/*
 * user_path_create() hands back the new dentry with the bracket held on
 * path.mnt; done_path_create() drops it.  The ESTALE retry is a loop.
 */
long do_mkdirat(int dfd, const char __user *pathname, umode_t mode)
{
	unsigned int lookup_flags = LOOKUP_DIRECTORY;
	struct dentry *dentry;
	struct path path;
	int error;

retry:
	dentry = user_path_create(dfd, pathname, &path, lookup_flags);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	error = vfs_mkdir(mnt_idmap(path.mnt), d_inode(path.dentry), dentry,
			  mode);
	done_path_create(&path, dentry);
	if (retry_estale(error, lookup_flags)) {
		lookup_flags |= LOOKUP_REVAL;
		goto retry;
	}
	return error;
}

/* The in-kernel flavour, as used by early userspace setup. */
int init_mknod(const char *filename, umode_t mode, unsigned int dev)
{
	struct dentry *dentry;
	struct path path;
	int error;

	dentry = kern_path_create(AT_FDCWD, filename, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	error = vfs_mknod(mnt_idmap(path.mnt), d_inode(path.dentry), dentry,
			  mode, dev);
	done_path_create(&path, dentry);
	return error;
}

/*
 * Every failure flows through the labels; a delegation break drops the
 * inode lock, waits, and loops back while still holding the bracket.
 */
long do_unlinkat(const char *dirname, const char *name)
{
	struct inode *delegated_inode = NULL;
	struct dentry *dentry;
	struct path path;
	struct inode *dir;
	int error;

	error = kern_path(dirname, LOOKUP_DIRECTORY, &path);
	if (error)
		return error;
	dir = d_inode(path.dentry);
	error = mnt_want_write(path.mnt);
	if (error)
		goto exit_put;
retry_deleg:
	inode_lock_nested(dir, I_MUTEX_PARENT);
	dentry = lookup_one_len(name, path.dentry, strlen(name));
	error = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto exit_unlock;
	error = -ENOENT;
	if (d_really_is_negative(dentry))
		goto exit_dput;
	error = vfs_unlink(mnt_idmap(path.mnt), dir, dentry, &delegated_inode);
exit_dput:
	dput(dentry);
exit_unlock:
	inode_unlock(dir);
	if (delegated_inode) {
		error = break_deleg_wait(&delegated_inode);
		if (!error)
			goto retry_deleg;
	}
	mnt_drop_write(path.mnt);
exit_put:
	path_put(&path);
	return error;
}

/* Both parents must be on one mount, so one bracket covers the rename. */
long do_renameat(struct path *old_dir, const char *old_name,
		 struct path *new_dir, const char *new_name, unsigned int flags)
{
	struct renamedata rd = { .flags = flags };
	struct dentry *trap;
	int error;

	if (old_dir->mnt != new_dir->mnt)
		return -EXDEV;
	error = mnt_want_write(old_dir->mnt);
	if (error)
		return error;
	trap = lock_rename(new_dir->dentry, old_dir->dentry);
	rd.old_dentry = lookup_one_len(old_name, old_dir->dentry,
				       strlen(old_name));
	error = PTR_ERR(rd.old_dentry);
	if (IS_ERR(rd.old_dentry))
		goto exit_unlock;
	rd.new_dentry = lookup_one_len(new_name, new_dir->dentry,
				       strlen(new_name));
	error = PTR_ERR(rd.new_dentry);
	if (IS_ERR(rd.new_dentry))
		goto exit_old;
	error = -EINVAL;
	if (rd.old_dentry == trap || rd.new_dentry == trap)
		goto exit_new;
	rd.old_mnt_idmap = rd.new_mnt_idmap = mnt_idmap(old_dir->mnt);
	rd.old_dir = d_inode(old_dir->dentry);
	rd.new_dir = d_inode(new_dir->dentry);
	error = vfs_rename(&rd);
exit_new:
	dput(rd.new_dentry);
exit_old:
	dput(rd.old_dentry);
exit_unlock:
	unlock_rename(new_dir->dentry, old_dir->dentry);
	mnt_drop_write(old_dir->mnt);
	return error;
}

/* The bracket comes from the open file. */
long do_fchmod(unsigned int fd, umode_t mode)
{
	struct iattr newattrs;
	struct file *file;
	struct inode *inode;
	int error = -EBADF;

	file = fget(fd);
	if (!file)
		return error;
	inode = file_inode(file);
	error = mnt_want_write_file(file);
	if (error)
		goto out_fput;
	newattrs.ia_mode = mode & S_IALLUGO;
	newattrs.ia_valid = ATTR_MODE | ATTR_CTIME;
	inode_lock(inode);
	error = notify_change(file_mnt_idmap(file), file->f_path.dentry,
			      &newattrs, NULL);
	inode_unlock(inode);
	mnt_drop_write_file(file);
out_fput:
	fput(file);
	return error;
}

/* The "if (!error)" shape of the xattr system calls. */
long do_setxattr_at(int dfd, const char __user *pathname, const char *name,
		    const void *value, size_t size, int flags)
{
	struct path path;
	int error;

	error = user_path_at(dfd, pathname, LOOKUP_FOLLOW, &path);
	if (error)
		return error;
	error = mnt_want_write(path.mnt);
	if (!error) {
		error = vfs_setxattr(mnt_idmap(path.mnt), path.dentry, name,
				     value, size, flags);
		mnt_drop_write(path.mnt);
	}
	path_put(&path);
	return error;
}

long do_removexattr_at(int dfd, const char __user *pathname, const char *name)
{
	struct path path;
	int error;

	error = user_path_at(dfd, pathname, LOOKUP_FOLLOW, &path);
	if (error)
		return error;
	error = mnt_want_write(path.mnt);
	if (!error) {
		error = vfs_removexattr(mnt_idmap(path.mnt), path.dentry, name);
		mnt_drop_write(path.mnt);
	}
	path_put(&path);
	return error;
}

/* A loop: one bracket per directory removed, taken and dropped each time. */
int rmdir_batch(struct path *dir, const char *const *names, int count)
{
	struct inode *inode = d_inode(dir->dentry);
	struct dentry *victim;
	int i, error = 0;

	for (i = 0; i < count && !error; i++) {
		error = mnt_want_write(dir->mnt);
		if (error)
			break;
		inode_lock_nested(inode, I_MUTEX_PARENT);
		victim = lookup_one_len(names[i], dir->dentry, strlen(names[i]));
		error = PTR_ERR(victim);
		if (!IS_ERR(victim)) {
			error = vfs_rmdir(mnt_idmap(dir->mnt), inode, victim);
			dput(victim);
		}
		inode_unlock(inode);
		mnt_drop_write(dir->mnt);
	}
	return error;
}

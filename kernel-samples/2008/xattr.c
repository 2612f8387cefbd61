/* A sample written for wbcheck: setting and removing extended attributes, with and without the bracket. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>
#include <linux/xattr.h>

/* Correct: the "if (!error)" shape. */
int set_label(struct path *path, const char *label)
{
	int error;

	error = mnt_want_write(path->mnt);
	if (!error) {
		error = vfs_setxattr(path->dentry, "security.label", label,
				     strlen(label), 0);
		mnt_drop_write(path->mnt);
	}
	return error;
}

/* Correct: goto-style unwinding. */
int clear_label(struct path *path)
{
	int error;

	error = mnt_want_write(path->mnt);
	if (error)
		goto out;
	error = vfs_removexattr(path->dentry, "security.label");
	if (error == -ENODATA)
		error = 0;
	mnt_drop_write(path->mnt);
out:
	return error;
}

/* Correct: the bracket of an open file. */
long file_set_xattr(unsigned int fd, const char *name, const void *value,
		    size_t size, int flags)
{
	struct file *f;
	long error = -EBADF;

	f = fget(fd);
	if (!f)
		return error;
	error = mnt_want_write_file(f);
	if (!error) {
		error = vfs_setxattr(f->f_path.dentry, name, value, size,
				     flags);
		mnt_drop_write_file(f);
	}
	fput(f);
	return error;
}

/* Correct with the 2008 proposal: path_*xattr() bracket internally. */
int replace_label(struct path *path, const char *label)
{
	int error;

	error = path_removexattr(path, "security.label");
	if (error && error != -ENODATA)
		return error;
	return path_setxattr(path, "security.label", label, strlen(label),
			     XATTR_CREATE);
}

/* Buggy: no bracket at all. */
int set_label_unbracketed(struct dentry *dentry, const char *label)
{
	return vfs_setxattr(dentry, "security.label", label, strlen(label), /* expect: missing-write-bracket */
			    XATTR_REPLACE);
}

/* Buggy: no bracket at all. */
int clear_label_unbracketed(struct dentry *dentry)
{
	int error;

	error = vfs_removexattr(dentry, "security.label"); /* expect: missing-write-bracket */
	return error == -ENODATA ? 0 : error;
}

/*
 * Buggy: only the directory branch takes the bracket; the regular file
 * branch reaches vfs_setxattr() without it.
 */
int set_owner_tag(struct path *path, const char *tag)
{
	struct inode *inode = path->dentry->d_inode;
	size_t len = strlen(tag);
	int error;

	if (len > XATTR_SIZE_MAX)
		return -ERANGE;
	if (S_ISDIR(inode->i_mode)) {
		error = mnt_want_write(path->mnt);
		if (error)
			return error;
		error = vfs_setxattr(path->dentry, "trusted.owner", tag, len, 0);
		mnt_drop_write(path->mnt);
		return error;
	}
	return vfs_setxattr(path->dentry, "trusted.owner", tag, len, 0); /* expect: missing-write-bracket */
}

/* Correct: one bracket held across a loop of removals. */
int strip_xattrs(struct path *path, const char *const *names, int count)
{
	int i, error;

	error = mnt_want_write(path->mnt);
	if (error)
		return error;
	for (i = 0; i < count; i++) {
		error = vfs_removexattr(path->dentry, names[i]);
		if (error && error != -ENODATA)
			break;
		error = 0;
	}
	mnt_drop_write(path->mnt);
	return error;
}

/* A sample written for wbcheck: an attribute ioctl on an open file. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>

/*
 * Change @file's attributes.  Write access is taken with the file
 * flavour, which must be dropped with mnt_drop_write_file(): the plain
 * drop misses what the file flavour took for a file not opened for
 * writing.
 */
int attr_ioctl_setattr(struct file *file, struct iattr *attr)
{
	struct dentry *dentry = file->f_path.dentry;
	struct inode *inode = d_inode(dentry);
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	inode_lock(inode);
	err = notify_change(&nop_mnt_idmap, dentry, attr, NULL);
	inode_unlock(inode);
	mnt_drop_write(file->f_path.mnt); /* expect: write-bracket-mismatch */
	return err;
}

/* The same, paired. */
int attr_ioctl_setattr_fixed(struct file *file, struct iattr *attr)
{
	struct dentry *dentry = file->f_path.dentry;
	struct inode *inode = d_inode(dentry);
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	inode_lock(inode);
	err = notify_change(&nop_mnt_idmap, dentry, attr, NULL);
	inode_unlock(inode);
	mnt_drop_write_file(file);
	return err;
}

/* A helper taking the plain flavour, released with the file flavour. */
static int attr_want_write(struct file *file)
{
	return mnt_want_write(file->f_path.mnt);
}

int attr_ioctl_clear(struct file *file, struct iattr *attr)
{
	int err;

	err = attr_want_write(file);
	if (err)
		return err;
	err = notify_change(&nop_mnt_idmap, file->f_path.dentry, attr, NULL);
	mnt_drop_write_file(file); /* expect: write-bracket-mismatch */
	return err;
}

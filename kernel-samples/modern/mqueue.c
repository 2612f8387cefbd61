/* A sample written for wbcheck: a POSIX message queue filesystem creating queues under a write bracket. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/string.h>

struct mq_attr {
	long	mq_flags;
	long	mq_maxmsg;
	long	mq_msgsize;
	long	mq_curmsgs;
};

/* One instance of the queue filesystem, internally mounted. */
struct mq_namespace {
	struct vfsmount		*mq_mnt;
	unsigned int		mq_queues_count;
	unsigned int		mq_queues_max;
};

/* Provided by the queue code: open an existing queue. */
int mq_open_existing(struct mq_namespace *ns, struct dentry *dentry, int oflag);

/*
 * Create the queue inode.  Takes no bracket of its own: both callers hold
 * one on ns->mq_mnt, so wbcheck stays silent at both call sites.
 */
static int do_create(struct mq_namespace *ns, struct inode *dir,
		     struct dentry *dentry, umode_t mode, struct mq_attr *attr)
{
	struct mq_attr *copy = NULL;
	int ret;

	if (ns->mq_queues_count >= ns->mq_queues_max)
		return -ENOSPC;
	if (attr) {
		copy = kmalloc(sizeof(*copy), GFP_KERNEL);
		if (!copy)
			return -ENOMEM;
		memcpy(copy, attr, sizeof(*copy));
	}
	/* The inode constructor picks the attributes up from here. */
	dentry->d_fsdata = copy;
	ret = vfs_create(&nop_mnt_idmap, dir, dentry, mode, true);
	dentry->d_fsdata = NULL;
	kfree(copy);
	if (!ret)
		ns->mq_queues_count++;
	return ret;
}

/*
 * mq_create(): the result of mnt_want_write() is kept in @ret and the
 * bracket is released at the common exit only if it was taken.
 */
long mq_create(struct mq_namespace *ns, const char *name, umode_t mode,
	       struct mq_attr *attr)
{
	struct vfsmount *mnt = ns->mq_mnt;
	struct dentry *root = mnt->mnt_root;
	struct dentry *dentry;
	int ret, error;

	ret = mnt_want_write(mnt);
	error = ret;
	if (ret)
		goto out;
	inode_lock(d_inode(root));
	dentry = lookup_one_len(name, root, strlen(name));
	if (IS_ERR(dentry)) {
		error = PTR_ERR(dentry);
		goto out_unlock;
	}
	if (d_really_is_positive(dentry))
		error = -EEXIST;
	else
		error = do_create(ns, d_inode(root), dentry, mode, attr);
	dput(dentry);
out_unlock:
	inode_unlock(d_inode(root));
out:
	if (!ret)
		mnt_drop_write(mnt);
	return error;
}

/*
 * mq_open(): a failed mnt_want_write() only matters when a queue has to
 * be created, so the result is remembered in @ro, checked right before
 * do_create() and the bracket released much later under "if (!ro)".
 */
long mq_open(struct mq_namespace *ns, const char *name, int oflag,
	     umode_t mode, struct mq_attr *attr)
{
	struct vfsmount *mnt = ns->mq_mnt;
	struct dentry *root = mnt->mnt_root;
	struct dentry *dentry;
	int ro, error;

	ro = mnt_want_write(mnt);	/* dropped below if it succeeded */
	inode_lock(d_inode(root));
	dentry = lookup_one_len(name, root, strlen(name));
	if (IS_ERR(dentry)) {
		error = PTR_ERR(dentry);
		goto out_unlock;
	}
	if (oflag & O_CREAT) {
		if (d_really_is_positive(dentry)) {
			error = -EEXIST;
			if (!(oflag & O_EXCL))
				error = mq_open_existing(ns, dentry, oflag);
		} else if (ro) {
			error = ro;
		} else {
			error = do_create(ns, d_inode(root), dentry, mode, attr);
			if (!error)
				error = mq_open_existing(ns, dentry, oflag);
		}
	} else if (d_really_is_negative(dentry)) {
		error = -ENOENT;
	} else {
		error = mq_open_existing(ns, dentry, oflag);
	}
	dput(dentry);
out_unlock:
	inode_unlock(d_inode(root));
	if (!ro)
		mnt_drop_write(mnt);
	return error;
}

/* mq_unlink(): the plain bracket around vfs_unlink(). */
long mq_unlink(struct mq_namespace *ns, const char *name)
{
	struct vfsmount *mnt = ns->mq_mnt;
	struct dentry *root = mnt->mnt_root;
	struct dentry *dentry;
	int err;

	inode_lock_nested(d_inode(root), I_MUTEX_PARENT);
	dentry = lookup_one_len(name, root, strlen(name));
	if (IS_ERR(dentry)) {
		err = PTR_ERR(dentry);
		goto out_unlock;
	}
	err = -ENOENT;
	if (d_really_is_negative(dentry))
		goto out_dput;
	err = mnt_want_write(mnt);
	if (err)
		goto out_dput;
	err = vfs_unlink(&nop_mnt_idmap, d_inode(root), dentry, NULL);
	mnt_drop_write(mnt);
	if (!err)
		ns->mq_queues_count--;
out_dput:
	dput(dentry);
out_unlock:
	inode_unlock(d_inode(root));
	return err;
}

/* A sample written for wbcheck: a cache directory under a looked-up root. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>

struct cache {
	const char	*root;
	umode_t		mode;
};

/*
 * Make @name under the cache root.  Write access is taken on the
 * root's mount before the lookup that fills the path.
 */
int cache_mkdir(struct cache *cache, const char *name)
{
	struct path path;
	struct dentry *dentry;
	int err;

	err = mnt_want_write(path.mnt); /* expect: path-uninitialized */
	if (err)
		return err;
	err = kern_path(cache->root, LOOKUP_DIRECTORY, &path);
	if (err)
		goto out_drop;
	inode_lock_nested(d_inode(path.dentry), I_MUTEX_PARENT);
	dentry = lookup_one_len(name, path.dentry, strlen(name));
	err = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto out_unlock;
	err = vfs_mkdir(&nop_mnt_idmap, d_inode(path.dentry), dentry,
			cache->mode);
	dput(dentry);
out_unlock:
	inode_unlock(d_inode(path.dentry));
	path_put(&path);
out_drop:
	mnt_drop_write(path.mnt);
	return err;
}

/* The same in the right order: look up, then take write access. */
int cache_mkdir_fixed(struct cache *cache, const char *name)
{
	struct path path;
	struct dentry *dentry;
	int err;

	err = kern_path(cache->root, LOOKUP_DIRECTORY, &path);
	if (err)
		return err;
	err = mnt_want_write(path.mnt);
	if (err)
		goto out_put;
	inode_lock_nested(d_inode(path.dentry), I_MUTEX_PARENT);
	dentry = lookup_one_len(name, path.dentry, strlen(name));
	err = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto out_unlock;
	err = vfs_mkdir(&nop_mnt_idmap, d_inode(path.dentry), dentry,
			cache->mode);
	dput(dentry);
out_unlock:
	inode_unlock(d_inode(path.dentry));
	mnt_drop_write(path.mnt);
out_put:
	path_put(&path);
	return err;
}

/* kern_path_create() fills the path it is given. */
int cache_mknod(const char *name, umode_t mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mknod(&nop_mnt_idmap, d_inode(path.dentry), dentry, mode, 0);
	done_path_create(&path, dentry);
	return err;
}

/* A sample written for wbcheck: a cache directory converted to path_*. */
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/string.h>

struct cache {
	const char	*root;
	int		mode;
};

/*
 * Make @name under the cache root.  The conversion to path_mkdir()
 * introduced a struct path for the parent but fills it only after the
 * lookup that already reads it.
 */
int cache_mkdir(struct cache *cache, const char *name)
{
	struct nameidata nd;
	struct path path;
	struct dentry *dentry;
	int err;

	err = path_lookup(cache->root, LOOKUP_DIRECTORY, &nd);
	if (err)
		return err;
	mutex_lock_nested(&nd.path.dentry->d_inode->i_mutex, I_MUTEX_PARENT);
	dentry = lookup_one_len(name, path.dentry, strlen(name)); /* expect: path-uninitialized */
	err = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto out_unlock;
	path = nd.path;
	err = path_mkdir(&path, dentry, cache->mode);
	dput(dentry);
out_unlock:
	mutex_unlock(&nd.path.dentry->d_inode->i_mutex);
	path_put(&nd.path);
	return err;
}

/* The same, with the path filled before anything reads it. */
int cache_mkdir_fixed(struct cache *cache, const char *name)
{
	struct nameidata nd;
	struct path path;
	struct dentry *dentry;
	int err;

	err = path_lookup(cache->root, LOOKUP_DIRECTORY, &nd);
	if (err)
		return err;
	path = nd.path;
	mutex_lock_nested(&path.dentry->d_inode->i_mutex, I_MUTEX_PARENT);
	dentry = lookup_one_len(name, path.dentry, strlen(name));
	err = PTR_ERR(dentry);
	if (IS_ERR(dentry))
		goto out_unlock;
	err = path_mkdir(&path, dentry, cache->mode);
	dput(dentry);
out_unlock:
	mutex_unlock(&path.dentry->d_inode->i_mutex);
	path_put(&nd.path);
	return err;
}

/* Only the lookup branch fills the path; the other hands it on unset. */
int cache_unlink(struct cache *cache, struct dentry *victim, int relookup)
{
	struct nameidata nd;
	struct path path;
	int err;

	if (relookup) {
		err = path_lookup(cache->root, LOOKUP_DIRECTORY, &nd);
		if (err)
			return err;
		path = nd.path;
	}
	mutex_lock_nested(&victim->d_parent->d_inode->i_mutex, I_MUTEX_PARENT);
	err = path_unlink(&path, victim); /* expect: path-uninitialized */
	mutex_unlock(&victim->d_parent->d_inode->i_mutex);
	return err;
}

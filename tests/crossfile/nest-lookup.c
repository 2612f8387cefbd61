/* A lookup that takes the bracket on a parent's mount and puts the child
 * on it, and a helper that takes the bracket itself; their caller is in
 * nest-open.c. */
#include "wb-modern.h"

struct vfsmount *mntget(struct vfsmount *mnt);
void path_put(const struct path *path);
int lookup_parent(const char *name, struct path *parent, const char **last);
struct dentry *lookup_child(const char *last, struct dentry *parent);

int xf_lookup_locked(const char *name, struct path *parent, struct path *path)
{
	const char *last;
	struct dentry *d;
	int err;

	err = lookup_parent(name, parent, &last);
	if (err)
		return err;
	err = mnt_want_write(parent->mnt);
	if (err) {
		path_put(parent);
		return err;
	}
	d = lookup_child(last, parent->dentry);
	if (IS_ERR(d)) {
		mnt_drop_write(parent->mnt);
		path_put(parent);
		return PTR_ERR(d);
	}
	path->dentry = d;
	path->mnt = mntget(parent->mnt);
	return 0;
}

void xf_unlock(struct path *parent, struct path *path)
{
	mnt_drop_write(parent->mnt);
	path_put(path);
	path_put(parent);
}

int xf_setxattr(const struct path *path, const char *name, const void *value,
		size_t len)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_setxattr(mnt_idmap(path->mnt), path->dentry, name, value,
			   len, 0);
	mnt_drop_write(path->mnt);
	return err;
}

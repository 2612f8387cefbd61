/*
 * check-name: write-bracket-nested: a child looked up on its parent's mount, the parent's bracket held
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/nested/lookup-alias.c:88:8: warning: srv_setxattr() takes a write bracket on the mount inside, while it is already held on this path [write-bracket-nested]
testcases/nested/lookup-alias.c:85:8: note: already taken here by srv_lookup_locked(name, &parent, &path), through mnt_want_write()
testcases/nested/lookup-alias.c:85:8: note: srv_lookup_locked() copies 'parent.mnt' into 'path.mnt' here
testcases/nested/lookup-alias.c:67:9: note: srv_setxattr() takes it here by mnt_want_write(path->mnt)
testcases/nested/lookup-alias.c:88:8: note: suggestion: call srv_setxattr() outside a write bracket on the mount, or tell it that its caller holds it (a flag it tests)
 * check-output-end
 */
#include "wb-modern.h"

struct vfsmount *mntget(struct vfsmount *mnt);
void path_put(const struct path *path);
int lookup_parent(const char *name, struct path *parent, const char **last);
struct dentry *lookup_child(const char *last, struct dentry *parent);
int lookup_name(const char *name, struct path *path);

/*
 * Looks NAME up: its parent into PARENT, with the bracket taken on the
 * parent's mount and kept for the caller, and the child into PATH, on
 * the parent's mount.
 */
static int srv_lookup_locked(const char *name, struct path *parent,
			     struct path *path)
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

static void srv_unlock(struct path *parent, struct path *path)
{
	mnt_drop_write(parent->mnt);
	path_put(path);
	path_put(parent);
}

/* Sets one attribute, taking the bracket itself when asked to. */
static int srv_setxattr(const struct path *path, const char *name,
			const void *value, size_t len, bool get_write)
{
	int err;

	if (get_write) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	}
	err = vfs_setxattr(mnt_idmap(path->mnt), path->dentry, name, value,
			   len, 0);
	if (get_write)
		mnt_drop_write(path->mnt);
	return err;
}

/* The child's attribute is set with its parent's bracket held: the
 * helper takes it again on the same mount. */
int srv_open_set_ea(const char *name, const void *value, size_t len)
{
	struct path parent, path;
	int err;

	err = srv_lookup_locked(name, &parent, &path);
	if (err)
		return err;
	err = srv_setxattr(&path, "user.dosattrib", value, len, true);	/* expect: write-bracket-nested */
	srv_unlock(&parent, &path);
	return err;
}

/* Silent: the fix tells the helper that the bracket is held. */
int srv_open_set_ea_fixed(const char *name, const void *value, size_t len)
{
	struct path parent, path;
	int err;

	err = srv_lookup_locked(name, &parent, &path);
	if (err)
		return err;
	err = srv_setxattr(&path, "user.dosattrib", value, len, false);
	srv_unlock(&parent, &path);
	return err;
}

/* Silent: another name's path, looked up apart, may be on another mount. */
int srv_copy_ea(const char *name, const char *other, const void *value,
		size_t len)
{
	struct path parent, path, dst;
	int err;

	err = srv_lookup_locked(name, &parent, &path);
	if (err)
		return err;
	err = lookup_name(other, &dst);
	if (!err) {
		err = srv_setxattr(&dst, "user.dosattrib", value, len, true);
		path_put(&dst);
	}
	srv_unlock(&parent, &path);
	return err;
}

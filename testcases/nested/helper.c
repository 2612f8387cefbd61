/*
 * check-name: write-bracket-nested: a helper that takes the bracket, called where it is held
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/nested/helper.c:104:9: warning: srv_set_ea_values() takes a write bracket on the mount inside, while it is already held on this path [write-bracket-nested]
testcases/nested/helper.c:98:8: note: already taken here by mnt_want_write(path->mnt)
testcases/nested/helper.c:87:9: note: srv_set_ea_values() calls srv_setxattr() here, which takes it
testcases/nested/helper.c:37:9: note: srv_setxattr() takes it here by mnt_want_write(path->mnt)
testcases/nested/helper.c:104:9: note: suggestion: call srv_set_ea_values() outside a write bracket on the mount, or tell it that its caller holds it (a flag it tests)
testcases/nested/helper.c:121:9: warning: srv_set_ea() takes a write bracket on the mount inside, while it is already held on this path [write-bracket-nested]
testcases/nested/helper.c:115:8: note: already taken here by mnt_want_write(path->mnt)
testcases/nested/helper.c:71:10: note: srv_set_ea() calls srv_removexattr() here, which takes it
testcases/nested/helper.c:53:8: note: srv_removexattr() takes it here by mnt_want_write(path->mnt)
testcases/nested/helper.c:121:9: note: suggestion: call srv_set_ea() outside a write bracket on the mount, or tell it that its caller holds it (a flag it tests)
 * check-output-end
 */
#include "wb-modern.h"

/* One extended attribute of a request, as a list. */
struct ea_entry {
	struct ea_entry *next;
	const char *name;
	const void *value;
	size_t len;
};

/* Sets one attribute, taking the bracket itself when asked to. */
int srv_setxattr(struct mnt_idmap *idmap, const struct path *path,
		 const char *name, const void *value, size_t len,
		 bool get_write)
{
	int err;

	if (get_write) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	}
	err = vfs_setxattr(idmap, path->dentry, name, value, len, 0);
	if (get_write)
		mnt_drop_write(path->mnt);
	return err;
}

/* Removes one, always taking the bracket. */
int srv_removexattr(struct mnt_idmap *idmap, const struct path *path,
		    const char *name)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_removexattr(idmap, path->dentry, name);
	mnt_drop_write(path->mnt);
	return err;
}

/* Applies a list, telling the setter whether its caller holds the
 * bracket, but not the remover. */
static int srv_set_ea(struct ea_entry *ea, const struct path *path,
		      bool get_write)
{
	struct mnt_idmap *idmap = mnt_idmap(path->mnt);
	int err = 0;

	for (; ea && !err; ea = ea->next) {
		if (!ea->len)
			err = srv_removexattr(idmap, path, ea->name);
		else
			err = srv_setxattr(idmap, path, ea->name, ea->value,
					   ea->len, get_write);
	}
	return err;
}

/* Sets only, passing the flag on. */
static int srv_set_ea_values(struct ea_entry *ea, const struct path *path,
			     bool get_write)
{
	struct mnt_idmap *idmap = mnt_idmap(path->mnt);
	int err = 0;

	for (; ea && !err; ea = ea->next)
		err = srv_setxattr(idmap, path, ea->name, ea->value, ea->len,
				   get_write);
	return err;
}

/* Creates under the bracket, then has the helpers take it again. */
int srv_create_with_ea(struct path *path, struct dentry *dentry,
		       umode_t mode, struct ea_entry *ea)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_create(mnt_idmap(path->mnt), path->dentry->d_inode, dentry,
			 mode, true);
	if (!err)
		err = srv_set_ea_values(ea, path, true);	/* expect: write-bracket-nested */
	mnt_drop_write(path->mnt);
	return err;
}

/* Says it holds it, but the remover takes it regardless. */
int srv_create_with_ea_partial(struct path *path, struct dentry *dentry,
			       umode_t mode, struct ea_entry *ea)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_create(mnt_idmap(path->mnt), path->dentry->d_inode, dentry,
			 mode, true);
	if (!err)
		err = srv_set_ea(ea, path, false);	/* expect: write-bracket-nested */
	mnt_drop_write(path->mnt);
	return err;
}

/* Silent: the flag says the caller holds it, and every helper obeys. */
int srv_create_with_ea_fixed(struct path *path, struct dentry *dentry,
			     umode_t mode, struct ea_entry *ea)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_create(mnt_idmap(path->mnt), path->dentry->d_inode, dentry,
			 mode, true);
	if (!err)
		err = srv_set_ea_values(ea, path, false);
	mnt_drop_write(path->mnt);
	return err;
}

/* Silent: with no bracket held, the helpers take their own. */
int srv_set_info(struct file *file, struct ea_entry *ea)
{
	return srv_set_ea(ea, &file->f_path, true);
}

/* Silent: the attributes are set after the bracket is dropped. */
int srv_create_then_ea(struct path *path, struct dentry *dentry,
		       umode_t mode, struct ea_entry *ea)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = vfs_create(mnt_idmap(path->mnt), path->dentry->d_inode, dentry,
			 mode, true);
	mnt_drop_write(path->mnt);
	if (err)
		return err;
	return srv_set_ea(ea, path, true);
}

/* Silent: the helper takes the bracket on another path's mount. */
int srv_copy_ea(struct path *from, struct path *to, struct ea_entry *ea)
{
	int err;

	err = mnt_want_write(from->mnt);
	if (err)
		return err;
	err = srv_set_ea(ea, to, true);
	if (!err)
		err = vfs_removexattr(mnt_idmap(from->mnt), from->dentry,
				      "user.moved");
	mnt_drop_write(from->mnt);
	return err;
}

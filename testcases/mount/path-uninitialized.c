/*
 * check-name: path-uninitialized: a struct path local read before it is filled on some path
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/mount/path-uninitialized.c:27:2: warning: 'path' may be read here before it is filled [path-uninitialized]
testcases/mount/path-uninitialized.c:27:2: note: suggestion: fill 'path' (a lookup such as kern_path(), or an assignment) on every path before this call
testcases/mount/path-uninitialized.c:49:8: warning: 'path' may be read here before it is filled [path-uninitialized]
testcases/mount/path-uninitialized.c:49:8: note: suggestion: fill 'path' (a lookup such as kern_path(), or an assignment) on every path before this call
testcases/mount/path-uninitialized.c:59:8: warning: 'path' may be read here before it is filled [path-uninitialized]
testcases/mount/path-uninitialized.c:59:8: note: suggestion: fill 'path' (a lookup such as kern_path(), or an assignment) on every path before this call
testcases/mount/path-uninitialized.c:173:9: warning: 'path' may be read here before it is filled [path-uninitialized]
testcases/mount/path-uninitialized.c:173:9: note: suggestion: fill 'path' (a lookup such as kern_path(), or an assignment) on every path before this call
 * check-output-end
 */
#include "wb.h"
#include "locks.h"

/* The series' own bug: the directory is locked through the path before
 * the lookup that fills it. */
int mkdir_lock_before_lookup(const char *name, struct dentry *dentry, int mode)
{
	struct path path;
	int err;

	mutex_lock(&path.dentry->d_inode->i_mutex);	/* expect: path-uninitialized */
	err = kern_path(name, LOOKUP_DIRECTORY, &path);
	if (err)
		return err;
	err = path_mkdir(&path, dentry, mode);
	mutex_unlock(&path.dentry->d_inode->i_mutex);
	path_put(&path);
	return err;
}

/* Filled on one branch only, then handed to a path_* helper. */
int unlink_one_branch(const char *name, struct path *parent,
		      struct dentry *dentry, int lookup)
{
	struct path path;
	int err = 0;

	if (lookup) {
		err = kern_path(name, LOOKUP_DIRECTORY, &path);
		if (err)
			return err;
	}
	err = path_unlink(&path, dentry);	/* expect: path-uninitialized */
	return err;
}

/* The bracket taken on a mount that was never set. */
int setattr_unset_mount(struct dentry *dentry, struct iattr *attr)
{
	struct path path;
	int err;

	err = mnt_want_write(path.mnt);	/* expect: path-uninitialized */
	if (err)
		return err;
	err = notify_change(dentry, attr);
	mnt_drop_write(path.mnt);
	return err;
}

/* Filled first: silent. */
int mkdir_after_lookup(const char *name, struct dentry *dentry, int mode)
{
	struct path path;
	int err;

	err = kern_path(name, LOOKUP_DIRECTORY, &path);
	if (err)
		return err;
	mutex_lock(&path.dentry->d_inode->i_mutex);
	err = path_mkdir(&path, dentry, mode);
	mutex_unlock(&path.dentry->d_inode->i_mutex);
	path_put(&path);
	return err;
}

/* Filled member by member, or by its initialiser: silent. */
int rmdir_members(struct vfsmount *mnt, struct dentry *dir,
		  struct dentry *dentry)
{
	struct path path;

	path.mnt = mnt;
	path.dentry = dir;
	return path_rmdir(&path, dentry);
}

int rmdir_initialised(struct vfsmount *mnt, struct dentry *dir,
		      struct dentry *dentry)
{
	struct path path = { .mnt = mnt, .dentry = dir };

	return path_rmdir(&path, dentry);
}

/* Copied whole on both branches: silent. */
int unlink_both_branches(struct file *file, struct path *other,
			 struct dentry *dentry)
{
	struct path path;

	if (file)
		path = file->f_path;
	else
		path = *other;
	return path_unlink(&path, dentry);
}

/* Handed to a function wbcheck does not know, which may fill it: silent. */
void fill_parent(struct dentry *dentry, struct path *out);

int unlink_unknown_filler(struct dentry *dentry)
{
	struct path path;

	fill_parent(dentry, &path);
	return path_unlink(&path, dentry);
}

/* kern_path_create() fills its path argument: silent. */
int mkdir_created(const char *name, int mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mkdir(path.dentry->d_inode, dentry, mode);
	done_path_create(&path, dentry);
	return err;
}

/* Read only when a flag says the lookup ran: silent (ksmbd's open). */
int open_maybe_query(const char *name, struct dentry *dentry, int reconnect,
		     int query)
{
	struct path path;
	bool looked_up = false;
	int err;

	if (reconnect)
		goto reconnected;
	err = kern_path(name, 0, &path);
	if (err)
		return err;
	looked_up = query;
reconnected:
	if (looked_up)
		err = path_unlink(&path, dentry);
	return 0;
}

/* The same with the flag set before the lookup can fail: it fires. */
int open_flag_too_early(const char *name, struct dentry *dentry, int reconnect)
{
	struct path path;
	bool query = true;
	int err = 0;

	if (reconnect)
		goto reconnected;
	err = kern_path(name, 0, &path);
reconnected:
	if (query)
		err = path_unlink(&path, dentry);	/* expect: path-uninitialized */
	return err;
}

/* Assigned a call's value (a struct path returned whole): silent. */
struct path parent_of(struct dentry *dentry);

int unlink_returned_path(struct dentry *dentry)
{
	struct path path;

	path = parent_of(dentry);
	return path_unlink(&path, dentry);
}

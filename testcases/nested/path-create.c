/*
 * check-name: write-bracket-nested: mnt_want_write() after kern_path_create(), which took it
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/nested/path-create.c:64:8: warning: mnt_want_write() takes a write bracket on the mount that is already held on this path [write-bracket-nested]
testcases/nested/path-create.c:61:11: note: already taken here by share_path_create(req, name, 0, &path), through kern_path_create()
testcases/nested/path-create.c:64:8: note: suggestion: rely on a write bracket on the mount taken at line 61, or release it before taking it again
testcases/nested/path-create.c:85:8: warning: mnt_want_write() takes a write bracket on the mount that is already held on this path [write-bracket-nested]
testcases/nested/path-create.c:82:11: note: already taken here by kern_path_create(AT_FDCWD, full, &path, LOOKUP_DIRECTORY)
testcases/nested/path-create.c:85:8: note: suggestion: rely on a write bracket on the mount taken at line 82, or release it before taking it again
testcases/nested/path-create.c:108:8: warning: mnt_want_write() takes a write bracket on the mount that is already held on this path [write-bracket-nested]
testcases/nested/path-create.c:102:11: note: already taken here by share_path_create(req, newname, 0, &newpath), through kern_path_create()
testcases/nested/path-create.c:108:8: note: suggestion: rely on a write bracket on the mount taken at line 102, or release it before taking it again
 * check-output-end
 */
#include "wb-modern.h"

#define EXDEV	18

/* A server's share: names are resolved under its root. */
struct share {
	struct path root;
	const char *root_name;
};

struct request {
	struct share *share;
};

char *share_full_name(struct share *share, const char *name);
void free_name(char *name);

/*
 * Looks a new name up under the share, as kern_path_create() does: on
 * success the parent is locked and the bracket on its mount is held
 * until done_path_create().
 */
static struct dentry *share_path_create(struct request *req, const char *name,
					unsigned int flags, struct path *path)
{
	struct dentry *dentry;
	char *full;

	full = share_full_name(req->share, name);
	if (!full)
		return ERR_PTR(-ENOMEM);
	dentry = kern_path_create(AT_FDCWD, full, path, flags);
	free_name(full);
	return dentry;
}

/* The create path takes the bracket a second time on the same mount. */
int share_create(struct request *req, const char *name, umode_t mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = share_path_create(req, name, 0, &path);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = mnt_want_write(path.mnt);	/* expect: write-bracket-nested */
	if (err)
		goto out;
	err = vfs_create(mnt_idmap(path.mnt), path.dentry->d_inode, dentry,
			 mode, true);
	mnt_drop_write(path.mnt);
out:
	done_path_create(&path, dentry);
	return err;
}

/* So does the mkdir path, with kern_path_create() called directly. */
int share_mkdir(const char *full, umode_t mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, full, &path, LOOKUP_DIRECTORY);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = mnt_want_write(path.mnt);	/* expect: write-bracket-nested */
	if (!err) {
		err = vfs_mkdir(mnt_idmap(path.mnt), path.dentry->d_inode,
				dentry, mode);
		mnt_drop_write(path.mnt);
	}
	done_path_create(&path, dentry);
	return err;
}

/* And the link path, on the new name's path. */
int share_link(struct request *req, struct path *oldpath, const char *newname)
{
	struct dentry *dentry;
	struct path newpath;
	int err;

	dentry = share_path_create(req, newname, 0, &newpath);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = -EXDEV;
	if (oldpath->mnt != newpath.mnt)
		goto out;
	err = mnt_want_write(newpath.mnt);	/* expect: write-bracket-nested */
	if (err)
		goto out;
	err = vfs_link(oldpath->dentry, mnt_idmap(newpath.mnt),
		       newpath.dentry->d_inode, dentry, NULL);
	mnt_drop_write(newpath.mnt);
out:
	done_path_create(&newpath, dentry);
	return err;
}

/* Silent: the fix, relying on the bracket kern_path_create() took. */
int share_create_fixed(struct request *req, const char *name, umode_t mode)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = share_path_create(req, name, 0, &path);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_create(mnt_idmap(path.mnt), path.dentry->d_inode, dentry,
			 mode, true);
	done_path_create(&path, dentry);
	return err;
}

/* Silent: done_path_create() released it before the second take. */
int share_mkdir_then_chmod(const char *full, umode_t mode,
			   struct iattr *attr)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, full, &path, LOOKUP_DIRECTORY);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mkdir(mnt_idmap(path.mnt), path.dentry->d_inode, dentry, mode);
	done_path_create(&path, dentry);
	if (err)
		return err;
	err = mnt_want_write(path.mnt);
	if (err)
		return err;
	err = notify_change(mnt_idmap(path.mnt), dentry, attr, NULL);
	mnt_drop_write(path.mnt);
	return err;
}

/* Silent: the new name's lookup fills the path again; what it finds is
 * another object, not the one whose mount is held. */
int share_two_names(struct path *dir, const char *full, umode_t mode)
{
	struct dentry *dentry;
	int err;

	err = mnt_want_write(dir->mnt);
	if (err)
		return err;
	dentry = kern_path_create(AT_FDCWD, full, dir, 0);
	if (IS_ERR(dentry)) {
		mnt_drop_write(dir->mnt);
		return PTR_ERR(dentry);
	}
	err = vfs_mkdir(mnt_idmap(dir->mnt), dir->dentry->d_inode, dentry, mode);
	done_path_create(dir, dentry);
	mnt_drop_write(dir->mnt);
	return err;
}

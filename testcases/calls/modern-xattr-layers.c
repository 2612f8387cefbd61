/*
 * check-name: idmap API: the xattr layers under vfs_setxattr and vfs_removexattr need the bracket
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/modern-xattr-layers.c:101:8: warning: __vfs_setxattr_locked() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-xattr-layers.c:101:8: note: suggestion: take the bracket around the call: err = mnt_want_write(lower->mnt); if (err) ...; then mnt_drop_write(lower->mnt) after it
testcases/calls/modern-xattr-layers.c:104:9: warning: __vfs_removexattr_locked() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-xattr-layers.c:104:9: note: suggestion: take the bracket around the call: err = mnt_want_write(lower->mnt); if (err) ...; then mnt_drop_write(lower->mnt) after it
testcases/calls/modern-xattr-layers.c:116:8: warning: __vfs_setxattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-xattr-layers.c:116:8: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/modern-xattr-layers.c:120:8: warning: __vfs_setxattr_noperm() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-xattr-layers.c:120:8: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/calls/modern-xattr-layers.c:124:9: warning: __vfs_removexattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-xattr-layers.c:124:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb-modern.h"

void inode_lock(struct inode *inode);
void inode_unlock(struct inode *inode);

/* A server's SETXATTR: the handle's mount, then the inode lock. */
int xl_server_set_ok(struct path *path, const char *name, const void *buf,
		     size_t len, int flags)
{
	struct inode *inode = path->dentry->d_inode;
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	inode_lock(inode);
	err = __vfs_setxattr_locked(mnt_idmap(path->mnt), path->dentry, name,
				    buf, len, flags, NULL);
	inode_unlock(inode);
	mnt_drop_write(path->mnt);
	return err;
}

int xl_server_remove_ok(struct path *path, const char *name)
{
	struct inode *inode = path->dentry->d_inode;
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	inode_lock(inode);
	err = __vfs_removexattr_locked(mnt_idmap(path->mnt), path->dentry,
				       name, NULL);
	inode_unlock(inode);
	mnt_drop_write(path->mnt);
	return err;
}

/* A stacking filesystem writing its metadata on the lower file. */
int xl_lower_meta_ok(struct file *lower_file, const char *name,
		     const void *value, size_t size)
{
	struct dentry *lower_dentry = lower_file->f_path.dentry;
	struct inode *lower_inode = lower_dentry->d_inode;
	int err;

	err = mnt_want_write_file(lower_file);
	if (err)
		return err;
	inode_lock(lower_inode);
	err = __vfs_setxattr(file_mnt_idmap(lower_file), lower_dentry,
			     lower_inode, name, value, size, 0);
	if (!err)
		err = __vfs_removexattr(file_mnt_idmap(lower_file),
					lower_dentry, "user.stale");
	inode_unlock(lower_inode);
	mnt_drop_write_file(lower_file);
	return err;
}

/* A security module storing a label it computed itself. */
int xl_label_ok(struct path *path, const void *label, size_t len)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = __vfs_setxattr_noperm(mnt_idmap(path->mnt), path->dentry,
				    "security.label", label, len, 0);
	mnt_drop_write(path->mnt);
	return err;
}

int xl_lower_meta_bare(struct path *lower, const char *name,
		       const void *value, size_t size)
{
	struct inode *lower_inode = lower->dentry->d_inode;
	int err;

	inode_lock(lower_inode);
	err = __vfs_setxattr_locked(mnt_idmap(lower->mnt), lower->dentry,	/* expect: missing-write-bracket */
				    name, value, size, 0, NULL);
	if (!err)
		err = __vfs_removexattr_locked(mnt_idmap(lower->mnt),	/* expect: missing-write-bracket */
					       lower->dentry, "user.stale",
					       NULL);
	inode_unlock(lower_inode);
	return err;
}

int xl_raw_bare(struct dentry *dentry, const char *name, const void *value,
		size_t size, struct mnt_idmap *idmap)
{
	int err;

	err = __vfs_setxattr(idmap, dentry, dentry->d_inode, name, value,	/* expect: missing-write-bracket */
			     size, 0);
	if (err)
		return err;
	err = __vfs_setxattr_noperm(idmap, dentry, "security.label", value,	/* expect: missing-write-bracket */
				    size, 0);
	if (err)
		return err;
	return __vfs_removexattr(idmap, dentry, "user.stale");	/* expect: missing-write-bracket */
}

/*
 * check-name: idmap API: vfs_mkdir and vfs_symlink under kern_path_create; vfs_create, vfs_mknod, vfs_link bare
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/modern-create-link.c:43:10: warning: vfs_mknod() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-create-link.c:43:10: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/calls/modern-create-link.c:44:9: warning: vfs_create() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-create-link.c:44:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/calls/modern-create-link.c:50:9: warning: vfs_link() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-create-link.c:50:9: note: suggestion: take the bracket around the call: err = mnt_want_write(new_path->mnt); if (err) ...; then mnt_drop_write(new_path->mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

int modern_create_ok(const char *name, umode_t mode, const char *target)
{
	struct mnt_idmap *idmap;
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	idmap = mnt_idmap(path.mnt);
	if (target)
		err = vfs_symlink(idmap, path.dentry->d_inode, dentry, target);
	else
		err = vfs_mkdir(idmap, path.dentry->d_inode, dentry, mode);
	done_path_create(&path, dentry);
	return err;
}

int modern_create_bare(struct path *path, struct dentry *dentry, umode_t mode,
		       dev_t dev)
{
	struct mnt_idmap *idmap = mnt_idmap(path->mnt);
	struct inode *dir = path->dentry->d_inode;

	if (dev)
		return vfs_mknod(idmap, dir, dentry, mode, dev);	/* expect: missing-write-bracket */
	return vfs_create(idmap, dir, dentry, mode, true);	/* expect: missing-write-bracket */
}

int modern_link_bare(struct dentry *old_dentry, struct path *new_path,
		     struct dentry *new_dentry)
{
	return vfs_link(old_dentry, mnt_idmap(new_path->mnt),	/* expect: missing-write-bracket */
			new_path->dentry->d_inode, new_dentry, NULL);
}

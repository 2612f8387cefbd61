/*
 * check-name: vfs_mkobj needs the bracket (the same form in every era)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/mkobj.c:49:9: warning: vfs_mkobj() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/mkobj.c:49:9: note: suggestion: use kern_path_create()/done_path_create(), which take the bracket themselves, or take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb-modern.h"

static int obj_make(struct dentry *dentry, umode_t mode, void *arg)
{
	return arg ? 0 : -EINVAL;
}

/* A pin under a name, with the parent from kern_path_create(). */
int obj_pin_ok(const char *name, umode_t mode, void *obj)
{
	struct dentry *dentry;
	struct path path;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mkobj(dentry, mode, obj_make, obj);
	done_path_create(&path, dentry);
	return err;
}

/* A queue created on an internal mount, bracket taken in the function. */
int obj_queue_ok(struct vfsmount *mnt, struct dentry *dentry, umode_t mode,
		 void *attr)
{
	int err;

	err = mnt_want_write(mnt);
	if (err)
		return err;
	err = vfs_mkobj(dentry, mode, obj_make, attr);
	mnt_drop_write(mnt);
	return err;
}

int obj_queue_bare(struct dentry *dentry, umode_t mode, void *attr)
{
	return vfs_mkobj(dentry, mode, obj_make, attr);	/* expect: missing-write-bracket */
}

/*
 * check-name: write-bracket-nested: fh_want_write() is a no-op on a handle that already holds the bracket
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/nested/parked.c:87:8: warning: fh_want_write() takes a write bracket on the mount that is already held on this path [write-bracket-nested]
testcases/nested/parked.c:84:8: note: already taken here by mnt_want_write(root->mnt)
testcases/nested/parked.c:87:8: note: suggestion: rely on a write bracket on the mount taken at line 84, or release it before taking it again
 * check-output-end
 */
#include "fh.h"

/* Takes the bracket through the handle unless it already holds it. */
static int fh_setattr_locked(struct svc_fh *fhp, struct iattr *iap)
{
	int err;

	err = fh_want_write(fhp);
	if (err)
		return err;
	return notify_change(fhp->fh_dentry, iap);
}

/* Silent: the second fh_want_write() sees the flag the first set. */
int fh_create_setattr(struct svc_fh *fhp, struct dentry *dchild,
		      struct iattr *iap)
{
	int err;

	err = fh_want_write(fhp);
	if (err)
		return err;
	err = vfs_mkdir(fhp->fh_dentry->d_inode, dchild, 0755);
	if (!err)
		err = fh_want_write(fhp);
	if (!err)
		err = notify_change(dchild, iap);
	fh_put(fhp);
	return err;
}

/* Silent: nor does a helper that takes it through the same handle. */
int fh_create_then_helper(struct svc_fh *fhp, struct dentry *dchild,
			  struct iattr *iap)
{
	int err;

	err = fh_want_write(fhp);
	if (err)
		return err;
	err = vfs_mkdir(fhp->fh_dentry->d_inode, dchild, 0755);
	if (!err)
		err = fh_setattr_locked(fhp, iap);
	fh_put(fhp);
	return err;
}

/* Silent: two handles, each takes its own. */
int fh_two_handles(struct svc_fh *ffhp, struct svc_fh *tfhp,
		   struct dentry *odentry, struct dentry *ndentry)
{
	int err;

	err = fh_want_write(ffhp);
	if (err)
		return err;
	err = fh_want_write(tfhp);
	if (!err)
		err = vfs_link(odentry, tfhp->fh_dentry->d_inode, ndentry);
	fh_put(tfhp);
	fh_put(ffhp);
	return err;
}

/* A bracket taken behind the handle's back: its flag is not set, so
 * fh_want_write() takes it again. */
int fh_bypass(struct svc_fh *fhp, struct iattr *iap)
{
	struct path *root;
	int err;

	root = &fhp->fh_export->ex_path;
	err = mnt_want_write(root->mnt);
	if (err)
		return err;
	err = fh_want_write(fhp);	/* expect: write-bracket-nested */
	if (!err)
		err = notify_change(fhp->fh_dentry, iap);
	fh_drop_write(fhp);
	mnt_drop_write(root->mnt);
	return err;
}

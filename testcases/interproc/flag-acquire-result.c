/*
 * check-name: the result of the caller's acquire handed to a helper that writes only when it says success
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/flag-acquire-result.c:60:9: warning: q_prepare() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/flag-acquire-result.c:59:3: note: dropped here by mnt_drop_write()
testcases/interproc/flag-acquire-result.c:57:7: note: mnt_want_write() may fail here, and the failure path continues
testcases/interproc/flag-acquire-result.c:35:9: note: q_prepare() calls vfs_mkobj() here when 'ro' is false, relying on its caller for a write bracket on the mount
testcases/interproc/flag-acquire-result.c:60:9: note: suggestion: take the bracket around the call: err = mnt_want_write(mnt); if (err) ...; then mnt_drop_write(mnt) after it
testcases/interproc/flag-acquire-result.c:70:8: warning: q_prepare() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/flag-acquire-result.c:69:7: note: result of mnt_want_write() not checked
testcases/interproc/flag-acquire-result.c:35:9: note: q_prepare() calls vfs_mkobj() here when 'ro' is false, relying on its caller for a write bracket on the mount
testcases/interproc/flag-acquire-result.c:70:8: note: suggestion: take the bracket around the call: err = mnt_want_write(mnt); if (err) ...; then mnt_drop_write(mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

static int q_make(struct dentry *dentry, umode_t mode, void *arg)
{
	return arg ? 0 : -EINVAL;
}

/*
 * A queue that does not exist yet is made only when @ro, the caller's
 * mnt_want_write() result, says the bracket was taken.
 */
static int q_prepare(struct dentry *dentry, int ro, umode_t mode, void *attr)
{
	if (dentry->d_inode)
		return 0;
	if (ro)
		return ro;
	return vfs_mkobj(dentry, mode, q_make, attr);
}

/* The bracket's result goes in untested: held exactly when it is 0. */
int q_open_ok(struct vfsmount *mnt, struct dentry *dentry, umode_t mode,
	      void *attr)
{
	int ro, err;

	ro = mnt_want_write(mnt);	/* dropped below if it was taken */
	err = q_prepare(dentry, ro, mode, attr);
	if (!ro)
		mnt_drop_write(mnt);
	return err;
}

/* Dropped before the helper runs: 0 no longer means held. */
int q_open_dropped(struct vfsmount *mnt, struct dentry *dentry, umode_t mode,
		   void *attr)
{
	int ro;

	ro = mnt_want_write(mnt);
	if (!ro)
		mnt_drop_write(mnt);
	return q_prepare(dentry, ro, mode, attr);	/* expect: missing-write-bracket */
}

/* Another value in its place: nothing says the bracket is held. */
int q_open_forced(struct vfsmount *mnt, struct dentry *dentry, umode_t mode,
		  void *attr)
{
	int ro, err;

	ro = mnt_want_write(mnt);
	err = q_prepare(dentry, 0, mode, attr);	/* expect: missing-write-bracket */
	if (!ro)
		mnt_drop_write(mnt);
	return err;
}

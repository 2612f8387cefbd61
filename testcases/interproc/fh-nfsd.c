/*
 * check-name: nfsd-style fh_want_write with a flag, dropped by fh_drop_write/fh_put on every path
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/fh-nfsd.c:47:2: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/fh-nfsd.c:46:2: note: result of fh_want_write() not checked
testcases/interproc/fh-nfsd.c:47:2: note: suggestion: path_mkdir(&fh_dentry_path, dchild, 0755), with struct path fh_dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = fhp->fh_dentry }
testcases/interproc/fh-nfsd.c:63:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/fh-nfsd.c:61:2: note: dropped here by fh_drop_write()
testcases/interproc/fh-nfsd.c:63:9: note: suggestion: path_setattr(&dchild_path, iap), with struct path dchild_path = { .mnt = <the vfsmount it lives on>, .dentry = dchild }
 * check-output-end
 */
#include "fh.h"

/* fh_put() on the error path is a no-op: the flag was never set. */
int fh_remove(struct svc_fh *fhp, struct dentry *rdentry)
{
	int err;

	err = fh_want_write(fhp);
	if (err)
		goto out;
	err = vfs_unlink(fhp->fh_dentry->d_inode, rdentry);
	fh_drop_write(fhp);
out:
	fh_put(fhp);
	return err;
}

/* fh_put() alone releases the bracket on the success path. */
int fh_setattr(struct svc_fh *fhp, struct iattr *iap)
{
	int err = fh_want_write(fhp);

	if (!err)
		err = notify_change(fhp->fh_dentry, iap);
	fh_put(fhp);
	return err;
}

/* The result of fh_want_write is ignored. */
void fh_mkdir_unchecked(struct svc_fh *fhp, struct dentry *dchild)
{
	fh_want_write(fhp);
	vfs_mkdir(fhp->fh_dentry->d_inode, dchild, 0755);	/* expect: missing-write-bracket */
	fh_put(fhp);
}

/* A second change after fh_drop_write is outside the bracket. */
int fh_mkdir_then_setattr(struct svc_fh *fhp, struct dentry *dchild,
			  struct iattr *iap)
{
	int err;

	err = fh_want_write(fhp);
	if (err)
		return err;
	err = vfs_mkdir(fhp->fh_dentry->d_inode, dchild, 0755);
	fh_drop_write(fhp);
	if (!err)
		err = notify_change(dchild, iap);	/* expect: missing-write-bracket */
	fh_put(fhp);
	return err;
}

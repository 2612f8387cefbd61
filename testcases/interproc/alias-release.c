/*
 * check-name: a release made only when two parameters are one object (nfsd's fh_compose)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/alias-release.c:117:9: warning: vfs_create() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/alias-release.c:115:8: note: dropped here by demo_compose()
testcases/interproc/alias-release.c:117:9: note: suggestion: path_create(&fh_dentry_path, child, 0644, NULL), with struct path fh_dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = dir->fh_dentry }
testcases/interproc/alias-release.c:131:9: warning: vfs_create() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/alias-release.c:129:8: note: dropped here by demo_compose_ne()
testcases/interproc/alias-release.c:131:9: note: suggestion: path_create(&fh_dentry_path, child, 0644, NULL), with struct path fh_dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = dir->fh_dentry }
testcases/interproc/alias-release.c:150:9: warning: vfs_mkdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/alias-release.c:148:8: note: dropped here by demo_compose()
testcases/interproc/alias-release.c:150:9: note: when 'dir' and 'res' are the same object, as a caller passes them
testcases/interproc/alias-release.c:150:9: note: suggestion: path_mkdir(&fh_dentry_path, child, 0755), with struct path fh_dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = dir->fh_dentry }
 * check-output-end
 */
#include "fh.h"

struct demo_req {
	struct svc_fh dir;
	struct svc_fh res;
};

struct svc_export *demo_exp_get(struct svc_export *exp);
int demo_fill(struct svc_fh *fhp, struct dentry *dentry);

/*
 * Composes a handle for DENTRY in FHP.  Composing over the reference
 * handle itself puts it first, bracket and all; a failed fill puts the
 * new handle, which holds no bracket of its own.
 */
static int demo_compose(struct svc_fh *fhp, struct svc_export *exp,
			struct dentry *dentry, struct svc_fh *ref)
{
	if (ref == fhp)
		fh_put(ref);
	fhp->fh_dentry = dentry;
	fhp->fh_export = demo_exp_get(exp);
	if (demo_fill(fhp, dentry)) {
		fh_put(fhp);
		return -116;
	}
	return 0;
}

/* The same test written the other way round. */
static int demo_compose_ne(struct svc_fh *fhp, struct svc_export *exp,
			   struct dentry *dentry, struct svc_fh *ref)
{
	if (ref != fhp)
		goto fill;
	fh_put(ref);
fill:
	fhp->fh_dentry = dentry;
	fhp->fh_export = demo_exp_get(exp);
	return demo_fill(fhp, dentry);
}

/* Two handles: the bracket on DIR's mount survives the compose. */
int demo_create(struct svc_fh *dir, struct svc_fh *res, struct dentry *child)
{
	int err;

	err = fh_want_write(dir);
	if (err)
		return err;
	err = demo_compose(res, dir->fh_export, child, dir);
	if (!err)
		err = vfs_create(dir->fh_dentry->d_inode, child, 0644, NULL);
	fh_drop_write(dir);
	return err;
}

int demo_create_ne(struct svc_fh *dir, struct svc_fh *res,
		   struct dentry *child)
{
	int err;

	err = fh_want_write(dir);
	if (err)
		return err;
	err = demo_compose_ne(res, dir->fh_export, child, dir);
	if (!err)
		err = vfs_create(dir->fh_dentry->d_inode, child, 0644, NULL);
	fh_drop_write(dir);
	return err;
}

/* No reference handle at all. */
int demo_create_noref(struct svc_fh *dir, struct svc_fh *res,
		      struct dentry *child)
{
	int err;

	err = fh_want_write(dir);
	if (err)
		return err;
	err = demo_compose(res, dir->fh_export, child, NULL);
	if (!err)
		err = vfs_create(dir->fh_dentry->d_inode, child, 0644, NULL);
	fh_drop_write(dir);
	return err;
}

/* One handle composed over itself: the bracket is gone. */
int demo_create_over(struct svc_fh *dir, struct dentry *child)
{
	int err;

	err = fh_want_write(dir);
	if (err)
		return err;
	err = demo_compose(dir, dir->fh_export, child, dir);
	if (!err)
		err = vfs_create(dir->fh_dentry->d_inode, child, 0644, NULL);	/* expect: missing-write-bracket */
	fh_drop_write(dir);
	return err;
}

int demo_create_over_ne(struct svc_fh *dir, struct dentry *child)
{
	int err;

	err = fh_want_write(dir);
	if (err)
		return err;
	err = demo_compose_ne(dir, dir->fh_export, child, dir);
	if (!err)
		err = vfs_create(dir->fh_dentry->d_inode, child, 0644, NULL);	/* expect: missing-write-bracket */
	fh_drop_write(dir);
	return err;
}

/*
 * The pair handed on: demo_make() is one object or two as its callers
 * choose, and only the caller that passes one handle twice is wrong.
 */
static int demo_make(struct svc_fh *dir, struct svc_fh *res,
		     struct dentry *child)
{
	int err;

	err = fh_want_write(dir);
	if (err)
		return err;
	err = demo_compose(res, dir->fh_export, child, dir);
	if (!err)
		err = vfs_mkdir(dir->fh_dentry->d_inode, child, 0755);	/* expect: missing-write-bracket */
	fh_drop_write(dir);
	return err;
}

int demo_make_two(struct demo_req *rq, struct dentry *child)
{
	return demo_make(&rq->dir, &rq->res, child);
}

int demo_make_one(struct demo_req *rq, struct dentry *child)
{
	return demo_make(&rq->dir, &rq->dir, child);
}

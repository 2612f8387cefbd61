/*
 * check-name: a helper that takes the bracket only for a handle not yet verified (nfsd_setattr's get_write_count)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/field-flag.c:177:2: warning: returns with a write bracket on the mount still held (taken by fh_want_write()) [write-bracket-leak]
testcases/interproc/field-flag.c:174:8: note: taken here by fh_want_write(fhp)
testcases/interproc/field-flag.c:206:9: warning: demo_setattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/field-flag.c:86:9: note: demo_setattr() calls notify_change() here when 'fhp->fh_dentry' is set on entry, relying on its caller for a write bracket on the mount
testcases/interproc/field-flag.c:206:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/interproc/field-flag.c:219:17: warning: demo_setattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/field-flag.c:86:9: note: demo_setattr() calls notify_change() here when 'fhp->fh_dentry' is set on entry, relying on its caller for a write bracket on the mount
testcases/interproc/field-flag.c:219:17: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/interproc/field-flag.c:231:9: warning: demo_setattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/field-flag.c:86:9: note: demo_setattr() calls notify_change() here when 'fhp->fh_dentry' is set on entry, relying on its caller for a write bracket on the mount
testcases/interproc/field-flag.c:231:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/interproc/field-flag.c:245:17: warning: demo_setattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/field-flag.c:86:9: note: demo_setattr() calls notify_change() here when 'fhp->fh_dentry' is set on entry, relying on its caller for a write bracket on the mount
testcases/interproc/field-flag.c:245:17: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/interproc/field-flag.c:267:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/field-flag.c:263:9: note: fh_want_write() is only taken when 'get_write' is true
testcases/interproc/field-flag.c:276:17: note: demo_setattr_reset() is called here from demo_proc_reset(), which does not hold it either
testcases/interproc/field-flag.c:267:9: note: suggestion: path_setattr(&fh_dentry_path, attr), with struct path fh_dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = fhp->fh_dentry }
testcases/interproc/field-flag.c:317:17: warning: demo_setattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/field-flag.c:86:9: note: demo_setattr() calls notify_change() here when 'fhp->fh_dentry' is set on entry, relying on its caller for a write bracket on the mount
testcases/interproc/field-flag.c:317:17: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "fh.h"

struct demo_args {
	struct svc_fh fh;
	struct iattr attr;
};

struct demo_res {
	struct svc_fh fh;
	int status;
};

struct demo_rqst {
	void *rq_argp;
	void *rq_resp;
};

int demo_verify(struct demo_rqst *rqstp, struct svc_fh *fhp);

/* The bundled rules know these two by name: both leave fh_dentry NULL,
 * and both return their first argument. */
static inline struct svc_fh *fh_init(struct svc_fh *fhp)
{
	fhp->fh_dentry = NULL;
	fhp->fh_export = NULL;
	fhp->fh_want_write = false;
	return fhp;
}

static inline struct svc_fh *fh_copy(struct svc_fh *dst,
				     const struct svc_fh *src)
{
	*dst = *src;
	return dst;
}

/*
 * A handle the caller has not verified yet is verified here, and then
 * this function takes the bracket itself, leaving it in the handle for
 * the caller's fh_put().  A caller that verified the handle first must
 * hold the bracket already.
 */
int demo_setattr(struct demo_rqst *rqstp, struct svc_fh *fhp,
		 struct iattr *attr)
{
	bool get_write = !fhp->fh_dentry;
	int err;

	err = demo_verify(rqstp, fhp);
	if (err)
		return err;
	if (get_write) {
		err = fh_want_write(fhp);
		if (err)
			return err;
	}
	return notify_change(fhp->fh_dentry, attr);
}

/* The same test written as a comparison, the other way round. */
int demo_setattr_cmp(struct demo_rqst *rqstp, struct svc_fh *fhp,
		     struct iattr *attr)
{
	bool verified = fhp->fh_dentry != NULL;
	int err;

	err = demo_verify(rqstp, fhp);
	if (err)
		return err;
	if (!verified) {
		err = fh_want_write(fhp);
		if (err)
			return err;
	}
	return notify_change(fhp->fh_dentry, attr);
}

/* An RPC procedure: the argument handle arrives unverified and is
 * copied into the reply, which the dispatcher puts. */
int demo_proc_setattr(struct demo_rqst *rqstp)
{
	struct demo_args *argp = rqstp->rq_argp;
	struct demo_res *resp = rqstp->rq_resp;

	fh_copy(&resp->fh, &argp->fh);
	resp->status = demo_setattr(rqstp, &resp->fh, &argp->attr);
	return 0;
}

/* The same through the pointer fh_copy() returns. */
int demo_proc_setattr_ptr(struct demo_rqst *rqstp)
{
	struct demo_args *argp = rqstp->rq_argp;
	struct demo_res *resp = rqstp->rq_resp;
	struct svc_fh *fhp;

	fhp = fh_copy(&resp->fh, &argp->fh);
	resp->status = demo_setattr_cmp(rqstp, fhp, &argp->attr);
	return 0;
}

/* A handle of its own, freshly initialised and put. */
int demo_local_handle(struct demo_rqst *rqstp, struct iattr *attr)
{
	struct svc_fh fh;
	int err;

	fh_init(&fh);
	err = demo_setattr(rqstp, &fh, attr);
	fh_put(&fh);
	return err;
}

/* The bracket left in the reply's handle, through the pointer
 * fh_copy() returns: the dispatcher's fh_put() drops it. */
int demo_proc_want_write(struct demo_rqst *rqstp)
{
	struct demo_args *argp = rqstp->rq_argp;
	struct demo_res *resp = rqstp->rq_resp;
	struct svc_fh *fhp;
	int err;

	fhp = fh_copy(&resp->fh, &argp->fh);
	err = demo_verify(rqstp, fhp);
	if (err)
		return err;
	err = fh_want_write(fhp);
	if (err)
		return err;
	return notify_change(fhp->fh_dentry, &argp->attr);
}

/* The same in a handle of its own, never put: it leaks. */
struct svc_fh *demo_new_handle(void);

int demo_local_want_write(struct demo_rqst *rqstp, struct iattr *attr)
{
	struct svc_fh *fhp;
	int err;

	fhp = demo_new_handle();
	err = demo_verify(rqstp, fhp);
	if (err)
		return err;
	err = fh_want_write(fhp);
	if (err)
		return err;
	return notify_change(fhp->fh_dentry, attr);	/* expect: write-bracket-leak */
}

/* Verified, then bracketed, as the helper asks: silent. */
int demo_verified_bracketed(struct demo_rqst *rqstp, struct svc_fh *fhp,
			    struct iattr *attr)
{
	int err;

	err = demo_verify(rqstp, fhp);
	if (err)
		return err;
	err = fh_want_write(fhp);
	if (err)
		return err;
	err = demo_setattr(rqstp, fhp, attr);
	fh_drop_write(fhp);
	return err;
}

/* Verified, and no bracket: the helper skips its own. */
int demo_verified_unbracketed(struct demo_rqst *rqstp, struct svc_fh *fhp,
			      struct iattr *attr)
{
	int err;

	err = demo_verify(rqstp, fhp);
	if (err)
		return err;
	return demo_setattr(rqstp, fhp, attr);	/* expect: missing-write-bracket */
}

/* Copied unverified, but verified again before the call. */
int demo_copy_then_verify(struct demo_rqst *rqstp)
{
	struct demo_args *argp = rqstp->rq_argp;
	struct demo_res *resp = rqstp->rq_resp;

	fh_copy(&resp->fh, &argp->fh);
	resp->status = demo_verify(rqstp, &resp->fh);
	if (resp->status)
		return 0;
	resp->status = demo_setattr(rqstp, &resp->fh, &argp->attr);	/* expect: missing-write-bracket */
	return 0;
}

/* Copied unverified on one path only. */
int demo_copy_one_path(struct demo_rqst *rqstp, struct svc_fh *fhp,
		       int fresh)
{
	struct demo_args *argp = rqstp->rq_argp;

	if (fresh)
		fh_copy(fhp, &argp->fh);
	return demo_setattr(rqstp, fhp, &argp->attr);	/* expect: missing-write-bracket */
}

/* Copied unverified, then the request handed to a helper that may do
 * anything to the reply. */
void demo_prepare_reply(struct demo_rqst *rqstp);

int demo_copy_then_request(struct demo_rqst *rqstp)
{
	struct demo_args *argp = rqstp->rq_argp;
	struct demo_res *resp = rqstp->rq_resp;

	fh_copy(&resp->fh, &argp->fh);
	demo_prepare_reply(rqstp);
	resp->status = demo_setattr(rqstp, &resp->fh, &argp->attr);	/* expect: missing-write-bracket */
	return 0;
}

/* The helper's own handle is written before the test: no flag, the
 * helper always relies on its caller. */
int demo_setattr_reset(struct demo_rqst *rqstp, struct svc_fh *fhp,
		       struct iattr *attr)
{
	bool get_write;
	int err;

	fhp->fh_want_write = false;
	get_write = !fhp->fh_dentry;
	err = demo_verify(rqstp, fhp);
	if (err)
		return err;
	if (get_write) {
		err = fh_want_write(fhp);
		if (err)
			return err;
	}
	return notify_change(fhp->fh_dentry, attr);	/* expect: missing-write-bracket */
}

int demo_proc_reset(struct demo_rqst *rqstp)
{
	struct demo_args *argp = rqstp->rq_argp;
	struct demo_res *resp = rqstp->rq_resp;

	fh_copy(&resp->fh, &argp->fh);
	resp->status = demo_setattr_reset(rqstp, &resp->fh, &argp->attr);
	return 0;
}

/* Verified and bracketed on one branch only; on the other the copy is
 * still unverified and the helper brackets it itself (NFSv2's SETATTR):
 * silent, path by path. */
int demo_proc_setattr_v2(struct demo_rqst *rqstp, int touch)
{
	struct demo_args *argp = rqstp->rq_argp;
	struct demo_res *resp = rqstp->rq_resp;
	struct svc_fh *fhp;
	int err;

	fhp = fh_copy(&resp->fh, &argp->fh);
	if (touch) {
		err = demo_verify(rqstp, fhp);
		if (err)
			return err;
		err = fh_want_write(fhp);
		if (err)
			return err;
	}
	resp->status = demo_setattr(rqstp, fhp, &argp->attr);
	return 0;
}

/* The same with the bracket forgotten on the branch that verified. */
int demo_proc_setattr_v2_bad(struct demo_rqst *rqstp, int touch)
{
	struct demo_args *argp = rqstp->rq_argp;
	struct demo_res *resp = rqstp->rq_resp;
	struct svc_fh *fhp;
	int err;

	fhp = fh_copy(&resp->fh, &argp->fh);
	if (touch) {
		err = demo_verify(rqstp, fhp);
		if (err)
			return err;
	}
	resp->status = demo_setattr(rqstp, fhp, &argp->attr);	/* expect: missing-write-bracket */
	return 0;
}

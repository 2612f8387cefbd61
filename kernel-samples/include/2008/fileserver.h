/* A sample header written for wbcheck: file handles of an nfsd-like server. */
#ifndef _FILESERVER_H
#define _FILESERVER_H

#include <linux/fs.h>
#include <linux/types.h>

/* One exported subtree: the path it was exported from. */
struct svc_export {
	struct path		ex_path;
	unsigned int		ex_flags;
};

/*
 * A file handle after verification.  fh_want_write records that this
 * handle holds write access to the export's mount, so the bracket can be
 * taken early by one helper and released late by fh_put().
 */
struct svc_fh {
	struct dentry		*fh_dentry;
	struct svc_export	*fh_export;
	bool			fh_want_write;
	bool			fh_locked;
};

static inline void fh_init(struct svc_fh *fhp)
{
	fhp->fh_dentry = NULL;
	fhp->fh_export = NULL;
	fhp->fh_want_write = false;
	fhp->fh_locked = false;
}

/* Take write access once per handle; a second call is a no-op. */
static inline int fh_want_write(struct svc_fh *fh)
{
	int ret;

	if (fh->fh_want_write)
		return 0;
	ret = mnt_want_write(fh->fh_export->ex_path.mnt);
	if (!ret)
		fh->fh_want_write = true;
	return ret;
}

/* Safe whether or not fh_want_write() was called or succeeded. */
static inline void fh_drop_write(struct svc_fh *fh)
{
	if (fh->fh_want_write) {
		fh->fh_want_write = false;
		mnt_drop_write(fh->fh_export->ex_path.mnt);
	}
}

/* Release everything a handle holds; used on error paths as well. */
static inline void fh_put(struct svc_fh *fhp)
{
	struct dentry *dentry = fhp->fh_dentry;

	if (dentry) {
		fhp->fh_dentry = NULL;
		dput(dentry);
	}
	fh_drop_write(fhp);
	fhp->fh_export = NULL;
}

/* Provided by the file handle code elsewhere in the server. */
int fh_verify(struct svc_fh *fhp, int type);
int fh_compose(struct svc_fh *fhp, struct svc_export *exp,
	       struct dentry *dentry);

/* The operations in fileserver.c. */
int fs_create(struct svc_fh *fhp, const char *name, int len, int mode,
	      struct svc_fh *resfhp);
int fs_proc_create(struct svc_fh *fhp, const char *name, int len, int mode);
int fs_create_locked(struct svc_fh *fhp, struct dentry *dchild, int mode);
int fs_unlink(struct svc_fh *fhp, const char *name, int len);
int fs_mkdir(struct svc_fh *fhp, const char *name, int len, int mode);
int fs_make_recovery_dir(struct svc_fh *fhp, const char *name, int len);
int fs_chown(struct svc_fh *fhp, uid_t uid, gid_t gid);
int fs_truncate(struct svc_fh *fhp, loff_t size);
int fs_set_dos_attr(struct svc_fh *fhp, u32 attr);
int fs_set_sd(struct svc_fh *fhp, const void *sd, size_t len);
int fs_copy_ea(struct svc_fh *fhp, const char *name, const void *buf,
	       size_t len);

#endif /* _FILESERVER_H */

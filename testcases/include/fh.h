/*
 * An nfsd-style file handle that remembers whether it holds the write
 * bracket: fh_want_write() is a no-op when the flag is already set, and
 * fh_drop_write()/fh_put() drop only when it is set, so both are safe on
 * error paths where the bracket was never taken.
 */
#ifndef FH_H
#define FH_H

#include "wb.h"

struct svc_export {
	struct path ex_path;
};

struct svc_fh {
	struct dentry *fh_dentry;
	struct svc_export *fh_export;
	bool fh_want_write;
};

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

static inline void fh_drop_write(struct svc_fh *fh)
{
	if (fh->fh_want_write) {
		fh->fh_want_write = false;
		mnt_drop_write(fh->fh_export->ex_path.mnt);
	}
}

static inline void fh_put(struct svc_fh *fh)
{
	fh_drop_write(fh);
	if (fh->fh_dentry) {
		dput(fh->fh_dentry);
		fh->fh_dentry = NULL;
	}
}

#endif /* FH_H */

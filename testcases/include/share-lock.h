/* A share whose parent directory is bracketed by a wrapper, for the
 * testcases of brackets/ptr-err.c and brackets/mirror-flags.c. */
#ifndef WB_SHARE_LOCK_H
#define WB_SHARE_LOCK_H

#include "wb.h"

#define ENOENT	2

struct share {
	struct path parent;
	struct dentry *child;
};

/* 0: the bracket on the parent's mount is held for the caller */
static int share_lock_parent(struct share *sh, int create)
{
	int err = mnt_want_write(sh->parent.mnt);

	if (err)
		return err;
	if (!sh->child && !create) {
		mnt_drop_write(sh->parent.mnt);
		return -ENOENT;
	}
	return 0;
}

static void share_unlock_parent(struct share *sh)
{
	mnt_drop_write(sh->parent.mnt);
}

struct dentry *share_lookup(struct share *sh);
int share_fill(struct share *sh);

#endif

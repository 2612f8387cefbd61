/*
 * check-name: the LSM hooks entered only inside a guarded call start with the bracket held; another hook does not
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/callback-holds-lsm.c:46:9: warning: __vfs_setxattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/callback-holds-lsm.c:46:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb-modern.h"

union security_list_options {
	int (*inode_killpriv)(struct mnt_idmap *idmap, struct dentry *dentry);
	int (*inode_setsecctx)(struct dentry *dentry, void *ctx,
			       unsigned int ctxlen);
	int (*inode_post_create)(struct inode *dir, struct dentry *dentry);
	void *lsm_func_addr;
};

struct security_hook_list {
	void *scalls;
	union security_list_options hook;
};

#define SAMPLE_HOOK_INIT(NAME, HOOK) \
	{ .scalls = NULL, .hook = { .NAME = HOOK } }

/* Called by setattr_prepare() inside notify_change(): held. */
static int sample_killpriv(struct mnt_idmap *idmap, struct dentry *dentry)
{
	return __vfs_removexattr(idmap, dentry, "security.capability");
}

/* Called by a file server next to its notify_change(): held. */
static int sample_setsecctx(struct dentry *dentry, void *ctx,
			    unsigned int ctxlen)
{
	return __vfs_setxattr_noperm(NULL, dentry, "security.sample", ctx,
				     ctxlen, 0);
}

/* No such promise for this one. */
static int sample_post_create(struct inode *dir, struct dentry *dentry)
{
	return __vfs_setxattr(NULL, dentry, dentry->d_inode, "security.sample",	/* expect: missing-write-bracket */
			      "1", 1, 0);
}

static struct security_hook_list sample_hooks[] = {
	SAMPLE_HOOK_INIT(inode_killpriv, sample_killpriv),
	SAMPLE_HOOK_INIT(inode_setsecctx, sample_setsecctx),
	SAMPLE_HOOK_INIT(inode_post_create, sample_post_create),
};

void security_add_hooks(struct security_hook_list *hooks, int count);

void sample_lsm_init(void)
{
	security_add_hooks(sample_hooks, 3);
}

/*
 * check-name: EXPORT_SYMBOL is no escape: an exported helper is checked at its callers
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/export-marker.c:36:9: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/export-marker.c:36:9: note: suggestion: path_unlink(&dir_path, dentry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = <the dentry of dir> }
testcases/interproc/export-marker.c:53:9: warning: sample_setattr() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/export-marker.c:29:9: note: sample_setattr() calls notify_change() here, relying on its caller for a write bracket on the mount
testcases/interproc/export-marker.c:53:9: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
testcases/interproc/export-marker.c:63:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/export-marker.c:63:9: note: suggestion: path_setattr(&dentry_path, attr), with struct path dentry_path = { .mnt = <the vfsmount it lives on>, .dentry = dentry }
 * check-output-end
 */
#include "wb.h"

/* the shape of the kernel's EXPORT_SYMBOL(): __ADDRESSABLE(sym) */
#define SAMPLE_PASTE(a, b) a##b
#define EXPORT_SYMBOL(sym) \
	static void *__attribute__((used)) \
	SAMPLE_PASTE(__UNIQUE_ID___addressable_, sym) = (void *)&sym

struct iattr;

/* needs the bracket: every caller in this file takes it */
int sample_setattr(struct dentry *dentry, struct iattr *attr)
{
	return notify_change(dentry, attr);
}
EXPORT_SYMBOL(sample_setattr);

/* exported, and nothing here calls it: checked where the call is */
int sample_unlink(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);	/* expect: missing-write-bracket */
}
EXPORT_SYMBOL(sample_unlink);

int sample_caller(struct path *path, struct iattr *attr)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	err = sample_setattr(path->dentry, attr);
	mnt_drop_write(path->mnt);
	return err;
}

int sample_careless(struct path *path, struct iattr *attr)
{
	return sample_setattr(path->dentry, attr);	/* expect: missing-write-bracket */
}

struct sample_ops {
	int (*setattr)(struct dentry *, struct iattr *);
};

/* an ops table is an escape: its callers are not in this file */
static int sample_op_setattr(struct dentry *dentry, struct iattr *attr)
{
	return notify_change(dentry, attr);	/* expect: missing-write-bracket */
}

const struct sample_ops sample_ops = {
	.setattr = sample_op_setattr,
};

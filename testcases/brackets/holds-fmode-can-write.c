/*
 * check-name: a file tested for FMODE_CAN_WRITE holds write access to its mount
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/holds-fmode-can-write.c:42:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/holds-fmode-can-write.c:42:9: note: suggestion: take the bracket around the call: err = mnt_want_write(out->f_path.mnt); if (err) ...; then mnt_drop_write(out->f_path.mnt) after it
testcases/brackets/holds-fmode-can-write.c:53:9: warning: notify_change() may be called without a write bracket on the mount [missing-write-bracket]
testcases/brackets/holds-fmode-can-write.c:53:9: note: suggestion: take the bracket around the call: err = mnt_want_write(out->f_path.mnt); if (err) ...; then mnt_drop_write(out->f_path.mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

#define FMODE_CAN_READ	0x20000
#define FMODE_CAN_WRITE	0x40000

/*
 * The shape of a crash dumper: it opened the output file itself, and
 * before emptying it checks that the open gave it a writable file.
 * do_dentry_open() sets FMODE_CAN_WRITE only with FMODE_WRITE, so the
 * file holds write access to its mount.
 */
int dump_reset_output(struct file *out, struct iattr *attr)
{
	struct mnt_idmap *idmap = file_mnt_idmap(out);
	struct dentry *d = out->f_path.dentry;

	if (!(out->f_mode & FMODE_CAN_WRITE))
		return -EINVAL;
	return notify_change(idmap, d, attr, NULL);
}

/* Readable says nothing of write access. */
int dump_reset_readable(struct file *out, struct iattr *attr)
{
	struct mnt_idmap *idmap = file_mnt_idmap(out);
	struct dentry *d = out->f_path.dentry;

	if (!(out->f_mode & FMODE_CAN_READ))
		return -EINVAL;
	return notify_change(idmap, d, attr, NULL);	/* expect: missing-write-bracket */
}

/* Tested the wrong way round: the call runs only on unwritable files. */
int dump_reset_inverted(struct file *out, struct iattr *attr)
{
	struct mnt_idmap *idmap = file_mnt_idmap(out);
	struct dentry *d = out->f_path.dentry;

	if (out->f_mode & FMODE_CAN_WRITE)
		return 0;
	return notify_change(idmap, d, attr, NULL);	/* expect: missing-write-bracket */
}

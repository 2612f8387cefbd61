/*
 * tests/infer.t: demo_set_label() is called with the write bracket held
 * three times (twice directly, once in a helper every caller of which
 * holds it) and twice without it, in demo_label_quick() here and in
 * reader.c: --infer proposes it and names those two calls.  The commit
 * member of demo_ops is called under the bracket (once after
 * kern_path_create()); peek is not.  demo_log() is called mostly
 * without the bracket, demo_flush() once with it, demo_relabel() only
 * here, where it is defined: none is proposed.
 */
#include "demo.h"

int demo_label_path(struct path *path, const struct demo_label *label)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	demo_log("label");
	err = demo_set_label(mnt_idmap(path->mnt), path->dentry, label);
	mnt_drop_write(path->mnt);
	return err;
}

int demo_label_file(struct file *file, const struct demo_label *label)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = demo_set_label(file_mnt_idmap(file), file->f_path.dentry, label);
	if (!err)
		err = demo_flush(file->f_path.dentry);
	mnt_drop_write_file(file);
	return err;
}

/* Every caller holds the bracket: so do its calls. */
static int demo_relabel(struct mnt_idmap *idmap, struct dentry *dentry,
			const struct demo_label *label)
{
	struct demo_sb *sb = demo_sb_of(dentry);
	int err;

	err = demo_set_label(idmap, dentry, label);
	if (!err)
		err = sb->ops->commit(dentry);
	return err;
}

int demo_relabel_path(struct path *path, const struct demo_label *label)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = demo_relabel(mnt_idmap(path->mnt), path->dentry, label);
	mnt_drop_write(path->mnt);
	return err;
}

int demo_create_labelled(const char *name, const struct demo_label *label)
{
	struct path path;
	struct dentry *dentry;
	struct demo_sb *sb;
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = demo_relabel(mnt_idmap(path.mnt), dentry, label);
	sb = demo_sb_of(dentry);
	if (!err)
		err = sb->ops->commit(dentry);
	done_path_create(&path, dentry);
	return err;
}

/* The deviant: no bracket. */
int demo_label_quick(struct path *path, const struct demo_label *label)
{
	demo_log("quick");
	return demo_set_label(mnt_idmap(path->mnt), path->dentry, label);
}

int demo_peek(struct dentry *dentry)
{
	struct demo_sb *sb = demo_sb_of(dentry);

	demo_log("peek");
	return sb->ops->peek(dentry);
}

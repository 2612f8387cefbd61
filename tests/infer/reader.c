/*
 * tests/infer.t: a file that names nothing the rules know, so the
 * prefilter would not parse it; --infer must, for its calls without the
 * bracket: demo_log() and mnt_idmap() are called outside one here, and
 * demo_set_label() once.
 */
#include "demo.h"

int demo_show(struct path *path, char *buf, size_t size)
{
	demo_log("show");
	demo_log("show again");
	return vfs_getxattr(mnt_idmap(path->mnt), path->dentry, "user.label",
			    buf, size);
}

int demo_show_twice(struct path *path, char *buf, size_t size)
{
	demo_log("twice");
	vfs_getxattr(mnt_idmap(path->mnt), path->dentry, "user.a", buf, size);
	return demo_show(path, buf, size);
}

/* A second deviant, in a file with no bracket at all. */
int demo_label_again(struct path *path, const struct demo_label *label)
{
	return demo_set_label(mnt_idmap(path->mnt), path->dentry, label);
}

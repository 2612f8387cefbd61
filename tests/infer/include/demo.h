/*
 * A made-up interface for tests/infer.t, declared in a directory of its
 * own as the VFS declares its functions in include/linux: demo_set_label()
 * writes to the inode, so its callers take the write bracket; the rules
 * do not know it.  demo_log() is a helper called everywhere.
 */
#ifndef DEMO_H
#define DEMO_H

#include "wb-modern.h"

struct demo_label {
	const char *text;
};

struct demo_ops {
	int (*commit)(struct dentry *dentry);
	int (*peek)(struct dentry *dentry);
};

struct demo_sb {
	const struct demo_ops *ops;
};

int demo_set_label(struct mnt_idmap *idmap, struct dentry *dentry,
		   const struct demo_label *label);
void demo_log(const char *what);
int demo_flush(struct dentry *dentry);
struct demo_sb *demo_sb_of(struct dentry *dentry);

#endif /* DEMO_H */

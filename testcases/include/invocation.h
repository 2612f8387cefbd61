/*
 * Macros invoked at the top of a header, each invocation declaring
 * names pasted from its first argument, as a tracepoint header's do
 * (testcases/bodyskip/invocation.c).
 */
#include "wb.h"

struct demo_inv_ops {
	int (*go)(struct path *dir, struct dentry *victim);
};

#define DEMO_INV_EVENT(key)						\
	static inline int trace_##key##_enabled(void) { return 0; }	\
	static inline void trace_##key(struct path *dir) { }

/* a helper defined and stored in a table: a root, whoever calls it */
#define DEMO_INV_OPS(key)						\
	static int key##_go(struct path *dir, struct dentry *victim)	\
	{								\
		return vfs_unlink(dir->dentry->d_inode, victim);	\
	}								\
	static const struct demo_inv_ops key##_ops = { .go = key##_go };

DEMO_INV_EVENT(demo_inv_named);
DEMO_INV_EVENT(demo_inv_unnamed);
DEMO_INV_OPS(demo_inv_root);

/* A sample header written for wbcheck: pathname lookup, 2.6.26 era. */
#ifndef _LINUX_NAMEI_H
#define _LINUX_NAMEI_H

#include <linux/compiler.h>
#include <linux/fs.h>

#define LOOKUP_FOLLOW		0x0001
#define LOOKUP_DIRECTORY	0x0002
#define LOOKUP_PARENT		0x0010
#define LOOKUP_CREATE		0x0200

/* Kinds of last component after a LOOKUP_PARENT walk. */
enum { LAST_NORM, LAST_ROOT, LAST_DOT, LAST_DOTDOT, LAST_BIND };

char *getname(const char __user *filename);
void putname(const char *name);

int do_path_lookup(int dfd, const char *name, unsigned int flags,
		   struct nameidata *nd);
int path_lookup(const char *name, unsigned int flags, struct nameidata *nd);
int user_path_walk(const char __user *name, struct nameidata *nd);
void path_put(struct path *path);

struct dentry *lookup_one_len(const char *name, struct dentry *base, int len);
struct dentry *lookup_create(struct nameidata *nd, int is_dir);

struct dentry *lock_rename(struct dentry *p1, struct dentry *p2);
void unlock_rename(struct dentry *p1, struct dentry *p2);

#endif /* _LINUX_NAMEI_H */

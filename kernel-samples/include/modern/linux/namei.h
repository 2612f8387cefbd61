/* A sample header written for wbcheck: pathname lookup, 6.x era. */
#ifndef _LINUX_NAMEI_H
#define _LINUX_NAMEI_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/fs.h>

#define LOOKUP_FOLLOW		0x0001
#define LOOKUP_DIRECTORY	0x0002
#define LOOKUP_REVAL		0x0020
#define LOOKUP_CREATE		0x0200
#define LOOKUP_EXCL		0x0400

int kern_path(const char *name, unsigned int flags, struct path *path);
int user_path_at(int dfd, const char __user *name, unsigned int flags,
		 struct path *path);
void path_get(const struct path *path);
void path_put(const struct path *path);

/*
 * Look up the parent of a new object, lock it and take write access to
 * its mount; done_path_create() undoes all of it.
 */
struct dentry *kern_path_create(int dfd, const char *pathname,
				struct path *path, unsigned int lookup_flags);
struct dentry *user_path_create(int dfd, const char __user *pathname,
				struct path *path, unsigned int lookup_flags);
void done_path_create(struct path *path, struct dentry *dentry);

struct dentry *lookup_one_len(const char *name, struct dentry *base, int len);

struct dentry *lock_rename(struct dentry *p1, struct dentry *p2);
void unlock_rename(struct dentry *p1, struct dentry *p2);

/* Retry once with revalidation when a cached lookup went stale. */
static inline bool retry_estale(const long error, const unsigned int flags)
{
	return unlikely(error == -ESTALE && !(flags & LOOKUP_REVAL));
}

#endif /* _LINUX_NAMEI_H */

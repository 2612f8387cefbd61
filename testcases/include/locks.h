/*
 * Directory locks of both eras and the struct path fillers, for the
 * dir-lock rule set and the path-uninitialized check.  Prototypes only.
 */
#ifndef LOCKS_H
#define LOCKS_H

#include "wb-base.h"

enum { I_MUTEX_NORMAL, I_MUTEX_PARENT, I_MUTEX_CHILD };

/* 2.6: the inode's i_mutex. */
void mutex_lock(struct mutex *lock);
void mutex_lock_nested(struct mutex *lock, unsigned int subclass);
void mutex_unlock(struct mutex *lock);

/* 4.7 and later: i_rwsem behind inode_lock(). */
void inode_lock(struct inode *inode);
void inode_lock_nested(struct inode *inode, unsigned int subclass);
void inode_unlock(struct inode *inode);
void inode_lock_shared(struct inode *inode);
void inode_unlock_shared(struct inode *inode);

struct dentry *lock_rename(struct dentry *p1, struct dentry *p2);
void unlock_rename(struct dentry *p1, struct dentry *p2);

struct dentry *dget_parent(struct dentry *dentry);

/* Fill the struct path their last argument points to. */
int kern_path(const char *name, unsigned int flags, struct path *path);
void path_get(const struct path *path);
void path_put(const struct path *path);

#endif /* LOCKS_H */

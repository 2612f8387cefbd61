/* A sample header written for wbcheck: sleeping locks. */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

struct mutex {
	int		count;
	void		*owner;
};

void mutex_lock(struct mutex *lock);
void mutex_lock_nested(struct mutex *lock, unsigned int subclass);
void mutex_unlock(struct mutex *lock);

#endif /* _LINUX_MUTEX_H */

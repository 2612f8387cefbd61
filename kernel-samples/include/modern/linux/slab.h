/* A sample header written for wbcheck: a minimal allocator interface. */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/types.h>

#define GFP_KERNEL	((gfp_t)0xd0u)

void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void kfree(const void *objp);

#endif /* _LINUX_SLAB_H */

/* A sample header written for wbcheck: basic kernel types, 2.6.26 era. */
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H

typedef unsigned long size_t;
typedef long ssize_t;
typedef long long loff_t;

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef int s32;
typedef long long s64;

typedef unsigned int dev_t;
typedef unsigned short umode_t;
typedef unsigned int mode_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int gfp_t;

typedef _Bool bool;
enum {
	false	= 0,
	true	= 1
};

#define NULL ((void *)0)

#endif /* _LINUX_TYPES_H */

/*
 * Types, errno values and write-bracket calls shared by wb.h (2008 API)
 * and wb-modern.h (idmap API).  Prototypes only: the checker must know
 * these calls by name, not by reading their bodies.
 */
#ifndef WB_BASE_H
#define WB_BASE_H

#define NULL ((void *)0)

typedef _Bool bool;
#define true	1
#define false	0

typedef unsigned long size_t;
typedef unsigned short umode_t;
typedef unsigned int dev_t;

#define EPERM		1
#define ENOENT		2
#define ENOMEM		12
#define EBUSY		16
#define EEXIST		17
#define ENOTDIR		20
#define EINVAL		22
#define EROFS		30

#define AT_FDCWD		(-100)
#define LOOKUP_DIRECTORY	0x0002

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

#define __noreturn	__attribute__((__noreturn__))
#define fallthrough	__attribute__((__fallthrough__))

__noreturn void panic(const char *fmt, ...);
#define BUG()		panic("BUG")

int printk(const char *fmt, ...);
#define pr_warn(fmt, ...)	printk(fmt, ##__VA_ARGS__)

struct vfsmount;
struct super_block;

struct mutex {
	int count;
};

struct inode {
	umode_t i_mode;
	struct super_block *i_sb;
	struct mutex i_mutex;
};

struct dentry {
	struct inode *d_inode;
	struct dentry *d_parent;
	const char *d_name;
};

struct path {
	struct vfsmount *mnt;
	struct dentry *dentry;
};

struct file {
	struct path f_path;
	unsigned int f_flags;
	unsigned int f_mode;
};

struct filename {
	const char *name;
};

struct iattr {
	unsigned int ia_valid;
	umode_t ia_mode;
};

/* A testcase that spells the error-pointer tests its own way defines
 * WB_OWN_ERR_TESTS (testcases/success/). */
#ifndef WB_OWN_ERR_TESTS
bool IS_ERR(const void *ptr);
bool IS_ERR_OR_NULL(const void *ptr);
long PTR_ERR(const void *ptr);
#endif
void *ERR_PTR(long error);

/* The write bracket. */
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int mnt_want_write_file(struct file *file);
void mnt_drop_write_file(struct file *file);
struct dentry *kern_path_create(int dfd, const char *pathname,
				struct path *path, unsigned int lookup_flags);
struct dentry *user_path_create(int dfd, const char *pathname,
				struct path *path, unsigned int lookup_flags);
struct dentry *filename_create(int dfd, struct filename *name,
			       struct path *path, unsigned int lookup_flags);
void done_path_create(struct path *path, struct dentry *dentry);

/* Unguarded calls used as filler. */
void dput(struct dentry *dentry);
struct dentry *dget(struct dentry *dentry);
void fsnotify_change(struct dentry *dentry);
int may_delete(struct inode *dir, struct dentry *dentry);

#endif /* WB_BASE_H */

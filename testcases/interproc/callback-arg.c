/*
 * check-name: a callback handed to a helper that only calls it runs where the helper is called
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/callback-arg.c:64:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/callback-arg.c:64:9: note: suggestion: path_rmdir(&dir_path, entry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = rd->dir }
testcases/interproc/callback-arg.c:69:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/callback-arg.c:103:9: note: purge_unbracketed() is called here from recdir_purge_bare(), which does not hold it either
testcases/interproc/callback-arg.c:69:9: note: suggestion: path_rmdir(&dir_path, entry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = rd->dir }
testcases/interproc/callback-arg.c:116:9: warning: vfs_rmdir() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/callback-arg.c:116:9: note: suggestion: path_rmdir(&dir_path, entry), with struct path dir_path = { .mnt = <the vfsmount it lives on>, .dentry = rd->dir }
 * check-output-end
 */
#include "wb.h"

struct recdir {
	struct vfsmount *mnt;
	struct dentry *dir;
	struct dentry *victim;
};

typedef int (*entry_fn)(struct recdir *rd, struct dentry *entry);

/* Walks the entries and calls F on each; F is only ever called. */
static int recdir_walk(struct recdir *rd, entry_fn f)
{
	int err = 0, i;

	for (i = 0; i < 4 && !err; i++)
		err = f(rd, rd->victim);
	return err;
}

/* The same through an explicit dereference. */
static int recdir_walk_deref(struct recdir *rd, entry_fn f)
{
	return (*f)(rd, rd->victim);
}

/* Keeps the callback for later: it may run anywhere. */
static entry_fn saved_fn;
static int recdir_defer(struct recdir *rd, entry_fn f)
{
	saved_fn = f;
	return 0;
}

/* Needs its caller's bracket on rd->mnt. */
static int purge_entry(struct recdir *rd, struct dentry *entry)
{
	return vfs_rmdir(rd->dir->d_inode, entry);
}

/* Only reads: no bracket needed. */
static int count_entry(struct recdir *rd, struct dentry *entry)
{
	return entry != NULL;
}

static int purge_late(struct recdir *rd, struct dentry *entry)
{
	return vfs_rmdir(rd->dir->d_inode, entry);	/* expect: missing-write-bracket */
}

static int purge_unbracketed(struct recdir *rd, struct dentry *entry)
{
	return vfs_rmdir(rd->dir->d_inode, entry);	/* expect: missing-write-bracket */
}

/* Brackets the walk: the callback's vfs_rmdir() runs under it. */
int recdir_purge(struct recdir *rd)
{
	int err;

	err = mnt_want_write(rd->mnt);
	if (err)
		return err;
	err = recdir_walk(rd, purge_entry);
	if (!err)
		err = recdir_walk_deref(rd, &purge_entry);
	mnt_drop_write(rd->mnt);
	return err;
}

/* No bracket, but nothing that writes. */
int recdir_count(struct recdir *rd)
{
	return recdir_walk(rd, count_entry);
}

/* Handed to a helper that keeps it: checked where it is. */
int recdir_purge_later(struct recdir *rd)
{
	return recdir_defer(rd, purge_late);
}

/* The walk without the bracket, and no call of purge_unbracketed() holds
 * it: the bracket belongs inside the callback, reported there. */
int recdir_purge_bare(struct recdir *rd)
{
	return recdir_walk(rd, purge_unbracketed);
}

/* Drops its caller's bracket, then calls F: the state at the call of the
 * helper says nothing of F's, so F stays a root. */
static int recdir_walk_dropping(struct recdir *rd, entry_fn f)
{
	mnt_drop_write(rd->mnt);
	return f(rd, rd->victim);
}

static int purge_after_drop(struct recdir *rd, struct dentry *entry)
{
	return vfs_rmdir(rd->dir->d_inode, entry);	/* expect: missing-write-bracket */
}

int recdir_purge_dropping(struct recdir *rd)
{
	int err;

	err = mnt_want_write(rd->mnt);
	if (err)
		return err;
	return recdir_walk_dropping(rd, purge_after_drop);
}

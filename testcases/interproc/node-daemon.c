/*
 * check-name: a kernel thread's node daemon: creating through kern_path_create() is bracketed, removing through a plain lookup is not (devtmpfs's shape)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/node-daemon.c:50:8: warning: vfs_unlink() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/node-daemon.c:60:9: note: node_remove() is called here from node_handle(), which does not hold it either
testcases/interproc/node-daemon.c:50:8: note: suggestion: take the bracket around the call: err = mnt_want_write(parent.mnt); if (err) ...; then mnt_drop_write(parent.mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

struct node_req {
	const char *name;
	unsigned short mode;	/* 0: remove */
};

extern struct mnt_idmap nop_mnt_idmap;

struct dentry *kern_path_locked(const char *name, struct path *path);
void path_put(const struct path *path);
int kthread_run(int (*fn)(void *), void *data, const char *name);
struct node_req *node_next_req(void);

static int node_create(const char *name, unsigned short mode)
{
	struct path path;
	struct dentry *dentry;
	int err;

	dentry = kern_path_create(-100, name, &path, 0);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_mknod(&nop_mnt_idmap, path.dentry->d_inode, dentry, mode, 0);
	done_path_create(&path, dentry);
	return err;
}

/* No bracket: the lookup only locks the parent. */
static int node_remove(const char *name)
{
	struct path parent;
	struct dentry *dentry;
	int err;

	dentry = kern_path_locked(name, &parent);
	if (IS_ERR(dentry))
		return PTR_ERR(dentry);
	err = vfs_unlink(&nop_mnt_idmap, parent.dentry->d_inode, dentry, NULL);	/* expect: missing-write-bracket */
	dput(dentry);
	path_put(&parent);
	return err;
}

static int node_handle(const char *name, unsigned short mode)
{
	if (mode)
		return node_create(name, mode);
	return node_remove(name);
}

static void node_loop(void)
{
	struct node_req *req;

	while ((req = node_next_req()))
		node_handle(req->name, req->mode);
}

static int node_daemon(void *unused)
{
	node_loop();
	return 0;
}

int node_start(void)
{
	return kthread_run(node_daemon, NULL, "noded");
}

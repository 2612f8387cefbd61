/*
 * check-name: two calls of a predicate that may answer differently are not one flag
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/success-impure-call.c:55:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-impure-call.c:56:2: warning: returns with a write bracket on the mount still held (taken by mnt_want_write()) [write-bracket-leak]
testcases/brackets/success-impure-call.c:49:9: note: taken here by mnt_want_write(path->mnt)
testcases/brackets/success-impure-call.c:55:3: note: dropped here on other paths
testcases/brackets/success-impure-call.c:70:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-impure-call.c:71:2: warning: returns with a write bracket on the mount still held (taken by mnt_want_write()) [write-bracket-leak]
testcases/brackets/success-impure-call.c:64:9: note: taken here by mnt_want_write(path->mnt)
testcases/brackets/success-impure-call.c:70:3: note: dropped here on other paths
testcases/brackets/success-impure-call.c:86:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-impure-call.c:110:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-impure-call.c:111:2: warning: returns with a write bracket on the mount still held (taken by mnt_want_write()) [write-bracket-leak]
testcases/brackets/success-impure-call.c:104:9: note: taken here by mnt_want_write(path->mnt)
testcases/brackets/success-impure-call.c:110:3: note: dropped here on other paths
 * check-output-end
 */
#include "wb.h"

int demo_do(unsigned int cmd);
extern int demo_mode;

/* Reads a global, which may change between the two calls. */
static int demo_global_writes(unsigned int cmd)
{
	return demo_mode && cmd;
}

/* Calls out: anything may happen. */
static int demo_asks(unsigned int cmd)
{
	return demo_do(cmd) > 0;
}

static int demo_cmd_writes(unsigned int cmd)
{
	return cmd != 1;
}

int impure_global(struct path *path, unsigned int cmd)
{
	int ret;

	if (demo_global_writes(cmd)) {
		ret = mnt_want_write(path->mnt);
		if (ret)
			return ret;
	}
	ret = demo_do(cmd);
	if (demo_global_writes(cmd))
		mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
	return ret;		/* expect: write-bracket-leak */
}

int impure_callout(struct path *path, unsigned int cmd)
{
	int ret;

	if (demo_asks(cmd)) {
		ret = mnt_want_write(path->mnt);
		if (ret)
			return ret;
	}
	ret = demo_do(cmd);
	if (demo_asks(cmd))
		mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
	return ret;		/* expect: write-bracket-leak */
}

/* A pure predicate, but its argument changes between the calls. */
int pure_argument_changed(struct path *path, unsigned int cmd)
{
	int ret;

	if (demo_cmd_writes(cmd)) {
		ret = mnt_want_write(path->mnt);
		if (ret)
			return ret;
	}
	cmd = demo_do(cmd);
	if (demo_cmd_writes(cmd))
		mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
	return 0;
}

/* Keeps state in a static of its own: each call may answer otherwise. */
static int demo_toggle(unsigned int cmd)
{
	static int n;

	n = !n;
	return n && cmd;
}

int impure_static(struct path *path, unsigned int cmd)
{
	int ret;

	if (demo_toggle(cmd)) {
		ret = mnt_want_write(path->mnt);
		if (ret)
			return ret;
	}
	ret = demo_do(cmd);
	if (demo_toggle(cmd))
		mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
	return ret;		/* expect: write-bracket-leak */
}

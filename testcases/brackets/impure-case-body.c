/*
 * check-name: a predicate whose case statement reads a global is not pure: its two calls may disagree
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/impure-case-body.c:54:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/impure-case-body.c:55:2: warning: returns with a write bracket on the mount still held (taken by mnt_want_write()) [write-bracket-leak]
testcases/brackets/impure-case-body.c:49:7: note: taken here by mnt_want_write(path->mnt)
testcases/brackets/impure-case-body.c:54:3: note: dropped here on other paths
 * check-output-end
 */
#include "wb.h"

int demo_ioctl_do(unsigned int cmd);

/* v2.6.26's _IOC_TYPECHECK(): a size too large names a global no
 * definition exists for, in the arm a constant condition never takes */
extern unsigned int demo_invalid_size;
#define DEMO_IOC(nr, size) \
	(((nr) << 8) | ((sizeof(size) < 256 ? sizeof(size) : demo_invalid_size) << 16))

struct demo_info {
	int version;
};

#define DEMO_IOC_GET_INFO	DEMO_IOC(1, struct demo_info)
#define DEMO_IOC_SET_INFO	DEMO_IOC(2, struct demo_info)

/* A case reads the global: not its argument alone. */
static int demo_ioctl_need_write(unsigned int cmd)
{
	switch (cmd) {
	case DEMO_IOC_GET_INFO:
		return 0;
	case DEMO_IOC_SET_INFO:
		return demo_invalid_size != 0;
	default:
		return 1;
	}
}

/* the same shape as ncpfs', but the calls may disagree */
int demo_ioctl(struct path *path, unsigned int cmd)
{
	int ret;

	if (demo_ioctl_need_write(cmd)) {
		if (mnt_want_write(path->mnt))
			return -13;
	}
	ret = demo_ioctl_do(cmd);
	if (demo_ioctl_need_write(cmd))
		mnt_drop_write(path->mnt);	/* expect: write-bracket-double-drop */
	return ret;		/* expect: write-bracket-leak */
}

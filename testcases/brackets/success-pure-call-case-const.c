/*
 * check-name: a pure predicate whose case labels name a global in an arm never taken (2.6-era ioctl numbers)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
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

/* Its answer depends on its argument alone: the labels are constants. */
static int demo_ioctl_need_write(unsigned int cmd)
{
	switch (cmd) {
	case DEMO_IOC_GET_INFO:
		return 0;
	case DEMO_IOC_SET_INFO:
		return 1;
	default:
		return 1;
	}
}

/* ncpfs' shape: the bracket taken and dropped under two calls of it */
int demo_ioctl(struct path *path, unsigned int cmd)
{
	int ret;

	if (demo_ioctl_need_write(cmd)) {
		if (mnt_want_write(path->mnt))
			return -13;
	}
	ret = demo_ioctl_do(cmd);
	if (demo_ioctl_need_write(cmd))
		mnt_drop_write(path->mnt);
	return ret;
}

/*
 * check-name: the wrappers header-wrapper.c's header calls (alone: nothing to report)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "hdrwrap.h"

int sample_want(struct path *path)
{
	return mnt_want_write(path->mnt);
}

void sample_drop(struct path *path)
{
	mnt_drop_write(path->mnt);
}

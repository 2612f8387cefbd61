/*
 * check-name: a bracket taken and dropped under two calls of a pure predicate
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
 * check-output-end
 */
#include "wb.h"

int demo_do(unsigned int cmd);

/* Its answer depends on its argument alone. */
static int demo_cmd_writes(unsigned int cmd)
{
	switch (cmd) {
	case 1:
	case 2:
		return 0;
	}
	return 1;
}

/*
 * The same call with the same unchanged argument answers the same: the
 * drop pairs with the acquire (a quotactl's shape).
 */
int pure_call_flag(struct path *path, unsigned int cmd)
{
	unsigned int cmds = cmd >> 8;
	int ret;

	if (demo_cmd_writes(cmds)) {
		ret = mnt_want_write(path->mnt);
		if (ret)
			return ret;
	}
	ret = demo_do(cmds);
	if (demo_cmd_writes(cmds))
		mnt_drop_write(path->mnt);
	return ret;
}

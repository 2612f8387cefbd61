/*
 * check-name: two tests of a member that may change between them are not one flag
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/success-member-changed.c:36:3: warning: mnt_drop_write_file() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-member-changed.c:52:3: warning: mnt_drop_write_file() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/brackets/success-member-changed.c:69:3: warning: mnt_drop_write_file() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
 * check-output-end
 */
#include "wb.h"

struct demo_args {
	unsigned int flags;
	long progress;
};

#define DEMO_RO 0x1

void demo_reset(struct demo_args *args);
struct demo_args *demo_next(struct demo_args *args);

/* The member is stored to between the tests. */
int member_stored(struct demo_args *args, struct file *file)
{
	int ret;

	if (!(args->flags & DEMO_RO)) {
		ret = mnt_want_write_file(file);
		if (ret)
			return ret;
	}
	args->flags |= DEMO_RO;
	if (!(args->flags & DEMO_RO))
		mnt_drop_write_file(file);	/* expect: write-bracket-double-drop */
	return 0;
}

/* The object is handed to a function that may write it. */
int member_passed(struct demo_args *args, struct file *file)
{
	int ret;

	if (!(args->flags & DEMO_RO)) {
		ret = mnt_want_write_file(file);
		if (ret)
			return ret;
	}
	demo_reset(args);
	if (!(args->flags & DEMO_RO))
		mnt_drop_write_file(file);	/* expect: write-bracket-double-drop */
	return 0;
}

/* The pointer itself moves to another object between the tests. */
int member_rebased(struct demo_args *args, struct file *file)
{
	struct demo_args *cur = args;
	int ret;

	if (!(cur->flags & DEMO_RO)) {
		ret = mnt_want_write_file(file);
		if (ret)
			return ret;
	}
	cur = demo_next(cur);
	if (!(cur->flags & DEMO_RO))
		mnt_drop_write_file(file);	/* expect: write-bracket-double-drop */
	return 0;
}

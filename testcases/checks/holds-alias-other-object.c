/*
 * check-name: a release through a local set to another object's mount is no give-back of the file tested
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/checks/holds-alias-other-object.c:32:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/checks/holds-alias-other-object.c:32:3: note: dropped here by mnt_drop_write()
testcases/checks/holds-alias-other-object.c:45:3: warning: mnt_drop_write() releases a write bracket on the mount that is not held on every path [write-bracket-double-drop]
testcases/checks/holds-alias-other-object.c:45:3: note: dropped here by mnt_drop_write()
 * check-output-end
 */
#include "wb.h"

#define FMODE_WRITE	0x2

struct vfsmount *mntget(struct vfsmount *mnt);
void mntput(struct vfsmount *mnt);

/* F holds its mount's access, but the release is on G's mount: the
 * second time round it drops a bracket nothing holds. */
void demo_drop_other(struct file *f, struct file *g, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct vfsmount *mnt;

		if (!(f->f_mode & FMODE_WRITE))
			continue;
		mnt = mntget(g->f_path.mnt);
		mnt_drop_write(mnt);	/* expect: write-bracket-double-drop */
		mntput(mnt);
	}
}

/* No file was tested at all. */
void demo_drop_untested(struct file *f, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct vfsmount *mnt = mntget(f->f_path.mnt);

		mnt_drop_write(mnt);	/* expect: write-bracket-double-drop */
		mntput(mnt);
	}
}

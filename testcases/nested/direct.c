/*
 * check-name: write-bracket-nested: mnt_want_write() again on a mount already held
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/nested/direct.c:36:8: warning: mnt_want_write() takes a write bracket on the mount that is already held on this path [write-bracket-nested]
testcases/nested/direct.c:33:8: note: already taken here by mnt_want_write_file(file)
testcases/nested/direct.c:36:8: note: suggestion: rely on a write bracket on the mount taken at line 33, or release it before taking it again
testcases/nested/direct.c:54:8: warning: mnt_want_write_file() takes a write bracket on the mount that is already held on this path [write-bracket-nested]
testcases/nested/direct.c:51:8: note: already taken here by mnt_want_write(file->f_path.mnt)
testcases/nested/direct.c:54:8: note: suggestion: rely on a write bracket on the mount taken at line 51, or release it before taking it again
testcases/nested/direct.c:73:8: warning: mnt_want_write() takes a write bracket on the mount that is already held on this path [write-bracket-nested]
testcases/nested/direct.c:69:9: note: already taken here by mnt_want_write_file(file)
testcases/nested/direct.c:73:8: note: suggestion: rely on a write bracket on the mount taken at line 69, or release it before taking it again
 * check-output-end
 */
#include "wb.h"

int mnt_get_write_access(struct vfsmount *mnt);
void mnt_put_write_access(struct vfsmount *mnt);

struct entry {
	struct entry *next;
	struct path path;
};

/* The second take waits for a freeze that waits for the first. */
int file_then_mount(struct file *file, struct iattr *attr)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = mnt_want_write(file->f_path.mnt);	/* expect: write-bracket-nested */
	if (!err) {
		err = notify_change(file->f_path.dentry, attr);
		mnt_drop_write(file->f_path.mnt);
	}
	mnt_drop_write_file(file);
	return err;
}

/* And the other way round, through a local set once to the file. */
int mount_then_file(struct file *filp, struct iattr *attr)
{
	struct file *file = filp;
	int err;

	err = mnt_want_write(file->f_path.mnt);
	if (err)
		return err;
	err = mnt_want_write_file(filp);	/* expect: write-bracket-nested */
	if (!err) {
		err = notify_change(file->f_path.dentry, attr);
		mnt_drop_write_file(filp);
	}
	mnt_drop_write(file->f_path.mnt);
	return err;
}

/* Held on one path only is enough: that path deadlocks. */
int held_on_some_path(struct file *file, struct iattr *attr, int early)
{
	int err;

	if (early) {
		err = mnt_want_write_file(file);
		if (err)
			return err;
	}
	err = mnt_want_write(file->f_path.mnt);	/* expect: write-bracket-nested */
	if (err)
		goto out;
	err = notify_change(file->f_path.dentry, attr);
	mnt_drop_write(file->f_path.mnt);
out:
	if (early)
		mnt_drop_write_file(file);
	return err;
}

/* Silent: two mounts, each held once. */
int two_mounts(struct path *from, struct path *to, struct iattr *attr)
{
	int err;

	err = mnt_want_write(from->mnt);
	if (err)
		return err;
	err = mnt_want_write(to->mnt);
	if (!err) {
		err = notify_change(from->dentry, attr);
		if (!err)
			err = notify_change(to->dentry, attr);
		mnt_drop_write(to->mnt);
	}
	mnt_drop_write(from->mnt);
	return err;
}

/* Silent: taken, dropped, taken again. */
int take_drop_take(struct path *path, struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = notify_change(path->dentry, attr);
	mnt_drop_write(path->mnt);
	if (err)
		return err;
	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = notify_change(path->dentry, attr);
	mnt_drop_write(path->mnt);
	return err;
}

/* Silent: write access alone is a count, with no freeze protection. */
int write_access_inside(struct file *file, struct iattr *attr)
{
	int err;

	err = mnt_want_write_file(file);
	if (err)
		return err;
	err = mnt_get_write_access(file->f_path.mnt);
	if (!err) {
		err = notify_change(file->f_path.dentry, attr);
		mnt_put_write_access(file->f_path.mnt);
	}
	mnt_drop_write_file(file);
	return err;
}

/* Silent: a bracket on each entry of a list, the variable moving on. */
int each_entry(struct entry *head, struct iattr *attr)
{
	struct entry *e;
	int err = 0;

	for (e = head; e; e = e->next) {
		err = mnt_want_write(e->path.mnt);
		if (err)
			break;
		err = notify_change(e->path.dentry, attr);
		mnt_drop_write(e->path.mnt);
	}
	return err;
}

/* Silent: the take failed, nothing is held. */
int retry_after_failure(struct path *path, struct iattr *attr)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err) {
		err = mnt_want_write(path->mnt);
		if (err)
			return err;
	}
	err = notify_change(path->dentry, attr);
	mnt_drop_write(path->mnt);
	return err;
}

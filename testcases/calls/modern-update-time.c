/*
 * check-name: inode_update_time needs write access; touch_atime and file_update_time take it themselves
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/calls/modern-update-time.c:57:2: warning: inode_update_time() may be called without a write bracket on the mount [missing-write-bracket]
testcases/calls/modern-update-time.c:57:2: note: suggestion: take the bracket around the call: err = mnt_want_write(path->mnt); if (err) ...; then mnt_drop_write(path->mnt) after it
 * check-output-end
 */
#include "wb-modern.h"

#define S_ATIME		1
#define S_MTIME		2
#define S_CTIME		4

bool sb_start_write_trylock(struct super_block *sb);
void sb_end_write(struct super_block *sb);

/* Access time as touch_atime() does it: write access alone. */
void ut_atime_ok(const struct path *path)
{
	struct inode *inode = path->dentry->d_inode;

	if (!sb_start_write_trylock(inode->i_sb))
		return;
	if (mnt_get_write_access(path->mnt) == 0) {
		inode_update_time(inode, S_ATIME);
		mnt_put_write_access(path->mnt);
	}
	sb_end_write(inode->i_sb);
}

/* Modification time through the file being written. */
int ut_mtime_ok(struct file *file)
{
	int ret = 0;

	if (!mnt_get_write_access_file(file)) {
		ret = inode_update_time(file->f_path.dentry->d_inode,
					S_MTIME | S_CTIME);
		mnt_put_write_access_file(file);
	}
	return ret;
}

/* The helpers that take it themselves. */
int ut_helpers_ok(struct file *file)
{
	touch_atime(&file->f_path);
	return file_update_time(file);
}

/* A device node's times set from a path looked up by name. */
void ut_node_bare(struct path *path)
{
	inode_update_time(path->dentry->d_inode, S_MTIME | S_CTIME);	/* expect: missing-write-bracket */
}

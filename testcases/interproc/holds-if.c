/*
 * check-name: holds-if: a true test of xchk_could_repair(sc) means the scrub holds the bracket
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/interproc/holds-if.c:72:10: warning: repair_make_orphanage() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/holds-if.c:44:9: note: repair_make_orphanage() calls vfs_mkdir() here, relying on its caller for a write bracket on the mount
testcases/interproc/holds-if.c:72:10: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
testcases/interproc/holds-if.c:81:9: warning: repair_make_orphanage() may be called without a write bracket on the mount [missing-write-bracket]
testcases/interproc/holds-if.c:44:9: note: repair_make_orphanage() calls vfs_mkdir() here, relying on its caller for a write bracket on the mount
testcases/interproc/holds-if.c:81:9: note: suggestion: take mnt_want_write()/mnt_drop_write() on the object's mount around the call
 * check-output-end
 */
#include "wb.h"

#define SCRUB_IFLAG_REPAIR	0x1
#define SCRUB_ALREADY_FIXED	0x2

struct scrub_ctx {
	unsigned int sm_flags;
	unsigned int flags;
	struct dentry *dir;
	struct dentry *orphan;
	int mode;
};

/* the scrub driver brackets the whole scrub whenever repair is asked */
static inline int xchk_could_repair(const struct scrub_ctx *sc)
{
	return (sc->sm_flags & SCRUB_IFLAG_REPAIR) &&
	       !(sc->flags & SCRUB_ALREADY_FIXED);
}

/* another predicate of the same shape that no rule names */
static inline int scrub_wants_fix(const struct scrub_ctx *sc)
{
	return sc->sm_flags & SCRUB_IFLAG_REPAIR;
}

/* repair-only work: needs its caller's bracket */
static int repair_make_orphanage(struct scrub_ctx *sc)
{
	return vfs_mkdir(sc->dir->d_inode, sc->orphan, sc->mode);
}

/* reached through an ops table: a root, checked where it is */
int scrub_setup_dir(struct scrub_ctx *sc)
{
	int error;

	if (xchk_could_repair(sc)) {
		error = repair_make_orphanage(sc);
		if (error)
			return error;
	}
	return 0;
}

/* the negated test: the repair runs on the false edge of "cannot" */
int scrub_setup_dir_negated(struct scrub_ctx *sc)
{
	if (!xchk_could_repair(sc))
		return 0;
	return repair_make_orphanage(sc);
}

/* under a predicate no rule names, the need stays */
int scrub_setup_other(struct scrub_ctx *sc)
{
	if (scrub_wants_fix(sc))
		return repair_make_orphanage(sc);	/* expect: missing-write-bracket */
	return 0;
}

/* on the false edge nothing is held */
int scrub_setup_inverted(struct scrub_ctx *sc)
{
	if (xchk_could_repair(sc))
		return 0;
	return repair_make_orphanage(sc);	/* expect: missing-write-bracket */
}

struct scrub_ops {
	int (*setup)(struct scrub_ctx *sc);
};

const struct scrub_ops scrub_dir_ops = {
	.setup = scrub_setup_dir,
};

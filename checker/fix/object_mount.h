/* fix: the mount a dentry is on, read from the code (object_mount.c). */
#ifndef WBCHECK_FIX_OBJECT_MOUNT_H
#define WBCHECK_FIX_OBJECT_MOUNT_H

#include "lib/util.h"
#include "ruleset/ruleset.h"

#include <clang-c/Index.h>

/*
 * What a file says of its mounts: for each type of object a bracket's
 * mount is reached from ("struct svc_fh *" for
 * fhp->fh_export->ex_path.mnt), the rest of the expression; a type with
 * two different ones is left out.
 */
struct mount_forms {
	struct strmap index;	/* type spelling -> 1 + position; 0: ambiguous */
	char **suffix;
	size_t n, cap;
};

void mount_forms_init(struct mount_forms *mf, CXTranslationUnit tu,
		      const struct rules *rules);
void mount_forms_free(struct mount_forms *mf);

/* How the caller sees through its locals: the one value E holds. */
struct mount_seek {
	int (*local_value)(void *ctx, CXCursor e, CXCursor *value);
	void *ctx;
	const struct mount_forms *forms;
};

/*
 * The mount dentry expression D is on, as an expression valid where D
 * is used, or NULL: through locals stored once, the parent of a dentry
 * (->d_parent, dget_parent(), dget(), and functions of the file that
 * return one of those of their argument), to the object it is reached
 * from.  An accessor returning B.dentry has its mount from the accessor
 * of the same argument returning B.mnt (ecryptfs_dentry_to_lower() and
 * ecryptfs_dentry_to_lower_mnt()); an object of a type the file's
 * brackets name a mount of has it by the same form.  *ROOT gets the
 * variable D is reached from, when there is one.
 */
char *object_mount(const struct mount_seek *ms, CXCursor d, char **root);

/* The variable a mount expression is reached from ("tfhp" of
 * tfhp->fh_export->ex_path.mnt), or NULL. */
char *mount_root(const char *mnt);

#endif

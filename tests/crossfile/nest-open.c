/* Sets the child's attribute with its parent's bracket held: the helper
 * of nest-lookup.c takes it again on the same mount. */
#include "wb-modern.h"

int xf_lookup_locked(const char *name, struct path *parent, struct path *path);
void xf_unlock(struct path *parent, struct path *path);
int xf_setxattr(const struct path *path, const char *name, const void *value,
		size_t len);

int xf_open(const char *name, const void *value, size_t len)
{
	struct path parent, path;
	int err;

	err = xf_lookup_locked(name, &parent, &path);
	if (err)
		return err;
	err = xf_setxattr(&path, "user.dosattrib", value, len);
	xf_unlock(&parent, &path);
	return err;
}

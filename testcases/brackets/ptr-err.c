/*
 * check-name: rc = PTR_ERR(x) after IS_ERR(x) is an error; IS_ERR_OR_NULL(x) says nothing of rc
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * check-output-start
testcases/brackets/ptr-err.c:58:1: warning: returns with a write bracket on the mount still held (taken by share_lock_parent()) [write-bracket-leak]
testcases/brackets/ptr-err.c:49:7: note: taken here by share_lock_parent(sh, 1)
testcases/brackets/ptr-err.c:55:3: note: dropped here on other paths
testcases/brackets/ptr-err.c:83:1: warning: returns with a write bracket on the mount still held (taken by share_lock_parent()) [write-bracket-leak]
testcases/brackets/ptr-err.c:67:7: note: taken here by share_lock_parent(sh, 1)
testcases/brackets/ptr-err.c:76:2: note: dropped here on other paths
 * check-output-end
 */
#include "share-lock.h"

/* rc = PTR_ERR(x) on the IS_ERR(x) edge is an error: the error exit
 * that releases under rc sees it nonzero. */
void share_open_lookup(struct share *sh, int *status)
{
	struct dentry *d;
	int rc;

	rc = share_lock_parent(sh, 1);
	if (rc)
		goto done;
	d = share_lookup(sh);
	if (IS_ERR(d)) {
		rc = PTR_ERR(d);
		goto out;
	}
	sh->child = d;
	share_unlock_parent(sh);
	goto done;
out:
	if (rc)
		share_unlock_parent(sh);
done:
	*status = rc;
}

/* rc is PTR_ERR() of a pointer that was not tested (NULL gives 0): the
 * path with rc 0 keeps the bracket. */
void share_open_untested(struct share *sh, int *status)
{
	struct dentry *d;
	int rc;

	rc = share_lock_parent(sh, 1);
	if (rc)
		goto done;
	d = share_lookup(sh);
	rc = PTR_ERR(d);
	if (rc)
		share_unlock_parent(sh);
done:
	*status = rc;
}	/* expect: write-bracket-leak */

/* IS_ERR_OR_NULL(x) is true for NULL too, and PTR_ERR(NULL) is 0: the
 * release under rc may be skipped. */
void share_open_or_null(struct share *sh, int *status)
{
	struct dentry *d;
	int rc;

	rc = share_lock_parent(sh, 1);
	if (rc)
		goto done;
	d = share_lookup(sh);
	if (IS_ERR_OR_NULL(d)) {
		rc = PTR_ERR(d);
		goto out;
	}
	sh->child = d;
	share_unlock_parent(sh);
	goto done;
out:
	if (rc)
		share_unlock_parent(sh);
done:
	*status = rc;
}	/* expect: write-bracket-leak */

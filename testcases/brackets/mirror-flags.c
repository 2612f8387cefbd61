/*
 * check-name: locals that mirror which of two wrappers took the bracket (class L9)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 * check-known-to-fail
 *
 * Paths that agree on the bracket are joined even when they disagree on
 * the constant locals tested later (present, created), so the release
 * under "present || created" looks skippable: share_open() gets two
 * write-bracket-leak warnings it should not (ksmbd's smb2_open() shape,
 * docs/kernel-findings.md L9).  Keeping such paths apart fixes this
 * function but, on smb2_open() itself, turned the leak into a double
 * drop: not done yet.
 *
 * check-output-start
testcases/brackets/mirror-flags.c:57:2: warning: returns with a write bracket on the mount still held (taken by share_lock_parent()) [write-bracket-leak]
testcases/brackets/mirror-flags.c:38:7: note: taken here by share_lock_parent(sh, 0)
testcases/brackets/mirror-flags.c:56:3: note: dropped here on other paths
testcases/brackets/mirror-flags.c:61:2: warning: returns with a write bracket on the mount still held (taken by share_lock_parent()) [write-bracket-leak]
testcases/brackets/mirror-flags.c:38:7: note: taken here by share_lock_parent(sh, 0)
testcases/brackets/mirror-flags.c:60:3: note: dropped here on other paths
testcases/brackets/mirror-flags.c:86:2: warning: returns with a write bracket on the mount still held (taken by share_lock_parent()) [write-bracket-leak]
testcases/brackets/mirror-flags.c:71:7: note: taken here by share_lock_parent(sh, 0)
testcases/brackets/mirror-flags.c:85:3: note: dropped here on other paths
 * check-output-end
 */
#include "share-lock.h"

/*
 * The bracket comes from one of two calls, and a local says which; it
 * is released once, under either local.
 */
int share_open(struct share *sh)
{
	bool present = false, created = false;
	int rc;

	rc = share_lock_parent(sh, 0);
	if (!rc) {
		present = true;
	} else {
		if (rc != -ENOENT)
			goto out;
		rc = 0;
	}
	if (!present) {
		rc = share_lock_parent(sh, 1);
		if (rc)
			goto out;
		created = true;
	}
	rc = share_fill(sh);
	if (rc)
		goto out;
	if (present || created)
		share_unlock_parent(sh);
	return 0;
out:
	if (rc && (present || created))
		share_unlock_parent(sh);
	return rc;
}


/* The release tests only one of the two locals: a leak on the create path. */
int share_open_forgets(struct share *sh)
{
	bool present = false, created = false;
	int rc;

	rc = share_lock_parent(sh, 0);
	if (!rc) {
		present = true;
	} else {
		if (rc != -ENOENT)
			return rc;
	}
	if (!present) {
		rc = share_lock_parent(sh, 1);
		if (rc)
			return rc;
		created = true;
	}
	if (present)
		share_unlock_parent(sh);
	return created;	/* expect: write-bracket-leak */
}

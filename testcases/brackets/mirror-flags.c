/*
 * check-name: locals that mirror which of two wrappers took the bracket (class L9)
 * check-command: wbcheck -I testcases/include $file
 * check-exit-value: 0
 *
 * Paths that agree on the bracket are kept apart when they disagree on
 * a constant local whose test decides a take or a release (present,
 * created), so that the release under "present || created" is seen to
 * run on exactly the paths that took the bracket (ksmbd's smb2_open()
 * shape, docs/kernel-findings.md L9).  Joined, share_open() got two
 * write-bracket-leak warnings it should not.
 *
 * check-output-start
testcases/brackets/mirror-flags.c:78:2: warning: returns with a write bracket on the mount still held (taken by share_lock_parent()) [write-bracket-leak]
testcases/brackets/mirror-flags.c:63:7: note: taken here by share_lock_parent(sh, 0)
testcases/brackets/mirror-flags.c:77:3: note: dropped here on other paths
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

struct share_req {
	unsigned int opts;
};

void share_note(struct share *sh, int what);

/*
 * Six more flags, set and tested away from the bracket: splitting on
 * every constant local would make more than MAX_WORLDS worlds, merge
 * them all and forget that rc is 0 at the final test (ksmbd's
 * smb2_open() has a dozen).  Only the locals tested around the bracket
 * keep worlds apart: no leak, and no double drop at out.
 */
int share_open_many(struct share *sh, struct share_req *rq)
{
	bool present = false, created = false;
	bool fa = false, fb = false, fc = false, fd = false, fe = false, ff = false;
	int rc;

	if (rq->opts & 1)
		fa = true;
	if (rq->opts & 2)
		fb = true;
	if (rq->opts & 4)
		fc = true;
	if (rq->opts & 8)
		fd = true;
	if (rq->opts & 16)
		fe = true;
	if (rq->opts & 32)
		ff = true;
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
	if (fa)
		share_note(sh, 1);
	if (fb)
		share_note(sh, 2);
	if (fc)
		share_note(sh, 3);
	rc = share_fill(sh);
	if (rc)
		goto out;
	if (present || created)
		share_unlock_parent(sh);
	if (fd)
		share_note(sh, 4);
	if (fe)
		share_note(sh, 5);
	if (ff)
		share_note(sh, 6);
	rc = share_fill(sh);
	if (rc)
		goto out_nolock;
out:
	if (rc && (present || created))
		share_unlock_parent(sh);
out_nolock:
	return rc;
}

/*
 * frontend: the copies of one function lowered by several files of a
 * round.  A header's static inline that matters is lowered in every
 * file that includes it, and the merge keeps the first copy in the
 * order of the files' paths (program_add()); until the round ends,
 * each file's result held them all, a few megabytes per file.  A copy the merge is
 * sure to drop is freed as soon as it is made instead: the program
 * already has the function, or a file earlier in the order lowered it
 * (whose copy, or an earlier one still, the merge keeps).  What the
 * merge keeps is the same, whatever order the files finish in.
 */
#include "frontend/lower_claims.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdlib.h>

struct lower_claims {
	const struct program *prog;
	pthread_mutex_t lock;
	struct strmap first;	/* USR -> the least order that lowered it */
};

struct lower_claims *lower_claims_new(const struct program *prog)
{
	struct lower_claims *lc = xcalloc(1, sizeof(*lc));

	lc->prog = prog;
	pthread_mutex_init(&lc->lock, NULL);
	return lc;
}

void lower_claims_free(struct lower_claims *lc)
{
	if (!lc)
		return;
	strmap_free(&lc->first);
	pthread_mutex_destroy(&lc->lock);
	free(lc);
}

int lower_claims_dropped(struct lower_claims *lc, const char *usr,
			 size_t order)
{
	long *have;
	int dropped;

	if (!lc || !usr)
		return 0;
	if (program_find(lc->prog, usr) >= 0)
		return 1;
	pthread_mutex_lock(&lc->lock);
	have = strmap_get(&lc->first, usr);
	dropped = have && (size_t)*have < order;
	if (!have)
		strmap_put(&lc->first, usr, (long)order);
	else if (!dropped)
		*have = (long)order;
	pthread_mutex_unlock(&lc->lock);
	return dropped;
}

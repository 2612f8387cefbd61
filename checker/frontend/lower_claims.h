/* Which copy of a function lowered by several files of a round is kept
 * (frontend/lower_claims.c). */
#ifndef WBCHECK_FRONTEND_LOWER_CLAIMS_H
#define WBCHECK_FRONTEND_LOWER_CLAIMS_H

#include <stddef.h>
#include "model/program.h"

struct lower_claims;

/* For one round of parsing, after which its results are merged into
 * PROG in the order of the files' paths; PROG is only read meanwhile. */
struct lower_claims *lower_claims_new(const struct program *prog);
void lower_claims_free(struct lower_claims *lc);

/*
 * File number ORDER of the round (in the order of the merge) has
 * lowered the function USR: is that copy sure to be dropped by the
 * merge (the program has the function, or a file before ORDER lowered
 * it)?  If not, ORDER's copy may be the one kept, and is noted.  Any
 * thread may ask.
 */
int lower_claims_dropped(struct lower_claims *lc, const char *usr,
			 size_t order);

#endif

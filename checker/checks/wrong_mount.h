/* The resource held at a guarded call, taken on provably another
 * object than the one the call works on (the 2008 nfsd link bracket on
 * the target's mount while linking in the source's directory). */
#ifndef WBCHECK_CHECKS_WRONG_MOUNT_H
#define WBCHECK_CHECKS_WRONG_MOUNT_H

#include "analysis/solver.h"

/* Guarded call I is covered: is every key that covers it rooted in
 * another variable of the same struct pointer type than the call's
 * object arguments?  Then *KEY is one such key, *ARG the object
 * argument (1-based), and it returns 1.  0 when unsure. */
int wrong_object(const struct solve *s, size_t i, const struct effect *e,
		 int *key, int *arg);

#endif

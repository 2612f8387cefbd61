/* Across disciplines: what each one holds and takes at every point of
 * every function, recorded by its report pass, so that an order rule
 * ("take write access outside the directory lock") can compare them. */
#ifndef WBCHECK_CHECKS_BRACKET_ORDER_H
#define WBCHECK_CHECKS_BRACKET_ORDER_H

#include "model/findings.h"
#include "ruleset/ruleset.h"
#include "model/program.h"
#include "analysis/check_hooks.h"

struct solve;

struct disc_trace {
	size_t nfuncs, ndiscs;
	/* [d * nfuncs + f]: per instruction, 1 + the instruction that took
	 * a key held there on some path, or 0 */
	int **held;
	/* [d * nfuncs + f]: per instruction, it takes the discipline */
	char **takes;
};

void trace_init(struct disc_trace *t, const struct program *p,
		const struct rules *rules);
void trace_free(struct disc_trace *t);
/* Record the solved function S of discipline D. */
void trace_record(struct disc_trace *t, int d, const struct solve *s);
/* Report every order rule broken. */
void order_check(const struct program *p, const struct rules *rules,
		 const struct disc_trace *t, struct findings *out);

extern const struct check_ops bracket_order_check;

#endif

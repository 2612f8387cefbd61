/*
 * analysis: what the engine knows of a check — its hooks.  The checks
 * themselves are listed in checks/check_list.h; the driver hands the
 * list to program_analyse(), and the engine calls each check through
 * these pointers, so it includes no check.
 */
#ifndef WBCHECK_ANALYSIS_CHECK_HOOKS_H
#define WBCHECK_ANALYSIS_CHECK_HOOKS_H

#include <stddef.h>

struct findings;
struct program;
struct rules;
struct solve;
struct variant_summary;

struct check_ops {
	const char *name;
	/* the check's own state for one analysis, or NULL (may be NULL) */
	void *(*init)(const struct program *p, const struct rules *rules);
	/* each solved variant of a function, in the summary passes
	 * (s->ctx->findings is NULL) and in the report pass; OUT is the
	 * variant's summary for its callers (may be NULL) */
	void (*on_function)(void *state, struct solve *s,
			    struct variant_summary *out);
	/* once, after every discipline's report pass (may be NULL) */
	void (*on_program)(void *state, const struct program *p,
			   const struct rules *rules, struct findings *out);
	void (*fini)(void *state);	/* may be NULL */
	/* without init(): the state its hooks get, its caller's own (a
	 * check run for one purpose: --infer gathering call sites) */
	void *state;
};

/* The checks of one analysis and their states. */
struct check_run {
	const struct check_ops *const *ops;
	size_t n;
	void **state;
};

#endif

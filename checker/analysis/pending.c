/*
 * analysis: the functions of the program whose summaries may still
 * grow.  A run that stores one part of a tree (--db with -B and paths)
 * parses of the other parts only the files that alone define what it
 * calls (run_build.c); an empty summary that leans on a function it has
 * no body for, and will have none, must not stop the prefilter from
 * parsing its callers, or the part would leave out a caller that the
 * whole program needs.
 */
#include "analysis/pending.h"

#include <stdlib.h>
#include <string.h>

/* The name in a function's USR: "c:@F@name", "c:file.c@F@name". */
static const char *usr_name(const char *usr)
{
	const char *at = usr ? strstr(usr, "@F@") : NULL, *next;

	while (at && (next = strstr(at + 3, "@F@")))
		at = next;
	return at ? at + 3 : NULL;
}

/* USR (NAME, when known) is no function of P, and may matter. */
static int missing(const struct program *p, const char *usr, const char *name,
		   int (*matters)(void *ctx, const char *name), void *ctx)
{
	if (!usr || program_find(p, usr) >= 0)
		return 0;
	if (!name)
		name = usr_name(usr);
	return name && matters(ctx, name);
}

/* A function named by CALL, as callee or argument, is in PENDING, or
 * is missing and may matter. */
static int leans_on(const struct program *p, const struct ir_call *call,
		    const char *pending,
		    int (*matters)(void *ctx, const char *name), void *ctx)
{
	long f;
	int a;

	f = program_find(p, call->usr);
	if (f >= 0 ? pending[f] : missing(p, call->usr, call->callee, matters, ctx))
		return 1;
	for (a = 0; a < call->nargs; a++) {
		const char *usr = call->args[a].fn_usr;

		f = program_find(p, usr);
		if (f >= 0 ? pending[f] : missing(p, usr, NULL, matters, ctx))
			return 1;
	}
	return 0;
}

static int func_leans_on(const struct program *p, const struct ir_func *fn,
			 const char *pending,
			 int (*matters)(void *ctx, const char *name), void *ctx)
{
	size_t i;

	for (i = 0; i < fn->ninstrs; i++)
		if (fn->instrs[i].op == IR_CALL && fn->instrs[i].call &&
		    leans_on(p, fn->instrs[i].call, pending, matters, ctx))
			return 1;
	return 0;
}

void program_pending_names(const struct program *p,
			   int (*matters)(void *ctx, const char *name),
			   void *ctx, struct strmap *names)
{
	char *pending = xcalloc(p->nfuncs + 1, 1);
	size_t i;
	int grew = 1;

	/* to a fixpoint: a caller of a pending function is pending */
	while (grew) {
		grew = 0;
		for (i = 0; i < p->nfuncs; i++) {
			if (pending[i] ||
			    !func_leans_on(p, p->funcs[i], pending, matters, ctx))
				continue;
			pending[i] = 1;
			grew = 1;
			strmap_put(names, p->funcs[i]->name, 1);
		}
	}
	free(pending);
}

/*
 * analysis: a function handed to a helper of its own file that only
 * calls it (frontend/callback_params.c says which parameters those are)
 * runs, for the bracket, where
 * the helper is called: nfsd4_recdir_purge_old() takes the bracket,
 * calls nfsd4_list_rec_dir(purge_old, nn), drops it.  So such a
 * callback is no escape; its needs are checked at the call of the
 * helper, with the state there.  That is the helper's state at its own
 * call of the pointer only if the helper leaves the bracket alone, so
 * a helper whose summary acquires or releases does not bind: the
 * callback stays an escape, a root checked where it is.  Its own
 * acquires and releases are not carried to the helper's caller either:
 * a callback that has any is left an escape too.
 */
#include "analysis/bound_callbacks.h"
#include "analysis/solver.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* The first call FN makes through parameter K, or NULL. */
static const struct ir_instr *param_call(const struct ir_func *fn, int k)
{
	size_t i;

	for (i = 0; i < fn->ninstrs; i++)
		if (fn->instrs[i].call && fn->instrs[i].call->fn_param == k)
			return &fn->instrs[i];
	return NULL;
}

/* Acquires or releases, in some variant, for its caller. */
static int touches_bracket(const struct program *p, long f)
{
	const struct summary *s;
	int v;

	if (f < 0 || !p->sums)
		return 0;
	s = &p->sums[f];
	for (v = 0; v < s->nvariants; v++)
		if (s->v[v].acquires || s->v[v].releases)
			return 1;
	return 0;
}

/*
 * What the text of the program allows: the helper is defined in the .c
 * file of the function that calls it, and only calls its parameter K.
 * In the same file, because then whatever parses the caller lowers the
 * helper too (the prefilter, a --db run of that one file): a helper
 * elsewhere would bind or not as files happen to be parsed.
 */
static int may_bind(const struct program *p, const struct ir_func *caller,
		    const struct ir_call *call, int k)
{
	long g = program_find(p, call->usr);
	const struct ir_func *helper;

	if (g < 0 || k > 64 || program_find(p, call->args[k - 1].fn_usr) < 0)
		return 0;
	helper = p->funcs[g];
	if (!helper->in_main_file || !caller->in_main_file ||
	    helper->loc.file != caller->loc.file)
		return 0;
	return (helper->fnparams_called >> (k - 1) & 1) &&
	       param_call(helper, k) != NULL;
}

/* Each argument of the program that names a function, given to FN. */
static int each_fn_arg(struct program *p,
		       int (*fn)(struct program *, const struct ir_func *,
				 struct ir_call *, int))
{
	size_t i, j;
	int k, changed = 0;

	for (i = 0; i < p->nfuncs; i++)
		for (j = 0; j < p->funcs[i]->ninstrs; j++) {
			struct ir_call *call = p->funcs[i]->instrs[j].call;

			for (k = 1; call && k <= call->nargs; k++)
				if (call->args[k - 1].fn_usr)
					changed |= fn(p, p->funcs[i], call, k);
		}
	return changed;
}

static int resolve_one(struct program *p, const struct ir_func *caller,
		       struct ir_call *call, int k)
{
	struct ir_arg *a = &call->args[k - 1];

	a->fn_bound = may_bind(p, caller, call, k);
	if (!a->fn_bound)
		strmap_put(&p->cb_escaped, a->fn_usr, 1);
	return 0;
}

void callbacks_resolve(struct program *p)
{
	strmap_free(&p->cb_escaped);
	each_fn_arg(p, resolve_one);
}

static int unbind_one(struct program *p, const struct ir_func *caller,
		      struct ir_call *call, int k)
{
	struct ir_arg *a = &call->args[k - 1];

	(void)caller;
	if (!a->fn_bound ||
	    (!touches_bracket(p, program_find(p, call->usr)) &&
	     !touches_bracket(p, program_find(p, a->fn_usr))))
		return 0;
	a->fn_bound = 0;
	strmap_put(&p->cb_escaped, a->fn_usr, 1);
	return 1;
}

int callbacks_unbind(struct program *p)
{
	return each_fn_arg(p, unbind_one);
}

/* E needs the bracket for callback F, handed to the helper as argument K. */
static void add_needs(const struct program *p, const struct ir_call *call,
		      int k, long f, struct effect *e)
{
	const struct summary *s = &p->sums[f];
	const struct ir_func *helper = p->funcs[program_find(p, call->usr)];
	const struct ir_instr *at = param_call(helper, k);
	int v;

	for (v = 0; v < s->nvariants; v++) {
		if (!s->v[v].needs)
			continue;
		e->needs = 1;
		note_add(&e->chain, at->loc,
			 xasprintf("%s() calls %s() here, through its argument",
				   call->callee, p->funcs[f]->name));
		note_list_copy(&e->chain, &s->v[v].chain);
		while (e->chain.n > CHAIN_MAX)
			free(e->chain.items[--e->chain.n].msg);
		e->guarded = s->v[v].needs_callee;
		e->needs_usr = p->funcs[f]->usr;
		return;
	}
}

void callback_effects(const struct analysis_ctx *ctx,
		      const struct ir_call *call, struct effect *e)
{
	const struct program *p = ctx->prog;
	int k;

	for (k = 1; k <= call->nargs && !e->needs && p->sums; k++) {
		long f;

		if (!call->args[k - 1].fn_bound)
			continue;
		f = program_find(p, call->args[k - 1].fn_usr);
		if (f >= 0)
			add_needs(p, call, k, f, e);
	}
}

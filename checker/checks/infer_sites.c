/*
 * checks: --infer's call sites.  The program is analysed as for
 * findings, with the bracket check alone (it fills the summaries the
 * state at each call depends on), and a hook on the report pass of the
 * discipline inferred reads the solved state at every call: held there
 * on every path, left as the function's callers left it, or not held.
 * The report pass solves a function once per variant of its flags; a
 * call is held only if it is in every variant that reaches it.
 */
#include "checks/infer_sites.h"
#include "checks/bracket.h"
#include "analysis/interproc.h"
#include "analysis/keys.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LIES_ARGS 32

void infer_sites_free(struct infer_sites *s)
{
	size_t i;

	for (i = 0; i < s->nfuncs; i++) {
		free(s->hold ? s->hold[i] : NULL);
		free(s->lies ? s->lies[i] : NULL);
	}
	free(s->hold);
	free(s->lies);
	free(s->takes);
	free(s->touches);
	free(s->needs);
	memset(s, 0, sizeof(*s));
}

/* What two variants say of one call, together. */
static unsigned char join(unsigned char was, unsigned char now)
{
	if (was == SITE_UNSEEN || was == now)
		return now;
	if (was == SITE_NOT_HELD || now == SITE_NOT_HELD)
		return SITE_NOT_HELD;
	return SITE_CALLERS;	/* held in one variant, the callers' in another */
}

/* The variable the acquire that took K stored its result in: the dentry
 * kern_path_create() returns lies on the mount it holds.  Or -1. */
static int acquire_result(const struct solve *s, const struct kst *k)
{
	int o = k->origin[B_HELD] >= 0 ? k->origin[B_HELD] : k->origin[B_HELD_T];
	const struct ir_call *c;

	if (o < 0 || !(c = s->ctx->fn->instrs[o].call))
		return -1;
	return c->result_var;
}

/* The arguments of the call at I rooted in the variable of a key held
 * there.  The last of them is most often the object (an idmap taken
 * from the mount comes first). */
static unsigned lying_args(const struct solve *s, size_t i)
{
	const struct ir_func *fn = s->ctx->fn;
	const struct ir_call *c = fn->instrs[i].call;
	const struct kst *st = &s->kst[i * s->nkeys];
	unsigned mask = 0;
	size_t k;
	int a;

	for (k = 0; k < s->nkeys; k++) {
		int hv, rv;

		if (!(st[k].bits & COVER_BITS))
			continue;
		hv = key_origin_var(fn, s->ef->keys.keys[k]);
		rv = acquire_result(s, &st[k]);
		for (a = 0; a < c->nargs && a < MAX_LIES_ARGS; a++) {
			int v = c->args[a].key ?
				key_origin_var(fn, c->args[a].key) : -1;

			if (v >= 0 && (v == hv || v == rv))
				mask |= 1u << a;
		}
	}
	return mask;
}

static void alloc_function(struct infer_sites *is, long f, size_t ninstrs)
{
	if (is->hold[f])
		return;
	is->hold[f] = xcalloc(ninstrs + 1, 1);
	is->lies[f] = xcalloc(ninstrs + 1, sizeof(unsigned));
}

static void record_call(struct infer_sites *is, long f, const struct solve *s,
			size_t i)
{
	const struct effect *e = &s->ef->per_instr[i];
	unsigned char now;

	if (bracket_held_at(s, i, e))
		now = SITE_HELD;
	else if (bracket_left_to_caller(s, i))
		now = SITE_CALLERS;
	else
		now = SITE_NOT_HELD;
	is->hold[f][i] = join(is->hold[f][i], now);
	if (now == SITE_HELD)
		is->lies[f][i] |= lying_args(s, i);
}

static void sites_on_function(void *state, struct solve *s,
			      struct variant_summary *out)
{
	struct infer_sites *is = state;
	const struct ir_func *fn = s->ctx->fn;
	long f;
	size_t i;

	if (!is || !s->ctx->findings || s->ctx->disc != is->disc)
		return;
	f = program_find(s->ctx->prog, fn->usr);
	if (f < 0 || (size_t)f >= is->nfuncs)
		return;
	alloc_function(is, f, fn->ninstrs);
	if (out && out->needs)
		is->needs[f] = 1;
	for (i = 0; i < fn->ninstrs; i++) {
		const struct effect *e = &s->ef->per_instr[i];

		if (!s->reach[i] || !fn->instrs[i].call)
			continue;
		if (e->acquire)
			is->takes[f] = is->touches[f] = 1;
		if (e->release)
			is->touches[f] = 1;
		record_call(is, f, s, i);
	}
	if (is->takes[f])
		is->any_acquire = 1;
}

void infer_sites_collect(struct program *p, const struct rules *rules,
			 struct infer_sites *out)
{
	struct check_ops gather = {
		.name = "infer_sites",
		.on_function = sites_on_function,
		.state = out,
	};
	const struct check_ops *const checks[] = { &bracket_check, &gather };
	struct findings unused = { 0 };
	size_t n = p->nfuncs, i;

	memset(out, 0, sizeof(*out));
	out->nfuncs = n;
	out->hold = xcalloc(n + 1, sizeof(*out->hold));
	out->lies = xcalloc(n + 1, sizeof(*out->lies));
	out->takes = xcalloc(n + 1, 1);
	out->touches = xcalloc(n + 1, 1);
	out->needs = xcalloc(n + 1, 1);
	program_analyse(p, rules, checks, 2, &unused);
	findings_free(&unused);
	/* the program as it was, ready for more functions (--infer's rounds) */
	for (i = 0; i < n; i++)
		summary_free(&p->sums[i]);
	free(p->sums);
	p->sums = NULL;
	free(p->ncallers);
	p->ncallers = NULL;
}

/*
 * checks: order rules between disciplines.  Each discipline is solved on its
 * own (its keys never cover another's calls); its report pass leaves a
 * trace of where it is held and where it is taken.  An order rule of
 * discipline A naming B is broken where A is taken while B is held on
 * some path: mnt_want_write() inside inode_lock() can deadlock against
 * a freeze, which takes them the other way round.
 */
#include "checks/bracket_order.h"
#include "analysis/solver.h"
#include "analysis/call_effects.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

void trace_init(struct disc_trace *t, const struct program *p,
		const struct rules *rules)
{
	size_t n = p->nfuncs * rules->ndiscs + 1;

	t->nfuncs = p->nfuncs;
	t->ndiscs = rules->ndiscs;
	t->held = xcalloc(n, sizeof(*t->held));
	t->takes = xcalloc(n, sizeof(*t->takes));
}

void trace_free(struct disc_trace *t)
{
	size_t i;

	for (i = 0; i < t->nfuncs * t->ndiscs; i++) {
		free(t->held[i]);
		free(t->takes[i]);
	}
	free(t->held);
	free(t->takes);
	memset(t, 0, sizeof(*t));
}

void trace_record(struct disc_trace *t, int d, const struct solve *s)
{
	const struct ir_func *fn = s->ctx->fn;
	long f = program_find(s->ctx->prog, fn->usr);
	size_t i, k, slot;

	if (f < 0 || d < 0 || (size_t)d >= t->ndiscs)
		return;
	slot = (size_t)d * t->nfuncs + (size_t)f;
	if (!t->held[slot]) {
		t->held[slot] = xcalloc(fn->ninstrs + 1, sizeof(int));
		t->takes[slot] = xcalloc(fn->ninstrs + 1, 1);
	}
	for (i = 0; i < fn->ninstrs; i++) {
		const struct kst *st = &s->kst[i * s->nkeys];

		if (!s->reach[i])
			continue;
		if (s->ef->per_instr[i].acquire)
			t->takes[slot][i] = 1;
		for (k = 0; k < s->nkeys && !t->held[slot][i]; k++) {
			int o = st[k].origin[B_HELD] >= 0 ? st[k].origin[B_HELD] :
							   st[k].origin[B_HELD_T];

			if ((st[k].bits & HELD_BITS) && o >= 0)
				t->held[slot][i] = o + 1;
		}
	}
}

static const char *callee(const struct ir_func *fn, int i)
{
	const struct ir_call *c = fn->instrs[i].call;

	return c && c->callee ? c->callee : "?";
}

static void report(const struct ir_func *fn, int i, int o, const char *check,
		   const struct rules *a, const struct rules *b,
		   struct findings *out)
{
	struct finding f = { 0 };

	f.loc = fn->instrs[i].loc;
	f.function = xstrdup(fn->name);
	f.check = check;
	f.callee = xstrdup(callee(fn, i));
	f.message = xasprintf("%s() takes %s while %s is held", callee(fn, i),
			      a->names.resource, b->names.resource);
	f.call_text = fn->instrs[i].call && fn->instrs[i].call->text ?
		      xstrdup(fn->instrs[i].call->text) : NULL;
	note_add(&f.notes, fn->instrs[o].loc,
		 xasprintf("%s is taken here by %s()", b->names.resource,
			   callee(fn, o)));
	f.suggestion = xasprintf("take %s before %s, and release it after",
				 a->names.resource, b->names.resource);
	findings_add(out, &f);
}

void order_check(const struct program *p, const struct rules *rules,
		 const struct disc_trace *t, struct findings *out)
{
	size_t r, f, i;

	for (r = 0; r < rules->norders; r++) {
		const struct rule_order *o = &rules->orders[r];
		int b = rules_find_disc(rules, o->before);
		struct rules va, vb;

		if (b < 0 || b == o->disc)
			continue;	/* the other discipline is not loaded */
		rules_view(rules, o->disc, &va);
		rules_view(rules, b, &vb);
		for (f = 0; f < p->nfuncs; f++) {
			const char *takes = t->takes[o->disc * t->nfuncs + f];
			const int *held = t->held[b * t->nfuncs + f];

			if (!takes || !held)
				continue;
			for (i = 0; i < p->funcs[f]->ninstrs; i++)
				if (takes[i] && held[i])
					report(p->funcs[f], (int)i, held[i] - 1,
					       o->check, &va, &vb, out);
		}
	}
}

static void *order_init(const struct program *p, const struct rules *rules)
{
	struct disc_trace *t = xcalloc(1, sizeof(*t));

	trace_init(t, p, rules);
	return t;
}

/* The report pass of each discipline records its trace. */
static void order_on_function(void *state, struct solve *s,
			      struct variant_summary *out)
{
	(void)out;
	if (state && s->ctx->findings)
		trace_record(state, s->ctx->disc, s);
}

static void order_on_program(void *state, const struct program *p,
			     const struct rules *rules, struct findings *out)
{
	order_check(p, rules, state, out);
}

static void order_fini(void *state)
{
	if (!state)
		return;
	trace_free(state);
	free(state);
}

const struct check_ops bracket_order_check = {
	.name = "bracket_order",
	.init = order_init,
	.on_function = order_on_function,
	.on_program = order_on_program,
	.fini = order_fini,
};

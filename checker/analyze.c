/*
 * The bracket-state dataflow: a forward worklist solve over the IR.
 * Each instruction's in-state maps every key to a set of situations
 * (state.h); joins are unions, so the solve is monotone and ends.
 * Branches on the variable an acquire's result was stored in split the
 * situations: success on one edge, failure on the other, and an edge
 * no situation survives is not taken.
 */
#include "analyze.h"
#include "checks.h"
#include "effects.h"
#include "state.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static struct kst *kst_at(struct solve *s, size_t instr)
{
	return &s->kst[instr * s->nkeys];
}

static int flag_index(const struct analysis_ctx *ctx, int var)
{
	int i, param = ctx->fn->vars[var].param;

	for (i = 0; param && ctx->flags && i < ctx->flags->nflags; i++)
		if (ctx->flags->flags[i] == param)
			return i;
	return -1;
}

/* Does atom/edge contradict this variant's flag values or a constant? */
static int edge_infeasible(const struct analysis_ctx *ctx,
			   const struct ir_instr *in, int edge)
{
	int f;

	if (in->atom == ATOM_CONST)
		return in->const_true ? edge == 1 : edge == 0;
	if (in->atom != ATOM_NONZERO || in->var < 0)
		return 0;
	f = flag_index(ctx, in->var);
	if (f < 0)
		return 0;
	return ((ctx->variant >> f) & 1) ? edge == 1 : edge == 0;
}

/* Which edge of this branch means the acquire succeeded: 0, 1, or -1
 * when the test says nothing about it. */
static int success_edge(const struct ir_instr *in, enum success_kind succ)
{
	if (in->atom == ATOM_NONZERO && succ == SUCCESS_ZERO)
		return 1;
	if (in->atom == ATOM_ISERR && succ == SUCCESS_NOT_ERR_PTR)
		return 1;
	return -1;
}

static void refine(struct kst *k, int success)
{
	if (success) {
		if (k->bits & BIT(B_PEND_T)) {
			k->bits &= ~BIT(B_PEND_T);
			if (!(k->bits & BIT(B_HELD_T)))
				k->origin[B_HELD_T] = k->origin[B_PEND_T];
			k->bits |= BIT(B_HELD_T);
		}
		k->bits &= ~BIT(B_FAIL_T);
	} else {
		if (k->bits & BIT(B_PEND_T)) {
			k->bits &= ~BIT(B_PEND_T);
			if (!(k->bits & BIT(B_FAIL_T)))
				k->origin[B_FAIL_T] = k->origin[B_PEND_T];
			k->bits |= BIT(B_FAIL_T);
		}
		k->bits &= ~BIT(B_HELD_T);
	}
}

/* Apply edge EDGE of branch IN to OUT; returns 0 if the edge is dead. */
static int branch_edge(struct solve *s, const struct ir_instr *in, int edge,
		       struct kst *out)
{
	size_t k;

	if (edge_infeasible(s->ctx, in, edge))
		return 0;
	for (k = 0; k < s->nkeys && in->var >= 0; k++) {
		int se;

		if (out[k].tie != in->var || !(out[k].bits & TIED_BITS))
			continue;
		se = success_edge(in, out[k].tsucc);
		if (se < 0)
			continue;
		refine(&out[k], edge == se);
		if (!out[k].bits)
			return 0;
	}
	return 1;
}

static void untie_var(struct solve *s, struct kst *st, int var)
{
	size_t k;

	for (k = 0; k < s->nkeys && var >= 0; k++)
		if (st[k].tie == var)
			kst_untie(&st[k]);
}

static void set_bits(struct kst *k, unsigned bits, int origin)
{
	int b;

	if (k->tie != TIE_LOST)
		k->tie = TIE_NONE;
	k->bits = bits;
	for (b = 0; b < NBITS; b++)
		if (bits & BIT(b))
			k->origin[b] = origin;
}

static void apply_call(struct solve *s, size_t i, struct kst *st)
{
	const struct effect *e = &s->ef->per_instr[i];
	const struct ir_instr *in = &s->ctx->fn->instrs[i];
	int var = in->call ? in->call->result_var : -1;
	struct kst *k;

	untie_var(s, st, var);
	if (e->key < 0)
		return;
	k = &st[e->key];
	if (e->acquire) {
		if (e->success == SUCCESS_ALWAYS) {
			set_bits(k, BIT(B_HELD), (int)i);
		} else if (var >= 0) {
			set_bits(k, BIT(B_PEND_T), (int)i);
			k->tie = var;
			k->tsucc = e->success;
		} else {
			set_bits(k, BIT(B_UNCHK), (int)i);
		}
	} else if (e->release == REL_ALWAYS) {
		set_bits(k, BIT(B_DROP), (int)i);
	} else if (e->release == REL_MAYBE) {
		unsigned keep = k->bits & ~HELDISH_BITS;

		if (k->bits & (HELDISH_BITS | BIT(B_ENTRY))) {
			if (!(keep & BIT(B_DROP)))
				k->origin[B_DROP] = (int)i;
			keep |= BIT(B_DROP);
		}
		kst_untie(k);
		k->bits = keep;
	}
}

static void enqueue(struct solve *s, int i)
{
	if (i < 0 || (size_t)i >= s->ctx->fn->ninstrs || s->queued[i])
		return;
	s->queued[i] = 1;
	s->queue[s->qtail] = i;
	s->qtail = (s->qtail + 1) % (s->ctx->fn->ninstrs + 1);
}

static void flow_to(struct solve *s, int succ, const struct kst *out)
{
	struct kst *dst;
	size_t k;
	int changed = 0;

	if (succ < 0 || (size_t)succ >= s->ctx->fn->ninstrs)
		return;
	dst = kst_at(s, succ);
	if (!s->reach[succ]) {
		s->reach[succ] = 1;
		memcpy(dst, out, s->nkeys * sizeof(*dst));
		changed = 1;
	} else {
		for (k = 0; k < s->nkeys; k++)
			changed |= kst_join(&dst[k], &out[k]);
	}
	if (changed)
		enqueue(s, succ);
}

static void step(struct solve *s, size_t i, struct kst *out)
{
	const struct ir_instr *in = &s->ctx->fn->instrs[i];
	int edge;

	memcpy(out, kst_at(s, i), s->nkeys * sizeof(*out));
	switch (in->op) {
	case IR_BRANCH:
		for (edge = 0; edge < 2; edge++) {
			memcpy(out, kst_at(s, i), s->nkeys * sizeof(*out));
			if (branch_edge(s, in, edge, out))
				flow_to(s, in->succ[edge], out);
		}
		return;
	case IR_CALL:
		apply_call(s, i, out);
		break;
	case IR_ASSIGN:
		untie_var(s, out, in->var);
		break;
	case IR_RETURN:
	case IR_NORETURN:
		return;
	case IR_NOP:
		break;
	}
	flow_to(s, in->succ[0], out);
}

static void solve_init(struct solve *s, const struct analysis_ctx *ctx,
		       const struct effects *ef)
{
	size_t n = ctx->fn->ninstrs, k;

	memset(s, 0, sizeof(*s));
	s->ctx = ctx;
	s->ef = ef;
	s->nkeys = ef->keys.n;
	s->kst = xcalloc(n * s->nkeys + 1, sizeof(*s->kst));
	s->reach = xcalloc(n + 1, 1);
	s->queued = xcalloc(n + 1, 1);
	s->queue = xcalloc(n + 1, sizeof(*s->queue));
	if (!n)
		return;
	s->reach[0] = 1;
	for (k = 0; k < s->nkeys; k++)
		kst_entry(&s->kst[k]);
	enqueue(s, 0);
}

static void solve_run(struct solve *s)
{
	size_t n = s->ctx->fn->ninstrs;
	struct kst *out = xcalloc(s->nkeys + 1, sizeof(*out));

	while (s->qhead != s->qtail) {
		int i = s->queue[s->qhead];

		s->qhead = (s->qhead + 1) % (n + 1);
		s->queued[i] = 0;
		step(s, (size_t)i, out);
	}
	free(out);
}

static void solve_free(struct solve *s)
{
	free(s->kst);
	free(s->reach);
	free(s->queued);
	free(s->queue);
}

void analyse_function(const struct analysis_ctx *ctx,
		      struct variant_summary *out)
{
	struct effects ef;
	struct solve s;

	memset(out, 0, sizeof(*out));
	effects_compute(ctx, &ef);
	if (!ef.any) {
		effects_free(&ef);
		return;
	}
	solve_init(&s, ctx, &ef);
	solve_run(&s);
	checks_run(&s, out);
	solve_free(&s);
	effects_free(&ef);
}

/* Integer parameters the body only tests: candidates for variants. */
void find_flag_params(const struct ir_func *fn, struct summary *s)
{
	size_t i;
	int f;

	s->nflags = 0;
	for (i = 0; i < fn->ninstrs && s->nflags < MAX_FLAGS; i++) {
		const struct ir_instr *in = &fn->instrs[i];
		const struct ir_var *v;

		if (in->op != IR_BRANCH || in->atom != ATOM_NONZERO ||
		    in->var < 0)
			continue;
		v = &fn->vars[in->var];
		if (!v->param || v->assigned || !v->is_integer)
			continue;
		for (f = 0; f < s->nflags; f++)
			if (s->flags[f] == v->param)
				break;
		if (f == s->nflags)
			s->flags[s->nflags++] = v->param;
	}
	s->nvariants = 1 << s->nflags;
}

void needs_list_free(struct needs_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->items[i].callee);
		free(l->items[i].guarded);
		free(l->items[i].call_text);
		free(l->items[i].suggestion);
		note_list_free(&l->items[i].chain);
	}
	free(l->items);
	l->items = NULL;
	l->n = l->cap = 0;
}

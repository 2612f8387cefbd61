/*
 * analysis: the bracket-state dataflow: a forward worklist solve over the IR.
 * Each instruction's in-state maps every key to a set of situations
 * (analysis/bracket_state.h); joins are unions, so the solve is monotone and
 * ends. Branches on the variable an acquire's result was stored in split the
 * situations: success on one edge, failure on the other, and an edge
 * no situation survives is not taken.
 */
#include "analysis/solver.h"
#include "analysis/call_effects.h"
#include "analysis/keys.h"
#include "analysis/bracket_state.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static unsigned long long vmask(const struct solve *s, int var)
{
	return solve_vmask(s, var);
}

static void facts_forget(struct vfacts *f, unsigned long long m)
{
	f->zero &= ~m;
	f->nonzero &= ~m;
	f->iserr &= ~m;
	f->noterr &= ~m;
}

static int facts_meet(struct vfacts *dst, const struct vfacts *src)
{
	struct vfacts before = *dst;

	dst->zero &= src->zero;
	dst->nonzero &= src->nonzero;
	dst->iserr &= src->iserr;
	dst->noterr &= src->noterr;
	return memcmp(&before, dst, sizeof(before)) != 0;
}

/* Is an edge ruled out by what is known of its variable? */
static int facts_rule_out(const struct solve *s, const struct ir_instr *in,
			  const struct vfacts *f, int edge)
{
	unsigned long long m = vmask(s, in->var);

	if (!m)
		return 0;
	if (in->atom == ATOM_NONZERO)
		return edge == 0 ? (f->zero & m) != 0 : (f->nonzero & m) != 0;
	if (in->atom == ATOM_NZ_TRUE || in->atom == ATOM_NEGATIVE)
		return edge == 0 && (f->zero & m);
	return 0;
}

static void facts_after_edge(const struct solve *s, const struct ir_instr *in,
			     struct vfacts *f, int edge)
{
	unsigned long long m = vmask(s, in->var);

	if (in->atom == ATOM_ISERR && edge == 0) {
		f->iserr |= m;
		f->nonzero |= m;	/* an error pointer is not NULL */
	} else if (in->atom == ATOM_ISERR) {
		f->noterr |= m;
	} else if (in->atom == ATOM_NONZERO && edge == 1) {
		f->zero |= m;
	} else if ((in->atom == ATOM_NONZERO || in->atom == ATOM_NZ_TRUE ||
		    in->atom == ATOM_NEGATIVE) && edge == 0) {
		f->nonzero |= m;
	}
}

static void facts_assign(const struct solve *s, const struct ir_instr *in,
			 struct vfacts *f)
{
	unsigned long long m = vmask(s, in->var), src = vmask(s, in->src_var);
	int was_zero = src && (f->zero & src), was_nz = src && (f->nonzero & src);
	int was_err = src && (f->iserr & src), was_ok = src && (f->noterr & src);

	facts_forget(f, m);
	if (was_err && !in->negate)
		f->iserr |= m;
	if (was_ok && !in->negate)
		f->noterr |= m;
	if (in->negate) {
		int t = was_zero;

		was_zero = was_nz;
		was_nz = t;
	}
	if (in->zero || was_zero)
		f->zero |= m;
	if (in->nonzero || was_nz)
		f->nonzero |= m;
}

static int flag_index(const struct analysis_ctx *ctx, int var)
{
	int i;

	for (i = 0; ctx->flags && i < ctx->flags->nflags; i++)
		if (ctx->flags->flag_vars[i] == var)
			return i;
	return -1;
}

/* The alias flag of this variant that a compare of two parameters
 * tests, or -1. */
static int alias_index(const struct analysis_ctx *ctx,
		       const struct ir_instr *in)
{
	if (!in->cmp[0] || !in->cmp[1])
		return -1;
	return summary_alias_flag(ctx->flags, key_param(in->cmp[0]),
				  key_param(in->cmp[1]));
}

/* Does atom/edge contradict this variant's flag values or a constant? */
static int edge_infeasible(const struct analysis_ctx *ctx,
			   const struct ir_instr *in, int edge)
{
	int f;

	if (in->atom == ATOM_CONST)
		return in->const_true ? edge == 1 : edge == 0;
	/* the first edge of a compare is "equal" (frontend/lower.c) */
	if (in->atom == ATOM_OPAQUE)
		f = alias_index(ctx, in);
	else if (in->atom == ATOM_NONZERO && in->var >= 0)
		f = flag_index(ctx, in->var);
	else
		return 0;
	if (f < 0)
		return 0;
	return ((ctx->variant >> f) & 1) ? edge == 1 : edge == 0;
}

/* Which edge of this branch means the acquire succeeded: 0, 1, or -1
 * when the test says nothing about it. */
static int success_edge(const struct ir_instr *in, enum success_kind succ)
{
	if (in->atom == ATOM_NEGATIVE)
		return succ == SUCCESS_ZERO ? 1 : -1;
	if ((in->atom == ATOM_NONZERO || in->atom == ATOM_NZ_TRUE) &&
	    succ == SUCCESS_NONZERO)
		return 0;
	if (in->atom == ATOM_NZ_TRUE && succ == SUCCESS_ZERO)
		return 1;
	if (in->atom == ATOM_NONZERO && succ == SUCCESS_ZERO)
		return 1;
	if (in->atom == ATOM_ISERR &&
	    (succ == SUCCESS_NOT_ERR_PTR || succ == SUCCESS_UNLESS_ERR_PTR))
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
		/* held from the start unless the test says it failed */
		if (k->tsucc == SUCCESS_UNLESS_ERR_PTR && (k->bits & BIT(B_HELD_T))) {
			k->bits &= ~BIT(B_HELD_T);
			if (!(k->bits & BIT(B_FAIL_T)))
				k->origin[B_FAIL_T] = k->origin[B_HELD_T];
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

		if (!kst_tied_to(&out[k], in->var) || !(out[k].bits & TIED_BITS))
			continue;
		se = success_edge(in, out[k].tsucc);
		if (se < 0 || (in->atom == ATOM_NZ_TRUE && edge != 0))
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
		kst_var_written(&st[k], var);
}

/* var = other: var holds the tied value too; var = error code: paths
 * where the bracket is not held now have var nonzero. */
static void apply_assign(struct solve *s, const struct ir_instr *in,
			 struct kst *st)
{
	size_t k;

	for (k = 0; k < s->nkeys; k++) {
		if (in->negate)
			kst_var_negated(&st[k], in->var, in->src_var,
					s->ctx->fn->vars[in->src_var].is_temp);
		else if (in->src_var >= 0)
			kst_var_copied(&st[k], in->var, in->src_var);
		else
			kst_var_written(&st[k], in->var);
	}
}

static void set_bits(struct kst *k, unsigned bits, int origin)
{
	int b;

	if (k->tie != TIE_LOST)
		k->tie = TIE_NONE;
	k->alias = TIE_NONE;
	k->bits = bits;
	for (b = 0; b < NBITS; b++)
		if (bits & BIT(b))
			k->origin[b] = origin;
}

/* Is KEY a part of OBJ, as written or through the pointer locals set
 * once that they are reached by (mnt = mntget(f->f_path.mnt): a returns
 * rule)? */
static int part_of(const struct solve *s, const char *key, const char *obj)
{
	char *k, *o;
	int yes;

	if (key_under(key, obj))
		return 1;
	k = key_origin(s->ctx->fn, key);
	o = key_origin(s->ctx->fn, obj);
	yes = key_under(k, o);
	free(k);
	free(o);
	return yes;
}

/*
 * A release of a key this function never touched, made where an object
 * the key is part of holds the bracket itself on every path (a holds
 * test was true): the object gives back its own access (__fput()'s
 * put_file_access() under FMODE_WRITER), which is no bracket of its
 * caller's.  A key the function took is released as any other.
 */
static int object_gives_back(const struct solve *s, const struct kst *st,
			     int key)
{
	size_t o;

	if (st[key].bits != BIT(B_ENTRY))
		return 0;
	for (o = 0; o < s->nkeys; o++)
		if (st[o].bits == BIT(B_GIVEN) &&
		    part_of(s, s->ef->keys.keys[key], s->ef->keys.keys[o]))
			return 1;
	return 0;
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
	if (e->release && object_gives_back(s, st, e->key))
		return;
	if (e->acquire) {
		if (e->success == SUCCESS_ALWAYS) {
			set_bits(k, BIT(B_HELD), (int)i);
		} else if (e->success == SUCCESS_UNLESS_ERR_PTR) {
			set_bits(k, BIT(var >= 0 ? B_HELD_T : B_HELD), (int)i);
			if (var >= 0) {
				k->tie = var;
				k->tsucc = e->success;
			}
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
		unsigned keep;

		kst_untie(k);
		keep = k->bits & ~HELDISH_BITS;
		if (k->bits & (HELDISH_BITS | BIT(B_ENTRY))) {
			if (!(keep & BIT(B_DROP)))
				k->origin[B_DROP] = (int)i;
			keep |= BIT(B_DROP);
		}
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

static int same_world(const struct kst *a, const struct kst *b, size_t nkeys)
{
	size_t k;

	for (k = 0; k < nkeys; k++)
		if (a[k].bits != b[k].bits || a[k].tie != b[k].tie ||
		    a[k].alias != b[k].alias || a[k].tsucc != b[k].tsucc)
			return 0;
	return 1;
}

static void worlds_push(struct worlds *ws, size_t nkeys, const struct kst *k,
			const struct vfacts *f)
{
	if (ws->n == ws->cap) {
		ws->cap = ws->cap ? ws->cap * 2 : 2;
		ws->k = xrealloc(ws->k, ws->cap * (nkeys + 1) * sizeof(*ws->k));
		ws->f = xrealloc(ws->f, ws->cap * sizeof(*ws->f));
	}
	memcpy(&ws->k[ws->n * nkeys], k, nkeys * sizeof(*k));
	ws->f[ws->n++] = *f;
}

/* Join K into world W; returns nonzero if it changed. */
static int world_join(struct worlds *ws, int w, size_t nkeys,
		      const struct kst *k, const struct vfacts *f)
{
	struct kst *dst = &ws->k[w * nkeys];
	size_t i;
	int changed = 0;

	for (i = 0; i < nkeys; i++)
		changed |= kst_join(&dst[i], &k[i]);
	return facts_meet(&ws->f[w], f) || changed;
}

static void worlds_merge_all(struct worlds *ws, size_t nkeys)
{
	int w;

	for (w = 1; w < ws->n; w++)
		world_join(ws, 0, nkeys, &ws->k[w * nkeys], &ws->f[w]);
	ws->n = 1;
	ws->merged = 1;
}

/* Do two worlds know different values of a variable of mask M? */
static int facts_disagree(const struct vfacts *a, const struct vfacts *b,
			  unsigned long long m)
{
	return (((a->zero & b->nonzero) | (a->nonzero & b->zero)) & m) != 0;
}

static int worlds_add(struct worlds *ws, size_t nkeys, const struct kst *k,
		      const struct vfacts *f, unsigned long long apart)
{
	int w;

	if (ws->merged)
		return world_join(ws, 0, nkeys, k, f);
	for (w = 0; w < ws->n; w++)
		if (same_world(&ws->k[w * nkeys], k, nkeys) &&
		    !facts_disagree(&ws->f[w], f, apart))
			return world_join(ws, w, nkeys, k, f);
	worlds_push(ws, nkeys, k, f);
	if (ws->n > MAX_WORLDS)
		worlds_merge_all(ws, nkeys);
	return 1;
}

static void flow_to(struct solve *s, int succ, const struct kst *out,
		    const struct vfacts *f)
{
	if (succ < 0 || (size_t)succ >= s->ctx->fn->ninstrs)
		return;
	s->reach[succ] = 1;
	if (worlds_add(&s->in[succ], s->nkeys, out, f, s->mirrors))
		enqueue(s, succ);
}

static void step_branch(struct solve *s, size_t i, const struct kst *in_k,
			const struct vfacts *in_f, struct kst *out)
{
	const struct ir_instr *in = &s->ctx->fn->instrs[i];
	int edge;

	for (edge = 0; edge < 2; edge++) {
		struct vfacts f = *in_f;

		if (facts_rule_out(s, in, &f, edge))
			continue;
		memcpy(out, in_k, s->nkeys * sizeof(*out));
		if (!branch_edge(s, in, edge, out))
			continue;
		if (in->atom == ATOM_HOLDS && edge == 0 &&
		    s->ef->per_instr[i].key >= 0)
			set_bits(&out[s->ef->per_instr[i].key], BIT(B_GIVEN), (int)i);
		facts_after_edge(s, in, &f, edge);
		flow_to(s, in->succ[edge], out, &f);
	}
}

/* The object of instruction I took over what its keys held: not a leak
 * at a return, and it covers guarded calls, as a holds test does. */
static void hand_to_object(struct solve *s, size_t i, struct kst *out)
{
	const char *obj = s->ef->keys.keys[s->ef->per_instr[i].key];
	size_t k;

	for (k = 0; k < s->nkeys; k++) {
		if (!(out[k].bits & HELDISH_BITS) ||
		    !key_under(s->ef->keys.keys[k], obj))
			continue;
		out[k].bits &= ~HELDISH_BITS;
		kst_untie(&out[k]);
		set_bits(&out[k], BIT(B_GIVEN), (int)i);
	}
}

/* A call that makes a tracked member NULL, or may change it. */
static void track_members(const struct solve *s, size_t i, struct vfacts *f)
{
	const struct effect *e = &s->ef->per_instr[i];
	int t;

	for (t = 0; t < s->ef->nfields; t++) {
		unsigned long long m;

		if (s->field_bit[t] < 0 || !((e->gen | e->kill) & (1u << t)))
			continue;
		m = 1ULL << s->field_bit[t];
		f->zero &= ~m;
		f->nonzero &= ~m;
		if (e->gen & (1u << t))
			f->zero |= m;
		else
			f->nonzero |= m;
	}
}

static void step_world(struct solve *s, size_t i, const struct kst *in_k,
		       const struct vfacts *in_f, struct kst *out)
{
	const struct ir_instr *in = &s->ctx->fn->instrs[i];
	struct vfacts f = *in_f;
	unsigned long long m;

	memcpy(out, in_k, s->nkeys * sizeof(*out));
	switch (in->op) {
	case IR_BRANCH:
		step_branch(s, i, in_k, in_f, out);
		return;
	case IR_CALL:
		apply_call(s, i, out);
		m = vmask(s, in->call->result_var);
		facts_forget(&f, m);
		break;
	case IR_ASSIGN:
		apply_assign(s, in, out);
		facts_assign(s, in, &f);
		break;
	case IR_RETURN:
	case IR_NORETURN:
		return;
	case IR_NOP:
		if (in->hold_key && s->ef->per_instr[i].key >= 0)
			hand_to_object(s, i, out);
		break;
	}
	track_members(s, i, &f);
	flow_to(s, in->succ[0], out, &f);
}

static void step(struct solve *s, size_t i, struct kst *out, struct kst *copy)
{
	struct worlds *ws = &s->in[i];
	int w;

	/* flow_to may add worlds to this very instruction (a loop of one) */
	for (w = 0; w < ws->n; w++) {
		struct vfacts f = ws->f[w];

		memcpy(copy, &ws->k[w * s->nkeys], s->nkeys * sizeof(*copy));
		step_world(s, i, copy, &f, out);
	}
}

/* Variables the body tests get a fact bit, up to 64 of them, and then
 * the tracked members of the effects. */
static void assign_fact_bits(struct solve *s)
{
	const struct ir_func *fn = s->ctx->fn;
	size_t v;
	int next = 0, t;

	s->vbit = xcalloc(fn->nvars + 1, sizeof(*s->vbit));
	for (v = 0; v < fn->nvars; v++)
		s->vbit[v] = fn->vars[v].tests && next < 64 ? next++ : -1;
	for (t = 0; t < MAX_TRACKED_FIELDS; t++) {
		s->field_bit[t] = t < s->ef->nfields && next < 64 ? next++ : -1;
		if (s->field_bit[t] >= 0)
			s->mirrors |= 1ULL << s->field_bit[t];
	}
}


#define MIRROR_DEPTH 8
#define MIRROR_CALLS 8

struct reached {
	int at[MIRROR_CALLS];
	int n;
};

/* The bracket calls within MIRROR_DEPTH instructions of I, stopping at
 * each. */
static void bracket_calls(const struct solve *s, int i, int depth,
			  struct reached *r)
{
	const struct ir_instr *in;
	int e, k;

	if (i < 0 || (size_t)i >= s->ctx->fn->ninstrs || depth > MIRROR_DEPTH)
		return;
	in = &s->ctx->fn->instrs[i];
	if (in->op == IR_CALL &&
	    (s->ef->per_instr[i].acquire || s->ef->per_instr[i].release)) {
		for (k = 0; k < r->n; k++)
			if (r->at[k] == i)
				return;
		if (r->n < MIRROR_CALLS)
			r->at[r->n++] = i;
		return;
	}
	for (e = 0; e < 2; e++)
		bracket_calls(s, in->succ[e], depth + 1, r);
}

static int has_call(const struct reached *r, int i)
{
	int k;

	for (k = 0; k < r->n; k++)
		if (r->at[k] == i)
			return 1;
	return 0;
}

/* Does branch I decide whether a call that takes or drops the bracket
 * runs: one edge reaches it soon and the other does not?  (created in
 * "file_present || created" guards ksmbd's release; a flag tested just
 * before an unconditional acquire does not.) */
static int tests_bracket(const struct solve *s, int i)
{
	const struct ir_instr *in = &s->ctx->fn->instrs[i];
	struct reached r0 = { { 0 }, 0 }, r1 = { { 0 }, 0 };
	int k;

	bracket_calls(s, in->succ[0], 0, &r0);
	bracket_calls(s, in->succ[1], 0, &r1);
	for (k = 0; k < r0.n; k++)
		if (!has_call(&r1, r0.at[k]))
			return 1;
	for (k = 0; k < r1.n; k++)
		if (!has_call(&r0, r1.at[k]))
			return 1;
	return 0;
}

/*
 * Locals set only to constants whose test leads to an acquire or a
 * release (ksmbd's file_present and created, set on the paths that took
 * the bracket and tested around its release): worlds that know different
 * values of one are kept apart, so that the test still tells which
 * paths took it.  At most MAX_MIRRORS: smb2_open() has a dozen such
 * flags, and splitting on all of them overflows MAX_WORLDS, which
 * merges everything.
 */
static void find_mirrors(struct solve *s)
{
	const struct ir_func *fn = s->ctx->fn;
	char *bad = xcalloc(fn->nvars + 1, 1);
	size_t i;
	int nmirrors = 0;

	for (i = 0; i < fn->ninstrs; i++) {
		const struct ir_instr *in = &fn->instrs[i];

		if (in->op == IR_ASSIGN && in->var >= 0 &&
		    (in->src_var >= 0 || !(in->zero || in->nonzero)))
			bad[in->var] = 1;
		if (in->call && in->call->result_var >= 0)
			bad[in->call->result_var] = 1;
	}
	for (i = 0; i < fn->ninstrs && nmirrors < MAX_MIRRORS; i++) {
		const struct ir_instr *in = &fn->instrs[i];
		unsigned long long m;

		if (in->op != IR_BRANCH || in->atom != ATOM_NONZERO ||
		    in->var < 0 || bad[in->var] || fn->vars[in->var].param ||
		    !fn->vars[in->var].is_integer || fn->vars[in->var].is_temp)
			continue;
		m = solve_vmask(s, in->var);
		if (m && !(s->mirrors & m) && tests_bracket(s, (int)i)) {
			s->mirrors |= m;
			nmirrors++;
		}
	}
	free(bad);
}

static void solve_init(struct solve *s, const struct analysis_ctx *ctx,
		       const struct effects *ef)
{
	size_t n = ctx->fn->ninstrs, k;
	struct kst *entry;
	struct vfacts none = { 0, 0, 0, 0 };

	memset(s, 0, sizeof(*s));
	s->ctx = ctx;
	s->ef = ef;
	s->nkeys = ef->keys.n;
	s->in = xcalloc(n + 1, sizeof(*s->in));
	s->reach = xcalloc(n + 1, 1);
	s->queued = xcalloc(n + 1, 1);
	s->queue = xcalloc(n + 1, sizeof(*s->queue));
	assign_fact_bits(s);
	find_mirrors(s);
	if (!n)
		return;
	entry = xcalloc(s->nkeys + 1, sizeof(*entry));
	for (k = 0; k < s->nkeys; k++)
		kst_entry(&entry[k]);
	s->reach[0] = 1;
	worlds_add(&s->in[0], s->nkeys, entry, &none, 0);
	free(entry);
	enqueue(s, 0);
}

/* The checks read one state per instruction: its worlds joined. */
static void join_worlds(struct solve *s)
{
	size_t i, k, n = s->ctx->fn->ninstrs;
	int w;

	s->kst = xcalloc(n * s->nkeys + 1, sizeof(*s->kst));
	for (i = 0; i < n; i++) {
		struct worlds *ws = &s->in[i];
		struct kst *dst = &s->kst[i * s->nkeys];

		if (!ws->n)
			continue;
		memcpy(dst, ws->k, s->nkeys * sizeof(*dst));
		for (w = 1; w < ws->n; w++)
			for (k = 0; k < s->nkeys; k++)
				kst_join(&dst[k], &ws->k[w * s->nkeys + k]);
	}
}

static void solve_run(struct solve *s)
{
	size_t n = s->ctx->fn->ninstrs;
	struct kst *out = xcalloc(s->nkeys + 1, sizeof(*out));
	struct kst *copy = xcalloc(s->nkeys + 1, sizeof(*copy));

	while (s->qhead != s->qtail) {
		int i = s->queue[s->qhead];

		s->qhead = (s->qhead + 1) % (n + 1);
		s->queued[i] = 0;
		step(s, (size_t)i, out, copy);
	}
	free(copy);
	free(out);
	join_worlds(s);
}

static void solve_free(struct solve *s)
{
	size_t i;

	for (i = 0; i < s->ctx->fn->ninstrs; i++) {
		free(s->in[i].k);
		free(s->in[i].f);
	}
	free(s->in);
	free(s->kst);
	free(s->vbit);
	free(s->reach);
	free(s->queued);
	free(s->queue);
}

/* The checks' hooks on the solved function, in the list's order. */
static void run_checks(struct solve *s, struct variant_summary *out)
{
	const struct check_run *cr = s->ctx->checks;
	size_t k;

	for (k = 0; cr && k < cr->n; k++)
		if (cr->ops[k]->on_function)
			cr->ops[k]->on_function(cr->state[k], s, out);
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
	run_checks(&s, out);
	solve_free(&s);
	effects_free(&ef);
}

void needs_list_free(struct needs_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->items[i].callee);
		free(l->items[i].callee_usr);
		free(l->items[i].guarded);
		free(l->items[i].call_text);
		free(l->items[i].suggestion);
		note_list_free(&l->items[i].chain);
	}
	free(l->items);
	l->items = NULL;
	l->n = l->cap = 0;
}


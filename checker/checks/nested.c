/*
 * checks: a bracket taken again where it is already held.  The second
 * mnt_want_write() of a mount waits in sb_start_write() for a freeze
 * that itself waits for the first to be released: a deadlock as soon as
 * someone freezes the filesystem.  The take may be direct, an acquire
 * that looks its object up and takes it (kern_path_create()), or inside
 * a helper: a function's summary says which of its caller's objects it
 * takes a bracket on while it runs (variant_summary.takes), so a call
 * of it where that object's bracket is held is reported too.
 *
 * Held means on some path to the take (a path that took it and did not
 * drop it).  The two must provably be one object: the same key or a
 * member path of it (path and path.mnt, file and file->f_path.mnt),
 * through locals set once, its root not written between the two takes.
 * Two different variables may well be two mounts, and stay silent; so
 * does an acquire the rules say is reentrant (write access alone), and
 * a take that parks the bracket in its object after one that did
 * (nfsd's fh_want_write() is a no-op when the handle already holds it).
 */
#include "checks/nested.h"
#include "analysis/solver.h"
#include "analysis/keys.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* A take at one instruction. */
struct take {
	int key;
	int parks;			/* parks the bracket in its object */
	int helper;			/* inside the callee, not the call itself */
	const struct note_list *chain;	/* helper: where, inside it */
};

/* Can a bracket taken by ACQ deadlock when taken again? */
static int may_deadlock(const struct rules *r, const char *acq)
{
	const struct rule_acquire *a = acq ? rules_find_acquire(r, acq) : NULL;

	return a && !a->reentrant;
}

static int take_at(const struct solve *s, size_t i, struct take *t)
{
	const struct effect *e = &s->ef->per_instr[i];

	memset(t, 0, sizeof(*t));
	if (e->acquire && e->key >= 0) {
		if (!may_deadlock(s->ctx->rules, e->acq_name))
			return 0;
		t->key = e->key;
		/* a primitive never parks; a helper that acquires for its
		 * caller may (acq_parks) */
		t->parks = e->parks;
		return 1;
	}
	if (e->takes_key < 0)
		return 0;
	t->key = e->takes_key;
	t->parks = e->takes_parks;
	t->helper = 1;
	t->chain = e->takes_chain;
	return 1;
}

/* "a->b" and "a.b" alike: a local set once to &x stands for x. */
static char *object_of(const struct ir_func *fn, const char *key)
{
	char *k = key_origin(fn, key), *r = k, *w = k;

	while (*r) {
		if (r[0] == '-' && r[1] == '>') {
			*w++ = '.';
			r += 2;
		} else {
			*w++ = *r++;
		}
	}
	*w = '\0';
	return k;
}

/* One object, or one a member path of the other. */
static int same_object(const struct ir_func *fn, const char *a, const char *b)
{
	char *x = object_of(fn, a), *y = object_of(fn, b);
	int r = key_under(x, y) || key_under(y, x);

	free(x);
	free(y);
	return r;
}

/* Does instruction IN write variable V (named SPELT in keys)? */
static int writes(const struct rules *rules, const struct ir_instr *in, int v,
		  const char *spelt)
{
	const struct ir_call *c = in->call;
	int n;

	if (in->op == IR_ASSIGN)
		return in->var == v;
	if (in->op != IR_CALL || !c)
		return 0;
	if (c->result_var == v)
		return 1;
	n = c->callee ? rules_fills_arg(rules, c->callee) : 0;
	return n >= 1 && n <= c->nargs && c->args[n - 1].key &&
	       !strcmp(key_norm(c->args[n - 1].key), spelt);
}

/* Instructions reachable from the successors of FROM. */
static char *reach_from(const struct ir_func *fn, int from)
{
	char *seen = xcalloc(fn->ninstrs + 1, 1);
	int *stack = xcalloc(fn->ninstrs + 2, sizeof(*stack));
	size_t top = 0;
	int e;

	stack[top++] = from;
	while (top) {
		const struct ir_instr *in = &fn->instrs[stack[--top]];

		for (e = 0; e < 2; e++) {
			int t = in->succ[e];

			if (t < 0 || (size_t)t >= fn->ninstrs || seen[t])
				continue;
			seen[t] = 1;
			stack[top++] = t;
		}
	}
	free(stack);
	return seen;
}

/*
 * Is the variable KEY is rooted in written on a way from the first take
 * O to the second, I (the second included: kern_path_create() fills
 * what it takes)?  Then the key may name another object there: a loop
 * over a list, a struct path looked up again.
 */
static int rewritten_between(const struct solve *s, const char *key, int o,
			     size_t i)
{
	const struct ir_func *fn = s->ctx->fn;
	int v = key_origin_var(fn, key);
	char *after_o, *spelt;
	size_t w;
	int found = 0;

	if (v < 0)
		return 0;
	spelt = fn->vars[v].param ? xasprintf("$%d", fn->vars[v].param) :
				    xstrdup(fn->vars[v].name);
	after_o = reach_from(fn, o);
	for (w = 0; w < fn->ninstrs && !found; w++) {
		char *after_w;

		if (!after_o[w] ||
		    !writes(s->ctx->rules, &fn->instrs[w], v, spelt))
			continue;
		if (w == i) {
			found = 1;
			break;
		}
		after_w = reach_from(fn, (int)w);
		found = after_w[i];
		free(after_w);
	}
	free(after_o);
	free(spelt);
	return found;
}

/* The instruction that took what K holds, or -1. */
static int held_origin(const struct kst *k)
{
	static const enum kbit order[] = { B_HELD, B_HELD_T, B_PEND_T, B_UNCHK };
	size_t b;

	for (b = 0; b < sizeof(order) / sizeof(order[0]); b++)
		if ((k->bits & BIT(order[b])) && k->origin[order[b]] >= 0)
			return k->origin[order[b]];
	return -1;
}

/* The key held at I that T takes again, and the take that holds it;
 * -1 when none. */
static int held_again(const struct solve *s, size_t i, const struct take *t,
		      int *origin)
{
	const struct kst *st = &s->kst[i * s->nkeys];
	const char *tk = s->ef->keys.keys[t->key];
	size_t h;

	for (h = 0; h < s->nkeys; h++) {
		const struct effect *oe;
		int o = held_origin(&st[h]);

		if (!(st[h].bits & HELDISH_BITS) || o < 0)
			continue;
		oe = &s->ef->per_instr[o];
		if (!oe->acquire || !may_deadlock(s->ctx->rules, oe->acq_name) ||
		    (t->parks && oe->parks) ||
		    !same_object(s->ctx->fn, s->ef->keys.keys[h], tk) ||
		    rewritten_between(s, tk, o, i))
			continue;
		*origin = o;
		return (int)h;
	}
	return -1;
}

static const char *callee_of(const struct ir_instr *in)
{
	return in->call && in->call->callee ? in->call->callee : "?";
}

static const char *text_of(const struct ir_instr *in)
{
	return in->call && in->call->text ? in->call->text : callee_of(in);
}

static void report(const struct solve *s, size_t i, const struct take *t,
		   int o)
{
	const struct ir_func *fn = s->ctx->fn;
	const struct rules *r = s->ctx->rules;
	const struct ir_instr *in = &fn->instrs[i], *first = &fn->instrs[o];
	const char *res = r->names.resource;
	const char *acq;
	struct finding f = { 0 };

	f.loc = in->loc;
	f.function = xstrdup(fn->name);
	f.check = r->names.nested;
	f.callee = xstrdup(callee_of(in));
	f.call_text = in->call && in->call->text ? xstrdup(in->call->text) : NULL;
	if (in->call && in->call->macro.file)
		note_add(&f.notes, in->call->macro,
			 xasprintf("in expansion of macro '%s'",
				   in->call->macro_name ? in->call->macro_name : "?"));
	acq = s->ef->per_instr[o].acq_name;
	if (acq && strcmp(acq, callee_of(first)))
		note_add(&f.notes, first->loc,
			 xasprintf("already taken here by %s, through %s()",
				   text_of(first), acq));
	else
		note_add(&f.notes, first->loc,
			 xasprintf("already taken here by %s", text_of(first)));
	if (t->chain)
		note_list_copy(&f.notes, t->chain);
	if (t->helper) {
		f.message = xasprintf("%s() takes %s inside, while it is already held on this path",
				      callee_of(in), res);
		f.suggestion = xasprintf("call %s() outside %s, or tell it that its caller holds it (a flag it tests)",
					 callee_of(in), res);
	} else {
		f.message = xasprintf("%s() takes %s that is already held on this path",
				      callee_of(in), res);
		f.suggestion = xasprintf("rely on %s taken at line %u, or release it before taking it again",
					 res, first->loc.line);
	}
	findings_add(s->ctx->findings, &f);
}

/*
 * What the function takes for its callers to know: a take on a key of
 * theirs, reached where their bracket on it (if any) is still there.
 */
static void summarise(const struct solve *s, size_t i, const struct take *t,
		      struct variant_summary *out)
{
	const struct ir_func *fn = s->ctx->fn;
	const struct ir_instr *in = &fn->instrs[i];
	const struct kst *k = &s->kst[i * s->nkeys + t->key];
	const char *key = s->ef->keys.keys[t->key];

	if (out->takes || !(k->bits & BIT(B_ENTRY)) ||
	    s->ef->keys.local[t->key] || strchr(key, ':'))
		return;
	out->takes = xstrdup(key);
	/* a primitive taken here parks when this function records it in
	 * its argument, as its acquire summary says (acq_parks) */
	out->takes_parks = t->helper ||
			   !rules_find_acquire(s->ctx->rules, callee_of(in)) ?
			   t->parks : fn->sets_param_flag;
	if (t->helper)
		note_add(&out->takes_chain, in->loc,
			 xasprintf("%s() calls %s() here, which takes it",
				   fn->name, callee_of(in)));
	else
		note_add(&out->takes_chain, in->loc,
			 xasprintf("%s() takes it here by %s", fn->name,
				   text_of(in)));
	if (t->chain)
		note_list_copy(&out->takes_chain, t->chain);
	while (out->takes_chain.n > CHAIN_MAX)
		free(out->takes_chain.items[--out->takes_chain.n].msg);
}

static void nested_on_function(void *state, struct solve *s,
			       struct variant_summary *out)
{
	size_t i;

	(void)state;
	if (!s->ctx->rules->names.nested)
		return;
	for (i = 0; i < s->ctx->fn->ninstrs; i++) {
		struct take t;
		int o = -1;

		if (!s->reach[i] || s->ctx->fn->instrs[i].op != IR_CALL ||
		    !take_at(s, i, &t))
			continue;
		if (out)
			summarise(s, i, &t, out);
		if (s->ctx->findings && held_again(s, i, &t, &o) >= 0)
			report(s, i, &t, o);
	}
}

const struct check_ops nested_check = {
	.name = "nested",
	.on_function = nested_on_function,
};

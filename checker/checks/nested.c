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
 * through locals set once, its root not written between the two takes;
 * or made one by a store, here or in a callee (path->mnt =
 * mntget(parent->mnt): variant_summary.copies).
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

/* Two keys that may name one object (struct ir_copy): the function's own
 * stores, and those of its callees, in its terms. */
struct aliases {
	struct ir_copy *items;
	int *at;		/* the call that made it, or -1: a store here */
	size_t n, cap;
};

/* At most this many go into a summary: enough for a lookup that fills a
 * child's path from its parent's, bounded through recursion. */
#define MAX_SUMMARY_COPIES 8

static void aliases_add(struct aliases *q, char *dst, char *src, int at)
{
	*ARRAY_PUSH(q->items, q->n, q->cap) = (struct ir_copy){ dst, src };
	q->at = xrealloc(q->at, q->cap * sizeof(*q->at));
	q->at[q->n - 1] = at;
}

static void aliases_build(const struct solve *s, struct aliases *q)
{
	const struct ir_func *fn = s->ctx->fn;
	size_t i, j;

	memset(q, 0, sizeof(*q));
	for (i = 0; i < fn->ncopies; i++)
		aliases_add(q, xstrdup(fn->copies[i].dst),
			    xstrdup(fn->copies[i].src), -1);
	for (i = 0; i < fn->ninstrs; i++) {
		const struct variant_summary *vs = s->ef->per_instr[i].copies_of;
		const struct ir_call *call = fn->instrs[i].call;
		char **args;

		if (!vs || !call || !s->reach[i])
			continue;
		args = xcalloc((size_t)call->nargs + 1, sizeof(*args));
		for (j = 0; j < (size_t)call->nargs; j++)
			args[j] = call->args[j].key;
		for (j = 0; j < vs->ncopies; j++) {
			char *d = key_substitute(vs->copies[j].dst, args, call->nargs);
			char *c = key_substitute(vs->copies[j].src, args, call->nargs);

			if (d && c) {
				aliases_add(q, d, c, (int)i);
			} else {
				free(d);
				free(c);
			}
		}
		free(args);
	}
}

static void aliases_free(struct aliases *q)
{
	size_t i;

	for (i = 0; i < q->n; i++) {
		free(q->items[i].dst);
		free(q->items[i].src);
	}
	free(q->items);
	free(q->at);
}

/* One object, or one a member path of the other (normalised keys). */
static int one_object(const char *x, const char *y)
{
	return key_under(x, y) || key_under(y, x);
}

/* X (normalised) with what it has of A read as B: one object with Y? */
static int through(const char *x, const char *a, const char *b,
		   const char *y)
{
	char *x2;
	int r;

	if (key_under(a, x))
		return one_object(b, y);
	if (!key_under(x, a))
		return 0;
	x2 = xasprintf("%s%s", b, x + strlen(a));
	r = one_object(x2, y);
	free(x2);
	return r;
}

/* Do keys A and B name one object, directly or through an alias (its
 * index in *VIA, else -1)? */
static int same_object(const struct ir_func *fn, const struct aliases *q,
		       const char *a, const char *b, int *via)
{
	char *x = object_of(fn, a), *y = object_of(fn, b);
	int r = one_object(x, y);
	size_t i;

	for (i = 0; q && !r && i < q->n; i++) {
		char *d = object_of(fn, q->items[i].dst);
		char *c = object_of(fn, q->items[i].src);

		r = through(x, d, c, y) || through(x, c, d, y);
		if (r && via)
			*via = (int)i;
		free(d);
		free(c);
	}
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
static int held_again(const struct solve *s, const struct aliases *q, size_t i,
		      const struct take *t, int *origin, int *via)
{
	const struct kst *st = &s->kst[i * s->nkeys];
	const char *tk = s->ef->keys.keys[t->key];
	size_t h;

	for (h = 0; h < s->nkeys; h++) {
		const struct effect *oe;
		int o = held_origin(&st[h]);

		if (!(st[h].bits & HELDISH_BITS) || o < 0)
			continue;
		*via = -1;
		oe = &s->ef->per_instr[o];
		if (!oe->acquire || !may_deadlock(s->ctx->rules, oe->acq_name) ||
		    (t->parks && oe->parks) ||
		    !same_object(s->ctx->fn, q, s->ef->keys.keys[h], tk, via) ||
		    rewritten_between(s, tk, o, i) ||
		    rewritten_between(s, s->ef->keys.keys[h], o, i))
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

/* Where a callee made the two keys one object, say so. */
static void note_alias(const struct solve *s, const struct aliases *q, int via,
		       struct note_list *notes)
{
	const struct ir_func *fn = s->ctx->fn;
	char *a, *b;

	if (via < 0 || q->at[via] < 0)
		return;
	a = key_text(fn, q->items[via].dst);
	b = key_text(fn, q->items[via].src);
	note_add(notes, fn->instrs[q->at[via]].loc,
		 xasprintf("%s() copies '%s' into '%s' here",
			   callee_of(&fn->instrs[q->at[via]]), b, a));
	free(a);
	free(b);
}

static void report(const struct solve *s, const struct aliases *q, size_t i,
		   const struct take *t, int o, int via)
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
	note_alias(s, q, via, &f.notes);
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

/* Does this function take a bracket on what KEY names (an acquire of
 * its own, or a take inside a callee)? */
static int takes_on(const struct solve *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->ctx->fn->ninstrs; i++) {
		const struct effect *e = &s->ef->per_instr[i];
		int k = e->acquire ? e->key : e->takes_key;

		if (s->reach[i] && k >= 0 &&
		    same_object(s->ctx->fn, NULL, s->ef->keys.keys[k], key, NULL))
			return 1;
	}
	return 0;
}

/* A key of the caller's: rooted in a parameter or a global. */
static int callers_key(const struct ir_func *fn, const char *key)
{
	int v = key_root_var(fn, key);

	return !strchr(key, ':') && (v < 0 || fn->vars[v].param);
}

/* The aliases its callers can use: between their keys, about an object
 * this function takes a bracket on (a lookup that fills a child's
 * path->mnt from its parent's, whose bracket it takes). */
static void summarise_aliases(const struct solve *s, const struct aliases *q,
			      struct variant_summary *out)
{
	const struct ir_func *fn = s->ctx->fn;
	size_t i;

	for (i = 0; i < q->n && out->ncopies < MAX_SUMMARY_COPIES; i++) {
		const struct ir_copy *c = &q->items[i];

		if (!callers_key(fn, c->dst) || !callers_key(fn, c->src) ||
		    (!takes_on(s, c->dst) && !takes_on(s, c->src)))
			continue;
		*ARRAY_PUSH(out->copies, out->ncopies, out->copies_cap) =
			(struct ir_copy){ xstrdup(c->dst), xstrdup(c->src) };
	}
}

static void nested_on_function(void *state, struct solve *s,
			       struct variant_summary *out)
{
	struct aliases q;
	size_t i;

	(void)state;
	if (!s->ctx->rules->names.nested)
		return;
	aliases_build(s, &q);
	if (out)
		summarise_aliases(s, &q, out);
	for (i = 0; i < s->ctx->fn->ninstrs; i++) {
		struct take t;
		int o = -1, via = -1;

		if (!s->reach[i] || s->ctx->fn->instrs[i].op != IR_CALL ||
		    !take_at(s, i, &t))
			continue;
		if (out)
			summarise(s, i, &t, out);
		if (s->ctx->findings && held_again(s, &q, i, &t, &o, &via) >= 0)
			report(s, &q, i, &t, o, via);
	}
	aliases_free(&q);
}

const struct check_ops nested_check = {
	.name = "nested",
	.on_function = nested_on_function,
};

/*
 * checks: --infer's counts and ranking.
 *
 * A call made where the function has not touched the resource holds it
 * when the function itself is entered with it held: when every call of
 * the function in the program holds it (a greatest fixpoint, so that a
 * chain of helpers under one bracket is held all the way down), or when
 * a rule says so (a guarded function, caller-holds, callback-holds).  A
 * function whose address escapes may be called from anywhere: entered
 * with nothing held, unless callback-holds says otherwise.
 *
 * Each callee (by name) and each ops-table member then has n calls of
 * which e hold the resource, and z = (e/n - p0) / sqrt(p0 (1 - p0) / n)
 * measures how unlikely that share is if the callee were held as often
 * as not (p0 = 1/2): z > 0 when it is held at most of its calls, and the
 * more calls say so, the larger.  docs/infer.md says why that p0, what
 * is left out and why.
 */
#include "checks/infer_rank.h"
#include "analysis/keys.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* At least this many calls: one is an example, not a belief. */
#define MIN_CALLS 2
/* The share of held calls z is measured against: no belief either way. */
#define P0 0.5
/* How far a parameter is followed up through callers to tell which
 * argument lies on what is held. */
#define LIES_DEPTH 4
#define LIES_BUDGET 4096	/* calls looked at, per call asked about */
#define MAX_ARGS 32

/* A call of function F (its index), made at instruction I of G. */
struct call_site {
	size_t g, i;
};

struct calls_of {
	size_t *start;		/* calls of F: list[start[F] .. start[F + 1]) */
	struct call_site *list;
};

struct infer_state {
	const struct program *p;
	const struct rules *view;
	const struct infer_sites *is;
	struct calls_of calls;
	char *contract;		/* entered held by a rule */
	char *held;		/* entered held */
	char *bracket;		/* entered held because some caller took it */
};

/* Each callee of the call at I of G that is a function of the program:
 * the one called, and a function handed to it that it only calls
 * (analysis/bound_callbacks.c), which runs where it is called. */
static void each_callee(const struct program *p, size_t g, size_t i,
			void (*fn)(void *ctx, long f, size_t g, size_t i),
			void *ctx)
{
	const struct ir_call *c = p->funcs[g]->instrs[i].call;
	int a;

	if (!c)
		return;
	if (c->usr)
		fn(ctx, program_find(p, c->usr), g, i);
	for (a = 0; a < c->nargs; a++)
		if (c->args[a].fn_bound)
			fn(ctx, program_find(p, c->args[a].fn_usr), g, i);
}

static void count_call(void *ctx, long f, size_t g, size_t i)
{
	struct calls_of *co = ctx;

	(void)g;
	(void)i;
	if (f >= 0)
		co->start[f + 1]++;
}

static void add_call(void *ctx, long f, size_t g, size_t i)
{
	struct calls_of *co = ctx;

	if (f >= 0)
		co->list[co->start[f]++] = (struct call_site){ g, i };
}

/* A function whose report pass never ran touches nothing that matters
 * to the resource: its calls are made as its callers left it. */
static unsigned char hold_at(const struct infer_sites *is, size_t g, size_t i)
{
	return is->hold[g] ? is->hold[g][i] : SITE_CALLERS;
}

static void calls_init(struct infer_state *st)
{
	const struct program *p = st->p;
	struct calls_of *co = &st->calls;
	size_t g, i, n = p->nfuncs;
	int pass;

	co->start = xcalloc(n + 2, sizeof(*co->start));
	co->list = NULL;
	for (pass = 0; pass < 2; pass++) {
		for (g = 0; g < n; g++)
			for (i = 0; i < p->funcs[g]->ninstrs; i++)
				if (hold_at(st->is, g, i) != SITE_UNSEEN)
					each_callee(p, g, i, pass ? add_call :
						    count_call, co);
		if (pass)
			break;
		for (g = 0; g < n; g++)
			co->start[g + 1] += co->start[g];
		co->list = xcalloc(co->start[n] + 1, sizeof(*co->list));
	}
	/* add_call moved each start to the next one's: shift back */
	memmove(co->start + 1, co->start, n * sizeof(*co->start));
	co->start[0] = 0;
}

static int escaped(const struct program *p, const char *usr)
{
	return strmap_get(&p->escaped, usr) || strmap_get(&p->cb_escaped, usr);
}

/* Entered with the resource held by a rule of the discipline. */
static int by_contract(const struct infer_state *st, const struct ir_func *fn)
{
	long *discs = strmap_get(&st->p->held, fn->usr);

	return rules_is_guarded_name(st->view, fn->name) ||
	       rules_caller_holds(st->view, fn->name) ||
	       (discs && (*discs & (1L << st->is->disc)));
}

/* Is the call at I of G held, with what is known of G's entry? */
static int call_held(const struct infer_state *st, size_t g, size_t i)
{
	unsigned char h = hold_at(st->is, g, i);

	return h == SITE_HELD || (h == SITE_CALLERS && st->held[g]);
}

struct worklist {
	size_t *items;
	size_t n, cap;
};

struct spread {
	struct infer_state *st;
	struct worklist *w;
};

static void hold_no_more(void *ctx, long f, size_t g, size_t i)
{
	struct spread *sp = ctx;

	(void)g;
	(void)i;
	if (f < 0 || !sp->st->held[f] || sp->st->contract[f])
		return;
	sp->st->held[f] = 0;
	*ARRAY_PUSH(sp->w->items, sp->w->n, sp->w->cap) = (size_t)f;
}

/* Every function G on W: the functions its calls left to it (its
 * callers' state) are entered held no more when G is not. */
static void spread_not_held(struct infer_state *st, struct worklist *w)
{
	struct spread sp = { st, w };

	while (w->n) {
		size_t g = w->items[--w->n], i;

		for (i = 0; i < st->p->funcs[g]->ninstrs; i++)
			if (hold_at(st->is, g, i) == SITE_CALLERS)
				each_callee(st->p, g, i, hold_no_more, &sp);
	}
}

/* Greatest fixpoint: held on entry unless some call does not hold it. */
static void entry_held(struct infer_state *st)
{
	const struct program *p = st->p;
	struct worklist w = { 0 };
	size_t f, k;

	for (f = 0; f < p->nfuncs; f++) {
		size_t from = st->calls.start[f], to = st->calls.start[f + 1];

		st->contract[f] = (char)by_contract(st, p->funcs[f]);
		st->held[f] = st->contract[f] ||
			      (from < to && !escaped(p, p->funcs[f]->usr));
	}
	for (f = 0; f < p->nfuncs; f++) {
		if (!st->held[f] || st->contract[f])
			continue;
		for (k = st->calls.start[f]; k < st->calls.start[f + 1]; k++)
			if (hold_at(st->is, st->calls.list[k].g,
				    st->calls.list[k].i) == SITE_NOT_HELD)
				break;
		if (k < st->calls.start[f + 1])
			st->held[f] = 0;
	}
	for (f = 0; f < p->nfuncs; f++)
		if (!st->held[f])
			*ARRAY_PUSH(w.items, w.n, w.cap) = f;
	spread_not_held(st, &w);
	free(w.items);
}

/* Least fixpoint: entered held because of a bracket some caller, or a
 * caller's caller, takes; not only because a rule says so. */
static void entry_bracket(struct infer_state *st)
{
	const struct program *p = st->p;
	size_t f, k, changed = 1;

	while (changed) {
		changed = 0;
		for (f = 0; f < p->nfuncs; f++) {
			if (st->bracket[f] || !st->held[f] || st->contract[f])
				continue;
			for (k = st->calls.start[f]; k < st->calls.start[f + 1]; k++) {
				const struct call_site *cs = &st->calls.list[k];
				unsigned char h = hold_at(st->is, cs->g, cs->i);

				if (h == SITE_HELD ||
				    (h == SITE_CALLERS && st->bracket[cs->g]))
					break;
			}
			if (k < st->calls.start[f + 1]) {
				st->bracket[f] = 1;
				changed = 1;
			}
		}
	}
}

/* ---- the count, by callee name or member ---- */

struct tally {
	const char *name;	/* the program's */
	int is_member;
	size_t held, total, bracket;
	/* held because of a bracket, at a call made in another directory
	 * than the one that defines the function */
	size_t elsewhere;
	size_t unseen;		/* calls in files not parsed, at least */
	int nargs;
	/* already in the rules, or takes or needs it: why (enum
	 * infer_why), or -1 */
	int known;
	long proposal;		/* index in the result, or -1 */
	unsigned votes[MAX_ARGS];
};

struct tallies {
	struct tally *items;
	size_t n, cap;
	struct strmap index;	/* name -> items index; members as ".S.M" */
};

static struct tally *tally_of(struct tallies *t, const char *name,
			      int is_member)
{
	char *key = is_member ? xasprintf(".%s", name) : NULL;
	long *at = strmap_get(&t->index, key ? key : name);
	struct tally *y;

	if (at) {
		free(key);
		return &t->items[*at];
	}
	strmap_put(&t->index, key ? key : name, (long)t->n);
	free(key);
	y = ARRAY_PUSH(t->items, t->n, t->cap);
	memset(y, 0, sizeof(*y));
	y->name = name;
	y->is_member = is_member;
	y->nargs = -2;
	y->known = -1;
	y->proposal = -1;
	return y;
}

/* The rules of the discipline name it already. */
static int in_rules(const struct rules *view, const char *name)
{
	return rules_is_guarded_name(view, name) ||
	       rules_find_acquire(view, name) ||
	       rules_find_release(view, name) ||
	       rules_caller_holds(view, name) ||
	       rules_find_holds_if(view, name) ||
	       rules_is_noreturn(view, name) ||
	       rules_is_replacement_helper(view, name);
}

static struct tally *tally_call(struct tallies *t, const struct ir_call *c)
{
	if (c->callee)
		return tally_of(t, c->callee, 0);
	if (c->member)
		return tally_of(t, c->member, 1);
	return NULL;
}

/* The directory of FILE: its length, up to the last '/'. */
static size_t dir_len(const char *file)
{
	const char *slash = file ? strrchr(file, '/') : NULL;

	return slash ? (size_t)(slash - file) : 0;
}

/* Is the call C at LOC made outside the directory of the file that
 * defines its callee (the program's definition, else the file its TU
 * defines or declares it in)?  Unknown counts as outside. */
static int elsewhere(const struct program *p, const struct ir_call *c,
		     const struct loc *loc)
{
	long f = c->usr ? program_find(p, c->usr) : -1;
	const char *def = f >= 0 ? p->funcs[f]->loc.file : c->callee_file;

	if (!def || !loc->file)
		return 1;
	return dir_len(def) != dir_len(loc->file) ||
	       strncmp(def, loc->file, dir_len(def));
}

static void count_all(struct infer_state *st, struct tallies *t,
		      struct infer_result *out)
{
	const struct program *p = st->p;
	size_t g, i;

	for (g = 0; g < p->nfuncs; g++) {
		for (i = 0; i < p->funcs[g]->ninstrs; i++) {
			const struct ir_call *c = p->funcs[g]->instrs[i].call;
			unsigned char h = hold_at(st->is, g, i);
			struct tally *y;
			int held;

			if (!c || h == SITE_UNSEEN || !(y = tally_call(t, c)))
				continue;
			held = call_held(st, g, i);
			out->sites++;
			out->held_sites += held;
			y->total++;
			y->held += held;
			if (h == SITE_HELD || (held && st->bracket[g])) {
				y->bracket++;
				y->elsewhere += !y->is_member &&
					elsewhere(p, c, &p->funcs[g]->instrs[i].loc);
			}
			y->nargs = y->nargs == -2 || y->nargs == c->nargs ?
				   c->nargs : -1;
		}
	}
}

/* Known already: in the rules, or a function of the program of that
 * name takes or releases the resource itself, or needs it for a
 * guarded call (the rules cover it through that call). */
static void mark_known(struct infer_state *st, struct tallies *t)
{
	const struct program *p = st->p;
	size_t f, k;

	for (k = 0; k < t->n; k++) {
		struct tally *y = &t->items[k];

		if (y->is_member ? rules_callback_holds(st->view, y->name) != 0 :
				   in_rules(st->view, y->name))
			y->known = LEFT_IN_RULES;
	}
	for (f = 0; f < p->nfuncs; f++) {
		long *at;

		if (!st->is->touches[f] && !st->is->needs[f])
			continue;
		at = strmap_get(&t->index, p->funcs[f]->name);
		if (at && t->items[*at].known < 0)
			t->items[*at].known = st->is->touches[f] ? LEFT_TOUCHES :
								   LEFT_NEEDS;
	}
}

/* With -B/-p, the files not parsed that name it (--infer's rounds). */
static void mark_unseen(struct tallies *t, const struct strmap *unseen)
{
	size_t k;

	for (k = 0; unseen && k < t->n; k++) {
		long *u = strmap_get(unseen, t->items[k].name);

		t->items[k].unseen = u && *u > 0 ? (size_t)*u : 0;
	}
}

static double z_of(size_t e, size_t n, double p0)
{
	return ((double)e / (double)n - p0) / sqrt(p0 * (1 - p0) / (double)n);
}

/*
 * Proposed: held at MIN_CALLS calls or more, at more than half of its
 * calls (a helper called mostly outside brackets is no guarded call),
 * at one call at least because of a bracket the program takes (a helper
 * only ever called inside a guarded function adds no check), and, for a
 * function, at one such call made in another directory than the one
 * that defines it (a helper of one subsystem, inside that subsystem's
 * own brackets, is no interface for a rule).  A guard needs an argument
 * to lie on the mount.  Returns why not, or -1.
 */
static int left_out(const struct tally *y)
{
	if (y->known >= 0)
		return y->known;
	if (y->held < MIN_CALLS)
		return LEFT_FEW_CALLS;
	if (2 * y->held <= y->total + y->unseen)
		return LEFT_MOSTLY_OUTSIDE;
	if (!y->bracket)
		return LEFT_CONTRACT_ONLY;
	if (!y->is_member && y->nargs <= 0)
		return LEFT_NO_ARGUMENT;
	if (!y->is_member && !y->elsewhere)
		return LEFT_OWN_DIRECTORY;
	return -1;
}

static void add_left(struct infer_result *out, const struct tally *y,
		     int why)
{
	struct infer_left *l = ARRAY_PUSH(out->left, out->nleft,
					  out->left_cap);

	l->name = xstrdup(y->name);
	l->is_member = y->is_member;
	l->held = y->held;
	l->bracket = y->bracket;
	l->total = y->total;
	l->unseen = y->unseen;
	l->why = (enum infer_why)why;
}

static int by_z(const void *a, const void *b)
{
	const struct infer_proposal *x = a, *y = b;

	if (x->z != y->z)
		return x->z < y->z ? 1 : -1;
	if (x->total != y->total)
		return x->total < y->total ? 1 : -1;
	if (x->is_member != y->is_member)
		return x->is_member - y->is_member;
	return strcmp(x->name, y->name);
}

static void choose(struct tallies *t, struct infer_result *out)
{
	size_t k;
	int why;

	out->p0 = P0;
	for (k = 0; k < t->n; k++) {
		struct tally *y = &t->items[k];
		struct infer_proposal *pr;

		if (y->is_member)
			out->members++;
		else
			out->callees++;
		if (!y->held)
			continue;
		why = left_out(y);
		if (why >= 0)
			add_left(out, y, why);
		if (y->known >= 0)
			continue;
		if (y->is_member)
			out->considered_members++;
		else
			out->considered++;
		out->own_helpers += why == LEFT_OWN_DIRECTORY;
		if (why >= 0)
			continue;
		y->proposal = (long)out->n;
		pr = ARRAY_PUSH(out->items, out->n, out->cap);
		memset(pr, 0, sizeof(*pr));
		pr->name = xstrdup(y->name);
		pr->is_member = y->is_member;
		pr->held = y->held;
		pr->bracket = y->bracket;
		pr->total = y->total + y->unseen;
		pr->nargs = y->nargs;
		pr->z = z_of(y->held, y->total + y->unseen, out->p0);
	}
}

/* ---- which argument lies on what is held ---- */

static int param_of(const struct ir_func *fn, const char *key)
{
	int v = key_root_var(fn, key);

	return v >= 0 ? fn->vars[v].param : 0;
}

/* Does parameter J of G come, at the calls of G that hold the resource,
 * from the variable it is held on?  Followed up through callers that
 * pass it on, DEPTH levels. */
static int param_lies(const struct infer_state *st, size_t g, int j, int depth,
		      long *budget)
{
	size_t k;

	if (j < 1 || j > MAX_ARGS || depth > LIES_DEPTH || --*budget < 0)
		return 0;
	for (k = st->calls.start[g]; k < st->calls.start[g + 1]; k++) {
		const struct call_site *cs = &st->calls.list[k];
		const struct ir_func *h = st->p->funcs[cs->g];
		const struct ir_call *c = h->instrs[cs->i].call;
		unsigned char at = hold_at(st->is, cs->g, cs->i);

		if (!c->usr || program_find(st->p, c->usr) != (long)g ||
		    j > c->nargs)
			continue;
		if (at == SITE_HELD &&
		    ((st->is->lies[cs->g][cs->i] >> (j - 1)) & 1))
			return 1;
		if (at == SITE_CALLERS && st->held[cs->g] &&
		    param_lies(st, cs->g, param_of(h, c->args[j - 1].key),
			       depth + 1, budget))
			return 1;
	}
	return 0;
}

/* The arguments of the held call at I of G that lie on what is held. */
static unsigned lying_args(const struct infer_state *st, size_t g, size_t i)
{
	const struct ir_func *fn = st->p->funcs[g];
	const struct ir_call *c = fn->instrs[i].call;
	unsigned mask = 0;
	long budget = LIES_BUDGET;
	int a;

	if (hold_at(st->is, g, i) == SITE_HELD)
		return st->is->lies[g][i];
	for (a = 0; a < c->nargs && a < MAX_ARGS; a++)
		if (c->args[a].key &&
		    param_lies(st, g, param_of(fn, c->args[a].key), 1, &budget))
			mask |= 1u << a;
	return mask;
}

static int last_bit(unsigned mask)
{
	int b = 0;

	while (mask >> b > 1)
		b++;
	return b;
}

static void add_deviant(const struct infer_state *st,
			struct infer_proposal *pr, size_t g, size_t i)
{
	const struct ir_func *fn = st->p->funcs[g];
	struct infer_deviant *d = ARRAY_PUSH(pr->deviants, pr->ndeviants,
					     pr->deviants_cap);

	d->loc = fn->instrs[i].loc;
	d->caller = fn->name;
	if (hold_at(st->is, g, i) != SITE_CALLERS)
		d->kind = DEVIANT_HERE;
	else if (escaped(st->p, fn->usr))
		d->kind = DEVIANT_ESCAPES;
	else if (st->calls.start[g] < st->calls.start[g + 1])
		d->kind = DEVIANT_CALLERS;
	else
		d->kind = DEVIANT_ROOT;
}

/* The deviants of each proposal, and its object's votes. */
static void second_look(struct infer_state *st, struct tallies *t,
			struct infer_result *out)
{
	const struct program *p = st->p;
	size_t g, i;

	for (g = 0; g < p->nfuncs; g++) {
		for (i = 0; i < p->funcs[g]->ninstrs; i++) {
			const struct ir_call *c = p->funcs[g]->instrs[i].call;
			unsigned char h = hold_at(st->is, g, i);
			struct tally *y;
			unsigned mask;

			if (!c || h == SITE_UNSEEN || !(y = tally_call(t, c)) ||
			    y->proposal < 0)
				continue;
			if (!call_held(st, g, i)) {
				add_deviant(st, &out->items[y->proposal], g, i);
				continue;
			}
			if (!y->is_member && (mask = lying_args(st, g, i)))
				y->votes[last_bit(mask)]++;
		}
	}
}

static int by_place(const void *a, const void *b)
{
	const struct infer_deviant *x = a, *y = b;

	return loc_cmp(&x->loc, &y->loc);
}

static void finish(struct tallies *t, struct infer_result *out)
{
	size_t k;
	int a;

	for (k = 0; k < t->n; k++) {
		struct tally *y = &t->items[k];
		struct infer_proposal *pr;
		unsigned best = 0;

		if (y->proposal < 0)
			continue;
		pr = &out->items[y->proposal];
		for (a = 0; a < MAX_ARGS && a < pr->nargs; a++)
			if (y->votes[a] > best) {
				best = y->votes[a];
				pr->object = a + 1;
			}
		if (pr->ndeviants > 1)
			qsort(pr->deviants, pr->ndeviants,
			      sizeof(*pr->deviants), by_place);
	}
	if (out->n > 1)
		qsort(out->items, out->n, sizeof(*out->items), by_z);
}

/* The counts, for proposals or for --infer's rounds. */
static void count(struct infer_state *st, struct tallies *t,
		  struct infer_result *out, const struct program *p,
		  const struct rules *rules, const struct infer_sites *sites,
		  struct rules *view)
{
	size_t n = p->nfuncs;

	memset(out, 0, sizeof(*out));
	memset(st, 0, sizeof(*st));
	memset(t, 0, sizeof(*t));
	out->any_acquire = sites->any_acquire;
	rules_view(rules, sites->disc, view);
	st->p = p;
	st->is = sites;
	st->view = view;
	st->contract = xcalloc(n + 1, 1);
	st->held = xcalloc(n + 1, 1);
	st->bracket = xcalloc(n + 1, 1);
	calls_init(st);
	entry_held(st);
	entry_bracket(st);
	count_all(st, t, out);
	mark_known(st, t);
}

static void count_free(struct infer_state *st, struct tallies *t)
{
	free(t->items);
	strmap_free(&t->index);
	free(st->calls.start);
	free(st->calls.list);
	free(st->contract);
	free(st->held);
	free(st->bracket);
}

void infer_rank(const struct program *p, const struct rules *rules,
		const struct infer_sites *sites, const struct strmap *unseen,
		struct infer_result *out)
{
	struct infer_state st;
	struct tallies t;
	struct rules view;

	count(&st, &t, out, p, rules, sites, &view);
	mark_unseen(&t, unseen);
	choose(&t, out);
	second_look(&st, &t, out);
	finish(&t, out);
	count_free(&st, &t);
}

void infer_candidates(const struct program *p, const struct rules *rules,
		      const struct infer_sites *sites,
		      void (*fn)(void *ctx, const char *name, int is_member,
				 size_t held, size_t total),
		      void *ctx)
{
	struct infer_result unused;
	struct infer_state st;
	struct tallies t;
	struct rules view;
	size_t k;

	count(&st, &t, &unused, p, rules, sites, &view);
	for (k = 0; k < t.n; k++)
		if (t.items[k].known < 0 && t.items[k].bracket)
			fn(ctx, t.items[k].name, t.items[k].is_member,
			   t.items[k].held, t.items[k].total);
	count_free(&st, &t);
}

void infer_result_free(struct infer_result *r)
{
	size_t k;

	for (k = 0; k < r->n; k++) {
		free(r->items[k].name);
		free(r->items[k].deviants);
	}
	for (k = 0; k < r->nleft; k++)
		free(r->left[k].name);
	free(r->items);
	free(r->left);
	memset(r, 0, sizeof(*r));
}

/*
 * analysis: the interprocedural driver.  Summaries start empty and
 * every round re-analyses each function with its callees' current
 * summaries; a round that changes nothing ends it.  Recursion simply
 * takes another round, and the round limit bounds pathological cases.
 * Then a last pass reports: findings inside each function, and the
 * sites of functions that rely on a caller none of the analysed code
 * is (no analysed caller, or the address escapes into an ops table).
 * The checks come as a table (checks/check_list.h): this file calls
 * them through their hooks and includes none of them.
 */
#include "analysis/interproc.h"
#include "analysis/solver.h"
#include "analysis/bound_callbacks.h"
#include "analysis/flag_params.h"
#include "analysis/keys.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ROUNDS 12

/* Does the VFS call FN with the active discipline's resource held (a
 * callback of a file open for write)? */
static int held_on_entry(const struct program *p, const struct rules *rules,
			 const struct ir_func *fn)
{
	long *discs = strmap_get(&p->held, fn->usr);
	int d = rules->active < 0 ? 0 : rules->active;

	return discs && (*discs & (1L << d));
}

static int escaped(const struct program *p, const char *usr)
{
	return strmap_get(&p->escaped, usr) || strmap_get(&p->cb_escaped, usr);
}

static void count_callers(struct program *p)
{
	size_t i, j;
	int k;

	free(p->ncallers);
	p->ncallers = xcalloc(p->nfuncs + 1, sizeof(*p->ncallers));
	for (i = 0; i < p->nfuncs; i++) {
		const struct ir_func *fn = p->funcs[i];

		for (j = 0; j < fn->ninstrs; j++) {
			const struct ir_call *c = fn->instrs[j].call;
			long callee;

			if (!c || !c->usr)
				continue;
			callee = program_find(p, c->usr);
			if (callee >= 0 && (size_t)callee != i)
				p->ncallers[callee]++;
			/* a callback the helper only calls: called from here */
			for (k = 0; k < c->nargs; k++)
				if (c->args[k].fn_bound &&
				    (callee = program_find(p, c->args[k].fn_usr)) >= 0 &&
				    (size_t)callee != i)
					p->ncallers[callee]++;
		}
	}
}

/* Its callers hold the resource (caller-holds): what it needs is met. */
static void needs_met(struct summary *s)
{
	int v;

	for (v = 0; v < s->nvariants; v++) {
		s->v[v].needs = 0;
		note_list_free(&s->v[v].chain);
		free(s->v[v].needs_callee);
		s->v[v].needs_callee = NULL;
	}
}

/* Does a field flag decide whether the function needs its caller's
 * bracket?  If not, splitting on it only blurs what callers that cannot
 * tell the member's value see (start_write()'s "bad = !path->mnt"
 * would stop being an acquire for them). */
static int needs_split(const struct summary *s)
{
	int v, some = 0, all = 1;

	for (v = 0; v < s->nvariants; v++) {
		some |= s->v[v].needs;
		all &= s->v[v].needs != 0;
	}
	return some && !all;
}

static void summarise_variants(struct analysis_ctx *ctx, struct summary *out)
{
	int v;

	ctx->flags = out;
	for (v = 0; v < out->nvariants; v++) {
		ctx->variant = v;
		analyse_function(ctx, &out->v[v]);
	}
}

static void summarise(struct program *p, const struct rules *rules,
		      const struct check_run *cr, size_t i, struct summary *out)
{
	struct analysis_ctx ctx = {
		.prog = p, .rules = rules, .fn = p->funcs[i], .checks = cr,
		.escapes = escaped(p, p->funcs[i]->usr),
	};

	summary_init(out);
	find_flag_params(p, p->funcs[i], out, 0);
	summarise_variants(&ctx, out);
	if (has_field_flags(out) && !needs_split(out)) {
		summary_free(out);
		summary_init(out);
		find_flag_params(p, p->funcs[i], out, 0);
		drop_field_flags(out);
		summarise_variants(&ctx, out);
	}
	if (rules_caller_holds(rules, p->funcs[i]->name))
		needs_met(out);
}

/*
 * Whose summaries are computed from whose: READERS of J are its callers
 * and the helpers J is bound to as a callback (J itself when recursive).
 * A sweep of the fixpoint recomputes only the functions a changed
 * summary is read by: another's inputs are the same as when it was last
 * computed, so computing it again would give the same, and the result
 * is that of sweeping them all.
 */
struct readers {
	size_t *start;		/* READERS of J: list[start[J] .. start[J + 1]) */
	size_t *list;
};

static void each_read(const struct program *p, size_t i,
		      void (*fn)(struct readers *r, long j, size_t i),
		      struct readers *r)
{
	const struct ir_func *f = p->funcs[i];
	size_t k;
	int a;

	for (k = 0; k < f->ninstrs; k++) {
		const struct ir_call *c = f->instrs[k].call;

		if (!c || !c->usr)
			continue;
		fn(r, program_find(p, c->usr), i);
		for (a = 0; a < c->nargs; a++)
			if (c->args[a].fn_bound)
				fn(r, program_find(p, c->args[a].fn_usr), i);
	}
}

static void count_read(struct readers *r, long j, size_t i)
{
	(void)i;
	if (j >= 0)
		r->start[j + 1]++;
}

static void add_read(struct readers *r, long j, size_t i)
{
	if (j >= 0)
		r->list[r->start[j]++] = i;
}

static void readers_init(struct readers *r, const struct program *p)
{
	size_t i, n = p->nfuncs;

	r->start = xcalloc(n + 2, sizeof(*r->start));
	for (i = 0; i < n; i++)
		each_read(p, i, count_read, r);
	for (i = 0; i < n; i++)
		r->start[i + 1] += r->start[i];
	r->list = xcalloc(r->start[n] + 1, sizeof(*r->list));
	for (i = 0; i < n; i++)
		each_read(p, i, add_read, r);
	/* add_read moved each start to the next one's: shift back */
	memmove(r->start + 1, r->start, n * sizeof(*r->start));
	r->start[0] = 0;
}

static void readers_free(struct readers *r)
{
	free(r->start);
	free(r->list);
}

static void fixpoint(struct program *p, const struct rules *rules,
		     const struct check_run *cr)
{
	struct readers r;
	char *dirty = xcalloc(p->nfuncs + 1, 1);
	size_t i, k;
	int round, changed = 1;

	readers_init(&r, p);
	memset(dirty, 1, p->nfuncs);
	for (round = 0; round < MAX_ROUNDS && changed; round++) {
		changed = 0;
		for (i = 0; i < p->nfuncs; i++) {
			struct summary next;

			if (!dirty[i])
				continue;
			dirty[i] = 0;
			summarise(p, rules, cr, i, &next);
			if (summary_equal(&next, &p->sums[i])) {
				summary_free(&next);
				continue;
			}
			summary_free(&p->sums[i]);
			p->sums[i] = next;
			changed = 1;
			for (k = r.start[i]; k < r.start[i + 1]; k++)
				dirty[r.list[k]] = 1;
		}
	}
	free(dirty);
	readers_free(&r);
}

/*
 * Nothing analysed calls it, or its address escapes: its needs are
 * reported where they arise.  A static function from a header that this
 * file does not use is library code whose callers are elsewhere.
 */
static int is_root(const struct program *p, size_t i)
{
	const struct ir_func *fn = p->funcs[i];

	if (escaped(p, fn->usr))
		return 1;
	if (p->ncallers[i])
		return 0;
	if (p->defer_roots && !fn->is_static)
		return 0;	/* --report decides, knowing every caller */
	return !fn->is_static || fn->in_main_file;
}

/* Two arguments that may be one object: the same expression or constant,
 * an expression that is no object, or two parameters of the caller's,
 * which its own callers may make one. */
static int maybe_one(const struct ir_arg *x, const struct ir_arg *y)
{
	if (x->is_const || y->is_const)
		return x->is_const && y->is_const && x->value == y->value;
	if (!x->key || !y->key)
		return 1;
	return !strcmp(x->key, y->key) ||
	       (key_param(x->key) && key_param(y->key));
}

/* Does some analysed call of USR hand its parameters A and B what may be
 * one object? */
static int one_object_call(const struct program *p, const char *usr,
			   int a, int b)
{
	size_t i, j;

	for (i = 0; i < p->nfuncs; i++) {
		const struct ir_func *fn = p->funcs[i];

		for (j = 0; j < fn->ninstrs; j++) {
			const struct ir_call *c = fn->instrs[j].call;

			if (c && c->usr && !strcmp(c->usr, usr) &&
			    a <= c->nargs && b <= c->nargs &&
			    maybe_one(&c->args[a - 1], &c->args[b - 1]))
				return 1;
		}
	}
	return 0;
}

/*
 * A variant in which two parameters are one object is reported only
 * when a call selects it (fh_compose(fhp, ..., fhp)): otherwise two
 * names are taken for two objects, as effects.c does at each call.
 */
static int variant_selected(const struct program *p, size_t i,
			    const struct summary *s, int v)
{
	int f;

	for (f = 0; f < s->nflags; f++)
		if (s->alias[f] && ((v >> f) & 1) &&
		    !one_object_call(p, p->funcs[i]->usr, s->flags[f],
				     s->alias[f]))
			return 0;
	return 1;
}

/*
 * Where a need is reported (docs/checks.md, "Where a finding is
 * placed"), in the manner of "Bugs as Deviant Behavior" (Engler et al.,
 * SOSP 2001): a helper that needs the bracket, some of whose calls hold
 * it, has the contract "the caller holds it", and each call that does
 * not is reported at that call.  One that no call holds is to take the
 * bracket itself: its own guarded calls are reported, and its callers
 * are not.  A call counts as holding when it is covered where it is
 * made, or when it is made in a helper whose own contract is the
 * caller's (it inherits its callers' bracket).
 */
struct placement {
	struct needs_list *needs;	/* per function: sites relying on a caller */
	struct needs_list *held;	/* per function: covered calls of helpers */
	char *caller_holds;		/* per function: the contract is the caller's */
	char *open;			/* per function: callers may be in other runs */
	char *may_report;		/* per function: with no caller, it reports */
	long **site_fn;			/* per function, per need: the helper, or -1 */
};

static void placement_init(struct placement *pl, size_t n)
{
	pl->needs = xcalloc(n + 1, sizeof(*pl->needs));
	pl->held = xcalloc(n + 1, sizeof(*pl->held));
	pl->caller_holds = xcalloc(n + 1, 1);
	pl->open = xcalloc(n + 1, 1);
	pl->may_report = xcalloc(n + 1, 1);
	pl->site_fn = xcalloc(n + 1, sizeof(*pl->site_fn));
}

static void placement_free(struct placement *pl, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		needs_list_free(&pl->needs[i]);
		needs_list_free(&pl->held[i]);
		free(pl->site_fn[i]);
	}
	free(pl->needs);
	free(pl->held);
	free(pl->caller_holds);
	free(pl->open);
	free(pl->may_report);
	free(pl->site_fn);
}

#define SELF (-2)	/* a recursive call: the function itself */

/* The helper a need or a covered call is about, if it needs anything. */
static long helper_of(const struct program *p, const struct placement *pl,
		      const struct needs_site *site, size_t caller)
{
	long f;

	if (!site->callee_usr)
		return -1;
	f = program_find(p, site->callee_usr);
	if (f >= 0 && (size_t)f == caller)
		return SELF;
	if (f < 0 || !pl->needs[f].n)
		return -1;
	return f;
}

static void resolve_sites(const struct program *p, struct placement *pl)
{
	size_t i, j;

	for (i = 0; i < p->nfuncs; i++) {
		pl->site_fn[i] = xcalloc(pl->needs[i].n + 1, sizeof(long));
		for (j = 0; j < pl->needs[i].n; j++)
			pl->site_fn[i][j] = helper_of(p, pl, &pl->needs[i].items[j], i);
		for (j = 0; j < pl->held[i].n; j++) {
			long f = helper_of(p, pl, &pl->held[i].items[j], i);

			if (f >= 0)
				pl->caller_holds[f] = 1;
		}
	}
}

/*
 * To a fixpoint: a helper called without the bracket from a function
 * whose contract is the caller's has that contract too; a helper called
 * from a function whose callers may be in another run (--db) cannot be
 * placed yet.
 */
static void spread_contracts(const struct program *p, struct placement *pl)
{
	size_t i, j;
	int changed = 1;

	while (changed) {
		changed = 0;
		for (i = 0; i < p->nfuncs; i++) {
			for (j = 0; j < pl->needs[i].n; j++) {
				long f = pl->site_fn[i][j];

				if (f < 0)
					continue;
				if (pl->caller_holds[i] && !pl->caller_holds[f]) {
					pl->caller_holds[f] = 1;
					changed = 1;
				}
				if (pl->open[i] && !pl->open[f]) {
					pl->open[f] = 1;
					changed = 1;
				}
			}
		}
	}
}

/* Is site J of L a repeat of an earlier one (another variant's)? */
static int repeated(const struct needs_list *l, size_t j)
{
	size_t k;

	for (k = 0; k < j; k++)
		if (l->items[k].loc.file == l->items[j].loc.file &&
		    l->items[k].loc.line == l->items[j].loc.line &&
		    l->items[k].loc.col == l->items[j].loc.col)
			return 1;
	return 0;
}

static int has_note_at(const struct note_list *l, struct loc loc)
{
	size_t k;

	for (k = 0; k < l->n; k++)
		if (l->items[k].loc.file == loc.file &&
		    l->items[k].loc.line == loc.line)
			return 1;
	return 0;
}

#define CALLERS_NAMED 3
#define UNCOVERED_DEPTH 4

/* A call of F made without the bracket, for name_callers(). */
struct caller_site {
	struct loc loc;
	size_t caller;
};

/* By place: the notes are then the same whatever order the program's
 * functions came in (parsed, or loaded by --report). */
static int site_cmp(const void *a, const void *b)
{
	const struct caller_site *x = a, *y = b;

	return loc_cmp(&x->loc, &y->loc);
}

/* Notes naming the calls of F made without the bracket ("and N more"). */
static void name_callers(const struct program *p, const struct placement *pl,
			 size_t f, struct note_list *notes)
{
	struct caller_site *sites = NULL;
	size_t i, j, n = 0, cap = 0, more;

	for (i = 0; i < p->nfuncs; i++) {
		for (j = 0; j < pl->needs[i].n; j++) {
			const struct needs_site *s = &pl->needs[i].items[j];
			struct caller_site *c;

			if (pl->site_fn[i][j] != (long)f || repeated(&pl->needs[i], j))
				continue;
			c = ARRAY_PUSH(sites, n, cap);
			c->loc = s->loc;
			c->caller = i;
		}
	}
	if (n > 1)
		qsort(sites, n, sizeof(*sites), site_cmp);
	for (i = 0; i < n && i < CALLERS_NAMED; i++)
		note_add(notes, sites[i].loc,
			 xasprintf("%s() is called here from %s(), which does not hold it either",
				   p->funcs[f]->name, p->funcs[sites[i].caller]->name));
	more = n > CALLERS_NAMED ? n - CALLERS_NAMED : 0;
	if (more)
		note_add(notes, sites[n - 1].loc,
			 xasprintf("and %zu more call%s of %s() without it", more,
				   more == 1 ? "" : "s", p->funcs[f]->name));
	free(sites);
}

/* Notes naming every guarded call F leaves to its callers, beyond those
 * NOTES already name. */
static void name_uncovered(const struct program *p, const struct placement *pl,
			   size_t f, const struct rules *rules,
			   struct note_list *notes, char *visited, int depth)
{
	size_t j;

	visited[f] = 1;
	for (j = 0; j < pl->needs[f].n && depth < UNCOVERED_DEPTH; j++) {
		const struct needs_site *s = &pl->needs[f].items[j];
		long g = pl->site_fn[f][j];

		if (repeated(&pl->needs[f], j) || g == SELF ||
		    (g >= 0 && visited[g]))
			continue;
		if (!has_note_at(notes, s->loc))
			note_add(notes, s->loc,
				 xasprintf("%s() calls %s() here, relying on its caller for %s",
					   p->funcs[f]->name, s->callee,
					   rules->names.resource));
		if (g >= 0)
			name_uncovered(p, pl, (size_t)g, rules, notes, visited,
				       depth + 1);
	}
}

/* A finding at SITE, with NOTES (taken). */
static void name_all_uncovered(const struct program *p,
			       const struct placement *pl, size_t f,
			       const struct rules *rules, struct note_list *notes)
{
	char *visited = xcalloc(p->nfuncs + 1, 1);

	name_uncovered(p, pl, f, rules, notes, visited, 0);
	free(visited);
}

/* A finding at SITE, with NOTES (taken). */
static void report_need(const struct ir_func *fn, struct needs_site *site,
			const struct rules *rules, struct note_list *notes,
			struct findings *out)
{
	struct finding f = { 0 };

	f.loc = site->loc;
	f.function = xstrdup(fn->name);
	f.check = rules->names.missing;
	f.callee = xstrdup(site->callee);
	f.message = xasprintf("%s() may be called without %s", site->callee,
			      rules->names.resource);
	f.suggestion = site->suggestion;
	site->suggestion = NULL;
	f.call_text = xstrdup(site->call_text);
	f.notes = *notes;
	memset(notes, 0, sizeof(*notes));
	findings_add(out, &f);
}

static int called_without(const struct program *p, const struct placement *pl,
			  size_t f)
{
	size_t i, j;

	for (i = 0; i < p->nfuncs; i++)
		for (j = 0; j < pl->needs[i].n; j++)
			if (pl->site_fn[i][j] == (long)f)
				return 1;
	return 0;
}

/*
 * The needs of C, whose callers do not hold the bracket: its guarded
 * calls are where it belongs, a call of a helper whose callers hold it
 * deviates, and a call of a helper that is to take it itself is that
 * helper's to report.
 */
static void report_needs(const struct program *p, struct placement *pl,
			 size_t c, const struct rules *rules,
			 struct findings *out)
{
	struct note_list callers = { 0 }, notes;
	size_t j;

	if (!pl->needs[c].n || pl->caller_holds[c] || pl->open[c] ||
	    (!pl->may_report[c] && !called_without(p, pl, c)))
		return;
	name_callers(p, pl, c, &callers);
	for (j = 0; j < pl->needs[c].n; j++) {
		struct needs_site *s = &pl->needs[c].items[j];
		long f = pl->site_fn[c][j];

		if (repeated(&pl->needs[c], j) || f == SELF ||
		    (f >= 0 && !pl->caller_holds[f]))
			continue;
		memset(&notes, 0, sizeof(notes));
		note_list_copy(&notes, &s->chain);
		if (f < 0)
			note_list_copy(&notes, &callers);
		else
			name_all_uncovered(p, pl, (size_t)f, rules, &notes);
		report_need(p->funcs[c], s, rules, &notes, out);
	}
	note_list_free(&callers);
}

static void report_function(struct program *p, const struct rules *rules,
			    const struct check_run *cr, size_t i,
			    struct placement *pl, struct findings *out)
{
	struct analysis_ctx ctx = {
		.prog = p, .rules = rules, .fn = p->funcs[i], .findings = out,
		.checks = cr, .disc = rules->active,
		.escapes = escaped(p, p->funcs[i]->usr),
	};
	struct variant_summary scratch;
	struct summary split;
	int v;

	/* findings split on local flags too (a need_write local) */
	summary_init(&split);
	find_flag_params(p, p->funcs[i], &split, 1);
	add_field_flags_of(&split, &p->sums[i]);
	ctx.flags = &split;
	ctx.needs = &pl->needs[i];
	ctx.held = &pl->held[i];
	for (v = 0; v < split.nvariants; v++) {
		if (!variant_selected(p, i, &split, v))
			continue;
		ctx.variant = v;
		analyse_function(&ctx, &scratch);
		variant_summary_free(&scratch);
	}
	if (held_on_entry(p, rules, p->funcs[i]) ||
	    rules_caller_holds(rules, p->funcs[i]->name))
		pl->caller_holds[i] = 1;
	pl->may_report[i] = is_root(p, i);
	pl->open[i] = p->defer_roots && !p->funcs[i]->is_static &&
		      !escaped(p, p->funcs[i]->usr);
	summary_free(&split);
}

/* Does discipline D of RULES have anything to check? */
static int disc_used(const struct rules *view)
{
	return rules_first_acquire(view) != NULL;
}

/*
 * Summaries from scratch under VIEW.  Callbacks are bound from the text
 * first; where the summaries then show a helper or a callback acquiring
 * or releasing for its caller, it is unbound and all is solved again.
 */
static void solve(struct program *p, const struct rules *view,
		  const struct check_run *cr)
{
	size_t i;

	callbacks_resolve(p);
	do {
		count_callers(p);
		for (i = 0; i < p->nfuncs; i++) {
			summary_free(&p->sums[i]);
			summary_init(&p->sums[i]);
		}
		fixpoint(p, view, cr);
	} while (callbacks_unbind(p));
}

/* One discipline: summaries from scratch, then its findings. */
static void analyse_disc(struct program *p, const struct rules *view,
			 const struct check_run *cr, struct findings *out)
{
	struct placement pl;
	size_t i;

	solve(p, view, cr);
	placement_init(&pl, p->nfuncs);
	for (i = 0; i < p->nfuncs; i++)
		report_function(p, view, cr, i, &pl, out);
	resolve_sites(p, &pl);
	spread_contracts(p, &pl);
	for (i = 0; i < p->nfuncs; i++)
		report_needs(p, &pl, i, view, out);
	placement_free(&pl, p->nfuncs);
}

/* The checks' own states: each check's init() before the analysis. */
static void checks_start(struct check_run *cr,
			 const struct check_ops *const *checks, size_t n,
			 const struct program *p, const struct rules *rules)
{
	size_t k;

	cr->ops = checks;
	cr->n = n;
	cr->state = xcalloc(n + 1, sizeof(*cr->state));
	for (k = 0; k < n && p; k++)
		cr->state[k] = checks[k]->init ? checks[k]->init(p, rules) :
						 checks[k]->state;
}

static void checks_end(struct check_run *cr)
{
	size_t k;

	for (k = 0; k < cr->n; k++)
		if (cr->ops[k]->fini)
			cr->ops[k]->fini(cr->state[k]);
	free(cr->state);
}

/*
 * Each discipline is solved on its own, so that one's keys never cover
 * another's calls; the checks' program hooks then run in the list's
 * order (an order rule compares the disciplines' traces; the
 * filled-before-use check runs once over the IR).
 */
void program_analyse(struct program *p, const struct rules *rules,
		     const struct check_ops *const *checks, size_t nchecks,
		     struct findings *out)
{
	struct check_run cr;
	struct rules view;
	size_t i, d;

	count_callers(p);
	p->sums = xcalloc(p->nfuncs + 1, sizeof(*p->sums));
	for (i = 0; i < p->nfuncs; i++)
		summary_init(&p->sums[i]);
	checks_start(&cr, checks, nchecks, p, rules);
	for (d = 0; d < rules->ndiscs; d++) {
		rules_view(rules, (int)d, &view);
		if (d > 0 && !disc_used(&view))
			continue;
		analyse_disc(p, &view, &cr, out);
	}
	for (i = 0; i < cr.n; i++)
		if (checks[i]->on_program)
			checks[i]->on_program(cr.state[i], p, rules, out);
	checks_end(&cr);
	findings_finish(out);
}

/* What a summary tells a TU that only stores the function's address:
 * nothing if empty (0) or if it only takes and gives back (1); 2 if it
 * needs, acquires, releases or copies, which a stored address changes
 * (an escape is a root, and hands nothing back). */
static int summary_weight(const struct summary *s)
{
	int v, w = 0;

	for (v = 0; v < s->nvariants; v++) {
		if (s->v[v].needs || s->v[v].acquires || s->v[v].releases ||
		    s->v[v].ncopies)
			return 2;
		if (s->v[v].takes)
			w = 1;
	}
	return w;
}

/* Raise in WEIGHT each name's summary_weight() under VIEW. */
static void note_weights(struct program *p, const struct rules *view,
			 const struct check_run *cr, struct strmap *weight)
{
	size_t i;

	solve(p, view, cr);
	for (i = 0; i < p->nfuncs; i++) {
		long *have = strmap_get(weight, p->funcs[i]->name);
		int w = summary_weight(&p->sums[i]);

		if (!have)
			strmap_put(weight, p->funcs[i]->name, w);
		else if (*have < w)
			*have = w;
		summary_free(&p->sums[i]);
	}
}

/*
 * For the build-directory driver, between rounds of parsing: the names
 * of the functions analysed so far whose summaries are empty (every
 * function of that name, in every discipline), so that their callers
 * need not be parsed, and those whose summaries only take and give
 * back, so that what only stores their addresses need not be.  Each
 * discipline is solved on its own, as in program_analyse(): solved
 * together, do_truncate()'s inode_lock() would cover its notify_change()
 * and empty its write summary.  The program is left as it was, ready
 * for more functions.  No report pass runs, so the checks get no state
 * of their own.
 */
void program_empty_names(struct program *p, const struct rules *rules,
			 const struct check_ops *const *checks, size_t nchecks,
			 void (*known)(void *ctx, const char *name,
				       int takes_only),
			 void *ctx)
{
	struct strmap weight = { 0 };
	struct check_run cr;
	struct rules view;
	size_t i, d;

	count_callers(p);
	p->sums = xcalloc(p->nfuncs + 1, sizeof(*p->sums));
	checks_start(&cr, checks, nchecks, NULL, rules);
	for (d = 0; d < rules->ndiscs; d++) {
		rules_view(rules, (int)d, &view);
		note_weights(p, &view, &cr, &weight);
	}
	if (!rules->ndiscs)
		note_weights(p, rules, &cr, &weight);
	checks_end(&cr);
	for (i = 0; i < weight.n; i++)
		if (weight.vals[i] < 2)
			known(ctx, weight.keys[i], weight.vals[i] == 1);
	strmap_free(&weight);
	free(p->sums);
	p->sums = NULL;
	free(p->ncallers);
	p->ncallers = NULL;
}

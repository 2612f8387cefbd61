/*
 * -B BUILD / -p DIR: parse what the build directory selects, each file
 * with its own flags, in rounds when the prefilter is on (and the files
 * named with --kernel-tree: run_rounds()).  Sits at the top: it drives
 * input, prefilter, front end and analysis in turn
 * (docs/design/prefilter.md says why rounds lose no finding).
 */
#include "run_build.h"
#include "options.h"
#include "input/build_dir.h"
#include "input/diff_mode.h"
#include "frontend/parse_pool.h"
#include "frontend/shared_pch.h"
#include "analysis/interproc.h"
#include "checks/all_checks.h"
#include "checks/infer_rank.h"
#include "checks/infer_sites.h"
#include "prefilter/tu_select.h"
#include "lib/phase_stats.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --verbose: which files are parsed, named as the other messages name them. */
static void name_parsed(const struct options *o, const char *root,
			const struct job *jobs, size_t n, int round,
			const char *why)
{
	size_t i, len = strlen(root);

	for (i = 0; o->verbose && i < n; i++) {
		const char *f = jobs[i].file;

		if (!strncmp(f, root, len) && f[len] == '/')
			f += len + 1;
		if (round && !*why && jobs[i].reason)
			fprintf(stderr, "wbcheck: parsing %s (round %d, for %s)\n",
				f, round, jobs[i].reason);
		else if (round)
			fprintf(stderr, "wbcheck: parsing %s (round %d%s)\n", f,
				round, why);
		else
			fprintf(stderr, "wbcheck: parsing %s\n", f);
	}
}

/* --verbose: the files parsed again, and for which header function or
 * macro invocation. */
static void name_again(const struct options *o, const char *root,
		       const struct job *jobs, size_t n, int round,
		       const struct tufilter_why *why)
{
	const char *name;
	char *reason;
	size_t i;

	for (i = 0; o->verbose && i < n; i++) {
		name = why[i].name ? why[i].name : "a header function";
		if (why[i].invocation)
			reason = xasprintf(", again: an invocation of %s() matters now and it was parsed without it",
					   name);
		else
			reason = xasprintf(", again: %s%s matters now and it was parsed without its body",
					   name, why[i].name ? "()" : "");
		name_parsed(o, root, jobs + i, 1, round, reason);
		free(reason);
	}
}

/*
 * The rounds of a -B/-p run.  A run that stores one part of a tree (its
 * own files, the first NSEL; see add_context()) goes through the rounds
 * of one run over the whole tree, and parses what that run parses, its
 * part's files and the rest's alike: only then are its summaries, and
 * so the names an empty one blocks, that run's, and it parses and
 * stores exactly that run's files of its part.  The files of the rest
 * are not stored: their part stores them.  (Parsing only the rest's
 * files that define what the part calls leaves the part's blocks
 * waiting on callees it cannot see: on 6.12 split in two, fs/'s part
 * parsed 536 of its 543 files and the rest's more than 1,500, where one
 * run parses 99.)
 */
struct rounds {
	struct tufilter *tf;
	struct program *prog;
	const struct job *jobs;
	size_t n, nsel;
	char *parsed;
	size_t *again;		/* TUs to parse again (tufilter_round_skips()) */
	struct tufilter_why *why;	/* what each is parsed for */
	int keep_index;		/* --infer asks the index of files not needed */
};

static void known_summary(void *ctx, const char *name, int takes_only)
{
	const struct rounds *r = ctx;

	if (!takes_only)
		tufilter_known_empty(r->tf, name);
	else if (!r->keep_index)	/* --infer counts ops-table members */
		tufilter_known_takes_only(r->tf, name);
}

/* After a round, block the names whose summaries came out empty. */
static void block_empty(struct frontend *fe, struct rounds *r)
{
	tufilter_forget_empty(r->tf);
	program_empty_names(fe->prog, fe->rules, all_checks, nall_checks,
			    known_summary, r);
}

static int wanted(const struct rounds *r, size_t i)
{
	return tufilter_needed(r->tf, i) && !r->parsed[i];
}

static void take(struct rounds *r, size_t i, struct job *batch, size_t *nb)
{
	batch[*nb] = r->jobs[i];
	batch[*nb].cost = tufilter_bytes(r->tf, i);
	batch[(*nb)++].reason = tufilter_reason(r->tf, i);
	r->parsed[i] = 1;
	tufilter_mark_parsed(r->tf, i);
	if (i >= r->nsel)
		strmap_put(&r->prog->unstored, r->jobs[i].file, 1);
}

/*
 * Once the round's files are taken: the header bodies it is given, and
 * the files parsed before that are parsed again, for a header function
 * they were parsed without and that matters now (tufilter_round_skips()).
 * --infer counts calls in the bodies of every function that may matter,
 * as decided with nothing blocked: its rounds keep those.
 */
static size_t take_again(struct rounds *r, struct job *batch)
{
	size_t k, n;

	if (r->keep_index)
		return 0;
	n = tufilter_round_skips(r->tf, r->again, r->why);
	for (k = 0; k < n; k++) {
		batch[k] = r->jobs[r->again[k]];
		batch[k].cost = tufilter_bytes(r->tf, r->again[k]);
		batch[k].again = 1;
	}
	return n;
}

/*
 * The files not yet parsed that the index says matter: the nearest, and
 * with them every file that is needed whatever the files still to parse
 * hold (tufilter_settled()).  Waiting a round for those would only make
 * more rounds, and each ends with workers idle until its last file is
 * parsed and the summaries are made again.  (A summary can still come
 * out empty once a callee's file is parsed; that costs a parse, never
 * a finding.)  The batch holds the own files first, then *NCTX of the
 * context, then *NAGAIN parsed before (take_again()).
 */
static size_t next_round(struct rounds *r, struct job *batch, size_t *nctx,
			 size_t *nagain)
{
	long best = -1, d;
	size_t i, nb = 0;

	tufilter_solve(r->tf);
	if (!r->keep_index)
		tufilter_forget_unneeded(r->tf);
	for (i = 0; i < r->n; i++) {
		d = tufilter_dist(r->tf, i);
		if (wanted(r, i) && (best < 0 || d < best))
			best = d;
	}
	*nctx = 0;
	for (i = 0; best >= 0 && i < r->n; i++) {
		if (!wanted(r, i) || (tufilter_dist(r->tf, i) != best &&
				      !tufilter_settled(r->tf, i)))
			continue;
		take(r, i, batch, &nb);
		*nctx += i >= r->nsel;	/* the own come first */
	}
	*nagain = take_again(r, batch + nb);
	return nb + *nagain;
}

/* ---- --infer's rounds ---- */

/* A function or member --infer counts, and the files it is named in. */
struct wanted {
	char *name;
	const char *ident;	/* what a file names it by: the member's */
	size_t held, total;
	size_t files;		/* files not parsed that name it */
	long next;		/* the next of the same ident, or -1 */
};

struct wanted_list {
	struct wanted *v;
	size_t n, cap;
	struct strmap by_ident;	/* ident -> the first of them */
};

static void want(void *ctx, const char *name, int is_member, size_t held,
		 size_t total)
{
	struct wanted_list *wl = ctx;
	struct wanted *w = ARRAY_PUSH(wl->v, wl->n, wl->cap);
	long *first;

	w->name = xstrdup(name);
	w->ident = is_member && strchr(w->name, '.') ?
		   strchr(w->name, '.') + 1 : w->name;
	w->held = held;
	w->total = total;
	w->files = 0;
	first = strmap_get(&wl->by_ident, w->ident);
	w->next = first ? *first : -1;
	strmap_put(&wl->by_ident, w->ident, (long)wl->n - 1);
}

static void wanted_free(struct wanted_list *wl)
{
	size_t k;

	for (k = 0; k < wl->n; k++)
		free(wl->v[k].name);
	free(wl->v);
	strmap_free(&wl->by_ident);
	memset(wl, 0, sizeof(*wl));
}

/* Call FN for each candidate file I names, until it returns nonzero;
 * returns 1 when it did. */
static int each_named(const struct tufilter *tf, size_t i,
		      struct wanted_list *wl, int (*fn)(struct wanted *w))
{
	const char *const *idents;
	size_t k, n;
	long c, *at;

	idents = tufilter_idents(tf, i, &n);
	for (k = 0; k < n; k++)
		for (at = strmap_get(&wl->by_ident, idents[k]),
		     c = at ? *at : -1; c >= 0; c = wl->v[c].next)
			if (fn(&wl->v[c]))
				return 1;
	return 0;
}

static int count_file(struct wanted *w)
{
	w->files++;
	return 0;
}

/* Held at more than half its calls even if each file not parsed that
 * names it held a call without the bracket: worth the files' parse. */
static int worth_parsing(struct wanted *w)
{
	return w->files && 2 * w->held > w->total + w->files;
}

/*
 * --infer with the prefilter: after the files that can matter to the
 * rules, the files that name a function or member --infer may propose
 * (held at some call because of a bracket), so that all its calls are
 * counted, and the helpers called under a bracket are parsed, whose
 * calls hold it in turn; round after round, until no such file is left.
 * A name that files not parsed mention so often that, were each a call
 * without the bracket, it would be held at no more than half its calls
 * cannot be proposed: its files are not parsed, and UNSEEN says how many
 * there were, so that it is not proposed from the calls seen alone.
 */
static int infer_rounds(struct frontend *fe, const struct options *o,
			const char *root, struct tufilter *tf,
			const struct job *jobs, size_t n, char *parsed,
			struct strmap *unseen, size_t *total, int *rounds)
{
	struct job *batch = xcalloc(n + 1, sizeof(*batch));
	int failed = 0;
	size_t nb;

	do {
		struct wanted_list wl = { 0 };
		struct infer_sites sites;
		size_t i, k;

		infer_sites_collect(fe->prog, fe->rules, &sites);
		infer_candidates(fe->prog, fe->rules, &sites, want, &wl);
		infer_sites_free(&sites);
		for (i = 0; i < n; i++)
			if (!parsed[i])
				each_named(tf, i, &wl, count_file);
		for (i = 0, nb = 0; i < n; i++) {
			if (parsed[i] || !each_named(tf, i, &wl, worth_parsing))
				continue;
			batch[nb] = jobs[i];
			batch[nb++].cost = tufilter_bytes(tf, i);
			parsed[i] = 1;
			tufilter_mark_parsed(tf, i);
		}
		for (k = 0; !nb && k < wl.n; k++)
			if (wl.v[k].files)
				strmap_put(unseen, wl.v[k].name, (long)wl.v[k].files);
		wanted_free(&wl);
		if (!nb)
			break;
		(*rounds)++;
		name_parsed(o, root, batch, nb, *rounds, ", for --infer");
		failed |= parse_jobs(fe, batch, nb,
				     o->jobs ? o->jobs : default_jobs());
		*total += nb;
	} while (nb);
	free(batch);
	return failed;
}

/*
 * Parse only the files that can matter (tufilter.c says why no finding
 * is lost), in rounds: first the files that call a rule's function
 * (with those whose calls lead to one through headers and macros alone),
 * then those that call what the first round found to have a summary,
 * and so on.  A function whose summary came out empty (touch_atime()
 * takes write access alone and drops it itself) does not make its many callers
 * worth parsing.  The files past the first NSEL are context (struct
 * rounds).
 */
static int parse_in_rounds(struct frontend *fe, const struct options *o,
			   const char *root, const struct job *jobs, size_t n,
			   size_t nsel, struct strmap *unseen,
			   struct build_dir *bd)
{
	struct rounds r = {
		.tf = tufilter_new(fe->rules), .prog = fe->prog, .jobs = jobs,
		.n = n, .nsel = nsel, .parsed = xcalloc(n + 1, 1),
		.again = xcalloc(n + 1, sizeof(size_t)),
		.why = xcalloc(n + 1, sizeof(struct tufilter_why)),
		.keep_index = o->infer,
	};
	struct job *batch = xcalloc(n + 1, sizeof(*batch));
	size_t i, nb, nctx, nagain, nnew, total = 0, context = 0;
	int failed = 0, rounds = 0;

	phase_stats_start("index of %zu files", n);
	for (i = 0; i < n; i++)
		tufilter_add(r.tf, jobs[i].file, jobs[i].flags, jobs[i].nflags);
	fe->live = r.tf;
	if (o->verbose)
		tufilter_keep_reasons(r.tf);
	tufilter_print_stats(r.tf);
	/* the first solve leaves a core idle: the walk runs there */
	if (bd)
		build_dir_find_skipped(bd, o->verbose);
	phase_stats_prefix("round 1: ");
	phase_stats_start("solve");
	while ((nb = next_round(&r, batch, &nctx, &nagain))) {
		nnew = nb - nagain;
		name_parsed(o, root, batch, nnew - nctx, rounds + 1, "");
		name_parsed(o, root, batch + nnew - nctx, nctx, rounds + 1,
			    ", for its summaries");
		name_again(o, root, batch + nnew, nagain, rounds + 1, r.why);
		failed |= parse_jobs(fe, batch, nb,
				     o->jobs ? o->jobs : default_jobs());
		total += nnew - nctx;
		context += nctx;
		rounds++;
		phase_stats_start("summaries");
		block_empty(fe, &r);
		phase_stats_prefix("round %d: ", rounds + 1);
		phase_stats_start("solve");
	}
	if (o->infer)
		failed |= infer_rounds(fe, o, root, r.tf, jobs, nsel, r.parsed,
				       unseen, &total, &rounds);
	phase_stats_end();
	phase_stats_prefix(NULL);
	if (total < nsel && o->infer)
		fprintf(stderr, "wbcheck: --infer: %zu of %zu files can matter neither to the rules nor to what it counts; not parsed (%d rounds; --no-prefilter parses them)\n",
			nsel - total, nsel, rounds);
	else if (total < nsel)
		fprintf(stderr, "wbcheck: %zu of %zu files cannot matter to the rules; not parsed (%d rounds; --no-prefilter parses them)\n",
			nsel - total, nsel, rounds);
	if (context)
		fprintf(stderr, "wbcheck: %zu file%s of the rest of the build parsed for %s summaries, not stored\n",
			context, context == 1 ? "" : "s",
			context == 1 ? "its" : "their");
	fe->live = NULL;
	/* its numbers and texts are the index's */
	shared_pch_free(fe->pch);
	fe->pch = NULL;
	tufilter_free(r.tf);
	free(r.parsed);
	free(r.again);
	free(r.why);
	free(batch);
	return failed;
}

/* Flags are settled here, one file after the other (libclang is probed
 * only for flags not seen before); the parsing itself runs in parallel. */
static void add_job(struct frontend *fe, struct compile_cmd *c,
		    struct job **jobs, size_t *n, size_t *cap)
{
	struct job *j;

	filter_cflags(c->flags, &c->nflags);
	frontend_drop_unknown_flags(fe, c->flags, &c->nflags);
	j = ARRAY_PUSH(*jobs, *n, *cap);
	j->file = c->source;
	j->flags = c->flags;
	j->nflags = c->nflags;
}

/*
 * A run that stores a part of the tree (--db with paths: one machine's
 * share, merged later) sees the rest too, as context: a file of its
 * part that calls a helper of another part must be parsed and stored,
 * though nothing of its part makes it matter.
 */
static void add_context(struct frontend *fe, const struct options *o,
			struct build_dir *bd, struct job **jobs, size_t *n,
			size_t *cap)
{
	char *sel;
	size_t i;

	if (!o->db || o->report || o->no_prefilter || o->print_flags ||
	    bd->nselected == bd->db.n)
		return;
	sel = xcalloc(bd->db.n + 1, 1);
	for (i = 0; i < bd->nselected; i++)
		sel[bd->selected[i]] = 1;
	for (i = 0; i < bd->db.n; i++)
		if (!sel[i] && !bd->absent[i])
			add_job(fe, &bd->db.cmds[i], jobs, n, cap);
	free(sel);
}

int run_rounds(struct frontend *fe, const struct options *o,
	       const char *root, const struct job *jobs, size_t n)
{
	return parse_in_rounds(fe, o, root, jobs, n, n, NULL, NULL);
}

int run_build_dir(struct frontend *fe, const struct options *o, char **root,
		  struct strmap *unseen)
{
	struct build_dir bd;
	struct job *jobs = NULL;
	size_t i, nsel = 0, njobs, jobs_cap = 0;
	int failed = 0;

	phase_stats_start("command lines");
	if (build_dir_open(o, &bd) < 0)
		return -1;
	*root = bd.root;
	for (i = 0; i < bd.nselected; i++)
		add_job(fe, &bd.db.cmds[bd.selected[i]], &jobs, &nsel, &jobs_cap);
	njobs = nsel;
	if (nsel)
		add_context(fe, o, &bd, &jobs, &njobs, &jobs_cap);
	/* a .cmd file that could not be read was named: the run is incomplete */
	if (bd.db.bad)
		failed |= 1;
	if (nsel && o->print_flags)
		print_job_flags(stdout, jobs, nsel);
	else if (nsel && !o->no_prefilter)
		failed |= parse_in_rounds(fe, o, *root, jobs, njobs, nsel,
					  unseen, &bd);
	else if (nsel) {
		build_dir_find_skipped(&bd, o->verbose);
		name_parsed(o, *root, jobs, nsel, 0, "");
		failed |= parse_jobs(fe, jobs, nsel,
				    o->jobs ? o->jobs : default_jobs());
	}
	free(jobs);
	/* --diff: the change may touch only files not built here */
	if (!nsel && !o->diff) {
		fprintf(stderr, "wbcheck: %s: no C file built here matches the paths given\n",
			bd.dir);
		failed = -1;
	}
	phase_stats_start("sources not built");
	build_dir_report_skipped(&bd, o->verbose);
	phase_stats_end();
	build_dir_close(&bd);
	return failed;
}

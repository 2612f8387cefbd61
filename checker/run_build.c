/*
 * -B BUILD / -p DIR: parse what the build directory selects, each file
 * with its own flags, in rounds when the prefilter is on.  Sits at the
 * top: it drives input, prefilter, front end and analysis in turn
 * (docs/design/prefilter.md says why rounds lose no finding).
 */
#include "run_build.h"
#include "options.h"
#include "input/build_dir.h"
#include "input/diff_mode.h"
#include "frontend/parse_pool.h"
#include "analysis/interproc.h"
#include "checks/all_checks.h"
#include "checks/infer_rank.h"
#include "checks/infer_sites.h"
#include "prefilter/tu_select.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --verbose: which files are parsed, named as the other messages name them. */
static void name_parsed(const struct options *o, const char *root,
			const struct job *jobs, size_t n, int round)
{
	size_t i, len = strlen(root);

	for (i = 0; o->verbose && i < n; i++) {
		const char *f = jobs[i].file;

		if (!strncmp(f, root, len) && f[len] == '/')
			f += len + 1;
		if (round)
			fprintf(stderr, "wbcheck: parsing %s (round %d)\n", f, round);
		else
			fprintf(stderr, "wbcheck: parsing %s\n", f);
	}
}

static void known_empty(void *tf, const char *name)
{
	tufilter_known_empty(tf, name);
}

/*
 * The files not yet parsed that the index says matter: the nearest, and
 * with them every file that is needed whatever the files still to parse
 * hold (tufilter_settled()).  Waiting a round for those would only make
 * more rounds, and each ends with workers idle until its last file is
 * parsed and the summaries are made again.  (A summary can still come
 * out empty once a callee's file is parsed; that costs a parse, never
 * a finding.)
 */
static size_t next_round(struct tufilter *tf, const struct job *jobs,
			 size_t n, char *parsed, struct job *batch)
{
	long best = -1, d;
	size_t i, nb = 0;

	tufilter_solve(tf);
	for (i = 0; i < n; i++) {
		d = tufilter_dist(tf, i);
		if (tufilter_needed(tf, i) && !parsed[i] && (best < 0 || d < best))
			best = d;
	}
	for (i = 0; best >= 0 && i < n; i++) {
		if (!tufilter_needed(tf, i) || parsed[i] ||
		    (tufilter_dist(tf, i) != best && !tufilter_settled(tf, i)))
			continue;
		batch[nb] = jobs[i];
		batch[nb++].cost = tufilter_bytes(tf, i);
		parsed[i] = 1;
		tufilter_mark_parsed(tf, i);
	}
	return nb;
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
		name_parsed(o, root, batch, nb, *rounds);
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
 * takes and drops the bracket itself) does not make its many callers
 * worth parsing.
 */
static int parse_in_rounds(struct frontend *fe, const struct options *o,
			   const char *root, const struct job *jobs, size_t n,
			   struct strmap *unseen)
{
	struct tufilter *tf = tufilter_new(fe->rules);
	struct job *batch = xcalloc(n + 1, sizeof(*batch));
	char *parsed = xcalloc(n + 1, 1);
	size_t i, nb, total = 0;
	int failed = 0, rounds = 0;

	for (i = 0; i < n; i++)
		tufilter_add(tf, jobs[i].file, jobs[i].flags, jobs[i].nflags);
	fe->live = tf;
	while ((nb = next_round(tf, jobs, n, parsed, batch))) {
		name_parsed(o, root, batch, nb, rounds + 1);
		failed |= parse_jobs(fe, batch, nb,
				     o->jobs ? o->jobs : default_jobs());
		total += nb;
		rounds++;
		tufilter_forget_empty(tf);
		program_empty_names(fe->prog, fe->rules, all_checks, nall_checks,
				    known_empty, tf);
	}
	if (o->infer)
		failed |= infer_rounds(fe, o, root, tf, jobs, n, parsed, unseen,
				       &total, &rounds);
	if (total < n && o->infer)
		fprintf(stderr, "wbcheck: --infer: %zu of %zu files can matter neither to the rules nor to what it counts; not parsed (%d rounds; --no-prefilter parses them)\n",
			n - total, n, rounds);
	else if (total < n)
		fprintf(stderr, "wbcheck: %zu of %zu files cannot matter to the rules; not parsed (%d rounds; --no-prefilter parses them)\n",
			n - total, n, rounds);
	fe->live = NULL;
	tufilter_free(tf);
	free(batch);
	free(parsed);
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

int run_build_dir(struct frontend *fe, const struct options *o, char **root,
		  struct strmap *unseen)
{
	struct build_dir bd;
	struct job *jobs = NULL;
	size_t i, nsel = 0, jobs_cap = 0;
	int failed = 0;

	if (build_dir_open(o, &bd) < 0)
		return -1;
	*root = bd.root;
	for (i = 0; i < bd.nselected; i++)
		add_job(fe, &bd.db.cmds[bd.selected[i]], &jobs, &nsel, &jobs_cap);
	/* a .cmd file that could not be read was named: the run is incomplete */
	if (bd.db.bad)
		failed |= 1;
	if (nsel && o->print_flags)
		print_job_flags(stdout, jobs, nsel);
	else if (nsel && !o->no_prefilter)
		failed |= parse_in_rounds(fe, o, *root, jobs, nsel, unseen);
	else if (nsel) {
		name_parsed(o, *root, jobs, nsel, 0);
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
	build_dir_report_skipped(&bd);
	build_dir_close(&bd);
	return failed;
}

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
#include "analysis/pending.h"
#include "checks/all_checks.h"
#include "prefilter/tu_select.h"
#include "lib/phase_stats.h"
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

struct blocking {
	struct tufilter *tf;
	struct strmap pending;	/* empty summaries that are not final */
};

static void known_empty(void *ctx, const char *name)
{
	struct blocking *b = ctx;

	if (!strmap_get(&b->pending, name))
		tufilter_known_empty(b->tf, name);
}

static int name_matters(void *tf, const char *name)
{
	return tufilter_name_matters(tf, NULL, name);	/* anywhere */
}

/*
 * After a round, block the names whose summaries came out empty.  A
 * part of a tree (CONTEXT: files indexed, never parsed here) does not
 * block a function whose summary leans on a function it has no body
 * for: the part that parses that body may find it needs the bracket.
 */
static void block_empty(struct frontend *fe, struct tufilter *tf, int context)
{
	struct blocking b = { .tf = tf };

	tufilter_forget_empty(tf);
	if (context)
		program_pending_names(fe->prog, name_matters, tf, &b.pending);
	program_empty_names(fe->prog, fe->rules, all_checks, nall_checks,
			    known_empty, &b);
	strmap_free(&b.pending);
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
	tufilter_forget_unneeded(tf);
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

/*
 * Parse only the files that can matter (tufilter.c says why no finding
 * is lost), in rounds: first the files that call a rule's function
 * (with those whose calls lead to one through headers and macros alone),
 * then those that call what the first round found to have a summary,
 * and so on.  A function whose summary came out empty (touch_atime()
 * takes write access alone and drops it itself) does not make its many
 * callers worth parsing.  The files past the first NSEL are context:
 * indexed, so that what leads to a rule through them is seen, never
 * parsed.
 */
static int parse_in_rounds(struct frontend *fe, const struct options *o,
			   const char *root, const struct job *jobs, size_t n,
			   size_t nsel)
{
	struct tufilter *tf = tufilter_new(fe->rules);
	struct job *batch = xcalloc(n + 1, sizeof(*batch));
	char *parsed = xcalloc(n + 1, 1);
	size_t i, nb, total = 0;
	int failed = 0, rounds = 0;

	phase_stats_start("index of %zu files", n);
	for (i = 0; i < n; i++) {
		tufilter_add(tf, jobs[i].file, jobs[i].flags, jobs[i].nflags);
		parsed[i] = i >= nsel;
	}
	fe->live = tf;
	tufilter_print_stats(tf);
	phase_stats_prefix("round 1: ");
	phase_stats_start("solve");
	while ((nb = next_round(tf, jobs, n, parsed, batch))) {
		name_parsed(o, root, batch, nb, rounds + 1);
		failed |= parse_jobs(fe, batch, nb,
				     o->jobs ? o->jobs : default_jobs());
		total += nb;
		rounds++;
		phase_stats_start("summaries");
		block_empty(fe, tf, n > nsel);
		phase_stats_prefix("round %d: ", rounds + 1);
		phase_stats_start("solve");
	}
	phase_stats_end();
	phase_stats_prefix(NULL);
	if (total < nsel)
		fprintf(stderr, "wbcheck: %zu of %zu files cannot matter to the rules; not parsed (%d rounds; --no-prefilter parses them)\n",
			nsel - total, nsel, rounds);
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
		if (!sel[i])
			add_job(fe, &bd->db.cmds[i], jobs, n, cap);
	free(sel);
}

int run_build_dir(struct frontend *fe, const struct options *o, char **root)
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
		failed |= parse_in_rounds(fe, o, *root, jobs, njobs, nsel);
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
	phase_stats_start("sources not built");
	build_dir_report_skipped(&bd);
	phase_stats_end();
	build_dir_close(&bd);
	return failed;
}

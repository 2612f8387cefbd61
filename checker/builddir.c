/*
 * The build directory driver.  kbuild records each object's exact
 * command in .NAME.o.cmd; every C source under the selected paths is
 * parsed with its own flags.  Sources with no command (not built in
 * this configuration) are counted and named, never dropped silently.
 */
#define _GNU_SOURCE	/* FTW_ACTIONRETVAL: skip .git and the like */
#include "builddir.h"
#include "cmdfile.h"
#include "diffmode.h"
#include "jobs.h"
#include "summary.h"
#include "tufilter.h"
#include "util.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* An O= build has a "source" link to the tree; an in-tree build is it. */
static char *source_tree(const char *build)
{
	char *link = xasprintf("%s/source", build), *r;

	r = realpath(link, NULL);
	free(link);
	if (!r)
		r = realpath(build, NULL);
	return r ? r : xstrdup(build);
}

struct selection {
	char **prefixes;	/* absolute, no trailing '/' */
	size_t n, cap;
};

static void select_paths(const struct options *o, const char *root,
			 struct selection *sel)
{
	size_t i;

	for (i = 0; i < o->ninputs; i++) {
		const char *in = o->inputs[i];
		char *p = in[0] == '/' ? xstrdup(in) : xasprintf("%s/%s", root, in);
		size_t n = strlen(p);

		while (n > 1 && p[n - 1] == '/')
			p[--n] = '\0';
		*ARRAY_PUSH(sel->prefixes, sel->n, sel->cap) = p;
	}
}

static int selected(const struct selection *sel, const char *path)
{
	size_t i;

	if (!sel->n)
		return 1;
	for (i = 0; i < sel->n; i++) {
		size_t n = strlen(sel->prefixes[i]);

		if (!strncmp(path, sel->prefixes[i], n) &&
		    (path[n] == '/' || !path[n]))
			return 1;
	}
	return 0;
}

/* nftw has no closure: the walk's state lives here for its duration. */
static struct {
	const struct strmap *built;
	const char *root;
	size_t skipped;
} walk;

static int is_c_file(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && !strcmp(name + n - 2, ".c");
}

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	const char *rel = path;
	size_t n = strlen(walk.root);

	(void)st;
	if (type == FTW_D && path[ftw->base] == '.' && ftw->level > 0)
		return FTW_SKIP_SUBTREE;	/* .git and friends */
	if (type != FTW_F || !is_c_file(path + ftw->base) ||
	    strmap_get(walk.built, path))
		return 0;
	if (!strncmp(path, walk.root, n) && path[n] == '/')
		rel = path + n + 1;
	fprintf(stderr, "wbcheck: skipped %s: no command line (not built in this configuration)\n",
		rel);
	walk.skipped++;
	return 0;
}

static void report_skipped(const struct strmap *built, const char *root,
			   const struct selection *sel)
{
	size_t i;

	walk.built = built;
	walk.root = root;
	walk.skipped = 0;
	if (!sel->n)
		nftw(root, visit, 32, FTW_PHYS | FTW_ACTIONRETVAL);
	for (i = 0; i < sel->n; i++)
		nftw(sel->prefixes[i], visit, 32, FTW_PHYS | FTW_ACTIONRETVAL);
	if (walk.skipped)
		fprintf(stderr, "wbcheck: %zu source file%s skipped\n",
			walk.skipped, walk.skipped == 1 ? "" : "s");
}

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
			   const char *root, const struct job *jobs, size_t n)
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
		program_empty_names(fe->prog, fe->rules, known_empty, tf);
	}
	if (total < n)
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

int builddir_parse(struct frontend *fe, const struct options *o, char **root)
{
	const char *dir = o->build_dir ? o->build_dir : o->compdb_dir;
	struct compile_db db = { 0 };
	struct selection sel = { 0 };
	struct strmap built = { 0 };
	char *err = NULL;
	struct job *jobs = NULL;
	size_t i, nsel = 0, jobs_cap = 0;
	int failed = 0;
	struct stat st;

	errno = 0;

	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "wbcheck: %s %s: %s\n", o->build_dir ? "-B" : "-p",
			dir, errno ? strerror(errno) : "not a directory");
		return -1;
	}
	if ((o->build_dir ? cmdfile_scan(dir, &db, &err) :
	     compdb_load(dir, &db, &err)) < 0) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		return -1;
	}
	*root = source_tree(dir);
	select_paths(o, *root, &sel);
	for (i = 0; i < db.n; i++) {
		char *real = realpath(db.cmds[i].source, NULL);

		strmap_put(&built, real ? real : db.cmds[i].source, 1);
		if (selected(&sel, real ? real : db.cmds[i].source)) {
			add_job(fe, &db.cmds[i], &jobs, &nsel, &jobs_cap);
		}
		free(real);
	}
	/* a .cmd file that could not be read was named: the run is incomplete */
	if (db.bad)
		failed |= 1;
	if (nsel && o->print_flags)
		print_job_flags(stdout, jobs, nsel);
	else if (nsel && !o->no_prefilter)
		failed |= parse_in_rounds(fe, o, *root, jobs, nsel);
	else if (nsel) {
		name_parsed(o, *root, jobs, nsel, 0);
		failed |= parse_jobs(fe, jobs, nsel,
				    o->jobs ? o->jobs : default_jobs());
	}
	free(jobs);
	/* --diff: the change may touch only files not built here */
	if (!nsel && !o->diff) {
		fprintf(stderr, "wbcheck: %s: no C file built here matches the paths given\n",
			dir);
		failed = -1;
	}
	report_skipped(&built, *root, &sel);
	strmap_free(&built);
	for (i = 0; i < sel.n; i++)
		free(sel.prefixes[i]);
	free(sel.prefixes);
	compile_db_free(&db);
	return failed;
}

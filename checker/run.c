/*
 * The driver: where the program comes from (files on the command line,
 * a build directory, the database), the analysis with every check of
 * checks/check_list.h, then the gate and one output: findings as text,
 * JSON or SARIF, or a patch (--fix, --convert); and with --html the
 * browsable report besides.
 */
#include "run.h"
#include "options.h"
#include "run_build.h"
#include "kernel_headers.h"
#include "convert_check.h"
#include "run_infer.h"
#include "analysis/interproc.h"
#include "checks/all_checks.h"
#include "fix/fix.h"
#include "frontend/parse.h"
#include "frontend/parse_pool.h"
#include "input/diff_mode.h"
#include "input/kbuild_file_flags.h"
#include "model/findings.h"
#include "model/program.h"
#include "model/program_db.h"
#include "report/fingerprint.h"
#include "report/gate.h"
#include "report/html.h"
#include "report/sarif.h"
#include "report/sarif_fixes.h"
#include "report/text.h"
#include "lib/phase_stats.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Under --kernel-tree, a file also gets what its Makefile gives it. */
static void job_flags(struct job *job, const struct options *o,
		      const char *tree)
{
	char **flags = NULL;
	size_t n = 0, cap = 0, i;

	if (tree)
		kbuild_file_flags(tree, job->file, &flags, &n, &cap);
	if (!n) {
		job->flags = o->cflags;
		job->nflags = o->ncflags;
		return;
	}
	for (i = 0; i < o->ncflags; i++)
		*ARRAY_PUSH(flags, n, cap) = xstrdup(o->cflags[i]);
	job->flags = flags;
	job->nflags = n;
}

static void jobs_free(struct job *jobs, size_t n, const struct options *o)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		if (jobs[i].flags == o->cflags)
			continue;
		for (j = 0; j < jobs[i].nflags; j++)
			free(jobs[i].flags[j]);
		free((char **)jobs[i].flags);
	}
	free(jobs);
}

/* The files named on the command line, all with the same flags. */
static int parse_inputs(struct frontend *fe, struct options *o,
			const char *tree)
{
	struct job *jobs = xcalloc(o->ninputs + 1, sizeof(*jobs));
	size_t i;
	int failed = 0;

	args_filter_cflags(o);
	frontend_drop_unknown_flags(fe, o->cflags, &o->ncflags);
	for (i = 0; i < o->ninputs; i++) {
		jobs[i].file = o->inputs[i];
		job_flags(&jobs[i], o, tree);
	}
	if (o->print_flags)
		print_job_flags(stdout, jobs, o->ninputs);
	else if (tree && !o->no_prefilter && !o->db && !o->infer)
		failed = run_rounds(fe, o, tree, jobs, o->ninputs);
	else
		failed = parse_jobs(fe, jobs, o->ninputs,
				    o->jobs ? o->jobs : default_jobs());
	jobs_free(jobs, o->ninputs, o);
	return failed;
}

/* --report: the whole program, from what every run stored. */
static int load_db(const struct options *o, struct program *prog)
{
	char *err = NULL;

	if (db_load(o->db, prog, &err) == 0)
		return 0;
	fprintf(stderr, "wbcheck: %s\n", err);
	free(err);
	return -1;
}

/*
 * --db: store this run's functions for --report.  This run's own
 * findings leave to --report the helpers whose callers may be in other
 * files.
 */
static int store_db(const struct options *o, struct program *prog)
{
	char *err = NULL;

	prog->defer_roots = 1;
	if (db_store(o->db, prog, &err) == 0)
		return 0;
	fprintf(stderr, "wbcheck: %s\n", err);
	free(err);
	return -1;
}

/*
 * A part of a tree parses files of the rest for their summaries; what
 * is found in them is their part's to report.
 */
static void drop_unstored(const struct program *prog, struct findings *fs)
{
	size_t i, kept = 0;

	for (i = 0; i < fs->n; i++) {
		const char *file = fs->items[i].loc.file;

		if (file && strmap_get(&prog->unstored, file))
			finding_free(&fs->items[i]);
		else
			fs->items[kept++] = fs->items[i];
	}
	fs->n = kept;
}

/* --fix, --convert: the patch instead of the findings. */
static int print_fix(const struct options *o, const struct findings *fs,
		     const struct program *prog, const struct rules *rules,
		     const char *root)
{
	struct job *jobs = xcalloc(o->ninputs + 1, sizeof(*jobs));
	struct strbuf diff;
	size_t i;
	int failed;

	for (i = 0; i < o->ninputs; i++) {
		jobs[i].file = o->inputs[i];
		job_flags(&jobs[i], o, o->kernel_tree);
	}
	if (o->fix == 2) {
		failed = convert_print(fs, prog, rules, jobs, o->ninputs, root,
				       o->jobs ? o->jobs : default_jobs());
		jobs_free(jobs, o->ninputs, o);
		return failed;
	}
	sb_init(&diff);
	failed = fix_collect(FIX_SITES, fs, prog, rules, jobs, o->ninputs,
			     root, NULL, &diff);
	fputs(diff.len ? diff.buf : "", stdout);
	sb_free(&diff);
	jobs_free(jobs, o->ninputs, o);
	return failed;
}

/* --html: the report, after the usual output.  0, or -1 (printed). */
static int write_html(const struct options *o, const struct rules *rules,
		      const struct program *prog, const struct findings *fs,
		      int failed)
{
	struct html_report hr = {
		.o = o, .rules = rules, .prog = prog,
		.version = WBCHECK_VERSION, .failed = failed != 0,
	};
	char *err = NULL;
	int len = (int)strlen(o->html);

	if (html_write(&hr, fs, &err)) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		return -1;
	}
	while (len > 1 && o->html[len - 1] == '/')
		len--;
	if (!o->kbuild)
		fprintf(stderr, "wbcheck: wrote the HTML report %.*s/index.html\n",
			len, o->html);
	return 0;
}

static char **copy_flags(char *const *flags, size_t n)
{
	char **c = xcalloc(n + 1, sizeof(*c));
	size_t i;

	for (i = 0; i < n; i++)
		c[i] = xstrdup(flags[i]);
	return c;
}

static void free_flags(char **flags, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(flags[i]);
	free(flags);
}

/*
 * Outside kbuild (whose CHECK line carries sparse's flags and the
 * compiler's, which are tolerated), a flag typed on the command line
 * that clang does not accept is an error: a mistyped option must not
 * silently change what a CI gate checks.
 */
static int typed_flags_ok(const struct options *o, const struct rules *rules)
{
	struct program prog;
	struct frontend fe;
	char **kept, **typed;
	size_t nkept = o->ncflags, ntyped, i, j;
	int ok = 1;

	if (o->kbuild || !o->ncflags)
		return 1;
	kept = copy_flags(o->cflags, o->ncflags);
	filter_cflags(kept, &nkept);
	typed = copy_flags(kept, nkept);
	ntyped = nkept;
	program_init(&prog);
	frontend_init(&fe, rules, &prog);
	frontend_drop_unknown_flags(&fe, kept, &nkept);
	for (i = 0, j = 0; ok && i < ntyped; i++) {
		const char *near = args_nearest_option(typed[i]);

		if (j < nkept && !strcmp(typed[i], kept[j])) {
			j++;
			continue;
		}
		fprintf(stderr, "wbcheck: unknown option '%s'%s%s%s\nTry 'wbcheck --help'.\n",
			typed[i], near ? " (did you mean " : " (neither an option of wbcheck's nor a flag clang accepts)",
			near ? near : "", near ? "?)" : "");
		ok = 0;
	}
	frontend_free(&fe);
	program_free(&prog);
	free_flags(kept, nkept);
	free_flags(typed, ntyped);
	return ok;
}

#define FAILED_NAMED 8

/*
 * The last line of a run that could not parse every file: how many, and
 * which, so that no file is left out in silence (its parse errors came
 * earlier, among the rest).
 */
static void name_failed_files(const struct frontend *fe)
{
	size_t i, n = fe->nfailed_files;

	if (!n)
		return;
	fprintf(stderr, "wbcheck: %zu file%s did not parse cleanly:", n,
		n == 1 ? "" : "s");
	for (i = 0; i < n && i < FAILED_NAMED; i++)
		fprintf(stderr, "%s %s", i ? "," : "",
			output_name(fe->failed_files[i]));
	if (n > FAILED_NAMED)
		fprintf(stderr, " and %zu more", n - FAILED_NAMED);
	fputc('\n', stderr);
}

int run(struct options *o, const struct rules *rules, struct gate *g)
{
	struct program prog;
	struct frontend fe;
	struct findings fs = { 0 };
	char *root = NULL, **fps = NULL, *err = NULL;
	struct strmap unseen = { 0 };	/* --infer: calls in files not parsed */
	struct diffmode dm;
	int failed, rc;

	if (!typed_flags_ok(o, rules))
		return 2;
	if (o->html && html_check(o->html, &err)) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		return 2;
	}
	rc = diffmode_prepare(o, &dm);
	if (rc < 0) {
		diffmode_free(&dm);
		return 2;
	}
	if (rc > 0 && o->format == FORMAT_TEXT && !o->html) {
		diffmode_free(&dm);
		return 0;	/* the change touches no C file */
	}
	kernel_headers_compute(o);
	program_init(&prog);
	frontend_init(&fe, rules, &prog);
	fe.all_bodies = o->all_bodies;
	/* the reference run parses each file as it is, headers and all */
	fe.pch_tried = o->no_prefilter;
	fe.verbose = o->verbose;
	if (rc > 0)
		failed = 0;
	else if (o->report)
		failed = load_db(o, &prog);
	else if (o->build_dir || o->compdb_dir)
		failed = run_build_dir(&fe, o, &root, &unseen);
	else
		failed = parse_inputs(&fe, o, o->kernel_tree ? dm.root : NULL);
	if (o->db && !o->report)
		phase_stats_start("store");
	if (o->db && !o->report && failed >= 0 && store_db(o, &prog))
		failed = -1;
	output_set_root(root ? root : dm.root);
	if (o->infer) {
		rc = run_infer(&prog, rules, failed, &unseen, o->verbose);
		goto done;
	}
	phase_stats_start("analysis");
	program_analyse(&prog, rules, all_checks, nall_checks, &fs);
	drop_unstored(&prog, &fs);
	phase_stats_start("output");
	diffmode_filter(&dm, &fs);
	if (gate_apply(g, &fs, &fps, failed, &err)) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		failed = -1;
	}
	if (o->fix) {
		failed |= print_fix(o, &fs, &prog, rules, root);
	} else if (o->format == FORMAT_SARIF) {
		struct sarif_fixes sf;
		struct sarif_run sr = {
			.version = WBCHECK_VERSION, .root = root ? root : dm.root,
			.rules = rules, .fps = fps, .failed = failed != 0,
		};

		sarif_fixes_collect(&sf, o, &fs, &prog, rules, root);
		sr.fixes = sf.fixes;
		output_sarif(stdout, &fs, &sr);
		sarif_fixes_free(&sf);
	} else if (o->format == FORMAT_JSON) {
		output_json(stdout, &fs);
	} else {
		/* as kbuild's CHECK, on stderr like sparse's: "make -s" runs
		 * each command with its stdout sent to /dev/null */
		output_text(o->kbuild ? stderr : stdout, &fs);
	}
	if (o->html && !o->print_flags &&
	    write_html(o, rules, &prog, &fs, failed))
		failed = -1;
	rc = failed ? 2 : (fs.n ? o->error_exitcode : 0);
	/* as kbuild's CHECK, neither a finding nor a parse error stops the
	 * build */
	if (o->kbuild && failed >= 0)
		rc = 0;
done:
	if (!o->kbuild)
		name_failed_files(&fe);
	phase_stats_finish();
	fingerprints_free(fps, fs.n);
	strmap_free(&unseen);
	free(root);
	findings_free(&fs);
	diffmode_free(&dm);
	program_free(&prog);
	frontend_free(&fe);
	return rc;
}


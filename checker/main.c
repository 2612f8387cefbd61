/*
 * wbcheck: arguments -> parse -> per-function control flow -> bracket
 * state -> findings -> output.
 */
#include "args.h"
#include "builddir.h"
#include "db.h"
#include "diffmode.h"
#include "findings.h"
#include "fingerprint.h"
#include "fix.h"
#include "frontend.h"
#include "gate.h"
#include "jobs.h"
#include "output.h"
#include "rules.h"
#include "sarifix.h"
#include "sarif.h"
#include "summary.h"
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef WBCHECK_VERSION
#define WBCHECK_VERSION "0.1"
#endif
#ifndef WBCHECK_RULES_DIR
#define WBCHECK_RULES_DIR "/usr/local/share/wbcheck/rules"
#endif

#define DEFAULT_RULES "wbcheck.rules"

static int readable(const char *path)
{
	return access(path, R_OK) == 0;
}

/* The bundled rules: beside the binary in a source tree, under
 * ../share when installed, else where the build said. */
static char *default_rules_path(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *p, *cand;

	if (n > 0) {
		exe[n] = '\0';
		p = strrchr(exe, '/');
		if (p) {
			*p = '\0';
			cand = xasprintf("%s/rules/%s", exe, DEFAULT_RULES);
			if (readable(cand))
				return cand;
			free(cand);
			cand = xasprintf("%s/../share/wbcheck/rules/%s", exe,
					 DEFAULT_RULES);
			if (readable(cand))
				return cand;
			free(cand);
		}
	}
	return xasprintf("%s/%s", WBCHECK_RULES_DIR, DEFAULT_RULES);
}

static int load_rules(struct rules *rules, const struct options *o)
{
	char *err = NULL, *def;
	size_t i;
	int rc = 0;

	if (!o->nrules_files) {
		def = default_rules_path();
		rc = rules_load(rules, def, &err);
		free(def);
	}
	for (i = 0; i < o->nrules_files && !rc; i++)
		rc = rules_load(rules, o->rules_files[i], &err);
	if (rc) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
	}
	return rc;
}

/* The files named on the command line, all with the same flags. */
static int parse_inputs(struct frontend *fe, struct options *o)
{
	struct job *jobs = xcalloc(o->ninputs + 1, sizeof(*jobs));
	size_t i;
	int failed = 0;

	args_filter_cflags(o);
	frontend_drop_unknown_flags(fe, o->cflags, &o->ncflags);
	for (i = 0; i < o->ninputs; i++) {
		jobs[i].file = o->inputs[i];
		jobs[i].flags = o->cflags;
		jobs[i].nflags = o->ncflags;
	}
	if (o->print_flags)
		print_job_flags(stdout, jobs, o->ninputs);
	else
		failed = parse_jobs(fe, jobs, o->ninputs,
				    o->jobs ? o->jobs : default_jobs());
	free(jobs);
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
		jobs[i].flags = o->cflags;
		jobs[i].nflags = o->ncflags;
	}
	sb_init(&diff);
	failed = fix_collect(o->fix == 2 ? FIX_CONVERT : FIX_SITES, fs, prog,
			     rules, jobs, o->ninputs, root, NULL, &diff);
	fputs(diff.len ? diff.buf : "", stdout);
	sb_free(&diff);
	free(jobs);
	return failed;
}

static int run(struct options *o, const struct rules *rules, struct gate *g)
{
	struct program prog;
	struct frontend fe;
	struct findings fs = { 0 };
	char *root = NULL, **fps = NULL, *err = NULL;
	struct diffmode dm;
	int failed, rc;

	rc = diffmode_prepare(o, &dm);
	if (rc < 0) {
		diffmode_free(&dm);
		return 2;
	}
	if (rc > 0 && o->format == FORMAT_TEXT) {
		diffmode_free(&dm);
		return 0;	/* the change touches no C file */
	}
	program_init(&prog);
	frontend_init(&fe, rules, &prog);
	fe.all_bodies = o->all_bodies;
	fe.verbose = o->verbose;
	if (rc > 0)
		failed = 0;
	else if (o->report)
		failed = load_db(o, &prog);
	else if (o->build_dir || o->compdb_dir)
		failed = builddir_parse(&fe, o, &root);
	else
		failed = parse_inputs(&fe, o);
	if (o->db && !o->report && failed >= 0 && store_db(o, &prog))
		failed = -1;
	output_set_root(root ? root : dm.root);
	program_analyse(&prog, rules, &fs);
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
	rc = failed ? 2 : (fs.n ? o->error_exitcode : 0);
	/* as kbuild's CHECK, neither a finding nor a parse error stops the build */
	if (o->kbuild && failed >= 0)
		rc = 0;
	fingerprints_free(fps, fs.n);
	free(root);
	findings_free(&fs);
	diffmode_free(&dm);
	program_free(&prog);
	frontend_free(&fe);
	return rc;
}

int main(int argc, char **argv)
{
	struct options o;
	struct rules rules;
	struct gate gate;
	char *err = NULL;
	int rc;

	if (args_parse(&o, argc, argv, &err) < 0) {
		fprintf(stderr, "wbcheck: %s\n", err);
		fprintf(stderr, "Try 'wbcheck --help'.\n");
		free(err);
		args_free(&o);
		return 2;
	}
	if (o.show_help || o.show_version) {
		if (o.show_help)
			args_usage(stdout);
		else
			printf("wbcheck %s\n", WBCHECK_VERSION);
		args_free(&o);
		return 0;
	}
	if (o.fix && (o.report || o.build_dir || o.compdb_dir)) {
		fprintf(stderr, "wbcheck: --fix and --convert work on the files named on the command line\nTry 'wbcheck --help'.\n");
		args_free(&o);
		return 2;
	}
	if (o.report && !o.db) {
		fprintf(stderr, "wbcheck: --report needs --db=FILE\nTry 'wbcheck --help'.\n");
		args_free(&o);
		return 2;
	}
	if (!o.ninputs && !o.build_dir && !o.compdb_dir && !o.report && !o.diff) {
		fprintf(stderr, "wbcheck: no input files\nTry 'wbcheck --help'.\n");
		args_free(&o);
		return 2;
	}
	rules_init(&rules);
	if (load_rules(&rules, &o)) {
		rules_free(&rules);
		args_free(&o);
		return 2;
	}
	if (gate_load(&gate, &o, &rules, &err)) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		gate_free(&gate);
		rules_free(&rules);
		args_free(&o);
		return 2;
	}
	rc = run(&o, &rules, &gate);
	gate_free(&gate);
	rules_free(&rules);
	args_free(&o);
	intern_free_all();
	fflush(stdout);
	return rc;
}

/*
 * wbcheck: the command line checked, the rules and the gate loaded,
 * then run.c drives the pipeline (docs/design/architecture.md).
 */
#include "options.h"
#include "run.h"
#include "run_merge.h"
#include "report/gate.h"
#include "ruleset/ruleset.h"
#include "input/kernel_version.h"
#include "model/ir.h"
#include "lib/util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/*
 * The assertions of the rules about one named function hold for the
 * versions they were checked on: on another kernel they are dropped,
 * and a note says which (with no version known, they all stay).
 */
static void set_kernel(struct rules *rules, const struct options *o)
{
	char *version = kernel_version_of_run(o);
	struct strbuf dropped;

	sb_init(&dropped);
	rules_set_kernel(rules, version, &dropped);
	if (dropped.len && !o->kbuild)
		fprintf(stderr, "wbcheck: note: not on Linux %s: %s\n", version,
			dropped.buf);
	sb_free(&dropped);
	free(version);
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
	if (o.merge) {
		rc = run_merge(&o);
		args_free(&o);
		return rc;
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
	set_kernel(&rules, &o);
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

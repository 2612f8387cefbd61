/* model: the run's options as parsed from the command line, read by
 * every stage that a flag steers (options.c parses them). */
#ifndef WBCHECK_MODEL_OPTIONS_H
#define WBCHECK_MODEL_OPTIONS_H

#include <stddef.h>

enum out_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF };

struct options {
	char **rules_files;
	size_t nrules_files, rules_cap;
	enum out_format format;
	int error_exitcode;	/* exit status when there are findings */
	int show_version, show_help;
	char *build_dir;	/* -B: a kbuild output directory */
	char *compdb_dir;	/* -p: where compile_commands.json is */
	int kbuild;		/* called by kbuild as CHECK (sparse's flags seen) */
	int jobs;		/* -j: files parsed at once (0: all cores) */
	char *db;		/* --db: the summary database */
	int report;		/* --report: analyse all the database holds */
	int merge;		/* --merge: add the inputs (databases) to --db's */
	int no_prefilter;	/* --no-prefilter: parse every file of -B/-p */
	int all_bodies;		/* --parse-all-bodies: skip no header body */
	int verbose;		/* --verbose: name the files -B/-p parses */
	char *baseline;		/* --baseline: accepted findings (gate.h) */
	char *suppress;		/* --suppress: suppressions file (gate.h) */
	int diff;		/* --diff: check what the change touches */
	char *diff_rev;		/* --diff=REV: against REV, not the index */
	char *kernel_tree;	/* --kernel-tree: flags from a tree, no build */
	char *kernel_version;	/* --kernel-version: the kernel checked */
	int print_flags;	/* --print-flags: show each file's flags, stop */
	int fix;		/* 1: --fix, 2: --convert (a diff instead of findings) */
	char *html;		/* --html: the browsable report goes to this directory */
	int infer;		/* --infer: rules proposed, instead of findings */
	char **cflags;		/* compiler flags, in order */
	size_t ncflags, cflags_cap;
	char **inputs;
	size_t ninputs, inputs_cap;
};

#endif

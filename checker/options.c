/*
 * Argument handling.  wbcheck's options are long options; anything
 * else that starts with '-' is a compiler flag, in the order given,
 * with its separate value when the flag takes one (-I dir, -include f).
 * Every other word is an input file.
 */
#include "options.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Compiler flags whose value is the next word. */
static const char *const flags_with_value[] = {
	"-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote",
	"-idirafter", "-iprefix", "-iwithprefix", "-iwithprefixbefore",
	"-isysroot", "-o", "-MF", "-MT", "-MQ", "-x", "-target", "--param",
	"-Xclang", "-Xpreprocessor", "-Xassembler", "-Xlinker", "-arch",
	"-aux-info", "-include-pch", NULL,
};

static int takes_value(const char *flag)
{
	int i;

	for (i = 0; flags_with_value[i]; i++)
		if (!strcmp(flag, flags_with_value[i]))
			return 1;
	return 0;
}

static int parse_int(const char *s, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0 || v > 255)
		return -1;
	*out = (int)v;
	return 0;
}

static const char *opt_value(const char *arg, const char *name)
{
	size_t n = strlen(name);

	if (strncmp(arg, name, n) || arg[n] != '=')
		return NULL;
	return arg + n + 1;
}

static const char *const long_options[] = {
	"--rules=", "--format=", "--error-exitcode=", "--version", "--help",
	"--db=", "--report", "--baseline=", "--suppress=", "--no-prefilter",
	"--diff", "--kernel-tree=", "--print-flags", "--verbose", "--convert",
	"--parse-all-bodies", "--fix", "--kernel-version=", "--html=", "--merge",
	"--infer", NULL,
};

/* A misspelling of one of our options, rather than a compiler flag: the
 * first four letters after "--" agree.  Returns the option meant. */
static const char *near_miss(const char *arg)
{
	int i;

	for (i = 0; long_options[i]; i++)
		if (strlen(arg) >= 6 && !strncmp(arg, long_options[i], 6))
			return long_options[i];
	return NULL;
}

/* Edit distance of A and B up to their '=' (Levenshtein), or a large
 * number for long words. */
static size_t distance(const char *a, const char *b)
{
	size_t na = strcspn(a, "="), nb = strcspn(b, "="), i, j;
	size_t row[64], prev, diag;

	if (na >= 63 || nb >= 63)
		return (size_t)-1;
	for (j = 0; j <= nb; j++)
		row[j] = j;
	for (i = 1; i <= na; i++) {
		diag = row[0];
		row[0] = i;
		for (j = 1; j <= nb; j++) {
			prev = row[j];
			row[j] = diag + (a[i - 1] != b[j - 1]);
			if (prev + 1 < row[j])
				row[j] = prev + 1;
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			diag = prev;
		}
	}
	return row[nb];
}

const char *args_nearest_option(const char *arg)
{
	const char *best = NULL;
	size_t d, best_d = 4;
	int i;

	for (i = 0; long_options[i]; i++) {
		d = distance(arg, long_options[i]);
		if (d < best_d) {
			best_d = d;
			best = long_options[i];
		}
	}
	return best;
}

static int parse_long_option(struct options *o, const char *arg, char **err)
{
	const char *v;

	if (!strcmp(arg, "--version")) {
		o->show_version = 1;
	} else if (!strcmp(arg, "--help")) {
		o->show_help = 1;
	} else if ((v = opt_value(arg, "--rules"))) {
		if (!*v) {
			*err = xstrdup("--rules needs a file name");
			return -1;
		}
		*ARRAY_PUSH(o->rules_files, o->nrules_files, o->rules_cap) =
			xstrdup(v);
	} else if (!strcmp(arg, "--report")) {
		o->report = 1;
	} else if (!strcmp(arg, "--merge")) {
		o->merge = 1;
	} else if (!strcmp(arg, "--no-prefilter")) {
		o->no_prefilter = 1;
	} else if (!strcmp(arg, "--parse-all-bodies")) {
		o->all_bodies = 1;
	} else if (!strcmp(arg, "--diff")) {
		o->diff = 1;
	} else if ((v = opt_value(arg, "--diff"))) {
		if (!*v) {
			*err = xstrdup("--diff= needs a revision");
			return -1;
		}
		o->diff = 1;
		free(o->diff_rev);
		o->diff_rev = xstrdup(v);
	} else if ((v = opt_value(arg, "--kernel-version"))) {
		if (!*v || strspn(v, "0123456789.") != strlen(v)) {
			*err = xstrdup("--kernel-version needs a version such as 6.12 or 2.6.26");
			return -1;
		}
		free(o->kernel_version);
		o->kernel_version = xstrdup(v);
	} else if ((v = opt_value(arg, "--kernel-tree"))) {
		if (!*v) {
			*err = xstrdup("--kernel-tree needs a directory");
			return -1;
		}
		free(o->kernel_tree);
		o->kernel_tree = xstrdup(v);
	} else if (!strcmp(arg, "--verbose")) {
		o->verbose = 1;
	} else if (!strcmp(arg, "--print-flags")) {
		o->print_flags = 1;
	} else if (!strcmp(arg, "--fix")) {
		o->fix = 1;
	} else if (!strcmp(arg, "--convert")) {
		o->fix = 2;
	} else if ((v = opt_value(arg, "--html"))) {
		if (!*v) {
			*err = xstrdup("--html needs a directory");
			return -1;
		}
		free(o->html);
		o->html = xstrdup(v);
	} else if (!strcmp(arg, "--infer")) {
		o->infer = 1;
	} else if ((v = opt_value(arg, "--db"))) {
		if (!*v) {
			*err = xstrdup("--db needs a file name");
			return -1;
		}
		free(o->db);
		o->db = xstrdup(v);
	} else if ((v = opt_value(arg, "--baseline"))) {
		if (!*v) {
			*err = xstrdup("--baseline needs a file name");
			return -1;
		}
		free(o->baseline);
		o->baseline = xstrdup(v);
	} else if ((v = opt_value(arg, "--suppress"))) {
		if (!*v) {
			*err = xstrdup("--suppress needs a file name");
			return -1;
		}
		free(o->suppress);
		o->suppress = xstrdup(v);
	} else if ((v = opt_value(arg, "--format"))) {
		if (!strcmp(v, "text")) {
			o->format = FORMAT_TEXT;
		} else if (!strcmp(v, "json")) {
			o->format = FORMAT_JSON;
		} else if (!strcmp(v, "sarif")) {
			o->format = FORMAT_SARIF;
		} else {
			*err = xasprintf("unknown --format '%s' (text, json or sarif)", v);
			return -1;
		}
	} else if ((v = opt_value(arg, "--error-exitcode"))) {
		if (parse_int(v, &o->error_exitcode) < 0) {
			*err = xasprintf("--error-exitcode needs a number from 0 to 255, not '%s'", v);
			return -1;
		}
	} else if ((v = near_miss(arg))) {
		*err = xasprintf("unknown option '%s' (did you mean %s?)", arg, v);
		return -1;
	} else {
		return 1;	/* not ours: a compiler flag */
	}
	return 0;
}

static int is_ours(const char *arg)
{
	static const char *const ours[] = {
		"--rules", "--format", "--error-exitcode", "--db", "--baseline",
		"--suppress", "--kernel-tree", "--kernel-version", "--html",
		NULL,
	};
	int i;

	for (i = 0; ours[i]; i++)
		if (!strcmp(arg, ours[i]))
			return 1;
	return 0;
}

/*
 * kbuild calls CHECK with sparse's own flags before the compiler's:
 * --arch=, -m64, -mlittle-endian (x86 clang rejects some), and the
 * -W options that only sparse knows, which the -W filter drops anyway.
 */
static int is_sparse_only(const char *a)
{
	return !strncmp(a, "--arch=", 7) || !strcmp(a, "-mlittle-endian") ||
	       !strcmp(a, "-mbig-endian");
}

/* The compiler flags clang spells with "--" that a command line may pass. */
static int clang_long_flag(const char *a)
{
	static const char *const flags[] = {
		"--param", "--target", "--sysroot", "--config", "--std",
		"--gcc-toolchain", "--include-directory", "--define-macro",
		"--undefine-macro", "--language", NULL,
	};
	size_t n = strcspn(a, "=");
	int i;

	for (i = 0; flags[i]; i++)
		if (strlen(flags[i]) == n && !strncmp(a, flags[i], n))
			return 1;
	return 0;
}

/*
 * Outside kbuild, a "--" word that is neither ours nor a compiler flag
 * is a mistyped option: in a CI gate it would silently change the job.
 */
static int check_long_flags(const struct options *o, char **err)
{
	size_t i;

	for (i = 0; i < o->ncflags; i++) {
		const char *a = o->cflags[i], *near;

		if (takes_value(a)) {
			i++;	/* -D --format=json: a value */
			continue;
		}
		if (strncmp(a, "--", 2) || clang_long_flag(a))
			continue;
		near = args_nearest_option(a);
		*err = near ? xasprintf("unknown option '%s' (did you mean %s?)", a,
					near) :
			      xasprintf("unknown option '%s'", a);
		return -1;
	}
	return 0;
}

/* --infer prints a rules file: the options that shape findings, or
 * store files one at a time, do not go with it. */
static int check_infer(const struct options *o, char **err)
{
	const char *other = o->fix == 1 ? "--fix" : o->fix == 2 ? "--convert" :
			    o->format != FORMAT_TEXT ? "--format" :
			    o->diff ? "--diff" : o->baseline ? "--baseline" :
			    o->suppress ? "--suppress" : NULL;

	if (!o->infer)
		return 0;
	if (other) {
		*err = xasprintf("--infer prints a rules file, not findings: %s does not go with it",
				 other);
		return -1;
	}
	if (o->db && !o->report) {
		*err = xstrdup("--infer with --db needs --report: it reads the whole program the database holds");
		return -1;
	}
	return 0;
}

int args_parse(struct options *o, int argc, char **argv, char **err)
{
	int i, r;

	memset(o, 0, sizeof(*o));
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (is_ours(a)) {
			*err = xasprintf("%s needs a value: %s=VALUE", a, a);
			return -1;
		}
		if (!strncmp(a, "-j", 2)) {
			const char *v = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : "");

			if (parse_int(v, &o->jobs) < 0 || o->jobs < 1) {
				*err = xasprintf("-j needs a number of jobs from 1 to 255, not '%s'", v);
				return -1;
			}
			continue;
		}
		if (!strcmp(a, "-p")) {
			if (i + 1 >= argc) {
				*err = xstrdup("-p needs the directory of compile_commands.json");
				return -1;
			}
			free(o->compdb_dir);
			o->compdb_dir = xstrdup(argv[++i]);
			continue;
		}
		if (!strncmp(a, "-B", 2)) {
			if (!a[2] && i + 1 >= argc) {
				*err = xstrdup("-B needs a build directory");
				return -1;
			}
			free(o->build_dir);
			o->build_dir = xstrdup(a[2] ? a + 2 : argv[++i]);
			continue;
		}
		if (is_sparse_only(a)) {
			o->kbuild = 1;
			continue;
		}
		if (!strncmp(a, "--", 2) && a[2]) {
			r = parse_long_option(o, a, err);
			if (r < 0)
				return -1;
			if (r == 0)
				continue;
		}
		if (a[0] == '-' && a[1]) {
			*ARRAY_PUSH(o->cflags, o->ncflags, o->cflags_cap) = xstrdup(a);
			if (takes_value(a)) {
				if (i + 1 >= argc) {
					*err = xasprintf("compiler flag %s needs a value", a);
					return -1;
				}
				*ARRAY_PUSH(o->cflags, o->ncflags, o->cflags_cap) =
					xstrdup(argv[++i]);
			}
			continue;
		}
		*ARRAY_PUSH(o->inputs, o->ninputs, o->inputs_cap) = xstrdup(a);
	}
	if (check_infer(o, err))
		return -1;
	return o->kbuild ? 0 : check_long_flags(o, err);
}

static void free_list(char **l, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(l[i]);
	free(l);
}

void args_free(struct options *o)
{
	free_list(o->rules_files, o->nrules_files);
	free_list(o->cflags, o->ncflags);
	free_list(o->inputs, o->ninputs);
	free(o->build_dir);
	free(o->db);
	free(o->compdb_dir);
	free(o->baseline);
	free(o->suppress);
	free(o->diff_rev);
	free(o->kernel_tree);
	free(o->html);
	free(o->kernel_version);
	memset(o, 0, sizeof(*o));
}

void args_usage(FILE *out)
{
	fputs("usage: wbcheck [OPTIONS] [COMPILER FLAGS] FILE.c...\n"
	      "\n"
	      "Finds VFS calls that can run without a successful write bracket\n"
	      "(mnt_want_write/mnt_drop_write) on their mount, and says what to\n"
	      "write instead.  All files given are analysed together.\n"
	      "\n"
	      "Options:\n"
	      "  --rules=FILE          rules to use (repeatable; default: bundled)\n"
	      "  --format=text|json|sarif\n"
	      "                        output format (default: text)\n"
	      "  --error-exitcode=N    exit with N when there are findings (default 0)\n"
	      "  --baseline=FILE       report only findings not in FILE; write FILE\n"
	      "                        with all findings when it does not exist\n"
	      "  --suppress=FILE       drop the findings FILE accepts, with reasons\n"
	      "  -B DIR                check every file kbuild built in DIR (its .o.cmd\n"
	      "                        files give each file's flags); FILE... then names\n"
	      "                        the source paths to check (default: all)\n"
	      "  -p DIR                the same from DIR/compile_commands.json\n"
	      "  -j N                  parse N files at once (default: all cores)\n"
	      "  --db=FILE             store what each run lowers in FILE (SQLite), so\n"
	      "                        that runs over single files (kbuild C=1) add up\n"
	      "  --db=FILE --report    analyse everything FILE holds as one program\n"
	      "  --db=FILE --merge PART.db...\n"
	      "                        add databases other machines' --db runs wrote\n"
	      "                        to FILE, all or none (then --report)\n"
	      "  --no-prefilter        with -B/-p/--kernel-tree, parse every file, even\n"
	      "                        those whose text names nothing the rules care\n"
	      "                        about\n"
	      "  --verbose             with -B/-p/--kernel-tree, name on stderr each\n"
	      "                        file parsed, with the prefilter's round it is\n"
	      "                        parsed in and the name it is parsed for; say\n"
	      "                        why a file is parsed again with all bodies\n"
	      "  --parse-all-bodies    give the parser the headers as they are: every\n"
	      "                        header function's body, and the declarations a\n"
	      "                        file never names (left out by default)\n"
	      "  --diff[=REV]          check the .c files the staged change (or the working\n"
	      "                        tree against REV) touches; report only findings\n"
	      "                        on a changed line or with a note on one\n"
	      "  --kernel-tree=DIR     flags for files of kernel tree DIR with no build:\n"
	      "                        its include paths and config header, stand-ins\n"
	      "                        for missing generated headers\n"
	      "  --kernel-version=V    the kernel checked (6.12, 2.6.26), for the rules\n"
	      "                        that hold on some versions only; found from -B\n"
	      "                        or --kernel-tree when not given\n"
	      "  --print-flags         print each file with the flags it would be parsed\n"
	      "                        with, and stop\n"
	      "  --fix                 print a patch (unified diff) that fixes the\n"
	      "                        missing-write-bracket sites it can; the others\n"
	      "                        are named on stderr with the reason\n"
	      "  --convert             as --fix, and also turn bracketed guarded calls\n"
	      "                        into the path_* helpers, dropping the bracket\n"
	      "  --html=DIR            also write a browsable report to DIR: an index,\n"
	      "                        and a page per finding with its path drawn over\n"
	      "                        the source (DIR must be new, empty, or an earlier\n"
	      "                        report, which is replaced)\n"
	      "  --infer               print, instead of findings, a rules file of the\n"
	      "                        functions and ops members the program calls with\n"
	      "                        the bracket held, ranked, with the calls that do\n"
	      "                        not hold it; with -B/-p the files that name what\n"
	      "                        it counts are parsed too\n"
	      "  --version             print the version and exit\n"
	      "  --help                print this help and exit\n"
	      "\n"
	      "Compiler flags (-I, -D, -U, -include, -isystem, -std=, -nostdinc, ...)\n"
	      "go to libclang.  Exit status: 0 when there is nothing to report (none\n"
	      "found, or all suppressed or in the baseline), the --error-exitcode\n"
	      "value when there is, 2 on errors (bad options or input files, a bad\n"
	      "rules, suppressions or baseline file, a file that does not parse).\n",
	      out);
}

/*
 * gcc options of a kernel build that clang 19 rejects, measured on a
 * 6.12 x86_64 kbuild command line (tests/cli.t runs one).  They change
 * code generation only, so they go without a note; any other flag clang
 * rejects is found by probing libclang and dropped with one.  A trailing
 * '=' matches any value.
 */
static const char *const gcc_only_flags[] = {
	"-fconserve-stack",
	"-fno-allow-store-data-races",
	"-mindirect-branch-register",
	"-mindirect-branch=",
	"-mpreferred-stack-boundary=",
	"-mrecord-mcount",
	"-fno-var-tracking-assignments",
	"-fmin-function-alignment=",
	"-fsanitize-coverage=trace-pc",
	NULL,
};

static int gcc_only(const char *f)
{
	int i;

	for (i = 0; gcc_only_flags[i]; i++) {
		size_t n = strlen(gcc_only_flags[i]);

		if (gcc_only_flags[i][n - 1] == '=' ? !strncmp(f, gcc_only_flags[i], n) :
		    !strcmp(f, gcc_only_flags[i]))
			return 1;
	}
	return 0;
}

/* Dependency output and warning flags do nothing for the analysis, and
 * -Werror would turn clang's warnings about gcc-only flags into errors. */
static int useless_flag(const char *f)
{
	return (f[0] == '-' && f[1] == 'W') || !strncmp(f, "-M", 2) ||
	       !strcmp(f, "-c") || !strcmp(f, "-pedantic-errors");
}

void filter_cflags(char **flags, size_t *nflags)
{
	size_t i, out = 0;

	for (i = 0; i < *nflags; i++) {
		int drop_value = 0;

		if (useless_flag(flags[i]) || is_sparse_only(flags[i]) ||
		    gcc_only(flags[i])) {
			drop_value = takes_value(flags[i]) ||
				     !strcmp(flags[i], "-MF") ||
				     !strcmp(flags[i], "-MT") ||
				     !strcmp(flags[i], "-MQ");
			free(flags[i]);
			if (drop_value && i + 1 < *nflags)
				free(flags[++i]);
			continue;
		}
		if (!strcmp(flags[i], "-o") && i + 1 < *nflags) {
			free(flags[i]);
			free(flags[++i]);
			continue;
		}
		flags[out++] = flags[i];
		/* a kept flag keeps its value (-Xclang -Wfoo is not a -W) */
		if (takes_value(flags[i]) && i + 1 < *nflags)
			flags[out++] = flags[++i];
	}
	*nflags = out;
}

void args_filter_cflags(struct options *o)
{
	filter_cflags(o->cflags, &o->ncflags);
}

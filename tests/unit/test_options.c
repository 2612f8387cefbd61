/* Unit tests of the command line (checker/args.c): wbcheck's long
 * options, compiler flags kept in order with their separate values,
 * inputs, usage errors, and the filter that drops the flags libclang
 * has no use for.  Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "lib/util.h"

#define MAX_ARGS 32

/* Parse the NULL-terminated WORDS as wbcheck's arguments. */
static int parse(struct options *o, char **err, const char *const *words)
{
	char *argv[MAX_ARGS + 2];
	int argc = 0;

	argv[argc++] = "wbcheck";
	while (*words) {
		assert_true(argc <= MAX_ARGS);
		argv[argc++] = (char *)*words++;
	}
	argv[argc] = NULL;
	*err = NULL;
	return args_parse(o, argc, argv, err);
}

#define PARSE(o, err, ...) \
	parse(o, err, (const char *const[]){ __VA_ARGS__, NULL })

static void check_list(char **got, size_t n, const char *const *want)
{
	size_t i;

	for (i = 0; want[i]; i++) {
		assert_true(i < n);
		assert_string_equal(got[i], want[i]);
	}
	assert_int_equal(n, i);
}

#define CHECK_LIST(got, n, ...) \
	check_list(got, n, (const char *const[]){ __VA_ARGS__, NULL })

/* Parsing must fail with a message containing WANT. */
static void check_usage_error(const char *want, const char *const *words)
{
	struct options o;
	char *err;

	assert_int_equal(parse(&o, &err, words), -1);
	assert_non_null(err);
	if (!strstr(err, want))
		fprintf(stderr, "error '%s' lacks '%s'\n", err, want);
	assert_non_null(strstr(err, want));
	free(err);
	/* What was parsed before the error is still freed by args_free. */
	args_free(&o);
}

#define CHECK_USAGE_ERROR(want, ...) \
	check_usage_error(want, (const char *const[]){ __VA_ARGS__, NULL })

/* ---- parsing ------------------------------------------------------- */

static void test_defaults(void **state)
{
	struct options o;
	char *err;

	(void)state;
	memset(&o, 0x5a, sizeof(o));
	assert_int_equal(PARSE(&o, &err, "fs/namei.c"), 0);
	assert_null(err);
	assert_int_equal(o.format, FORMAT_TEXT);
	assert_int_equal(o.error_exitcode, 0);
	assert_int_equal(o.show_version, 0);
	assert_int_equal(o.show_help, 0);
	assert_int_equal(o.nrules_files, 0);
	assert_int_equal(o.ncflags, 0);
	CHECK_LIST(o.inputs, o.ninputs, "fs/namei.c");
	args_free(&o);
	assert_null(o.inputs);
	assert_int_equal(o.ninputs, 0);
}

static void test_no_arguments(void **state)
{
	struct options o;
	char *err;
	char *argv[] = { "wbcheck", NULL };

	(void)state;
	assert_int_equal(args_parse(&o, 1, argv, &err), 0);
	assert_int_equal(o.ninputs, 0);
	assert_int_equal(o.ncflags, 0);
	args_free(&o);
}

static void test_long_options(void **state)
{
	struct options o;
	char *err;

	(void)state;
	assert_int_equal(PARSE(&o, &err, "--rules=a.rules", "--format=json",
			       "--error-exitcode=3", "--rules=b.rules",
			       "x.c", "--version", "--help"), 0);
	assert_null(err);
	CHECK_LIST(o.rules_files, o.nrules_files, "a.rules", "b.rules");
	assert_int_equal(o.format, FORMAT_JSON);
	assert_int_equal(o.error_exitcode, 3);
	assert_int_equal(o.show_version, 1);
	assert_int_equal(o.show_help, 1);
	CHECK_LIST(o.inputs, o.ninputs, "x.c");
	assert_int_equal(o.ncflags, 0);
	args_free(&o);
	/* The last --format wins; the range ends are accepted. */
	assert_int_equal(PARSE(&o, &err, "--format=json", "--format=text",
			       "--error-exitcode=255"), 0);
	assert_int_equal(o.format, FORMAT_TEXT);
	assert_int_equal(o.error_exitcode, 255);
	args_free(&o);
	assert_int_equal(PARSE(&o, &err, "--error-exitcode=7",
			       "--error-exitcode=0"), 0);
	assert_int_equal(o.error_exitcode, 0);
	args_free(&o);
	/* A value may contain '='. */
	assert_int_equal(PARSE(&o, &err, "--rules=dir/a=b.rules"), 0);
	CHECK_LIST(o.rules_files, o.nrules_files, "dir/a=b.rules");
	args_free(&o);
}

/* Compiler flags keep their order, and a flag that takes a separate
 * value takes the next word whatever it looks like. */
static void test_cflags_and_inputs(void **state)
{
	struct options o;
	char *err;

	(void)state;
	assert_int_equal(PARSE(&o, &err, "-I", "include", "-Iarch/x86/include",
			       "-D", "__KERNEL__", "-DMODULE", "fs/namei.c",
			       "-include", "linux/kconfig.h", "-std=gnu11",
			       "-U", "x", "-isystem", "/sys/inc", "fs/open.c",
			       "-nostdinc", "-x", "c", "-I", "fs/x.c",
			       "-D", "--format=json"), 0);
	assert_null(err);
	CHECK_LIST(o.cflags, o.ncflags, "-I", "include", "-Iarch/x86/include",
		   "-D", "__KERNEL__", "-DMODULE", "-include",
		   "linux/kconfig.h", "-std=gnu11", "-U", "x", "-isystem",
		   "/sys/inc", "-nostdinc", "-x", "c", "-I", "fs/x.c", "-D",
		   "--format=json");
	/* fs/x.c was -I's value, not an input; --format=json -D's. */
	CHECK_LIST(o.inputs, o.ninputs, "fs/namei.c", "fs/open.c");
	assert_int_equal(o.format, FORMAT_TEXT);
	args_free(&o);
}

/* Long options that are not ours are compiler flags; "-" is a word. */
static void test_other_long_flags(void **state)
{
	struct options o;
	char *err;

	(void)state;
	assert_int_equal(PARSE(&o, &err, "--param", "max-inline=10",
			       "--param=x=1", "-", "--target=x86_64"), 0);
	CHECK_LIST(o.cflags, o.ncflags, "--param", "max-inline=10",
		   "--param=x=1", "--target=x86_64");
	CHECK_LIST(o.inputs, o.ninputs, "-");
	args_free(&o);
}

static void test_usage_errors(void **state)
{
	(void)state;
	CHECK_USAGE_ERROR("unknown --format 'xml'", "--format=xml");
	CHECK_USAGE_ERROR("unknown --format ''", "x.c", "--format=");
	CHECK_USAGE_ERROR("needs a number from 0 to 255, not '300'",
			  "--error-exitcode=300");
	CHECK_USAGE_ERROR("not '256'", "--error-exitcode=256");
	CHECK_USAGE_ERROR("not '-1'", "--error-exitcode=-1");
	CHECK_USAGE_ERROR("not ''", "--error-exitcode=");
	CHECK_USAGE_ERROR("not '3x'", "--error-exitcode=3x");
	CHECK_USAGE_ERROR("not '99999999999999999999'",
			  "--error-exitcode=99999999999999999999");
	/* Our options without a value. */
	CHECK_USAGE_ERROR("--rules needs a value: --rules=VALUE",
			  "-I", "inc", "--rules");
	CHECK_USAGE_ERROR("--format needs a value", "--format");
	CHECK_USAGE_ERROR("--error-exitcode needs a value",
			  "--error-exitcode", "3");
	CHECK_USAGE_ERROR("--rules needs a file name", "--rules=");
	/* A trailing flag whose value is missing. */
	CHECK_USAGE_ERROR("compiler flag -I needs a value", "x.c", "-I");
	CHECK_USAGE_ERROR("compiler flag -include needs a value",
			  "-I", "a", "-include");
	CHECK_USAGE_ERROR("compiler flag -D needs a value", "-D");
}

/* An error after valid words leaves them for args_free (ASan checks
 * that nothing leaks). */
static void test_error_after_words(void **state)
{
	struct options o;
	char *err;

	(void)state;
	assert_int_equal(PARSE(&o, &err, "--rules=r", "-I", "inc", "a.c",
			       "--format=yaml"), -1);
	assert_string_equal(err, "unknown --format 'yaml' (text, json or sarif)");
	free(err);
	args_free(&o);
	assert_int_equal(o.ncflags, 0);
	assert_null(o.rules_files);
}

/* -B DIR names a kbuild output directory, in either spelling. */
static void test_build_dir(void **state)
{
	struct options o;
	char *err;

	(void)state;
	assert_int_equal(PARSE(&o, &err, "-B", "out", "fs/namei.c"), 0);
	assert_non_null(o.build_dir);
	assert_string_equal(o.build_dir, "out");
	CHECK_LIST(o.inputs, o.ninputs, "fs/namei.c");
	assert_int_equal(o.ncflags, 0);
	args_free(&o);
	assert_int_equal(PARSE(&o, &err, "-Bfirst", "-Bsecond"), 0);
	assert_string_equal(o.build_dir, "second");
	args_free(&o);
	CHECK_USAGE_ERROR("-B needs a build directory", "x.c", "-B");
}

/* kbuild runs CHECK with sparse's flags first: they mark the run and
 * go nowhere. */
static void test_sparse_flags(void **state)
{
	struct options o;
	char *err;

	(void)state;
	assert_int_equal(PARSE(&o, &err, "x.c", "-m64"), 0);
	assert_int_equal(o.kbuild, 0);
	args_free(&o);
	assert_int_equal(PARSE(&o, &err, "--arch=x86", "-m64",
			       "-mlittle-endian", "x.c"), 0);
	assert_int_equal(o.kbuild, 1);
	CHECK_LIST(o.cflags, o.ncflags, "-m64");
	CHECK_LIST(o.inputs, o.ninputs, "x.c");
	args_free(&o);
}

/* ---- the filter ---------------------------------------------------- */

static void parse_and_filter(struct options *o, const char *const *words)
{
	char *err;

	assert_int_equal(parse(o, &err, words), 0);
	args_filter_cflags(o);
}

#define FILTER(o, ...) \
	parse_and_filter(o, (const char *const[]){ __VA_ARGS__, NULL })

static void test_filter(void **state)
{
	struct options o;

	(void)state;
	FILTER(&o, "-Wall", "-I", "include", "-Wp,-MMD,fs/.namei.o.d",
	       "-MD", "-MF", "dep.d", "-DFOO=1", "-o", "fs/namei.o",
	       "-std=gnu11", "-Werror", "-MT", "target", "-c", "-D", "BAR",
	       "-MMD", "-MP", "-MQ", "q", "-Wno-unused", "-nostdinc",
	       "-pedantic-errors", "-Iarch/x86/include", "-isystem", "sys",
	       "fs/namei.c");
	CHECK_LIST(o.cflags, o.ncflags, "-I", "include", "-DFOO=1",
		   "-std=gnu11", "-D", "BAR", "-nostdinc",
		   "-Iarch/x86/include", "-isystem", "sys");
	CHECK_LIST(o.inputs, o.ninputs, "fs/namei.c");
	args_free(&o);
	/* Nothing to drop: nothing changes; nothing at all: fine too. */
	FILTER(&o, "-I", "a", "-DX", "x.c");
	CHECK_LIST(o.cflags, o.ncflags, "-I", "a", "-DX");
	args_free(&o);
	FILTER(&o, "x.c");
	assert_int_equal(o.ncflags, 0);
	args_free(&o);
	/* Only droppable flags. */
	FILTER(&o, "-Wall", "-o", "x.o", "-MF", "d", "x.c");
	assert_int_equal(o.ncflags, 0);
	args_free(&o);
}

/* A kept flag's value is kept with it even when it looks like a flag
 * the filter drops: a value is not a flag.  Dropping only the value
 * leaves the flag to swallow the word after it (here -Xclang would
 * take -I, and inc would become a stray argument: with
 * "-Xclang -Wno-unused-value -I inc" the include directory is lost). */
static void test_filter_keeps_values(void **state)
{
	static const char *const want[] = {
		"-Xclang", "-Wno-foo", "-I", "inc",
	};
	struct options o;
	size_t i;
	int ok;

	(void)state;
	FILTER(&o, "-Xclang", "-Wno-foo", "-I", "inc", "x.c");
	ok = o.ncflags == 4;
	for (i = 0; ok && i < o.ncflags; i++)
		ok = !strcmp(o.cflags[i], want[i]);
	for (i = 0; !ok && i < o.ncflags; i++)
		fprintf(stderr, "cflag %zu: %s\n", i, o.cflags[i]);
	args_free(&o);
	assert_true(ok);
}

/* ---- usage --------------------------------------------------------- */

static void test_usage(void **state)
{
	static const char *const wanted[] = {
		"usage: wbcheck [OPTIONS] [COMPILER FLAGS] FILE.c...",
		"--rules=FILE", "--format=text|json", "--error-exitcode=N",
		"--version", "--help",
	};
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	args_usage(f);
	assert_int_equal(fclose(f), 0);
	assert_true(len > 0);
	assert_int_equal(buf[len - 1], '\n');
	for (i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
		if (!strstr(buf, wanted[i]))
			fprintf(stderr, "usage lacks '%s'\n", wanted[i]);
		assert_non_null(strstr(buf, wanted[i]));
	}
	/* Every line fits in 80 columns. */
	for (i = 0; i < len; ) {
		size_t n = strcspn(buf + i, "\n");

		assert_true(n <= 80);
		i += n + 1;
	}
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_no_arguments),
		cmocka_unit_test(test_long_options),
		cmocka_unit_test(test_cflags_and_inputs),
		cmocka_unit_test(test_other_long_flags),
		cmocka_unit_test(test_usage_errors),
		cmocka_unit_test(test_error_after_words),
		cmocka_unit_test(test_build_dir),
		cmocka_unit_test(test_sparse_flags),
		cmocka_unit_test(test_filter),
		cmocka_unit_test(test_filter_keeps_values),
		cmocka_unit_test(test_usage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

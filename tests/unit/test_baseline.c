/* Unit tests of checker/baseline.c: the v1 format is read, garbage is
 * refused with FILE:LINE and the reason, a written baseline reads back
 * and matches each finding once, and its lines are sorted so that a
 * moved finding does not move in the file.  Run from the repository
 * root (make check does). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/baseline.h"
#include "lib/util.h"

#define FP1 "0123456789abcdef0123456789abcdef"
#define FP2 "fedcba9876543210fedcba9876543210"

static int parse(const char *text, char **err)
{
	struct baseline b = { 0 };
	int rc;

	*err = NULL;
	rc = baseline_parse(&b, "bl", text, strlen(text), err);
	baseline_free(&b);
	return rc;
}

static void test_good(void **state)
{
	const char *text =
		BASELINE_HEADER "\n"
		"# a comment\n"
		"\n"
		FP1 "\tmissing-write-bracket\tfs/x.c\tf\tvfs_unlink\n"
		FP2 "\twrite-bracket-leak\tfs/x c.c\tg\tmnt_want_write\r\n"
		FP1 "\tmissing-write-bracket\tfs/x.c\tf\tvfs_unlink";
	struct baseline b = { 0 };
	char *err = NULL;

	(void)state;
	assert_int_equal(baseline_parse(&b, "bl", text, strlen(text), &err), 0);
	assert_null(err);
	assert_int_equal(b.n, 3);
	assert_string_equal(b.items[1].file, "fs/x c.c");
	assert_string_equal(b.items[1].callee, "mnt_want_write");
	assert_int_equal(b.items[1].line, 5);
	/* FP1 twice: it matches two findings, no third */
	assert_true(baseline_take(&b, FP1));
	assert_true(baseline_take(&b, FP1));
	assert_false(baseline_take(&b, FP1));
	assert_true(baseline_take(&b, FP2));
	assert_false(baseline_take(&b, FP2));
	assert_false(baseline_take(&b, "00000000000000000000000000000000"));
	baseline_free(&b);
	/* the header alone: an empty baseline */
	assert_int_equal(parse(BASELINE_HEADER "\n", &err), 0);
	assert_int_equal(parse(BASELINE_HEADER, &err), 0);
}

static void bad(const char *text, const char *want)
{
	char *err = NULL;

	assert_int_equal(parse(text, &err), -1);
	assert_non_null(err);
	if (strcmp(err, want))
		fail_msg("got \"%s\", want \"%s\"", err, want);
	free(err);
}

static void test_garbage(void **state)
{
	(void)state;
	bad("", "bl:1: not a wbcheck baseline: the first line must be '" BASELINE_HEADER "'");
	bad("hello\n", "bl:1: not a wbcheck baseline: the first line must be '" BASELINE_HEADER "'");
	bad("# wbcheck baseline v2\n",
	    "bl:1: baseline version '2' is not supported (this wbcheck reads v1)");
	bad(BASELINE_HEADER "\nxyz\n",
	    "bl:2: 1 tab-separated field, expected 5 (fingerprint, check, file, function, callee)");
	bad(BASELINE_HEADER "\n\n" FP1 "\tmissing-write-bracket\tf.c\tf\n",
	    "bl:3: 4 tab-separated fields, expected 5 (fingerprint, check, file, function, callee)");
	bad(BASELINE_HEADER "\n" FP1 "\tmissing-write-bracket\tf.c\tf\tg\th\n",
	    "bl:2: more than 5 tab-separated fields (fingerprint, check, file, function, callee)");
	bad(BASELINE_HEADER "\n" FP1 "\tmissing-write-bracket\t\tf\tg\n",
	    "bl:2: empty file field");
	bad(BASELINE_HEADER "\nABCDEF\tmissing-write-bracket\tf.c\tf\tg\n",
	    "bl:2: bad fingerprint 'ABCDEF': expected 32 lowercase hex digits");
	bad(BASELINE_HEADER "\n0123456789ABCDEF0123456789abcdef\tm\tf.c\tf\tg\n",
	    "bl:2: bad fingerprint '0123456789ABCDEF0123456789abcdef': expected 32 lowercase hex digits");
	bad(BASELINE_HEADER "\n" FP1 "\tMissing Bracket\tf.c\tf\tg\n",
	    "bl:2: bad check name 'Missing Bracket'");
}

static void test_nul(void **state)
{
	static const char text[] = BASELINE_HEADER "\n\n" FP1 "\0junk\n";
	struct baseline b = { 0 };
	char *err = NULL;

	(void)state;
	assert_int_equal(baseline_parse(&b, "bl", text, sizeof(text) - 1, &err), -1);
	assert_string_equal(err, "bl:3: a NUL byte: not a text file");
	free(err);
	baseline_free(&b);
}

static void add(struct findings *fs, const char *file, unsigned line,
		const char *fn, const char *callee)
{
	struct finding f;

	memset(&f, 0, sizeof(f));
	f.loc.file = file;
	f.loc.line = line;
	f.check = "missing-write-bracket";
	f.function = xstrdup(fn);
	f.callee = xstrdup(callee);
	f.message = xstrdup("m");
	f.call_text = xasprintf("%s(x)", callee);
	findings_add(fs, &f);
}

static char *slurp(const char *path)
{
	char *s = read_file(path, NULL);

	assert_non_null(s);
	return s;
}

static void test_write_read(void **state)
{
	char *dir = xasprintf("%s/wbcheck-baseline.XXXXXX", tmp_dir());
	struct findings a = { 0 }, b = { 0 };
	struct baseline bl = { 0 };
	char **fa, **fb, *path, *t1, *t2, *err = NULL;
	size_t i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	path = xasprintf("%s/baseline", dir);
	assert_int_equal(baseline_load(&bl, path, &err), 1);
	add(&a, "z.c", 5, "zf", "vfs_unlink");
	add(&a, "a.c", 50, "af", "vfs_mkdir");
	add(&a, "a\tb.c", 7, "tab", "vfs_rmdir");
	fa = fingerprints_compute(&a, NULL);
	assert_int_equal(baseline_write(path, &a, fa, NULL, &err), 0);
	t1 = slurp(path);
	assert_int_equal(baseline_load(&bl, path, &err), 0);
	assert_int_equal(bl.n, 3);
	/* sorted by file: a.c, a b.c (the tab made a space), z.c */
	assert_string_equal(bl.items[0].file, "a b.c");
	assert_string_equal(bl.items[1].file, "a.c");
	assert_string_equal(bl.items[2].file, "z.c");
	for (i = 0; i < a.n; i++)
		assert_true(baseline_take(&bl, fa[i]));
	baseline_free(&bl);
	/* the same findings elsewhere in their files: the same file */
	add(&b, "a.c", 90, "af", "vfs_mkdir");
	add(&b, "z.c", 1, "zf", "vfs_unlink");
	add(&b, "a\tb.c", 8, "tab", "vfs_rmdir");
	fb = fingerprints_compute(&b, NULL);
	assert_int_equal(baseline_write(path, &b, fb, NULL, &err), 0);
	t2 = slurp(path);
	assert_string_equal(t1, t2);
	assert_int_equal(strncmp(t1, BASELINE_HEADER "\n", strlen(BASELINE_HEADER) + 1), 0);
	/* no temporary left behind */
	free(t2);
	t2 = xasprintf("%s.tmp", path);
	assert_int_equal(access(t2, F_OK), -1);
	free(t2);
	/* a directory that does not exist: an error naming it */
	free(path);
	path = xasprintf("%s/no/such/dir", dir);
	assert_int_equal(baseline_write(path, &b, fb, NULL, &err), -1);
	assert_non_null(strstr(err, "/no/such/dir"));
	free(err);
	err = NULL;
	/* reading a directory: an error, not "missing" */
	assert_int_equal(baseline_load(&bl, dir, &err), -1);
	assert_non_null(strstr(err, "cannot read the baseline"));
	free(err);
	baseline_free(&bl);
	fingerprints_free(fa, a.n);
	fingerprints_free(fb, b.n);
	findings_free(&a);
	findings_free(&b);
	free(t1);
	t1 = xasprintf("%s/baseline", dir);
	unlink(t1);
	free(t1);
	free(path);
	rmdir(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_nul),
		cmocka_unit_test(test_write_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests of checker/suppress.c: the KEY=VALUE format, its errors
 * (a missing reason above all) with FILE:LINE, and which findings a
 * suppression matches: check exactly, file, function and callee as
 * fnmatch(3) globs, the first matching line counting the hit. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/suppress.h"
#include "lib/util.h"

static const char *const checks[] = {
	"missing-write-bracket", "write-bracket-leak",
	"write-bracket-double-drop", NULL,
};

static void test_good(void **state)
{
	const char *text =
		"# wbcheck suppressions v1\n"
		"  # indented comment\n"
		"\n"
		"check=missing-write-bracket file=fs/nfsd/* function=nfsd_* reason=the caller holds it\t \n"
		"callee=vfs_rmdir reason=  rmdir here runs on an internal mount  \r\n"
		"file=*.c\tcheck=write-bracket-leak reason=a=b and c";
	struct suppressions s = { 0 };
	char *err = NULL;

	(void)state;
	assert_int_equal(suppress_parse(&s, "sup", text, strlen(text), checks, &err), 0);
	assert_null(err);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.items[0].check, "missing-write-bracket");
	assert_string_equal(s.items[0].file, "fs/nfsd/*");
	assert_string_equal(s.items[0].function, "nfsd_*");
	assert_null(s.items[0].callee);
	assert_string_equal(s.items[0].reason, "the caller holds it");
	assert_int_equal(s.items[0].line, 4);
	assert_string_equal(s.items[1].callee, "vfs_rmdir");
	assert_string_equal(s.items[1].reason, "rmdir here runs on an internal mount");
	assert_string_equal(s.items[2].reason, "a=b and c");
	suppress_free(&s);
}

static void bad(const char *text, const char *want)
{
	struct suppressions s = { 0 };
	char *err = NULL;

	assert_int_equal(suppress_parse(&s, "sup", text, strlen(text), checks, &err), -1);
	assert_non_null(err);
	if (strcmp(err, want))
		fail_msg("got \"%s\", want \"%s\"", err, want);
	free(err);
	suppress_free(&s);
}

static void test_errors(void **state)
{
	(void)state;
	bad("\n\ncheck=missing-write-bracket file=a.c\n",
	    "sup:3: no reason: every suppression ends with reason=WHY");
	bad("check=missing-write-bracket reason=\n",
	    "sup:1: empty reason: say why the finding is fine");
	bad("check=missing-write-bracket reason=   \n",
	    "sup:1: empty reason: say why the finding is fine");
	bad("reason=everything is fine\n",
	    "sup:1: a suppression needs at least one of check=, file=, function=, callee=");
	bad("check=missing-write-bracket ok reason=x\n",
	    "sup:1: 'ok' is not KEY=VALUE (keys: check, file, function, callee, reason)");
	bad("line=12 reason=x\n",
	    "sup:1: unknown key 'line' (keys: check, file, function, callee, reason)");
	bad("file=a.c file=b.c reason=x\n", "sup:1: file given twice");
	bad("file= reason=x\n", "sup:1: empty value for file");
	bad("check=missing-bracket reason=x\n",
	    "sup:1: unknown check 'missing-bracket' (checks: missing-write-bracket, write-bracket-leak, write-bracket-double-drop)");
	bad("# wbcheck suppressions v2\nfile=a.c reason=x\n",
	    "sup:1: suppressions version '2' is not supported (this wbcheck reads v1)");
}

static void test_nul(void **state)
{
	static const char text[] = "file=a.c reason=x\nfile=b\0.c reason=y\n";
	struct suppressions s = { 0 };
	char *err = NULL;

	(void)state;
	assert_int_equal(suppress_parse(&s, "sup", text, sizeof(text) - 1, checks, &err), -1);
	assert_string_equal(err, "sup:2: a NUL byte: not a text file");
	free(err);
	suppress_free(&s);
}

static struct finding mk(const char *check, const char *file, const char *fn,
			 const char *callee)
{
	struct finding f;

	memset(&f, 0, sizeof(f));
	f.check = check;
	f.loc.file = file;
	f.function = (char *)fn;
	f.callee = (char *)callee;
	return f;
}

static void test_match(void **state)
{
	const char *text =
		"check=missing-write-bracket file=fs/nfsd/* function=nfsd_* reason=one\n"
		"callee=vfs_rmdir reason=two\n"
		"file=fs/*.c check=write-bracket-leak reason=three\n";
	struct suppressions s = { 0 };
	struct finding f;
	char *err = NULL;

	(void)state;
	assert_int_equal(suppress_parse(&s, "sup", text, strlen(text), checks, &err), 0);
	f = mk("missing-write-bracket", "fs/nfsd/vfs.c", "nfsd_create", "vfs_create");
	assert_ptr_equal(suppress_match(&s, &f, f.loc.file), &s.items[0]);
	/* another check, function or directory: not the first line */
	f = mk("write-bracket-double-drop", "fs/nfsd/vfs.c", "nfsd_create", "vfs_create");
	assert_null(suppress_match(&s, &f, f.loc.file));
	f = mk("missing-write-bracket", "fs/nfsd/vfs.c", "do_create", "vfs_create");
	assert_null(suppress_match(&s, &f, f.loc.file));
	f = mk("missing-write-bracket", "fs/ksmbd/vfs.c", "nfsd_create", "vfs_create");
	assert_null(suppress_match(&s, &f, f.loc.file));
	/* any check, any file, for vfs_rmdir; the first line wins */
	f = mk("write-bracket-leak", "x.c", "f", "vfs_rmdir");
	assert_ptr_equal(suppress_match(&s, &f, f.loc.file), &s.items[1]);
	f = mk("missing-write-bracket", "fs/nfsd/vfs.c", "nfsd_rmdir", "vfs_rmdir");
	assert_ptr_equal(suppress_match(&s, &f, f.loc.file), &s.items[0]);
	/* '*' crosses '/', and the name matched is the printed one */
	f = mk("write-bracket-leak", "/abs/fs/a/b.c", "f", "mnt_want_write");
	assert_ptr_equal(suppress_match(&s, &f, "fs/a/b.c"), &s.items[2]);
	assert_null(suppress_match(&s, &f, f.loc.file));
	/* a finding without function or callee: only globs that match "" */
	f = mk("write-bracket-leak", "fs/x.c", NULL, NULL);
	assert_ptr_equal(suppress_match(&s, &f, f.loc.file), &s.items[2]);
	assert_int_equal(s.items[0].hits, 2);
	assert_int_equal(s.items[1].hits, 1);
	assert_int_equal(s.items[2].hits, 2);
	suppress_free(&s);
}

static void test_load(void **state)
{
	struct suppressions s = { 0 };
	char *err = NULL;

	(void)state;
	assert_int_equal(suppress_load(&s, "/nonexistent/wbcheck.suppress", checks, &err), -1);
	assert_string_equal(err, "/nonexistent/wbcheck.suppress: cannot read the suppressions: No such file or directory");
	free(err);
	suppress_free(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_nul),
		cmocka_unit_test(test_match),
		cmocka_unit_test(test_load),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

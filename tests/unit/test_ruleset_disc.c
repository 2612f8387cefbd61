/* Unit tests of disciplines in the rules parser: a second rule set is
 * kept apart from the first (its own names, its own duplicates), order,
 * fills, filled, clears and returns directives, member= on acquire and release, and the
 * errors they give.  Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ruleset/ruleset.h"

static int parse(struct rules *r, const char *name, const char *text,
		 char **err)
{
	return rules_parse(r, name, text, strlen(text), err);
}

static void test_both_files(void **state)
{
	struct rules r, v;
	char *err = NULL;
	int d;

	(void)state;
	rules_init(&r);
	assert_int_equal(rules_load(&r, "rules/wbcheck.rules", &err), 0);
	assert_int_equal(rules_load(&r, "rules/dir-lock.rules", &err), 0);
	assert_int_equal(r.ndiscs, 2);
	assert_int_equal(rules_find_disc(&r, "write"), 0);
	d = rules_find_disc(&r, "dir-lock");
	assert_int_equal(d, 1);
	/* the full set sees every discipline's calls */
	assert_non_null(rules_find_acquire(&r, "inode_lock"));
	assert_non_null(rules_find_acquire(&r, "mnt_want_write"));
	/* a view sees one */
	rules_view(&r, d, &v);
	assert_non_null(rules_find_acquire(&v, "inode_lock"));
	assert_null(rules_find_acquire(&v, "mnt_want_write"));
	assert_string_equal(v.names.missing, "missing-dir-lock");
	assert_null(v.names.mismatch);
	assert_null(v.names.nested);
	assert_false(rules_has_holds(&v));
	assert_string_equal(rules_first_acquire(&v)->name, "mutex_lock");
	assert_string_equal(rules_find_acquire(&v, "mutex_lock")->member, "i_mutex");
	/* kern_path_create is in both, each with its own rule */
	assert_int_equal(rules_find_acquire(&v, "kern_path_create")->disc, 1);
	rules_view(&r, 0, &v);
	assert_int_equal(rules_find_acquire(&v, "kern_path_create")->disc, 0);
	assert_string_equal(v.names.mismatch, "write-bracket-mismatch");
	assert_string_equal(v.names.wrong_object, "wrong-mount");
	assert_string_equal(v.names.nested, "write-bracket-nested");
	assert_true(rules_has_holds(&v));
	assert_int_equal(r.norders, 1);
	assert_string_equal(r.orders[0].before, "dir-lock");
	assert_string_equal(r.filled_type, "struct path");
	assert_int_equal(rules_fills_arg(&r, "kern_path"), 3);
	assert_int_equal(rules_fills_arg(&r, "dput"), 0);
	assert_int_equal(rules_find_clears(&r, "fh_copy", "fh_dentry")->arg, 1);
	assert_null(rules_find_clears(&r, "fh_copy", "fh_export"));
	assert_null(rules_find_clears(&r, "fh_verify", "fh_dentry"));
	assert_int_equal(rules_returns_arg(&r, "fh_copy"), 1);
	assert_int_equal(rules_returns_arg(&r, "fh_verify"), 0);
	assert_int_equal(r.nsames, 1);
	assert_string_equal(r.sames[0].name, "path_rename");
	assert_int_equal(r.sames[0].a, 1);
	assert_int_equal(r.sames[0].b, 3);
	rules_free(&r);
}

/* The first file to name a discipline claims the empty default one;
 * a file without the directive joins discipline 0. */
static void test_claim_and_join(void **state)
{
	struct rules r, v;
	char *err = NULL;

	(void)state;
	rules_init(&r);
	assert_int_equal(parse(&r, "a", "discipline one\nacquire a arg=1 success=zero release=b\nrelease b arg=1\n", &err), 0);
	assert_int_equal(r.ndiscs, 1);
	assert_int_equal(parse(&r, "c", "acquire c arg=1 success=zero release=b\n", &err), 0);
	assert_int_equal(rules_find_acquire(&r, "c")->disc, 0);
	assert_int_equal(parse(&r, "d", "discipline two\nchecks missing=m2\nacquire a arg=1 success=always release=b\nrelease b arg=1\n", &err), 0);
	assert_int_equal(r.ndiscs, 2);
	rules_view(&r, 1, &v);
	assert_string_equal(v.names.missing, "m2");
	/* a new discipline starts from the default names */
	assert_string_equal(v.names.leak, "write-bracket-leak");
	assert_string_equal(r.names.missing, "missing-write-bracket");
	/* joining a discipline by name: its duplicates are refused */
	assert_int_equal(parse(&r, "e", "discipline two\nrelease b arg=2\n", &err), -1);
	assert_string_equal(err, "e:2: duplicate release rule for b (first at d:4)");
	free(err);
	rules_free(&r);
}

static void expect_error(const char *text, const char *msg)
{
	struct rules r;
	char *err = NULL;

	rules_init(&r);
	assert_int_equal(parse(&r, "x.rules", text, &err), -1);
	assert_string_equal(err, msg);
	free(err);
	/* nothing of a bad file is kept */
	assert_int_equal(r.ndiscs, 1);
	assert_null(r.discs[0].name);
	assert_int_equal(r.norders, 0);
	assert_int_equal(r.nfills, 0);
	rules_free(&r);
}

static void test_errors(void **state)
{
	(void)state;
	expect_error("noreturn BUG\ndiscipline late\n",
		     "x.rules:2: discipline: must come before any other directive");
	expect_error("discipline Bad_Name\n",
		     "x.rules:1: discipline: bad name 'Bad_Name' (expected [a-z0-9-]+)");
	expect_error("discipline a b\n",
		     "x.rules:1: discipline: unexpected argument 'b' (one name only)");
	expect_error("order before=x\n",
		     "x.rules:1: order: missing required key 'check'");
	expect_error("order before=X check=c\n",
		     "x.rules:1: order: bad discipline name 'X'");
	expect_error("fills kern_path arg=3\nfills kern_path arg=2\n",
		     "x.rules:2: duplicate fills rule for kern_path");
	expect_error("fills kern_path\n",
		     "x.rules:1: fills: missing required key 'arg'");
	expect_error("clears f arg=1 field=m\nclears f arg=2 field=m\n",
		     "x.rules:2: duplicate clears rule for f field=m");
	expect_error("clears f arg=1\n",
		     "x.rules:1: clears: missing required key 'field'");
	expect_error("clears f arg=1 field=a.b\n",
		     "x.rules:1: bad identifier 'a.b' (expected a C identifier)");
	expect_error("clears f arg=0 field=m\n",
		     "x.rules:1: bad number '0' for arg (expected a positive decimal integer)");
	expect_error("returns f arg=1\nreturns f arg=1\n",
		     "x.rules:2: duplicate returns rule for f");
	expect_error("returns f\n",
		     "x.rules:1: returns: missing required key 'arg'");
	expect_error("filled \"struct path\" check=a\nfilled \"struct x\" check=b\n",
		     "x.rules:2: filled: only one filled rule is allowed");
	expect_error("filled \"struct path\" check=A\n",
		     "x.rules:1: filled: bad check name 'A'");
	expect_error("acquire a arg=1 member=1x success=zero release=b\nrelease b arg=1\n",
		     "x.rules:1: bad identifier '1x' (expected a C identifier)");
	expect_error("release b arg=1 member=-\n",
		     "x.rules:1: bad identifier '-' (expected a C identifier)");
	expect_error("same path_rename args=1\n",
		     "x.rules:1: same: args needs two arguments N,M");
	expect_error("same path_rename args=2,2\n",
		     "x.rules:1: same: args names argument 2 twice");
	expect_error("same path_rename args=1,x\n",
		     "x.rules:1: bad number 'x' for args (expected a positive decimal integer)");
	expect_error("checks mismatch=Bad\n",
		     "x.rules:1: checks: bad check name 'Bad' for mismatch (expected [a-z0-9-]+)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_both_files),
		cmocka_unit_test(test_claim_and_join),
		cmocka_unit_test(test_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests of the replace= template parser (checker/ruleset/ruleset.c):
 * the pieces a template is split into at load, which the suggestion
 * (checks/suggest.c) and the fix (fix/fix.c) both read; the helper and
 * its arguments; the load errors of a bad template.
 * Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ruleset/ruleset.h"
#include "lib/util.h"

/* PS as one string: text pieces in brackets, so that a literal "$2"
 * cannot pass for an argument: "[p(]@1[, ]$2[)]". */
static void show_pieces(struct strbuf *sb, const struct tmpl_pieces *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++) {
		const struct tmpl_piece *pc = &ps->v[i];

		switch (pc->kind) {
		case TMPL_TEXT:
			assert_non_null(pc->text);
			assert_true(pc->text[0] != '\0');
			sb_addf(sb, "[%s]", pc->text);
			break;
		case TMPL_ARG:
			assert_null(pc->text);
			sb_addf(sb, "$%d", pc->arg);
			break;
		case TMPL_PATH:
			assert_null(pc->text);
			sb_addf(sb, "@%d", pc->arg);
			break;
		}
	}
}

/* Parse "guard g object=1 replace=TEMPLATE" and compare its pieces: ALL
 * the whole template, HELPER (NULL: none) and ARGS, the helper's
 * arguments each in braces. */
static void check(const char *tmpl, const char *all, const char *helper,
		  const char *args)
{
	struct rules r;
	const struct rule_template *t;
	struct strbuf sb;
	char *text, *err = NULL;
	size_t k;

	text = xasprintf("guard g object=1 replace=\"%s\"\n", tmpl);
	rules_init(&r);
	if (rules_parse(&r, "t.rules", text, strlen(text), &err))
		fail_msg("%s: %s", tmpl, err);
	assert_int_equal(r.nguards, 1);
	assert_string_equal(r.guards[0].replace, tmpl);
	t = r.guards[0].tmpl;
	assert_non_null(t);
	sb_init(&sb);
	show_pieces(&sb, &t->all);
	assert_string_equal(sb.buf, all);
	sb_free(&sb);
	if (!helper) {
		assert_null(t->helper);
		assert_int_equal(t->nargs, 0);
	} else {
		assert_non_null(t->helper);
		assert_string_equal(t->helper, helper);
		assert_true(rules_is_replacement_helper(&r, helper));
		sb_init(&sb);
		for (k = 0; k < t->nargs; k++) {
			sb_addc(&sb, '{');
			show_pieces(&sb, &t->args[k]);
			sb_addc(&sb, '}');
		}
		assert_string_equal(sb.buf, args);
		sb_free(&sb);
	}
	rules_free(&r);
	free(text);
}

/* The default rules' shape: the separators stay in the whole text,
 * which the suggestion prints, and leave the arguments. */
static void test_plain(void **state)
{
	(void)state;
	check("path_mkdir(@1, $2, $3)",
	      "[path_mkdir(]@1[, ]$2[, ]$3[)]", "path_mkdir", "{@1}{$2}{$3}");
	check("path_link($1, @2, $3)",
	      "[path_link(]$1[, ]@2[, ]$3[)]", "path_link", "{$1}{@2}{$3}");
	/* more digits, and the same argument twice */
	check("p($12,@12, $1)", "[p(]$12[,]@12[, ]$1[)]", "p", "{$12}{@12}{$1}");
}

/* Text around an argument belongs to the helper's argument it is in. */
static void test_text_around(void **state)
{
	(void)state;
	check("p(@1, &$2->d_inode)", "[p(]@1[, &]$2[->d_inode)]", "p",
	      "{@1}{[&]$2[->d_inode]}");
	check("p(*@1,$2 + 1)", "[p(*]@1[,]$2[ + 1)]", "p", "{[*]@1}{$2[ + 1]}");
	/* blanks inside an argument and after it stay; before it, spaces go */
	check("p(  $1 ,\t$2)", "[p(  ]$1[ ,\t]$2[)]", "p", "{$1[ ]}{[\t]$2}");
}

/* Commas and parentheses of a nested call are not the helper's. */
static void test_nested(void **state)
{
	(void)state;
	check("p(f($1, $2), @1)", "[p(f(]$1[, ]$2[), ]@1[)]", "p",
	      "{[f(]$1[, ]$2[)]}{@1}");
	check("p((a, b), $1)", "[p((a, b), ]$1[)]", "p", "{[(a, b)]}{$1}");
	/* text after the call is printed, not an argument */
	check("p($1) + $2", "[p(]$1[) + ]$2", "p", "{$1}");
	check("p($1), q($2)", "[p(]$1[), q(]$2[)]", "p", "{$1}");
}

/* Calls with no arguments, or left open. */
static void test_odd_calls(void **state)
{
	(void)state;
	check("p()", "[p()]", "p", "{}");
	check("p( )", "[p( )]", "p", "{}");
	check("p(@1, $2", "[p(]@1[, ]$2", "p", "{@1}");
	check("p(f(@1)", "[p(f(]@1[)]", "p", "");
	check("p(", "[p(]", "p", "");
}

/* A template that calls no helper: a suggestion prints it where the
 * helper is declared, the fix never applies it. */
static void test_no_helper(void **state)
{
	(void)state;
	check("$3", "$3", NULL, NULL);
	check("x", "[x]", NULL, NULL);
	check(" p(@1)", "[ p(]@1[)]", NULL, NULL);
	check("p (@1)", "[p (]@1[)]", NULL, NULL);
	check("$1(@1)", "$1[(]@1[)]", NULL, NULL);
	check("1p(@1)", "[1p(]@1[)]", NULL, NULL);
}

/* The helper is looked up by its whole name. */
static void test_is_helper(void **state)
{
	static const char text[] =
		"guard g nargs=2 object=1 replace=\"path_g(@1, $2)\"\n"
		"guard h nargs=2 object=1 replace=\"$2\"\n";
	struct rules r;
	char *err = NULL;

	(void)state;
	rules_init(&r);
	assert_int_equal(rules_parse(&r, "t.rules", text, sizeof(text) - 1,
				     &err), 0);
	assert_true(rules_is_replacement_helper(&r, "path_g"));
	assert_false(rules_is_replacement_helper(&r, "path_"));
	assert_false(rules_is_replacement_helper(&r, "path_gg"));
	assert_false(rules_is_replacement_helper(&r, "g"));
	assert_false(rules_is_replacement_helper(&r, "$2"));
	assert_null(r.guards[1].tmpl->helper);
	rules_free(&r);
}

/* A guard without replace= has no template. */
static void test_none(void **state)
{
	static const char text[] = "guard g object=1 helper=\"x(y)\"\n";
	struct rules r;
	char *err = NULL;

	(void)state;
	rules_init(&r);
	assert_int_equal(rules_parse(&r, "t.rules", text, sizeof(text) - 1,
				     &err), 0);
	assert_null(r.guards[0].replace);
	assert_null(r.guards[0].tmpl);
	assert_false(rules_is_replacement_helper(&r, "x"));
	rules_free(&r);
}

/* Bad templates: the whole message, as a user sees it. */
static const struct {
	const char *line;
	const char *msg;
} bad[] = {
	{ "guard g nargs=2 object=1 replace=\"p(@1, $3)\"",
	  "t.rules:2: guard g: replace names argument 3 but nargs=2" },
	{ "guard g nargs=2 object=1 replace=\"p(@3, $9)\"",
	  "t.rules:2: guard g: replace names argument 3 but nargs=2" },
	{ "guard g object=1 replace=\"p(@1, $x)\"",
	  "t.rules:2: guard g: replace: '$' must be followed by an argument number" },
	{ "guard g object=1 replace=\"p(@, $1)\"",
	  "t.rules:2: guard g: replace: '@' must be followed by an argument number" },
	{ "guard g object=1 replace=\"p(@1, $)\"",
	  "t.rules:2: guard g: replace: '$' must be followed by an argument number" },
	{ "guard g object=1 replace=\"p($1, @0)\"",
	  "t.rules:2: bad number '0' for replace (expected a positive decimal integer)" },
	{ "guard g object=1 replace=\"p($99999999999)\"",
	  "t.rules:2: bad number '99999999999' for replace (expected a positive decimal integer)" },
	/* in a nested call, and after the call */
	{ "guard g nargs=1 object=1 replace=\"p(f($2))\"",
	  "t.rules:2: guard g: replace names argument 2 but nargs=1" },
	{ "guard g object=1 replace=\"p($1) @\"",
	  "t.rules:2: guard g: replace: '@' must be followed by an argument number" },
	/* a good template does not hide a duplicate form */
	{ "guard vfs_x nargs=2 object=1 replace=\"p(@1, $2)\"",
	  "t.rules:2: duplicate guard form vfs_x nargs=2 (first at t.rules:1)" },
};

static void test_errors(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct rules r;
		char *text, *err = NULL;

		text = xasprintf("guard vfs_x nargs=2 object=1\n%s\n", bad[i].line);
		rules_init(&r);
		assert_int_equal(rules_parse(&r, "t.rules", text, strlen(text),
					     &err), -1);
		assert_non_null(err);
		if (strcmp(err, bad[i].msg))
			fail_msg("%s: got \"%s\", want \"%s\"", bad[i].line,
				 err, bad[i].msg);
		assert_int_equal(r.nguards, 0);
		free(err);
		free(text);
		rules_free(&r);
	}
}

/* The default rules: every template calls its path_* helper. */
static void test_default_rules(void **state)
{
	struct rules r;
	char *err = NULL;
	size_t i, n = 0;

	(void)state;
	rules_init(&r);
	assert_int_equal(rules_load(&r, "rules/wbcheck.rules", &err), 0);
	for (i = 0; i < r.nguards; i++) {
		const struct rule_template *t = r.guards[i].tmpl;

		if (!r.guards[i].replace) {
			assert_null(t);
			continue;
		}
		n++;
		assert_non_null(t);
		assert_non_null(t->helper);
		assert_int_equal(strncmp(t->helper, "path_", 5), 0);
		assert_int_equal((int)t->nargs, r.guards[i].nargs);
	}
	assert_true(n >= 11);
	rules_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_text_around),
		cmocka_unit_test(test_nested),
		cmocka_unit_test(test_odd_calls),
		cmocka_unit_test(test_no_helper),
		cmocka_unit_test(test_is_helper),
		cmocka_unit_test(test_none),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_default_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

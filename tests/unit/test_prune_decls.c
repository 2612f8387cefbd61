/* Unit tests of the header declarations a TU is parsed without
 * (checker/declprune.c, picked by checker/tufilter.c).  A statement
 * dropped that the TU needs breaks the parse or, worse, changes what a
 * suggestion says (a path_* helper's declaration); one kept that could
 * go only costs time.  So each reason to keep one has its case, and the
 * text given to the parser must keep every other byte where it was. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prefilter/prune_decls.h"
#include "ruleset/ruleset.h"
#include "prefilter/tu_select.h"

static const char rules_text[] =
	"discipline write\n"
	"checks missing=missing-write-bracket leak=write-bracket-leak double-release=write-bracket-double-drop\n"
	"resource \"a write bracket on the mount\"\n"
	"acquire mnt_want_write arg=1 success=zero release=mnt_drop_write\n"
	"release mnt_drop_write arg=1\n"
	"guard vfs_mkdir nargs=3 object=1 replace=\"path_mkdir(@1, $2, $3)\"\n";

static const char header_text[] =
	"/* a comment naming unused_proto() changes nothing */\n"
	"int unused_proto(int a);\n"
	"int used_proto(int a);\n"
	"extern long used_by_flag(void);\n"
	"int only_in_macro(int a);\n"
	"#define CALLER() only_in_macro(1)\n"
	"int a_var, comma_proto(int);\n"
	"struct s { int x; } *after_struct(void);\n"
	"int with_directive(int a\n"
	"#ifdef X\n"
	"\t, int b\n"
	"#endif\n"
	");\n"
	"#define PASTE(n) arch_##n()\n"
	"int arch_pasted(void);\n"
	"typedef int demo_cb_t(int);\n"
	"int path_mkdir(void *p, void *d, int m, demo_cb_t *cb);\n"
	"int mnt_want_write(void *m);\n"
	"int other(int x);\n"
	"int wrapper_elsewhere(void *m);\n"
	"static inline int skipped_def(int x)\n"
	"{\n"
	"\treturn other(x) + in_skipped_body_only(x);\n"
	"}\n"
	"int in_skipped_body_only(int x);\n"
	"static inline int pure_unnamed(int x)\n"
	"{\n"
	"\treturn x & 1;\n"
	"}\n"
	"static inline int pure_named(int x)\n"
	"{\n"
	"\treturn x & 2;\n"
	"}\n"
	"#define cpu_override cpu_override\n"
	"static inline int cpu_override(int x)\n"
	"{\n"
	"\treturn x & 4;\n"
	"}\n"
	"#ifndef tested_only\n"
	"int tested_only(int x);\n"
	"#endif\n"
	"#undef self_call\n"
	"#define self_call(x) self_call(x, 0)\n"
	"int self_call(int x, int y);\n"
	"#define named_override named_override\n"
	"int named_override(int x);\n"
	"void two_lines(int a,\n"
	"\t       int b);\n";

static const char main_text[] =
	"#include \"h.h\"\n"
	"int f(void) { return used_proto(1) + pure_named(2); }\n"
	"int g(void) { return named_override(3); }\n";

/* another file of the run, where wrapper_elsewhere() leads to a rule */
static const char other_text[] =
	"int mnt_want_write(void *m);\n"
	"int wrapper_elsewhere(void *m) { return mnt_want_write(m); }\n";

struct fixture {
	struct rules rules;
	char dir[4096], header[4200], main[4200], other[4200];
	char *given;		/* the header as the parser gets it */
};

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* The header as the parser gets it, for the main file with FLAGS. */
static char *given_header(struct fixture *fx, char **flags, size_t nflags)
{
	struct tufilter *tf = tufilter_new(&fx->rules);
	struct tufilter_text *texts;
	char *given = NULL;
	size_t i, n;

	tufilter_add(tf, fx->main, flags, nflags);
	tufilter_add(tf, fx->other, flags, nflags);
	tufilter_solve(tf);
	tufilter_prepare_skips(tf, fx->main);
	n = tufilter_skipped(tf, fx->main, NULL, &texts);
	for (i = 0; i < n; i++)
		if (!strcmp(texts[i].path, fx->header))
			given = strndup(texts[i].text, texts[i].len);
	tufilter_texts_free(texts, n);
	tufilter_free(tf);
	return given;
}

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	char *err = NULL, *flags[] = { "-DFLAG=used_by_flag" };

	if (!fx)
		return -1;
	rules_init(&fx->rules);
	if (rules_parse(&fx->rules, "test.rules", rules_text,
			sizeof(rules_text) - 1, &err)) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	snprintf(fx->dir, sizeof(fx->dir), "%s/wbdeclXXXXXX", tmp_dir());
	if (!mkdtemp(fx->dir))
		return -1;
	snprintf(fx->header, sizeof(fx->header), "%s/h.h", fx->dir);
	snprintf(fx->main, sizeof(fx->main), "%s/m.c", fx->dir);
	snprintf(fx->other, sizeof(fx->other), "%s/o.c", fx->dir);
	write_text(fx->header, header_text);
	write_text(fx->main, main_text);
	write_text(fx->other, other_text);

	fx->given = given_header(fx, flags, 1);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	unlink(fx->header);
	unlink(fx->main);
	unlink(fx->other);
	rmdir(fx->dir);
	rules_free(&fx->rules);
	free(fx->given);
	free(fx);
	return 0;
}

/* Is NAME still in the text given, as a word? */
static int kept(const struct fixture *fx, const char *name)
{
	const char *p = fx->given;
	size_t n = strlen(name);

	while ((p = strstr(p, name))) {
		if ((p == fx->given || (p[-1] != '_' && !isalnum((unsigned char)p[-1]))) &&
		    p[n] != '_' && !isalnum((unsigned char)p[n]))
			return 1;
		p += n;
	}
	return 0;
}

static void test_nothing_moves(void **state)
{
	struct fixture *fx = *state;
	size_t i;

	assert_non_null(fx->given);
	assert_int_equal(strlen(fx->given), strlen(header_text));
	for (i = 0; header_text[i]; i++)
		if (header_text[i] == '\n' || fx->given[i] != ' ')
			assert_int_equal(fx->given[i], header_text[i]);
}

static void test_unnamed_declarations_dropped(void **state)
{
	struct fixture *fx = *state;

	assert_false(kept(fx, "unused_proto(int a)"));
	assert_false(kept(fx, "two_lines"));
	/* the whole definition goes with its skipped body */
	assert_false(kept(fx, "skipped_def"));
	/* named only where the parser is not given the text */
	assert_false(kept(fx, "in_skipped_body_only"));
	assert_false(kept(fx, "other"));
	/* a pure predicate is read only where it is called */
	assert_false(kept(fx, "pure_unnamed"));
	/* leading to a rule elsewhere is no mention either */
	assert_false(kept(fx, "wrapper_elsewhere"));
	/* nor is a directive's test, nor a macro's own name */
	assert_false(kept(fx, "int cpu_override(int x)"));
	assert_false(kept(fx, "return x & 4;"));
	assert_false(kept(fx, "int tested_only(int x);"));
	assert_false(kept(fx, "int self_call(int x, int y);"));
	/* a comment is no mention */
	assert_true(kept(fx, "unused_proto() changes"));
}

static void test_named_declarations_kept(void **state)
{
	struct fixture *fx = *state;

	assert_true(kept(fx, "used_proto"));
	assert_true(kept(fx, "long used_by_flag(void);"));
	assert_true(kept(fx, "int only_in_macro(int a);"));
	assert_true(kept(fx, "return x & 2;"));
	assert_true(kept(fx, "int named_override(int x);"));
}

static void test_mixed_statements_kept(void **state)
{
	struct fixture *fx = *state;

	assert_true(kept(fx, "comma_proto"));
	assert_true(kept(fx, "after_struct"));
	assert_true(kept(fx, "with_directive"));
}

static void test_rules_and_pasted_names_kept(void **state)
{
	struct fixture *fx = *state;

	assert_true(kept(fx, "int arch_pasted(void);"));
	/* the suggestion asks whether path_mkdir() is declared */
	assert_true(kept(fx, "int path_mkdir"));
	assert_true(kept(fx, "int mnt_want_write"));
	/* and what they name is named */
	assert_true(kept(fx, "typedef int demo_cb_t(int);"));
}

/* Under C89 a call through a pasted name needs no declaration, so a
 * dropped one would not make the file parse again: none is dropped. */
static void test_c89_keeps_all(void **state)
{
	struct fixture *fx = *state;
	char *flags[] = { "-std=gnu11", "-std=gnu89" }, *given;

	given = given_header(fx, flags, 2);
	/* the last -std= counts: nothing dropped, bodies still skipped */
	assert_non_null(given);
	assert_non_null(strstr(given, "int unused_proto(int a);"));
	free(given);
	flags[1] = "-std=gnu11";
	flags[0] = "-std=gnu89";
	given = given_header(fx, flags, 2);
	assert_non_null(given);
	assert_null(strstr(given, "int unused_proto(int a);"));
	free(given);
}

static void test_counter(void **state)
{
	struct name_counter nc = { 0 };
	static const char text[] = "foo bar /* foo */ \"foo\" 0xfooUL foo_x foo";
	static const char dtext[] = "#ifdef bar\n#  define bar(x) bar(x) + foo\n"
		"#undef foo\n  # if foo \\\n  || bar\nfoo\n#endif\n";
	long *id;
	unsigned *count;
	size_t n;

	(void)state;
	assert_int_equal(declprune_id(&nc, "foo", 3), 0);
	assert_int_equal(declprune_id(&nc, "bar", 3), 1);
	assert_int_equal(declprune_id(&nc, "foo", 3), 0);
	assert_int_equal(declprune_lookup(&nc, "foobar", 3), 0);
	assert_int_equal(declprune_lookup(&nc, "baz", 3), -1);
	assert_string_equal(declprune_name(&nc, 1), "bar");
	n = declprune_count(&nc, text, sizeof(text) - 1, &id, &count);
	assert_int_equal(n, 2);
	assert_int_equal(id[0], 0);
	assert_int_equal(count[0], 2);
	assert_int_equal(id[1], 1);
	assert_int_equal(count[1], 1);
	free(id);
	free(count);
	/* a test, an #undef, a macro's name and its own name in its text
	 * name nothing; what else its text names counts */
	n = declprune_count(&nc, dtext, sizeof(dtext) - 1, &id, &count);
	assert_int_equal(n, 1);
	assert_int_equal(id[0], 0);
	assert_int_equal(count[0], 2);
	free(id);
	free(count);
	declprune_counter_free(&nc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_nothing_moves, setup, teardown),
		cmocka_unit_test_setup_teardown(test_unnamed_declarations_dropped,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_named_declarations_kept,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_mixed_statements_kept,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_rules_and_pasted_names_kept,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_c89_keeps_all, setup, teardown),
		cmocka_unit_test(test_counter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

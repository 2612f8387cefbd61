/* Unit tests of checker/prefilter/init_spans.c: where a file's text
 * initialises its file-scope objects.  A name read there as stored that
 * a function calls costs a finding (its file is not parsed); a span
 * missed only costs a parse.  So each way the text can mislead the scan
 * has its case, and must give no span. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "prefilter/init_spans.h"

/* The text of each span of TEXT, joined by "|". */
static char *spans_of(const char *text)
{
	struct text_span *sp;
	size_t n = init_spans(text, strlen(text), &sp), i, len = 0;
	char *out = calloc(strlen(text) + n + 1, 1);

	assert_non_null(out);
	for (i = 0; i < n; i++) {
		if (i)
			out[len++] = '|';
		memcpy(out + len, text + sp[i].start, sp[i].end - sp[i].start);
		len += sp[i].end - sp[i].start;
	}
	free(sp);
	return out;
}

static void assert_spans(const char *text, const char *want)
{
	char *got = spans_of(text);

	assert_string_equal(got, want);
	free(got);
}

/* An ops table, a scalar and two declarators: each initialiser, up to
 * its ";" or ","; nothing of a function's body. */
static void test_file_scope_initialisers(void **state)
{
	(void)state;
	assert_spans("static const struct file_operations fops = {\n"
		     "\t.unlocked_ioctl = demo_ioctl,\n"
		     "\t.open = demo_open,\n"
		     "};\n",
		     " {\n\t.unlocked_ioctl = demo_ioctl,\n"
		     "\t.open = demo_open,\n}");
	assert_spans("int a = 1, b, c = f;\n", " 1| f");
	assert_spans("static int demo(int x)\n{\n\tint y = x;\n\treturn y;\n}\n",
		     "");
	assert_spans("int demo(void);\nstatic int (*hook)(void) = demo;\n",
		     " demo");
}

/* "==", "<=", "!=", "+=" and an "=" in parentheses or braces start
 * nothing: only a declarator's "=" at file scope does. */
static void test_not_an_initialiser(void **state)
{
	(void)state;
	assert_spans("_Static_assert(A == B, \"x\");\n", "");
	assert_spans("enum { A = 1, B = 2 };\n", "");
	assert_spans("FOO(x = 1);\n", "");
	assert_spans("int a[3 <= 4];\n", "");
	assert_spans("struct s { int x; };\n", "");
}

/* A directive inside a table is left out of the spans, and its braces
 * count for nothing; comments and literals are skipped. */
static void test_directives_and_noise(void **state)
{
	(void)state;
	assert_spans("struct ops o = {\n"
		     "#ifdef CONFIG_COMPAT\n"
		     "\t.compat = demo_compat,\n"
		     "#endif\n"
		     "};\n",
		     " {\n|\n\t.compat = demo_compat,\n|\n}");
	assert_spans("#define OPEN { demo(\n"
		     "char *s = \"};{\"; /* = { */ int x = '}';\n",
		     " \"};{\"| '}'");
}

/* Braces that do not balance as written (an #if opening a function in
 * two ways), and a statement inside an initialiser's braces: no span
 * at all, whatever the rest of the text. */
static void test_unbalanced_gives_nothing(void **state)
{
	(void)state;
	assert_spans("int t = 1;\n"
		     "void f(void)\n{\n"
		     "#ifdef A\n\tg();\n}\n#else\n\th();\n}\n#endif\n",
		     "");
	assert_spans("int t = 1;\n"
		     "void f(void)\n{\n#ifdef A\n}\n#endif\n"
		     "\tfn = demo_want;\n}\n",
		     "");
	assert_spans("int t = 1;\n#if A\nvoid f(int a) {\n#else\n"
		     "void f(int a, int b) {\n#endif\n}\n", "");
	assert_spans("int x = { a; };\n", "");
	assert_spans("int x = (1;\n", "");
	assert_spans("int x = 1", "");
}

/* in_init_span() walks the spans once, for offsets that grow. */
static void test_in_init_span(void **state)
{
	static const struct text_span sp[] = { { 2, 5 }, { 8, 9 } };
	size_t at = 0;

	(void)state;
	assert_false(in_init_span(sp, 2, &at, 0));
	assert_true(in_init_span(sp, 2, &at, 2));
	assert_true(in_init_span(sp, 2, &at, 4));
	assert_false(in_init_span(sp, 2, &at, 5));
	assert_true(in_init_span(sp, 2, &at, 8));
	assert_false(in_init_span(sp, 2, &at, 9));
	assert_false(in_init_span(sp, 2, &at, 100));
	at = 0;
	assert_false(in_init_span(NULL, 0, &at, 3));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_file_scope_initialisers),
		cmocka_unit_test(test_not_an_initialiser),
		cmocka_unit_test(test_directives_and_noise),
		cmocka_unit_test(test_unbalanced_gives_nothing),
		cmocka_unit_test(test_in_init_span),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

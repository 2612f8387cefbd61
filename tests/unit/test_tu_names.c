/* Unit tests of checker/tuidents.c: what each TU's own files name,
 * gathered on a thread while the caller goes on. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "prefilter/tu_names.h"
#include "lib/util.h"

static char *temp_file(const char *text)
{
	char *path = xasprintf("%s/wbcheck-tuidents-XXXXXX", tmp_dir());
	int fd;

	assert_non_null(path);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (int)strlen(text));
	assert_int_equal(close(fd), 0);
	return path;
}

static void assert_names(const struct tuidents_tu *r, const char *const *want,
			 size_t n)
{
	size_t i;

	assert_non_null(r);
	assert_int_equal(r->nidents, n);
	for (i = 0; i < n; i++)
		assert_string_equal(r->idents[i], want[i]);
}

static const char file_a[] =
	"int f(int a)\n"
	"{\n"
	"\tstruct path p; /* in_comment */\n"
	"\treturn g(a, \"in_string\");\n"
	"}\n";
static const char file_b[] = "h(a, b1) // a\n";

/* Names in the order first met, each once a TU even across its files;
 * nothing from comments or literals; the filled type's locals seen. */
static void test_names_and_locals(void **state)
{
	static const char *const want_a[] = {
		"int", "f", "a", "struct", "path", "p", "return", "g",
	};
	static const char *const want_ab[] = {
		"int", "f", "a", "struct", "path", "p", "return", "g",
		"h", "b1",
	};
	char *a = temp_file(file_a), *b = temp_file(file_b);
	const char *tu0[] = { a }, *tu1[] = { a, b };
	struct tuidents *ti = tuidents_new("path");
	const struct tuidents_tu *r;

	(void)state;
	tuidents_queue(ti, 0, tu0, 1);
	tuidents_queue(ti, 1, tu1, 2);
	tuidents_wait(ti);
	r = tuidents_of(ti, 0);
	assert_names(r, want_a, sizeof(want_a) / sizeof(want_a[0]));
	assert_true(r->filled);
	assert_false(r->unreadable);
	r = tuidents_of(ti, 1);
	assert_names(r, want_ab, sizeof(want_ab) / sizeof(want_ab[0]));
	assert_true(r->filled);
	assert_true(r->file_filled[0]);
	assert_false(r->file_filled[1]);
	/* the same name is the same string: interned */
	assert_ptr_equal(tuidents_of(ti, 0)->idents[2], r->idents[2]);
	assert_null(tuidents_of(ti, 2));
	tuidents_free(ti);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
}

/* Another tag, or none: "struct path p" is no filled local then. */
static void test_other_tag(void **state)
{
	char *a = temp_file(file_a);
	const char *tu0[] = { a };
	struct tuidents *ti = tuidents_new("inode");
	struct tuidents *none = tuidents_new(NULL);

	(void)state;
	tuidents_queue(ti, 0, tu0, 1);
	tuidents_queue(none, 0, tu0, 1);
	tuidents_wait(ti);
	tuidents_wait(none);
	assert_false(tuidents_of(ti, 0)->filled);
	assert_false(tuidents_of(none, 0)->filled);
	assert_int_equal(tuidents_of(none, 0)->nidents, 8);
	tuidents_free(ti);
	tuidents_free(none);
	unlink(a);
	free(a);
}

/* A file that cannot be read says so (the parser will report it); a TU
 * queued after the wait is done at once, and found as well. */
static void test_unreadable_and_late(void **state)
{
	static const char *const want_b[] = { "h", "a", "b1" };
	char *b = temp_file(file_b);
	const char *gone[] = { "/nonexistent/wbcheck/gone.c" }, *tu1[] = { b };
	struct tuidents *ti = tuidents_new("path");

	(void)state;
	tuidents_queue(ti, 0, gone, 1);
	tuidents_wait(ti);
	assert_true(tuidents_of(ti, 0)->unreadable);
	assert_int_equal(tuidents_of(ti, 0)->nidents, 0);
	tuidents_queue(ti, 5, tu1, 1);
	assert_names(tuidents_of(ti, 5), want_b, 3);
	assert_null(tuidents_of(ti, 3));
	tuidents_wait(ti);	/* again: nothing to wait for */
	assert_names(tuidents_of(ti, 5), want_b, 3);
	tuidents_free(ti);
	unlink(b);
	free(b);
}

/* Many TUs: each result is its own, whatever the thread's pace. */
static void test_many(void **state)
{
	char *a = temp_file(file_a), *b = temp_file(file_b);
	const char *tu_a[] = { a }, *tu_b[] = { b };
	struct tuidents *ti = tuidents_new("path");
	size_t i;

	(void)state;
	for (i = 0; i < 500; i++)
		tuidents_queue(ti, i, i % 2 ? tu_b : tu_a, 1);
	tuidents_free(ti);	/* frees without a wait first */
	ti = tuidents_new("path");
	for (i = 0; i < 500; i++)
		tuidents_queue(ti, i, i % 2 ? tu_b : tu_a, 1);
	tuidents_wait(ti);
	for (i = 0; i < 500; i++) {
		assert_int_equal(tuidents_of(ti, i)->nidents, i % 2 ? 3 : 8);
		assert_int_equal(tuidents_of(ti, i)->filled, !(i % 2));
	}
	tuidents_free(ti);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
}

/* What the TUs not kept named is let go; the kept ones' names are the
 * same strings as before, each now from a map of their own. */
static void test_keep_only(void **state)
{
	static const char *const want_b[] = { "h", "a", "b1" };
	static const unsigned char keep[] = { 0, 1, 0 };
	char *a = temp_file(file_a), *b = temp_file(file_b);
	const char *tu_a[] = { a }, *tu_b[] = { b };
	struct tuidents *ti = tuidents_new("path");

	(void)state;
	tuidents_queue(ti, 0, tu_a, 1);
	tuidents_queue(ti, 1, tu_b, 1);
	tuidents_queue(ti, 2, tu_a, 1);
	tuidents_wait(ti);
	tuidents_keep_only(ti, keep, 3);
	assert_int_equal(tuidents_of(ti, 0)->nidents, 0);
	assert_int_equal(tuidents_of(ti, 2)->nidents, 0);
	assert_names(tuidents_of(ti, 1), want_b, 3);
	tuidents_free(ti);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
}

/* Which names a TU mentions only as values a file-scope initialiser
 * stores: a mention in a body, a call form in a table, a directive, or
 * a second file's call makes a name called. */
static const char file_ops[] =
	"#define WRAP(x) x\n"
	"static long in_macro(void);\n"
	"static const struct ops demo_ops = {\n"
	"\t.ioctl = only_table,\n"
	"\t.open = &also_table,\n"
	"\t.size = SIZE_OF (demo),\n"
	"\t.read = in_body,\n"
	"\t.other = in_macro,\n"
	"\t.late = in_other_file,\n"
	"};\n"
	"int f(void)\n{\n\treturn in_body(1) + in_macro();\n}\n";
static const char file_calls[] = "void g(void) { in_other_file(); }\n";

static int stored(const struct tuidents_tu *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nidents; i++)
		if (!strcmp(r->idents[i], name))
			return r->only_stored[i];
	fail_msg("%s not named", name);
	return -1;
}

static void test_only_stored(void **state)
{
	char *a = temp_file(file_ops), *b = temp_file(file_calls);
	const char *tu0[] = { a }, *tu1[] = { a, b };
	struct tuidents *ti = tuidents_new("path");
	const struct tuidents_tu *r;

	(void)state;
	tuidents_queue(ti, 0, tu0, 1);
	tuidents_queue(ti, 1, tu1, 2);
	tuidents_wait(ti);
	r = tuidents_of(ti, 0);
	assert_true(stored(r, "only_table"));
	assert_true(stored(r, "also_table"));
	assert_true(stored(r, "ioctl"));
	assert_true(stored(r, "demo"));
	assert_true(stored(r, "in_other_file"));
	assert_false(stored(r, "SIZE_OF"));
	assert_false(stored(r, "in_body"));
	assert_false(stored(r, "in_macro"));
	assert_false(stored(r, "WRAP"));
	assert_false(stored(r, "f"));
	r = tuidents_of(ti, 1);
	assert_true(stored(r, "only_table"));
	assert_false(stored(r, "in_other_file"));
	tuidents_free(ti);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_and_locals),
		cmocka_unit_test(test_keep_only),
		cmocka_unit_test(test_other_tag),
		cmocka_unit_test(test_unreadable_and_late),
		cmocka_unit_test(test_many),
		cmocka_unit_test(test_only_stored),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

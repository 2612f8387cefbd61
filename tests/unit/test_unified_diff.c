/* Unit tests of the edit list and the unified diff renderer
 * (checker/diff.c): hunks, context, merging, insertions, deletions,
 * overlaps and a last line without a newline. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "fix/unified_diff.h"

static const char ten[] =
	"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";

static char *render(const char *buf, struct edit_list *l)
{
	struct strbuf sb;

	sb_init(&sb);
	edits_sort(l, NULL);
	diff_render(&sb, "f.c", buf, strlen(buf), l);
	edit_list_free(l);
	return sb.buf ? sb_detach(&sb) : xstrdup("");
}

static void test_replace_line(void **state)
{
	struct edit_list l = { 0 };
	char *d;

	(void)state;
	edit_add(&l, 8, 10, "five\n", 0);	/* "5\n" */
	d = render(ten, &l);
	assert_string_equal(d,
		"--- a/f.c\n+++ b/f.c\n"
		"@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
	free(d);
}

static void test_insert_and_delete_at_edges(void **state)
{
	struct edit_list l = { 0 };
	char *d;

	(void)state;
	edit_add(&l, 0, 0, "0\n", 0);		/* before line 1 */
	edit_add(&l, 18, 21, "", 1);		/* "10\n" */
	d = render(ten, &l);
	assert_string_equal(d,
		"--- a/f.c\n+++ b/f.c\n"
		"@@ -1,3 +1,4 @@\n+0\n 1\n 2\n 3\n"
		"@@ -7,4 +8,3 @@\n 7\n 8\n 9\n-10\n");
	free(d);
}

static void test_close_changes_share_a_hunk(void **state)
{
	struct edit_list l = { 0 };
	char *d;

	(void)state;
	edit_add(&l, 2, 3, "two", 0);		/* "2" */
	edit_add(&l, 14, 15, "eight", 1);	/* "8" */
	d = render(ten, &l);
	assert_string_equal(d,
		"--- a/f.c\n+++ b/f.c\n"
		"@@ -1,10 +1,10 @@\n 1\n-2\n+two\n 3\n 4\n 5\n 6\n 7\n-8\n+eight\n 9\n 10\n");
	free(d);
}

static void test_unchanged_lines_are_context(void **state)
{
	struct edit_list l = { 0 };
	char *d;

	(void)state;
	/* rewrites lines 4-6 with the same 4 and 6: only 5 changes */
	edit_add(&l, 6, 12, "4\nV\n6\n", 0);
	d = render(ten, &l);
	assert_string_equal(d,
		"--- a/f.c\n+++ b/f.c\n"
		"@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+V\n 6\n 7\n 8\n");
	free(d);
}

static void test_no_change_no_diff(void **state)
{
	struct edit_list l = { 0 };
	char *d;

	(void)state;
	edit_add(&l, 2, 4, "2\n", 0);
	d = render(ten, &l);
	assert_string_equal(d, "");
	free(d);
}

static void test_no_newline_at_end(void **state)
{
	struct edit_list l = { 0 };
	char *d;

	(void)state;
	edit_add(&l, 2, 3, "B", 0);
	d = render("a\nb", &l);
	assert_string_equal(d,
		"--- a/f.c\n+++ b/f.c\n"
		"@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n"
		"+B\n\\ No newline at end of file\n");
	free(d);
}

static void test_overlap_drops_the_later_site(void **state)
{
	struct edit_list l = { 0 }, dropped = { 0 };
	size_t len;
	char *out;

	(void)state;
	edit_add(&l, 0, 4, "x\n", 0);		/* lines 1-2 */
	edit_add(&l, 2, 6, "y\n", 1);		/* lines 2-3: overlaps */
	edit_add(&l, 8, 10, "z\n", 1);		/* same site: goes too */
	edit_add(&l, 12, 14, "w\n", 2);
	edits_sort(&l, &dropped);
	assert_int_equal(l.n, 2);
	assert_int_equal(dropped.n, 1);
	assert_int_equal(dropped.items[0].site, 1);
	out = edits_apply(ten, strlen(ten), &l, &len);
	assert_string_equal(out, "x\n3\n4\n5\n6\nw\n8\n9\n10\n");
	free(out);
	edit_list_free(&l);
	edit_list_free(&dropped);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_replace_line),
		cmocka_unit_test(test_insert_and_delete_at_edges),
		cmocka_unit_test(test_close_changes_share_a_hunk),
		cmocka_unit_test(test_unchanged_lines_are_context),
		cmocka_unit_test(test_no_change_no_diff),
		cmocka_unit_test(test_no_newline_at_end),
		cmocka_unit_test(test_overlap_drops_the_later_site),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

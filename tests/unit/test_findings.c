/* Unit tests of the findings list (checker/findings.c): output order
 * is file, line, column, check whatever order the stages found them
 * in; one finding per place and check; notes are deep-copied.
 * Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/findings.h"
#include "lib/util.h"

#define MISSING "missing-write-bracket"
#define LEAK "write-bracket-leak"
#define DOUBLE "write-bracket-double-drop"

static struct loc at(const char *file, unsigned line, unsigned col)
{
	struct loc l = { file, line, col };

	return l;
}

/* A finding with all its owned strings allocated, so that the list's
 * frees are exercised (and ASan sees any that are missed). */
static void add(struct findings *fs, const char *file, unsigned line,
		unsigned col, const char *check, const char *msg)
{
	struct finding f;

	memset(&f, 0, sizeof(f));
	f.loc = at(file, line, col);
	f.function = xstrdup("fn");
	f.check = check;
	f.callee = xstrdup("vfs_mkdir");
	f.message = xstrdup(msg);
	f.suggestion = xasprintf("suggestion for %s", msg);
	f.call_text = xstrdup("vfs_mkdir(dir, dentry, mode)");
	note_add(&f.notes, at(file, line, 1), xasprintf("note of %s", msg));
	findings_add(fs, &f);
	/* Ownership moved: the caller's copy is emptied. */
	assert_null(f.message);
	assert_null(f.notes.items);
	assert_int_equal(f.notes.n, 0);
}

static void check_at(const struct finding *f, const char *file,
		     unsigned line, unsigned col, const char *check,
		     const char *msg)
{
	if (file)
		assert_string_equal(f->loc.file, file);
	else
		assert_null(f->loc.file);
	assert_int_equal(f->loc.line, line);
	assert_int_equal(f->loc.col, col);
	assert_string_equal(f->check, check);
	assert_string_equal(f->message, msg);
}

static void test_order(void **state)
{
	struct findings fs = { 0 };

	(void)state;
	add(&fs, "fs/open.c", 10, 5, MISSING, "a");
	add(&fs, "fs/namei.c", 200, 3, LEAK, "b");
	add(&fs, "fs/namei.c", 20, 9, MISSING, "c");
	add(&fs, "fs/namei.c", 20, 2, MISSING, "d");
	add(&fs, "fs/namei.c", 20, 9, DOUBLE, "e");
	add(&fs, NULL, 1, 1, LEAK, "f");
	add(&fs, "fs/namei.c", 3, 100, LEAK, "g");
	assert_int_equal(fs.n, 7);
	findings_finish(&fs);
	assert_int_equal(fs.n, 7);
	/* No file sorts first; lines compare as numbers, not text. */
	check_at(&fs.items[0], NULL, 1, 1, LEAK, "f");
	check_at(&fs.items[1], "fs/namei.c", 3, 100, LEAK, "g");
	check_at(&fs.items[2], "fs/namei.c", 20, 2, MISSING, "d");
	/* Same place: by check name. */
	check_at(&fs.items[3], "fs/namei.c", 20, 9, MISSING, "c");
	check_at(&fs.items[4], "fs/namei.c", 20, 9, DOUBLE, "e");
	check_at(&fs.items[5], "fs/namei.c", 200, 3, LEAK, "b");
	check_at(&fs.items[6], "fs/open.c", 10, 5, MISSING, "a");
	/* Each kept its own notes and strings. */
	assert_int_equal(fs.items[6].notes.n, 1);
	assert_string_equal(fs.items[6].notes.items[0].msg, "note of a");
	assert_string_equal(fs.items[6].suggestion, "suggestion for a");
	findings_free(&fs);
	assert_null(fs.items);
	assert_int_equal(fs.n, 0);
	assert_int_equal(fs.cap, 0);
}

static void test_dedupe(void **state)
{
	struct findings fs = { 0 };

	(void)state;
	add(&fs, "a.c", 5, 2, MISSING, "second");
	add(&fs, "a.c", 5, 2, MISSING, "first");
	add(&fs, "a.c", 5, 2, MISSING, "second");
	/* Another check at the same place stays. */
	add(&fs, "a.c", 5, 2, LEAK, "leak");
	/* So do the same check one column on, and in another file. */
	add(&fs, "a.c", 5, 3, MISSING, "col");
	add(&fs, "b.c", 5, 2, MISSING, "file");
	findings_finish(&fs);
	assert_int_equal(fs.n, 4);
	/* The one kept is the first in sort order (by message here). */
	check_at(&fs.items[0], "a.c", 5, 2, MISSING, "first");
	check_at(&fs.items[1], "a.c", 5, 2, LEAK, "leak");
	check_at(&fs.items[2], "a.c", 5, 3, MISSING, "col");
	check_at(&fs.items[3], "b.c", 5, 2, MISSING, "file");
	/* Finishing twice changes nothing. */
	findings_finish(&fs);
	assert_int_equal(fs.n, 4);
	check_at(&fs.items[0], "a.c", 5, 2, MISSING, "first");
	findings_free(&fs);
}

/* File names are compared by content, not by pointer. */
static void test_dedupe_equal_file_names(void **state)
{
	struct findings fs = { 0 };
	char f1[] = "fs/namei.c", f2[] = "fs/namei.c";

	(void)state;
	add(&fs, f1, 7, 1, MISSING, "x");
	add(&fs, f2, 7, 1, MISSING, "y");
	findings_finish(&fs);
	assert_int_equal(fs.n, 1);
	assert_string_equal(fs.items[0].message, "x");
	findings_free(&fs);
}

static void test_empty(void **state)
{
	struct findings fs = { 0 };

	(void)state;
	findings_finish(&fs);
	assert_int_equal(fs.n, 0);
	findings_free(&fs);
	assert_null(fs.items);
}

/* Findings without the optional strings (a return has no call text,
 * most have no suggestion) are freed and sorted like any other. */
static void test_optional_fields(void **state)
{
	struct findings fs = { 0 };
	struct finding f;

	(void)state;
	memset(&f, 0, sizeof(f));
	f.loc = at("x.c", 9, 1);
	f.check = LEAK;
	f.message = xstrdup("m2");
	findings_add(&fs, &f);
	memset(&f, 0, sizeof(f));
	f.loc = at("x.c", 9, 1);
	f.check = LEAK;
	f.message = xstrdup("m1");
	f.callee = xstrdup("mnt_want_write");
	findings_add(&fs, &f);
	findings_finish(&fs);
	/* Same place and check: one left, the one without a callee. */
	assert_int_equal(fs.n, 1);
	assert_null(fs.items[0].callee);
	assert_string_equal(fs.items[0].message, "m2");
	findings_free(&fs);
}

static uint64_t rng_state;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static int cmp_place(const struct finding *a, const struct finding *b)
{
	int c = strcmp(a->loc.file, b->loc.file);

	if (c)
		return c;
	if (a->loc.line != b->loc.line)
		return a->loc.line < b->loc.line ? -1 : 1;
	if (a->loc.col != b->loc.col)
		return a->loc.col < b->loc.col ? -1 : 1;
	return strcmp(a->check, b->check);
}

/* Many findings on few places: strictly increasing places afterwards,
 * and exactly one per distinct place and check. */
static void test_random(void **state)
{
	static const char *const files[] = { "a.c", "b.c", "include/c.h" };
	static const char *const checks[] = { MISSING, LEAK, DOUBLE };
	unsigned char seen[3][6][4][3] = { { { { 0 } } } };
	struct findings fs = { 0 };
	size_t i, distinct = 0;
	unsigned fi, line, col, ci;
	char msg[32];

	(void)state;
	rng_state = 0xf1d1c65ull;
	for (i = 0; i < 3000; i++) {
		fi = rng() % 3;
		line = rng() % 6;
		col = rng() % 4;
		ci = rng() % 3;
		if (!seen[fi][line][col][ci]++)
			distinct++;
		snprintf(msg, sizeof(msg), "m%zu", i);
		add(&fs, files[fi], line, col, checks[ci], msg);
	}
	findings_finish(&fs);
	assert_int_equal(fs.n, distinct);
	for (i = 1; i < fs.n; i++)
		assert_true(cmp_place(&fs.items[i - 1], &fs.items[i]) < 0);
	findings_free(&fs);
}

/* ---- notes --------------------------------------------------------- */

static void test_notes(void **state)
{
	struct note_list a = { 0 }, b = { 0 };
	char *msg;
	size_t i;

	(void)state;
	msg = xstrdup("taken here by mnt_want_write(path->mnt)");
	note_add(&a, at("a.c", 3, 8), msg);
	assert_int_equal(a.n, 1);
	/* note_add takes the string itself. */
	assert_ptr_equal(a.items[0].msg, msg);
	note_add(&a, at("a.c", 9, 2), xstrdup("released here"));
	note_add(&b, at("b.c", 1, 1), xstrdup("already there"));
	note_list_copy(&b, &a);
	/* Appended after what B had, in order, as copies. */
	assert_int_equal(b.n, 3);
	assert_string_equal(b.items[0].msg, "already there");
	assert_string_equal(b.items[1].msg,
			    "taken here by mnt_want_write(path->mnt)");
	assert_ptr_not_equal(b.items[1].msg, a.items[0].msg);
	assert_string_equal(b.items[1].loc.file, "a.c");
	assert_int_equal(b.items[1].loc.line, 3);
	assert_int_equal(b.items[1].loc.col, 8);
	assert_string_equal(b.items[2].msg, "released here");
	assert_int_equal(b.items[2].loc.line, 9);
	/* The copy outlives the original. */
	note_list_free(&a);
	assert_null(a.items);
	assert_int_equal(a.n, 0);
	assert_int_equal(a.cap, 0);
	assert_string_equal(b.items[1].msg,
			    "taken here by mnt_want_write(path->mnt)");
	/* Copying an empty list adds nothing; copying a list onto an
	 * empty one grows it. */
	note_list_copy(&b, &a);
	assert_int_equal(b.n, 3);
	for (i = 0; i < 20; i++)
		note_add(&a, at("c.c", (unsigned)i, 1), xasprintf("n%zu", i));
	note_list_copy(&b, &a);
	assert_int_equal(b.n, 23);
	assert_string_equal(b.items[22].msg, "n19");
	assert_int_equal(b.items[22].loc.line, 19);
	note_list_free(&a);
	note_list_free(&b);
	/* Freeing twice is harmless. */
	note_list_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_dedupe),
		cmocka_unit_test(test_dedupe_equal_file_names),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_optional_fields),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_notes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests of the --diff parser and filter (checker/input/git_diff.c): the
 * changed lines of each new file from git's unified diff, in all the
 * shapes git prints (renames, new, deleted and binary files, quoted
 * names, "\ No newline"), refusal of anything else, carrying staged
 * lines over unstaged hunks, and the findings kept. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/git_diff.h"
#include "lib/util.h"

static void parse_ok(const char *text, struct diff_set *ds)
{
	char *err = NULL;
	int rc = gitdiff_parse(text, strlen(text), ds, &err);

	if (rc)
		fail_msg("unexpected error: %s", err);
	assert_null(err);
}

/* "a-b c-d" of F's ranges. */
static char *ranges(const struct diff_file *f)
{
	struct strbuf sb;
	size_t i;

	sb_init(&sb);
	sb_add(&sb, "");
	for (i = 0; i < f->n; i++)
		sb_addf(&sb, "%s%u-%u", i ? " " : "", f->ranges[i].start,
			f->ranges[i].end);
	return sb_detach(&sb);
}

static void assert_ranges(const struct diff_file *f, const char *want)
{
	char *got = ranges(f);

	assert_string_equal(got, want);
	free(got);
}

static void test_empty(void **state)
{
	struct diff_set ds;

	(void)state;
	parse_ok("", &ds);
	assert_int_equal(ds.n, 0);
	diff_set_free(&ds);
}

static void test_modified(void **state)
{
	struct diff_set ds;

	(void)state;
	parse_ok("diff --git a/fs/namei.c b/fs/namei.c\n"
		 "index 1111111..2222222 100644\n"
		 "--- a/fs/namei.c\n"
		 "+++ b/fs/namei.c\n"
		 "@@ -10 +10 @@ static int f(void)\n"
		 "-\told();\n"
		 "+\tnew();\n"
		 "@@ -20,0 +21,2 @@\n"
		 "+\ta();\n"
		 "+\tb();\n"
		 "@@ -40,3 +43,0 @@\n"
		 "-\tx();\n"
		 "-\ty();\n"
		 "-\tz();\n", &ds);
	assert_int_equal(ds.n, 1);
	assert_string_equal(ds.files[0].path, "fs/namei.c");
	assert_string_equal(ds.files[0].old_path, "fs/namei.c");
	/* a pure deletion touches the lines around where it was */
	assert_ranges(&ds.files[0], "10-10 21-22 43-44");
	assert_int_equal(ds.files[0].nhunks, 3);
	assert_true(diff_file_has_line(&ds.files[0], 22));
	assert_false(diff_file_has_line(&ds.files[0], 23));
	assert_false(diff_file_has_line(&ds.files[0], 9));
	assert_non_null(diff_set_find(&ds, "fs/namei.c"));
	assert_null(diff_set_find(&ds, "fs/open.c"));
	diff_set_free(&ds);
}

static void test_context_lines(void **state)
{
	struct diff_set ds;

	(void)state;
	parse_ok("diff --git a/x.c b/x.c\n"
		 "--- a/x.c\n"
		 "+++ b/x.c\n"
		 "@@ -1,4 +1,5 @@\n"
		 " a\n"
		 "-b\n"
		 "+B\n"
		 "+C\n"
		 " d\n"
		 " e\n", &ds);
	assert_ranges(&ds.files[0], "2-3");
	diff_set_free(&ds);
}

static void test_new_deleted_binary(void **state)
{
	struct diff_set ds;

	(void)state;
	parse_ok("diff --git a/new.c b/new.c\n"
		 "new file mode 100644\n"
		 "index 0000000..e69de29\n"
		 "--- /dev/null\n"
		 "+++ b/new.c\n"
		 "@@ -0,0 +1,2 @@\n"
		 "+int a;\n"
		 "+int b;\n"
		 "\\ No newline at end of file\n"
		 "diff --git a/gone.c b/gone.c\n"
		 "deleted file mode 100644\n"
		 "index e69de29..0000000\n"
		 "--- a/gone.c\n"
		 "+++ /dev/null\n"
		 "@@ -1,2 +0,0 @@\n"
		 "-int a;\n"
		 "-int b;\n"
		 "diff --git a/empty.c b/empty.c\n"
		 "new file mode 100644\n"
		 "index 0000000..e69de29\n"
		 "diff --git a/logo.png b/logo.png\n"
		 "index 1111111..2222222 100644\n"
		 "Binary files a/logo.png and b/logo.png differ\n", &ds);
	assert_int_equal(ds.n, 4);
	assert_string_equal(ds.files[0].path, "new.c");
	assert_null(ds.files[0].old_path);
	assert_ranges(&ds.files[0], "1-2");
	assert_null(ds.files[1].path);
	assert_int_equal(ds.files[1].n, 0);
	assert_string_equal(ds.files[2].path, "empty.c");
	assert_int_equal(ds.files[2].n, 0);
	assert_string_equal(ds.files[3].path, "logo.png");
	assert_true(ds.files[3].binary);
	diff_set_free(&ds);
}

static void test_rename_and_mode(void **state)
{
	struct diff_set ds;

	(void)state;
	parse_ok("diff --git a/old name.c b/new name.c\n"
		 "similarity index 90%\n"
		 "rename from old name.c\n"
		 "rename to new name.c\n"
		 "index 1111111..2222222 100644\n"
		 "--- a/old name.c\t\n"
		 "+++ b/new name.c\t\n"
		 "@@ -3 +3 @@\n"
		 "-a\n"
		 "+b\n"
		 "diff --git a/pure.c b/moved.c\n"
		 "similarity index 100%\n"
		 "rename from pure.c\n"
		 "rename to moved.c\n"
		 "diff --git a/script.c b/script.c\n"
		 "old mode 100644\n"
		 "new mode 100755\n"
		 "diff --git a/c.c b/copy.c\n"
		 "similarity index 100%\n"
		 "copy from c.c\n"
		 "copy to copy.c\n", &ds);
	assert_int_equal(ds.n, 4);
	assert_string_equal(ds.files[0].path, "new name.c");
	assert_string_equal(ds.files[0].old_path, "old name.c");
	assert_ranges(&ds.files[0], "3-3");
	assert_string_equal(ds.files[1].path, "moved.c");
	assert_string_equal(ds.files[1].old_path, "pure.c");
	assert_int_equal(ds.files[1].n, 0);
	assert_string_equal(ds.files[2].path, "script.c");
	assert_string_equal(ds.files[3].path, "copy.c");
	diff_set_free(&ds);
}

static void test_quoted(void **state)
{
	struct diff_set ds;

	(void)state;
	parse_ok("diff --git \"a/t\\tab \\\"q\\\".c\" \"b/t\\tab \\\"q\\\".c\"\n"
		 "--- \"a/t\\tab \\\"q\\\".c\"\t\n"
		 "+++ \"b/t\\tab \\\"q\\\".c\"\t\n"
		 "@@ -1 +1 @@\n"
		 "-a\n"
		 "+b\n"
		 "diff --git \"a/caf\\303\\251.c\" \"b/caf\\303\\251.c\"\n"
		 "new file mode 100644\n"
		 "--- /dev/null\n"
		 "+++ \"b/caf\\303\\251.c\"\n"
		 "@@ -0,0 +1 @@\n"
		 "+x\n", &ds);
	assert_int_equal(ds.n, 2);
	assert_string_equal(ds.files[0].path, "t\tab \"q\".c");
	assert_string_equal(ds.files[1].path, "caf\xc3\xa9.c");
	diff_set_free(&ds);
}

static void test_unmerged(void **state)
{
	struct diff_set ds;

	(void)state;
	parse_ok("* Unmerged path fs/conflict.c\n"
		 "diff --git a/x.c b/x.c\n"
		 "--- a/x.c\n"
		 "+++ b/x.c\n"
		 "@@ -1 +1 @@\n"
		 "-a\n"
		 "+b\n", &ds);
	assert_int_equal(ds.n, 1);
	diff_set_free(&ds);
}

/* Each of these must be refused with a message, never half-read. */
static void test_garbage(void **state)
{
	static const char *const bad[] = {
		"hello\n",
		"--- a/x.c\n+++ b/x.c\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n+c\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\nb\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -x +1 @@\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +99999999999 @@\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ x.c\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ \"b/x.c\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ \"b/x\\000.c\"\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ \"b/x\\q.c\"\n",
		"diff --git a/x.c b/x.c\nsomething else\n",
		"diff --git a/x.c b/x.c\n@@ -1 +1 @@\n-a\n+b\n",
		"diff --cc x.c\n",
		"diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\ntrailing\n",
		"diff --git a/one b/two words\n",
		"diff --git a/x.c b/x.c\ndeleted file mode 100644\ndiff --git x y\n",
		NULL,
	};
	int i;

	(void)state;
	for (i = 0; bad[i]; i++) {
		struct diff_set ds;
		char *err = NULL;
		int rc = gitdiff_parse(bad[i], strlen(bad[i]), &ds, &err);

		if (rc != -1)
			fail_msg("accepted garbage #%d: %s", i, bad[i]);
		assert_non_null(err);
		assert_non_null(strstr(err, "git diff output, line "));
		assert_int_equal(ds.n, 0);
		free(err);
	}
}

/* Staged lines (of the index) carried over index -> working tree. */
static void test_map(void **state)
{
	struct diff_set staged, unstaged;

	(void)state;
	parse_ok("diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n"
		 "@@ -4,0 +5 @@\n+s1\n"
		 "@@ -20,0 +22,2 @@\n+s2\n+s3\n", &staged);
	assert_ranges(&staged.files[0], "5-5 22-23");
	/* the working tree adds 3 lines at the top and rewrites line 22 */
	parse_ok("diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n"
		 "@@ -0,0 +1,3 @@\n+u\n+u\n+u\n"
		 "@@ -22 +25,2 @@\n-s2\n+w\n+w\n", &unstaged);
	diff_file_map(&staged.files[0], &unstaged.files[0]);
	assert_ranges(&staged.files[0], "8-8 25-27");
	diff_set_free(&staged);
	diff_set_free(&unstaged);
}

static struct finding finding(const char *file, unsigned line,
			      const char *note_file, unsigned note_line)
{
	struct finding f;
	struct loc l = { file, line, 1 };

	memset(&f, 0, sizeof(f));
	f.loc = l;
	f.check = "missing-write-bracket";
	f.message = xstrdup("m");
	if (note_file) {
		struct loc n = { note_file, note_line, 1 };

		note_add(&f.notes, n, xstrdup("note"));
	}
	return f;
}

static void test_filter(void **state)
{
	struct diff_set ds;
	struct findings fs = { 0 };
	struct finding f;

	(void)state;
	parse_ok("diff --git a/fs/a.c b/fs/a.c\n--- a/fs/a.c\n+++ b/fs/a.c\n"
		 "@@ -9,0 +10 @@\n+x\n"
		 "diff --git a/include/h.h b/include/h.h\n--- a/include/h.h\n+++ b/include/h.h\n"
		 "@@ -4 +4 @@\n-y\n+z\n", &ds);
	f = finding("/top/fs/a.c", 10, NULL, 0);	/* on a changed line */
	findings_add(&fs, &f);
	f = finding("/top/fs/a.c", 30, NULL, 0);	/* untouched */
	findings_add(&fs, &f);
	f = finding("/top/fs/a.c", 31, "/top/include/h.h", 4);	/* a note in the change */
	findings_add(&fs, &f);
	f = finding("/top/fs/a.c", 32, "/top/include/h.h", 5);	/* a note next to it */
	findings_add(&fs, &f);
	f = finding("/elsewhere/fs/a.c", 10, NULL, 0);	/* another tree */
	findings_add(&fs, &f);
	f = finding(NULL, 10, NULL, 0);
	findings_add(&fs, &f);
	gitdiff_filter(&fs, &ds, "/top");
	assert_int_equal(fs.n, 2);
	assert_int_equal(fs.items[0].loc.line, 10);
	assert_string_equal(fs.items[0].loc.file, "/top/fs/a.c");
	assert_int_equal(fs.items[1].loc.line, 31);
	findings_free(&fs);
	diff_set_free(&ds);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_modified),
		cmocka_unit_test(test_context_lines),
		cmocka_unit_test(test_new_deleted_binary),
		cmocka_unit_test(test_rename_and_mode),
		cmocka_unit_test(test_quoted),
		cmocka_unit_test(test_unmerged),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_map),
		cmocka_unit_test(test_filter),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

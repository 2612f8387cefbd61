/* Unit tests of the fix API (checker/fix.h): the edits fix_collect()
 * gives for each site, in source terms, as a SARIF "fixes" writer
 * would use them.  Runs the whole pipeline on a small file written
 * here.  Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fix/fix.h"
#include "frontend/parse.h"
#include "frontend/parse_pool.h"
#include "analysis/interproc.h"
#include "checks/all_checks.h"
#include "lib/util.h"

static const char source[] =
	"struct vfsmount;\n"					/* 1 */
	"struct inode;\n"					/* 2 */
	"struct dentry { struct inode *d_inode; };\n"		/* 3 */
	"struct path { struct vfsmount *mnt; struct dentry *dentry; };\n"
	"int vfs_unlink(struct inode *dir, struct dentry *dentry);\n"
	"int path_unlink(struct path *dir_path, struct dentry *dentry);\n"
	"int mnt_want_write(struct vfsmount *mnt);\n"		/* 7 */
	"void mnt_drop_write(struct vfsmount *mnt);\n"
	"\n"
	"int f(struct path *p, struct dentry *d)\n"		/* 10 */
	"{\n"
	"\treturn vfs_unlink(p->dentry->d_inode, d);\n"	/* 12 */
	"}\n"
	"\n"
	"int g(struct inode *dir, struct dentry *d)\n"	/* 15 */
	"{\n"
	"\treturn vfs_unlink(dir, d);\n"			/* 17: left alone */
	"}\n";

static void run(enum fix_mode mode, struct fix_edits *edits, struct strbuf *diff)
{
	char *path = xasprintf("%s/wbcheck-fix-XXXXXX.c", tmp_dir());
	int fd = mkstemps(path, 2);
	struct rules rules;
	struct program prog;
	struct frontend fe;
	struct findings fs = { 0 };
	struct job job = { .file = path };
	char *err = NULL;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, source, sizeof(source) - 1),
			 (long)(sizeof(source) - 1));
	close(fd);
	rules_init(&rules);
	assert_int_equal(rules_load(&rules, "rules/wbcheck.rules", &err), 0);
	program_init(&prog);
	frontend_init(&fe, &rules, &prog);
	assert_int_equal(parse_jobs(&fe, &job, 1, 1), 0);
	program_analyse(&prog, &rules, all_checks, nall_checks, &fs);
	assert_int_equal(fs.n, 2);
	assert_int_equal(fix_collect(mode, &fs, &prog, &rules, &job, 1, NULL,
				     edits, diff), 0);
	unlink(path);
	free(path);
	findings_free(&fs);
	program_free(&prog);
	frontend_free(&fe);
	rules_free(&rules);
}

static void test_edits_of_a_site(void **state)
{
	struct fix_edits edits = { 0 };
	struct strbuf diff;

	(void)state;
	sb_init(&diff);
	run(FIX_SITES, &edits, &diff);
	/* one site fixed: its line replaced; the other left alone */
	assert_int_equal(edits.n, 1);
	assert_int_equal(edits.items[0].site.line, 12);
	assert_int_equal(edits.items[0].site.col, 9);
	assert_int_equal(edits.items[0].start_line, 12);
	assert_int_equal(edits.items[0].start_col, 1);
	assert_int_equal(edits.items[0].end_line, 13);
	assert_int_equal(edits.items[0].end_col, 1);
	assert_string_equal(edits.items[0].text, "\treturn path_unlink(p, d);\n");
	assert_non_null(strstr(diff.buf, "-\treturn vfs_unlink(p->dentry->d_inode, d);\n"
				   "+\treturn path_unlink(p, d);\n"));
	assert_null(strstr(diff.buf, "vfs_unlink(dir, d)"));
	fix_edits_free(&edits);
	sb_free(&diff);
}

static void test_edits_without_diff(void **state)
{
	struct fix_edits edits = { 0 };

	(void)state;
	run(FIX_CONVERT, &edits, NULL);
	assert_int_equal(edits.n, 1);
	assert_non_null(edits.items[0].file);
	fix_edits_free(&edits);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edits_of_a_site),
		cmocka_unit_test(test_edits_without_diff),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

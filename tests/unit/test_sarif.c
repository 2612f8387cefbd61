/* Unit tests of checker/sarif.c, the parts the command line cannot
 * reach yet: the fixes seam (what --fix will hand the writer), unknown
 * places, renamed checks.  With WBCHECK_SARIF_OUT set, the log with
 * fixes is also written there, for tests/sarif.t to validate against
 * the SARIF schema. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/fingerprint.h"
#include "report/text.h"
#include "ruleset/ruleset.h"
#include "report/sarif.h"
#include "lib/util.h"

static char *render(const struct findings *fs, const struct sarif_run *run)
{
	FILE *f = tmpfile();
	char *buf;
	long len;

	assert_non_null(f);
	output_sarif(f, fs, run);
	len = ftell(f);
	assert_true(len > 0);
	buf = xmalloc(len + 1);
	rewind(f);
	assert_int_equal(fread(buf, 1, len, f), len);
	buf[len] = '\0';
	fclose(f);
	return buf;
}

static void add(struct findings *fs, const char *file, unsigned line,
		unsigned col, const char *check, int notes)
{
	struct finding f;
	struct loc l = { file, line - 2, 3 };

	memset(&f, 0, sizeof(f));
	f.loc.file = file;
	f.loc.line = line;
	f.loc.col = col;
	f.check = check;
	f.function = xstrdup("nfsd_unlink");
	f.callee = xstrdup("vfs_unlink");
	f.message = xstrdup("vfs_unlink() may be called without a write bracket on the mount");
	f.suggestion = xstrdup("path_unlink(&path, dentry)");
	f.call_text = xstrdup("vfs_unlink(dir, dentry)");
	if (notes)
		note_add(&f.notes, l, xstrdup("dropped here by \"mnt_drop_write()\""));
	findings_add(fs, &f);
}

static void test_fixes(void **state)
{
	static const struct sarif_replacement edits[] = {
		{ "fs/nfsd/vfs.c", 20, 9, 20, 32, "path_unlink(&path, dentry)" },
		{ "fs/nfsd/vfs.c", 18, 2, 18, 2, "err = mnt_want_write(path.mnt);\n\t" },
		{ "fs/nfsd/vfs.h", 3, 1, 3, 1, "int path_unlink(struct path *, struct dentry *);\n" },
	};
	struct sarif_fix fixes[2] = {
		{ "use path_unlink(), which takes the bracket", edits, 3 },
		{ NULL, NULL, 0 },	/* no fix for the second finding */
	};
	struct findings fs = { 0 };
	struct sarif_run run = { 0 };
	const char *out_path = getenv("WBCHECK_SARIF_OUT");
	char **fps, *s;

	(void)state;
	add(&fs, "fs/nfsd/vfs.c", 20, 9, "missing-write-bracket", 1);
	add(&fs, "fs/nfsd/vfs.c", 40, 2, "write-bracket-leak", 0);
	fps = fingerprints_compute(&fs, NULL);
	run.version = "test";
	run.root = "/src/linux";
	run.fps = fps;
	run.fixes = fixes;
	s = render(&fs, &run);
	/* one fix, two artifact changes: the .c file's two edits together */
	assert_non_null(strstr(s, "\"fixes\": [{\"description\": {\"text\": \"use path_unlink(), which takes the bracket\"}, "
			       "\"artifactChanges\": [{\"artifactLocation\": {\"uri\": \"fs/nfsd/vfs.c\", \"uriBaseId\": \"SRCROOT\"}, "
			       "\"replacements\": [{\"deletedRegion\": {\"startLine\": 20, \"startColumn\": 9, \"endLine\": 20, \"endColumn\": 32}, "
			       "\"insertedContent\": {\"text\": \"path_unlink(&path, dentry)\"}}, "
			       "{\"deletedRegion\": {\"startLine\": 18, \"startColumn\": 2, \"endLine\": 18, \"endColumn\": 2}, "
			       "\"insertedContent\": {\"text\": \"err = mnt_want_write(path.mnt);\\n\\t\"}}]}, "
			       "{\"artifactLocation\": {\"uri\": \"fs/nfsd/vfs.h\", \"uriBaseId\": \"SRCROOT\"}, \"replacements\": ["));
	/* only one result has fixes */
	assert_null(strstr(strstr(s, "\"fixes\"") + 1, "\"fixes\""));
	/* the note, JSON-escaped, then the finding: a code flow */
	assert_non_null(strstr(s, "\"message\": {\"text\": \"dropped here by \\\"mnt_drop_write()\\\"\"}}}, {\"location\""));
	assert_non_null(strstr(s, "\"SRCROOT\": {\"uri\": \"file:///src/linux/\"}"));
	assert_non_null(strstr(s, "\"version\": \"test\""));
	assert_non_null(strstr(s, "\"executionSuccessful\": true"));
	if (out_path) {
		FILE *f = fopen(out_path, "w");

		assert_non_null(f);
		fputs(s, f);
		assert_int_equal(fclose(f), 0);
	}
	free(s);
	/* no fixes array at all: none printed */
	run.fixes = NULL;
	s = render(&fs, &run);
	assert_null(strstr(s, "\"fixes\""));
	free(s);
	fingerprints_free(fps, fs.n);
	findings_free(&fs);
}

/* A finding with no file has no location; a check the rules renamed
 * still gets its rule's metadata, under the new name. */
static void test_unknown_and_renamed(void **state)
{
	struct findings fs = { 0 };
	struct sarif_run run = { 0 };
	struct rules rules;
	char *s;

	(void)state;
	rules_init(&rules);
	free(rules.names.missing);
	rules.names.missing = xstrdup("missing-lock");
	free(rules.names.resource);
	rules.names.resource = xstrdup("the inode lock");
	add(&fs, NULL, 0, 0, "missing-lock", 0);
	run.rules = &rules;
	run.failed = 1;
	s = render(&fs, &run);
	assert_null(strstr(s, "\"locations\""));
	assert_non_null(strstr(s, "{\"id\": \"missing-lock\", \"shortDescription\": {\"text\": \"A guarded call that some path reaches without the inode lock held\"}"));
	assert_non_null(strstr(s, "\"ruleId\": \"missing-lock\", \"ruleIndex\": 0"));
	assert_non_null(strstr(s, "\"executionSuccessful\": false"));
	assert_null(strstr(s, "partialFingerprints"));
	free(s);
	findings_free(&fs);
	rules_free(&rules);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixes),
		cmocka_unit_test(test_unknown_and_renamed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

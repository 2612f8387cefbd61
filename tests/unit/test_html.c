/* Unit tests of the HTML report's pieces (checker/report/html_*.c):
 * escaping (no source text can add markup), the order of a finding's
 * steps over a small hand-made program, the call chain, and the output
 * directory (refused, accepted, replaced whole).
 * Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/html_chain.h"
#include "report/html_dir.h"
#include "report/html_steps.h"
#include "report/html_text.h"
#include "lib/util.h"

/* What FN writes for S, N bytes (malloc'd). */
static char *escaped(const char *s, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	html_putn(out, s, n);
	fclose(out);
	return buf;
}

static void test_escape(void **state)
{
	static const char src[] =
		"\tif (a < b && c > d) s = \"x\"; /* 'q' */</td><script>";
	char *e;

	(void)state;
	e = escaped(src, strlen(src));
	assert_string_equal(e,
		"\tif (a &lt; b &amp;&amp; c &gt; d) s = &quot;x&quot;; /* &#39;q&#39; */&lt;/td&gt;&lt;script&gt;");
	free(e);
	/* valid UTF-8 stays, the rest and control characters become U+FFFD */
	e = escaped("\xc3\xa9-\xff-\x01-\x7f-\xe2\x82", 11);
	assert_string_equal(e, "\xc3\xa9-\xef\xbf\xbd-\xef\xbf\xbd-\xef\xbf\xbd-\xef\xbf\xbd\xef\xbf\xbd");
	free(e);
	/* a NUL in the middle of a line is a character like the others */
	e = escaped("a\0b", 3);
	assert_string_equal(e, "a\xef\xbf\xbd" "b");
	free(e);
}

static void test_url_value_and_dir(void **state)
{
	char *buf = NULL, *d;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	(void)state;
	html_put_url_value(out, "fs/nfsd a&b=c#d-e_f.g~");
	fclose(out);
	assert_string_equal(buf, "fs%2Fnfsd%20a%26b%3Dc%23d-e_f.g~");
	free(buf);
	d = html_dir_of("fs/nfsd/vfs.c");
	assert_string_equal(d, "fs/nfsd");
	free(d);
	d = html_dir_of("vfs.c");
	assert_string_equal(d, ".");
	free(d);
	d = html_dir_of("/vfs.c");
	assert_string_equal(d, "/");
	free(d);
}

/* ---- steps --------------------------------------------------------------
 *
 * caller.c:  10 int caller(...) {      helper.c: 30 int helper(...) {
 *            12   mnt_want_write();               33   vfs_unlink();
 *            14   helper();                       35 }
 *            16 }
 */
static struct ir_call call_want = { .callee = "mnt_want_write" };
static struct ir_call call_helper = { .callee = "helper" };
static struct ir_call call_unlink = { .callee = "vfs_unlink" };

static struct ir_instr caller_code[] = {
	{ .op = IR_CALL, .loc = { "caller.c", 12, 8 }, .call = &call_want },
	{ .op = IR_CALL, .loc = { "caller.c", 14, 9 }, .call = &call_helper },
	{ .op = IR_RETURN, .loc = { "caller.c", 16, 1 } },
};
static struct ir_instr helper_code[] = {
	{ .op = IR_CALL, .loc = { "helper.c", 33, 9 }, .call = &call_unlink },
	{ .op = IR_RETURN, .loc = { "helper.c", 35, 1 } },
};
static struct ir_func caller_fn = {
	.name = "caller", .loc = { "caller.c", 10, 5 },
	.instrs = caller_code, .ninstrs = 3,
};
static struct ir_func helper_fn = {
	.name = "helper", .loc = { "helper.c", 30, 5 },
	.instrs = helper_code, .ninstrs = 2,
};

static void program(struct program *p, struct ir_func **funcs)
{
	memset(p, 0, sizeof(*p));
	funcs[0] = &helper_fn;
	funcs[1] = &caller_fn;
	p->funcs = funcs;
	p->nfuncs = 2;
}

/* The finding at the call of the helper; its notes listed below first,
 * then before: the order the code runs them is the other. */
static void finding(struct finding *f)
{
	static struct note notes[] = {
		{ { "helper.c", 33, 9 }, "helper() calls vfs_unlink() here" },
		{ { "caller.c", 12, 8 }, "taken here" },
		{ { "wb.h", 3, 1 }, "in expansion of macro 'x'" },
	};

	memset(f, 0, sizeof(*f));
	f->loc = (struct loc){ "caller.c", 14, 9 };
	f->function = "caller";
	f->callee = "helper";
	f->message = "helper() may be called without it";
	f->notes.items = notes;
	f->notes.n = 3;
}

static void test_steps_order(void **state)
{
	struct ir_func *funcs[2];
	struct program p;
	struct finding f;
	struct html_steps s;

	(void)state;
	program(&p, funcs);
	finding(&f);
	html_steps_of(&s, &f, &p);
	assert_int_equal(s.n, 4);
	/* what leads to it, the finding, its own call's notes, below it */
	assert_string_equal(s.items[0].msg, "taken here");
	assert_ptr_equal(s.items[0].fn, &caller_fn);
	assert_string_equal(s.items[0].call, "mnt_want_write");
	assert_true(s.items[1].is_finding);
	assert_ptr_equal(s.items[1].fn, &caller_fn);
	assert_string_equal(s.items[1].call, "helper");
	assert_string_equal(s.items[2].msg, "in expansion of macro 'x'");
	assert_null(s.items[2].fn);
	assert_string_equal(s.items[3].msg, "helper() calls vfs_unlink() here");
	assert_ptr_equal(s.items[3].fn, &helper_fn);
	assert_string_equal(s.items[3].call, "vfs_unlink");
	assert_true(html_chain_wanted(&s));
	html_steps_free(&s);

	/* without the program: the finding, then the notes as listed */
	html_steps_of(&s, &f, NULL);
	assert_int_equal(s.n, 4);
	assert_true(s.items[0].is_finding);
	assert_string_equal(s.items[1].msg, "helper() calls vfs_unlink() here");
	assert_false(html_chain_wanted(&s));
	html_steps_free(&s);
}

static void test_chain_svg(void **state)
{
	struct ir_func *funcs[2];
	struct program p;
	struct finding f;
	struct html_steps s;
	char *buf = NULL;
	size_t len = 0;
	FILE *out;

	(void)state;
	program(&p, funcs);
	finding(&f);
	html_steps_of(&s, &f, &p);
	out = open_memstream(&buf, &len);
	html_chain_svg(out, &s);
	fclose(out);
	/* a box per function, the calls the steps are at as arrows */
	assert_non_null(strstr(buf, "<svg class=\"chain\""));
	assert_non_null(strstr(buf, ">caller()</text>"));
	assert_non_null(strstr(buf, ">helper()</text>"));
	assert_non_null(strstr(buf, ">vfs_unlink()</text>"));
	assert_non_null(strstr(buf, ">mnt_want_write()</text>"));
	assert_non_null(strstr(buf, "caller() calls helper(), "));
	assert_non_null(strstr(buf, "helper() calls vfs_unlink()"));
	assert_non_null(strstr(buf, ">2: caller.c:14</text>"));
	assert_null(strstr(buf, "http"));
	free(buf);
	html_steps_free(&s);
}

/* ---- the directory ----------------------------------------------------- */

static char *scratch(void)
{
	char *d = xasprintf("%s/wbcheck-html-XXXXXX", tmp_dir());

	assert_non_null(mkdtemp(d));
	return d;
}

static void touch(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(p, "w");

	assert_non_null(f);
	fputs("x\n", f);
	fclose(f);
	free(p);
}

static int exists(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name);
	int yes = access(p, F_OK) == 0;

	free(p);
	return yes;
}

static void test_dir(void **state)
{
	char *top = scratch(), *dir = xasprintf("%s/a/b/report", top);
	char *mine = xasprintf("%s/mine", top), *err = NULL, *tmp;
	char *cmd;

	(void)state;
	/* missing: its parents are made */
	assert_int_equal(html_dir_check(dir, &err), 0);
	tmp = html_dir_begin(dir, &err);
	assert_non_null(tmp);
	touch(tmp, HTML_MARKER);
	touch(tmp, "old.html");
	assert_int_equal(html_dir_commit(tmp, dir, &err), 0);
	assert_true(exists(dir, "old.html"));
	free(tmp);

	/* an earlier report: replaced whole, trailing slash or not */
	assert_int_equal(html_dir_check(dir, &err), 0);
	tmp = html_dir_begin(dir, &err);
	touch(tmp, HTML_MARKER);
	touch(tmp, "new.html");
	free(dir);
	dir = xasprintf("%s/a/b/report/", top);
	assert_int_equal(html_dir_commit(tmp, dir, &err), 0);
	assert_true(exists(dir, "new.html"));
	assert_false(exists(dir, "old.html"));
	free(tmp);

	/* anything else is refused, and not touched */
	assert_int_equal(mkdir(mine, 0777), 0);
	assert_int_equal(html_dir_check(mine, &err), -1);	/* empty */
	free(err);
	err = NULL;
	touch(mine, "notes.txt");
	assert_int_equal(html_dir_check(mine, &err), -1);
	assert_non_null(strstr(err, "not an earlier wbcheck report"));
	free(err);
	err = NULL;
	assert_true(exists(mine, "notes.txt"));
	free(mine);
	mine = xasprintf("%s/mine/notes.txt", top);
	assert_int_equal(html_dir_check(mine, &err), -1);
	assert_non_null(strstr(err, "not a directory"));
	free(err);

	/* nothing left beside the report: no .new- or .old- directories */
	cmd = xasprintf("test \"$(ls -A %s/a/b)\" = report", top);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	cmd = xasprintf("rm -rf %s", top);
	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(mine);
	free(dir);
	free(top);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_url_value_and_dir),
		cmocka_unit_test(test_steps_order),
		cmocka_unit_test(test_chain_svg),
		cmocka_unit_test(test_dir),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

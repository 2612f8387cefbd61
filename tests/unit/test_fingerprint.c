/* Unit tests of checker/fingerprint.c: SHA-256 against the FIPS 180-4
 * test vectors, the normalised call text, and the fingerprints' promise:
 * the same when lines move or the call is laid out again, different
 * when the call, the function, the check or the file changes, distinct
 * for equal calls in one function. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/fingerprint.h"
#include "lib/util.h"

static void hex(const unsigned char *md, char *out)
{
	int i;

	for (i = 0; i < 32; i++)
		sprintf(out + 2 * i, "%02x", md[i]);
}

static void check_sha(const char *in, size_t len, const char *want)
{
	unsigned char md[32];
	char got[65];

	sha256(in, len, md);
	hex(md, got);
	assert_string_equal(got, want);
}

static void test_sha256(void **state)
{
	char *million;

	(void)state;
	check_sha("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	check_sha("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	check_sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	check_sha("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
		  112, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
	/* 55, 56 and 64 bytes: the padding's edge cases */
	check_sha("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 55,
		  "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
	check_sha("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 64,
		  "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
	million = xmalloc(1000000);
	memset(million, 'a', 1000000);
	check_sha(million, 1000000,
		  "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	free(million);
}

static void check_norm(const char *in, const char *want)
{
	char *got = fp_normalise(in);

	assert_string_equal(got, want);
	free(got);
}

static void test_normalise(void **state)
{
	(void)state;
	check_norm("vfs_unlink(dir, dentry)", "vfs_unlink(dir,dentry)");
	check_norm("vfs_unlink( dir,\n\t\t  dentry )", "vfs_unlink(dir,dentry)");
	check_norm("vfs_unlink(dir, /* victim */ dentry)", "vfs_unlink(dir,dentry)");
	check_norm("f(a, // why\n b)", "f(a,b)");
	/* spaces that keep words apart stay, as one */
	check_norm("f((struct  inode *)x)", "f((struct inode*)x)");
	check_norm("f(sizeof  x)", "f(sizeof x)");
	/* literals keep theirs */
	check_norm("f(\"a  b\", 'x ')", "f(\"a  b\",'x ')");
	check_norm("f(\"a\\\"  b\")", "f(\"a\\\"  b\")");
	check_norm("", "");
	check_norm(NULL, "");
	check_norm("   ", "");
	/* unterminated comment and literal: no overrun */
	check_norm("f(a /* b", "f(a");
	check_norm("f(\"a", "f(\"a");
}

/* A finding of CHECK in FN calling CALLEE as TEXT at FILE:LINE. */
static void add(struct findings *fs, const char *file, unsigned line,
		const char *check, const char *fn, const char *callee,
		const char *text)
{
	struct finding f;

	memset(&f, 0, sizeof(f));
	f.loc.file = file;
	f.loc.line = line;
	f.loc.col = 9;
	f.check = check;
	f.function = fn ? xstrdup(fn) : NULL;
	f.callee = callee ? xstrdup(callee) : NULL;
	f.message = xstrdup("m");
	f.call_text = text ? xstrdup(text) : NULL;
	findings_add(fs, &f);
}

static char **fps_of(struct findings *fs)
{
	char **fps = fingerprints_compute(fs, NULL);
	size_t i;

	for (i = 0; i < fs->n; i++) {
		assert_int_equal(strlen(fps[i]), FP_HEX);
		assert_int_equal(strspn(fps[i], "0123456789abcdef"), FP_HEX);
	}
	return fps;
}

#define M "missing-write-bracket"
#define L "write-bracket-leak"

static void test_stable(void **state)
{
	struct findings a = { 0 }, b = { 0 };
	char **fa, **fb;
	size_t i;

	(void)state;
	add(&a, "fs/x.c", 10, M, "f", "vfs_unlink", "vfs_unlink(dir, d)");
	add(&a, "fs/x.c", 30, L, "g", "mnt_want_write", NULL);
	add(&a, "fs/x.c", 40, L, "g", "mnt_want_write", NULL);
	/* the same code 17 lines down, the call wrapped, the name ./-led */
	add(&b, "./fs/x.c", 27, M, "f", "vfs_unlink", "vfs_unlink(dir,\n\t\t   d)");
	add(&b, "fs/x.c", 47, L, "g", "mnt_want_write", NULL);
	add(&b, "fs/x.c", 57, L, "g", "mnt_want_write", NULL);
	fa = fps_of(&a);
	fb = fps_of(&b);
	for (i = 0; i < 3; i++)
		assert_string_equal(fa[i], fb[i]);
	/* two leaks in one function: two fingerprints */
	assert_string_not_equal(fa[1], fa[2]);
	fingerprints_free(fa, a.n);
	fingerprints_free(fb, b.n);
	findings_free(&a);
	findings_free(&b);
}

static void test_changes(void **state)
{
	struct findings fs = { 0 };
	char **fp;
	size_t i, j;

	(void)state;
	add(&fs, "fs/x.c", 10, M, "f", "vfs_unlink", "vfs_unlink(dir, d)");
	add(&fs, "fs/x.c", 10, M, "f", "vfs_unlink", "vfs_unlink(dir, e)");
	add(&fs, "fs/x.c", 10, M, "h", "vfs_unlink", "vfs_unlink(dir, d)");
	add(&fs, "fs/y.c", 10, M, "f", "vfs_unlink", "vfs_unlink(dir, d)");
	add(&fs, "fs/x.c", 10, L, "f", "vfs_unlink", "vfs_unlink(dir, d)");
	add(&fs, "fs/x.c", 10, M, "f", "vfs_rmdir", "vfs_unlink(dir, d)");
	add(&fs, "fs/x.c", 10, M, NULL, NULL, NULL);
	add(&fs, NULL, 0, M, NULL, NULL, NULL);
	fp = fps_of(&fs);
	/* each differs from the first in one part: all distinct */
	for (i = 0; i < fs.n; i++)
		for (j = i + 1; j < fs.n; j++)
			assert_string_not_equal(fp[i], fp[j]);
	fingerprints_free(fp, fs.n);
	findings_free(&fs);
}

/* Equal calls: their ranks tell them apart, and a third one added is
 * new while the first two keep theirs. */
static void test_duplicates(void **state)
{
	struct findings a = { 0 }, b = { 0 };
	char **fa, **fb;

	(void)state;
	add(&a, "x.c", 10, M, "f", "vfs_unlink", "vfs_unlink(dir, d)");
	add(&a, "x.c", 20, M, "f", "vfs_unlink", "vfs_unlink(dir, d)");
	add(&b, "x.c", 12, M, "f", "vfs_unlink", "vfs_unlink(dir, d)");
	add(&b, "x.c", 22, M, "f", "vfs_unlink", "vfs_unlink(dir, d)");
	add(&b, "x.c", 32, M, "f", "vfs_unlink", "vfs_unlink(dir, d)");
	fa = fps_of(&a);
	fb = fps_of(&b);
	assert_string_not_equal(fa[0], fa[1]);
	assert_string_equal(fa[0], fb[0]);
	assert_string_equal(fa[1], fb[1]);
	assert_string_not_equal(fb[2], fa[0]);
	assert_string_not_equal(fb[2], fa[1]);
	fingerprints_free(fa, a.n);
	fingerprints_free(fb, b.n);
	findings_free(&a);
	findings_free(&b);
}

/* The name callback: fingerprints use the name as printed. */
static const char *strip_root(const char *file)
{
	return strncmp(file, "/src/", 5) ? file : file + 5;
}

static void test_name(void **state)
{
	struct findings a = { 0 }, b = { 0 };
	char **fa, **fb;

	(void)state;
	add(&a, "/src/fs/x.c", 10, M, "f", "vfs_unlink", "vfs_unlink(d)");
	add(&b, "fs/x.c", 10, M, "f", "vfs_unlink", "vfs_unlink(d)");
	fa = fingerprints_compute(&a, strip_root);
	fb = fingerprints_compute(&b, NULL);
	assert_string_equal(fa[0], fb[0]);
	fingerprints_free(fa, a.n);
	fingerprints_free(fb, b.n);
	findings_free(&a);
	findings_free(&b);
	/* an empty list */
	fa = fingerprints_compute(&a, NULL);
	fingerprints_free(fa, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sha256),
		cmocka_unit_test(test_normalise),
		cmocka_unit_test(test_stable),
		cmocka_unit_test(test_changes),
		cmocka_unit_test(test_duplicates),
		cmocka_unit_test(test_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

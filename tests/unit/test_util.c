/* Unit tests of the shared helpers (checker/util.c): string buffers,
 * growable arrays, the string map and read_file().  Everything the
 * other stages build on, so the edges (long formats, growth past the
 * first allocation, rehashing) are exercised with real values.
 * Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/util.h"
#include "lib/ctext.h"

/* ---- x* allocation ------------------------------------------------- */

static void test_xstrings(void **state)
{
	char *s;

	(void)state;
	s = xstrdup("mnt_want_write");
	assert_string_equal(s, "mnt_want_write");
	free(s);
	s = xstrndup("mnt_drop_write_file", 14);
	assert_string_equal(s, "mnt_drop_write");
	free(s);
	s = xstrndup("", 0);
	assert_string_equal(s, "");
	free(s);
	s = xasprintf("%s:%d:%u", "fs/namei.c", 42, 7u);
	assert_string_equal(s, "fs/namei.c:42:7");
	free(s);
	/* Zero sizes still give a pointer that free() takes. */
	s = xmalloc(0);
	assert_non_null(s);
	free(s);
	s = xcalloc(0, 0);
	assert_non_null(s);
	free(s);
}

/* xasprintf() has a 256-byte fast path: check both sides of it. */
/* FNV-1a's published 64-bit values: a file seen again is recognised
 * by it, so it must be the real thing, not a look-alike. */
static void test_fnv1a(void **state)
{
	(void)state;
	assert_true(fnv1a("", 0) == 0xcbf29ce484222325ULL);
	assert_true(fnv1a("a", 1) == 0xaf63dc4c8601ec8cULL);
	assert_true(fnv1a("foobar", 6) == 0x85944171f73967e8ULL);
	assert_true(hash_bytes("foobar", 6) ==
		    (size_t)(0x85944171f73967e8ULL ^ (0x85944171f73967e8ULL >> 32)));
}

static void test_xasprintf_long(void **state)
{
	static const size_t sizes[] = { 254, 255, 256, 257, 5000 };
	char *fill, *s;
	size_t i;

	(void)state;
	fill = xmalloc(5001);
	memset(fill, 'x', 5000);
	fill[5000] = '\0';
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		/* "<" + N-2 x's + ">" is exactly N characters. */
		s = xasprintf("<%.*s>", (int)sizes[i] - 2, fill);
		assert_int_equal(strlen(s), sizes[i]);
		assert_int_equal(s[0], '<');
		assert_int_equal(s[sizes[i] - 2], 'x');
		assert_int_equal(s[sizes[i] - 1], '>');
		free(s);
	}
	free(fill);
}

/* ---- strbuf -------------------------------------------------------- */

static void test_sb_basic(void **state)
{
	struct strbuf sb;
	char *s;

	(void)state;
	sb_init(&sb);
	assert_non_null(sb.buf);
	assert_int_equal(sb.len, 0);
	assert_string_equal(sb.buf, "");
	sb_add(&sb, "path_");
	sb_addn(&sb, "mkdirXXX", 5);
	sb_addc(&sb, '(');
	sb_addf(&sb, "&%s, %d", "nd->path", 3);
	sb_addc(&sb, ')');
	assert_string_equal(sb.buf, "path_mkdir(&nd->path, 3)");
	assert_int_equal(sb.len, strlen("path_mkdir(&nd->path, 3)"));
	/* Adding nothing changes nothing. */
	sb_add(&sb, "");
	sb_addn(&sb, "abc", 0);
	sb_addf(&sb, "%s", "");
	assert_int_equal(sb.len, 24);
	assert_string_equal(sb.buf, "path_mkdir(&nd->path, 3)");
	s = sb_detach(&sb);
	assert_null(sb.buf);
	assert_int_equal(sb.len, 0);
	assert_int_equal(sb.cap, 0);
	assert_string_equal(s, "path_mkdir(&nd->path, 3)");
	free(s);
	sb_free(&sb);	/* after detach: harmless */
}

/* A NUL added with sb_addc/sb_addn is kept in the length. */
static void test_sb_embedded_nul(void **state)
{
	struct strbuf sb;

	(void)state;
	sb_init(&sb);
	sb_addn(&sb, "a\0b", 3);
	sb_addc(&sb, '\0');
	assert_int_equal(sb.len, 4);
	assert_memory_equal(sb.buf, "a\0b\0", 5);
	sb_free(&sb);
	assert_null(sb.buf);
}

static void test_sb_growth(void **state)
{
	struct strbuf sb;
	size_t i;

	(void)state;
	sb_init(&sb);
	for (i = 0; i < 100000; i++)
		sb_addc(&sb, (char)('a' + i % 26));
	assert_int_equal(sb.len, 100000);
	assert_true(sb.cap > sb.len);
	assert_int_equal(sb.buf[sb.len], '\0');
	for (i = 0; i < 100000; i += 9973)
		assert_int_equal(sb.buf[i], 'a' + i % 26);
	sb_free(&sb);
}

static void test_sb_addf_long(void **state)
{
	struct strbuf sb;
	char *big;
	size_t n = 200000, i;

	(void)state;
	big = xmalloc(n + 1);
	for (i = 0; i < n; i++)
		big[i] = (char)('0' + i % 10);
	big[n] = '\0';
	sb_init(&sb);
	sb_add(&sb, "head:");
	sb_addf(&sb, "[%s]%d", big, -17);
	assert_int_equal(sb.len, 5 + 1 + n + 1 + 3);
	assert_memory_equal(sb.buf, "head:[0123456789", 16);
	assert_memory_equal(sb.buf + 6, big, n);
	assert_string_equal(sb.buf + 6 + n, "]-17");
	/* Again, so the second format starts past the first's end. */
	sb_addf(&sb, "%.*s|", 300, big);
	assert_int_equal(sb.len, 5 + 1 + n + 1 + 3 + 301);
	assert_memory_equal(sb.buf + sb.len - 301, big, 300);
	assert_int_equal(sb.buf[sb.len - 1], '|');
	assert_int_equal(strlen(sb.buf), sb.len);
	sb_free(&sb);
	free(big);
}

/* ---- grow_array / ARRAY_PUSH --------------------------------------- */

struct pair {
	int a;
	long b;
};

static void test_array_push(void **state)
{
	struct pair *items = NULL, *p;
	size_t n = 0, cap = 0, i, last_cap = 0;
	int reallocs = 0;

	(void)state;
	for (i = 0; i < 1000; i++) {
		p = ARRAY_PUSH(items, n, cap);
		/* The new slot is zeroed and is the last one. */
		assert_int_equal(p->a, 0);
		assert_int_equal(p->b, 0);
		assert_ptr_equal(p, &items[i]);
		assert_int_equal(n, i + 1);
		assert_true(cap >= n);
		if (cap != last_cap) {
			reallocs++;
			last_cap = cap;
		}
		p->a = (int)i;
		p->b = -(long)i;
	}
	/* Doubling from 8: 8, 16, ..., 1024. */
	assert_int_equal(cap, 1024);
	assert_int_equal(reallocs, 8);
	for (i = 0; i < n; i++) {
		assert_int_equal(items[i].a, (int)i);
		assert_int_equal(items[i].b, -(long)i);
	}
	free(items);
}

static void test_grow_array(void **state)
{
	int *arr = NULL;
	size_t cap = 0, i;

	(void)state;
	grow_array((void **)&arr, &cap, 0, sizeof(*arr));
	assert_null(arr);
	assert_int_equal(cap, 0);
	grow_array((void **)&arr, &cap, 3, sizeof(*arr));
	assert_int_equal(cap, 8);
	arr[7] = 77;
	/* Already big enough: untouched. */
	grow_array((void **)&arr, &cap, 8, sizeof(*arr));
	assert_int_equal(cap, 8);
	assert_int_equal(arr[7], 77);
	/* A jump well past double. */
	grow_array((void **)&arr, &cap, 100, sizeof(*arr));
	assert_int_equal(cap, 128);
	assert_int_equal(arr[7], 77);
	for (i = 8; i < cap; i++)
		assert_int_equal(arr[i], 0);
	free(arr);
}

/* ---- strmap -------------------------------------------------------- */

static void test_strmap_basic(void **state)
{
	struct strmap m = { 0 };
	const char *k;
	char key[16];

	(void)state;
	assert_null(strmap_get(&m, "anything"));
	strcpy(key, "vfs_mkdir");
	k = strmap_put(&m, key, 3);
	/* The key is copied. */
	assert_ptr_not_equal(k, key);
	strcpy(key, "clobbered");
	assert_string_equal(k, "vfs_mkdir");
	assert_non_null(strmap_get(&m, "vfs_mkdir"));
	assert_int_equal(*strmap_get(&m, "vfs_mkdir"), 3);
	assert_null(strmap_get(&m, "clobbered"));
	assert_null(strmap_get(&m, "vfs_mkdi"));
	assert_null(strmap_get(&m, ""));
	/* Overwrite: same stored key, one entry. */
	assert_ptr_equal(strmap_put(&m, "vfs_mkdir", -5), k);
	assert_int_equal(*strmap_get(&m, "vfs_mkdir"), -5);
	assert_int_equal(m.n, 1);
	/* The value pointer is writable. */
	*strmap_get(&m, "vfs_mkdir") = 9;
	assert_int_equal(*strmap_get(&m, "vfs_mkdir"), 9);
	/* The empty string is a key like any other. */
	strmap_put(&m, "", 1);
	assert_int_equal(*strmap_get(&m, ""), 1);
	assert_int_equal(m.n, 2);
	strmap_free(&m);
	assert_int_equal(m.n, 0);
	assert_null(m.keys);
	assert_null(strmap_get(&m, "vfs_mkdir"));
}

static void test_strmap_many(void **state)
{
	struct strmap m = { 0 };
	char key[32];
	size_t nb_before;
	long i;

	(void)state;
	for (i = 0; i < 10000; i++) {
		snprintf(key, sizeof(key), "key%ld", i);
		nb_before = m.nbuckets;
		strmap_put(&m, key, i * 3);
		/* Never more than half full after a put. */
		assert_true(m.n * 2 < m.nbuckets);
		if (m.nbuckets != nb_before)
			assert_true(m.nbuckets == 64 ||
				    m.nbuckets == nb_before * 2);
	}
	assert_int_equal(m.n, 10000);
	assert_true(m.nbuckets >= 20000);
	for (i = 0; i < 10000; i++) {
		snprintf(key, sizeof(key), "key%ld", i);
		assert_non_null(strmap_get(&m, key));
		assert_int_equal(*strmap_get(&m, key), i * 3);
	}
	/* Near misses of stored keys. */
	assert_null(strmap_get(&m, "key10000"));
	assert_null(strmap_get(&m, "key"));
	assert_null(strmap_get(&m, "key01"));
	assert_null(strmap_get(&m, "Key1"));
	/* Overwrite every other key after the rehashes. */
	for (i = 0; i < 10000; i += 2) {
		snprintf(key, sizeof(key), "key%ld", i);
		strmap_put(&m, key, -i);
	}
	assert_int_equal(m.n, 10000);
	for (i = 0; i < 10000; i++) {
		snprintf(key, sizeof(key), "key%ld", i);
		assert_int_equal(*strmap_get(&m, key), i % 2 ? i * 3 : -i);
	}
	strmap_free(&m);
}

/* The map hashes with h = h * 33 + c from 5381, so "Ab" and "BA"
 * collide, and so do all four keys below: they must still stay apart
 * (the map probes instead of overwriting). */
static size_t djb2(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void test_strmap_key(void **state)
{
	struct strmap m = { 0 };
	const char *stored = strmap_put(&m, "name", 1);

	(void)state;
	assert_ptr_equal(strmap_key(&m, "name"), stored);
	assert_null(strmap_key(&m, "other"));
	strmap_free(&m);
	assert_null(strmap_key(&m, "name"));
}

/* By address, not by text: an equal string elsewhere is not in it. */
static void test_ptrset(void **state)
{
	static char words[5000][8];
	char same[8] = "w0";
	struct ptrset s = { 0 };
	size_t i;

	(void)state;
	assert_false(ptrset_has(&s, words[0]));
	for (i = 0; i < 5000; i += 2) {
		snprintf(words[i], sizeof(words[i]), "w%zu", i);
		ptrset_add(&s, words[i]);
	}
	ptrset_add(&s, words[0]);
	ptrset_add(&s, NULL);
	assert_int_equal(s.n, 2500);
	for (i = 0; i < 5000; i++)
		assert_int_equal(ptrset_has(&s, words[i]), i % 2 == 0);
	assert_false(ptrset_has(&s, same));
	assert_false(ptrset_has(&s, NULL));
	ptrset_free(&s);
	assert_false(ptrset_has(&s, words[0]));
}

static void test_strmap_collisions(void **state)
{
	static const char *const keys[] = {
		"AbAb", "AbBA", "BAAb", "BABA",
	};
	struct strmap m = { 0 };
	size_t i;

	(void)state;
	for (i = 1; i < 4; i++)
		assert_int_equal(djb2(keys[i]), djb2(keys[0]));
	for (i = 0; i < 4; i++)
		strmap_put(&m, keys[i], (long)i + 100);
	assert_int_equal(m.n, 4);
	for (i = 0; i < 4; i++)
		assert_int_equal(*strmap_get(&m, keys[i]), (long)i + 100);
	strmap_free(&m);
}

/* ---- read_file ----------------------------------------------------- */

static void test_read_file(void **state)
{
	char *path = xasprintf("%s/wbcheck-unit-XXXXXX", tmp_dir());
	static const char text[] = "line one\n\0binary\xff\nlast";
	size_t len = 12345, big = 300000, i;
	char *buf;
	FILE *f;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, sizeof(text) - 1, f),
			 sizeof(text) - 1);
	assert_int_equal(fclose(f), 0);
	buf = read_file(path, &len);
	assert_non_null(buf);
	assert_int_equal(len, sizeof(text) - 1);
	assert_memory_equal(buf, text, len);
	assert_int_equal(buf[len], '\0');
	free(buf);
	/* LEN may be NULL. */
	buf = read_file(path, NULL);
	assert_non_null(buf);
	assert_memory_equal(buf, text, sizeof(text) - 1);
	free(buf);

	/* Bigger than read_file's 64 KiB chunk. */
	f = fopen(path, "wb");
	assert_non_null(f);
	for (i = 0; i < big; i++)
		fputc('a' + (int)(i % 26), f);
	assert_int_equal(fclose(f), 0);
	buf = read_file(path, &len);
	assert_non_null(buf);
	assert_int_equal(len, big);
	for (i = 0; i < big; i += 65521)
		assert_int_equal(buf[i], 'a' + (int)(i % 26));
	assert_int_equal(buf[big - 1], 'a' + (int)((big - 1) % 26));
	free(buf);

	/* An empty file is an empty string, not an error. */
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fclose(f), 0);
	len = 99;
	buf = read_file(path, &len);
	assert_non_null(buf);
	assert_int_equal(len, 0);
	assert_string_equal(buf, "");
	free(buf);
	assert_int_equal(unlink(path), 0);
	free(path);
}

static void test_read_file_missing(void **state)
{
	size_t len = 777;

	(void)state;
	errno = 0;
	assert_null(read_file("/nonexistent/wbcheck/no-such-file.c", &len));
	assert_int_equal(errno, ENOENT);
	assert_int_equal(len, 777);	/* untouched on failure */
	errno = 0;
	assert_null(read_file("checker", &len));
	assert_int_equal(errno, EISDIR);
}

/* A file whose size stat() does not give (/proc) is read whole all the
 * same: the size is only where reading starts. */
static void test_read_file_unsized(void **state)
{
	size_t len = 0;
	char *buf;

	(void)state;
	buf = read_file("/proc/self/status", &len);
	assert_non_null(buf);
	assert_true(len > 0);
	assert_int_equal(strlen(buf), len);
	assert_non_null(strstr(buf, "Name:"));
	assert_non_null(strstr(buf, "VmPeak:"));	/* well into the file */
	free(buf);
}

/* text_hash(): equal texts agree; a byte changed anywhere, in the words
 * or in the tail, or a length changed, is seen. */
static void test_text_hash(void **state)
{
	char a[37], b[37];
	size_t i;

	(void)state;
	memset(a, 'x', sizeof(a));
	memcpy(b, a, sizeof(b));
	assert_true(text_hash(a, sizeof(a)) == text_hash(b, sizeof(b)));
	for (i = 0; i < sizeof(b); i++) {
		b[i] = 'y';
		assert_true(text_hash(a, sizeof(a)) != text_hash(b, sizeof(b)));
		b[i] = 'x';
	}
	assert_true(text_hash(a, 8) != text_hash(a, 16));
	assert_true(text_hash(a, 0) != text_hash(a, 1));
}

/* What the text scanners of the prefilters skip, and where they stop. */
static void test_c_noise_len(void **state)
{
	static const struct { const char *s; size_t len; } cases[] = {
		{ "vfs_unlink(x)", 0 },
		{ "// vfs_unlink()\nx", 15 },
		{ "// a \\\n continued\nx", 17 },
		{ "/* mnt_want_write() */ x", 22 },
		{ "/* never closed", 15 },
		{ "\"a \\\" b\" x", 8 },
		{ "'\"' x", 3 },
		{ "\"unterminated", 13 },
		{ "/", 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_int_equal(c_noise_len(cases[i].s, strlen(cases[i].s)),
				 cases[i].len);
}

/* Where the next token starts: blanks, continued lines and comments are
 * passed over, a literal or a word is not. */
static void test_c_next_token(void **state)
{
	static const struct { const char *s; size_t at; } cases[] = {
		{ "(x)", 0 },
		{ " \t\n\r\f\v(x)", 6 },
		{ " \\\n (x)", 4 },
		{ " /* c */ (x)", 9 },
		{ "// c\n\t(x)", 6 },
		{ "/* c */// d\n(", 12 },
		{ " \"(\"", 1 },
		{ " / 2", 1 },
		{ "/* never closed", 15 },
		{ "   ", 3 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_int_equal(c_next_token(cases[i].s, 0, strlen(cases[i].s)),
				 cases[i].at);
	/* from I, and never past N */
	assert_int_equal(c_next_token("f /**/ (", 1, 8), 7);
	assert_int_equal(c_next_token("f  (", 1, 2), 2);
}

/* Within a line only. */
static void test_c_skip_line_blanks(void **state)
{
	(void)state;
	assert_int_equal(c_skip_line_blanks(" \t x", 0, 4), 3);
	assert_int_equal(c_skip_line_blanks(" \nx", 0, 3), 1);
	assert_int_equal(c_skip_line_blanks("#  define", 1, 9), 3);
	assert_int_equal(c_skip_line_blanks("  ", 0, 2), 2);
	assert_int_equal(c_skip_line_blanks("  x", 0, 1), 1);
}

static void test_c_directive_word(void **state)
{
	static const char t[] = "#  define X\n#\n# if(1)";
	size_t n, w;

	(void)state;
	w = c_directive_word(t, 0, sizeof(t) - 1, &n);
	assert_int_equal(w, 3);
	assert_int_equal(n, 6);
	assert_true(c_word_is(t + w, n, "define"));
	assert_false(c_word_is(t + w, n, "def"));
	assert_false(c_word_is(t + w, n, "defined"));
	c_directive_word(t, 12, sizeof(t) - 1, &n);
	assert_int_equal(n, 0);
	w = c_directive_word(t, 14, sizeof(t) - 1, &n);
	assert_true(c_word_is(t + w, n, "if"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_xstrings),
		cmocka_unit_test(test_xasprintf_long),
		cmocka_unit_test(test_fnv1a),
		cmocka_unit_test(test_sb_basic),
		cmocka_unit_test(test_sb_embedded_nul),
		cmocka_unit_test(test_sb_growth),
		cmocka_unit_test(test_sb_addf_long),
		cmocka_unit_test(test_array_push),
		cmocka_unit_test(test_grow_array),
		cmocka_unit_test(test_strmap_basic),
		cmocka_unit_test(test_strmap_many),
		cmocka_unit_test(test_strmap_collisions),
		cmocka_unit_test(test_strmap_key),
		cmocka_unit_test(test_ptrset),
		cmocka_unit_test(test_read_file),
		cmocka_unit_test(test_read_file_missing),
		cmocka_unit_test(test_read_file_unsized),
		cmocka_unit_test(test_text_hash),
		cmocka_unit_test(test_c_noise_len),
		cmocka_unit_test(test_c_next_token),
		cmocka_unit_test(test_c_skip_line_blanks),
		cmocka_unit_test(test_c_directive_word),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

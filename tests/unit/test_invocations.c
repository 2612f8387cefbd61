/* Unit tests of checker/prefilter/invocations.c: a key is found inside
 * every identifier that holds it, however pasted, and nowhere else; an
 * argument is lone only when it is one name.  A key missed where a text
 * holds it would let an invocation go that the file needs. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "prefilter/invocations.h"

struct hits {
	unsigned count[8];
};

static void hit(void *ctx, long key, size_t at)
{
	(void)at;
	struct hits *h = ctx;

	h->count[key]++;
}

static struct hits scan(const struct inv_keys *k, const char *text)
{
	struct hits h = { { 0 } };

	invkeys_scan(k, text, 0, strlen(text), hit, &h);
	return h;
}

static void test_keys_inside_identifiers(void **state)
{
	struct inv_keys *k = invkeys_new();
	long ev = invkeys_add(k, "xfs_dir_fsync", 13);
	long other = invkeys_add(k, "demo_event", 10);
	struct hits h;

	(void)state;
	assert_int_equal(invkeys_add(k, "xfs_dir_fsync", 13), ev);
	assert_int_equal(invkeys_count(k), 2);
	h = scan(k, "trace_xfs_dir_fsync(ip); __SCK__tp_func_xfs_dir_fsync;");
	assert_int_equal(h.count[ev], 2);
	assert_int_equal(h.count[other], 0);
	/* pasted with no "_" between, at either end */
	h = scan(k, "fooxfs_dir_fsyncbar xfs_dir_fsync");
	assert_int_equal(h.count[ev], 2);
	/* comments and literals name nothing */
	h = scan(k, "/* xfs_dir_fsync */ \"xfs_dir_fsync\" // xfs_dir_fsync\n");
	assert_int_equal(h.count[ev], 0);
	/* a shorter identifier does not hold it */
	h = scan(k, "xfs_dir_fsyn demo_even demo_events");
	assert_int_equal(h.count[ev], 0);
	assert_int_equal(h.count[other], 1);
	invkeys_free(k);
}

static void test_keys_sharing_a_start(void **state)
{
	struct inv_keys *k = invkeys_new();
	long a = invkeys_add(k, "demo_a", 6);
	long ab = invkeys_add(k, "demo_ab", 7);
	struct hits h;

	(void)state;
	h = scan(k, "trace_demo_ab");
	assert_int_equal(h.count[a], 1);
	assert_int_equal(h.count[ab], 1);
	invkeys_free(k);
}

struct idents {
	const char *text;
	char all[256];
};

static void ident(void *ctx, size_t at, size_t n, int lone)
{
	struct idents *ids = ctx;
	char one[64];

	snprintf(one, sizeof(one), "%.*s%s ", (int)n, ids->text + at,
		 lone ? "!" : "");
	strcat(ids->all, one);
}

/* The identifiers of ARGS, each followed by "!" if it is a lone
 * argument (an argument's first comes once the argument ends). */
static void idents_of(const char *args, char *out)
{
	struct idents ids = { args, "" };

	invocation_each_ident(args, 0, strlen(args), ident, &ids);
	strcpy(out, ids.all);
}

static void test_lone_arguments(void **state)
{
	static const struct {
		const char *args, *idents;
	} cases[] = {
		{ "xfs_dir_fsync", "xfs_dir_fsync! " },
		{ "xfs_inode_class, name, TP_PROTO(struct xfs_inode *ip), TP_ARGS(ip)",
		  "xfs_inode_class! name! struct xfs_inode ip TP_PROTO ip TP_ARGS " },
		{ "int, demo_var", "int! demo_var! " },
		{ "unsigned long, demo_var", "long unsigned demo_var! " },
		{ "demo_a + 1, *demo_b, demo_c[2]",
		  "demo_a demo_b demo_c " },
		{ " /* c */ demo_a /* d */ ", "demo_a! " },
		{ "demo_a \"text\"", "demo_a " },
		{ "(demo_a), demo_b", "demo_a demo_b! " },
	};
	char out[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		idents_of(cases[i].args, out);
		assert_string_equal(out, cases[i].idents);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keys_inside_identifiers),
		cmocka_unit_test(test_keys_sharing_a_start),
		cmocka_unit_test(test_lone_arguments),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

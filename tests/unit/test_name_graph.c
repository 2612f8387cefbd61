/* Unit tests of checker/prefilter/name_graph.c: "matters" spread from
 * the rules' names, definition by definition, as far as each one's
 * linkage lets it be named. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "prefilter/name_graph.h"

/*
 * Files 0 and 1 are .c files of TUs of their own, 2 is a header that
 * file 0's TU includes (file 1's does not), 3 a header both include.
 */
static int includes(void *ctx, long file, long hdr)
{
	(void)ctx;
	return hdr == 3 || (file == 0 && hdr == 2);
}

static int same_unit(void *ctx, long a, long b)
{
	(void)ctx;
	return a == b;
}

static const struct pf_files files = { includes, same_unit, NULL };

static struct prefilter *graph(void)
{
	struct prefilter *pf = prefilter_new();

	prefilter_set_files(pf, &files);
	prefilter_seed(pf, "vfs_unlink");
	return pf;
}

#define ADD(pf, name, text, scope, file) \
	prefilter_add(pf, name, text, strlen(text), scope, file)
#define ADD_MACRO(pf, name, text, scope, file) \
	prefilter_add_macro(pf, name, text, strlen(text), scope, file)

/* What one TU sees: its own file OWN, and the headers it includes. */
struct sight {
	long own;
};

static int sees(void *ctx, enum pf_scope scope, long file)
{
	const struct sight *s = ctx;

	switch (scope) {
	case PF_EXTERN:
		return 1;
	case PF_HEADER:
		return includes(NULL, s->own, file);
	default:
		return file == s->own;
	}
}

static long dist_in(const struct prefilter *pf, const char *name, long own)
{
	struct sight s = { own };
	struct pf_view v = { sees, &own, 1, &s, 0 };

	return prefilter_name_dist_in(pf, name, &v);
}

/* A static function leads only within its file; one with external
 * linkage, anywhere. */
static void test_static_and_extern(void **state)
{
	struct prefilter *pf = graph();
	size_t mine, theirs, user;

	(void)state;
	mine = ADD(pf, "handle", "{ return vfs_unlink(d, v); }", PF_LOCAL, 0);
	theirs = ADD(pf, "handle", "{ return x * 2; }", PF_LOCAL, 1);
	user = ADD(pf, "other", "{ return handle(x); }", PF_EXTERN, 1);
	ADD(pf, "helper", "{ return handle(d, v); }", PF_EXTERN, 0);
	ADD(pf, "caller", "{ return helper(d, v); }", PF_EXTERN, 1);
	prefilter_solve(pf);
	assert_true(prefilter_node_live(pf, mine));
	assert_false(prefilter_node_live(pf, theirs));
	assert_false(prefilter_node_live(pf, user));
	assert_int_equal(dist_in(pf, "handle", 0), 1);
	assert_int_equal(dist_in(pf, "handle", 1), -1);
	assert_int_equal(dist_in(pf, "helper", 1), 2);
	assert_int_equal(dist_in(pf, "caller", 1), 3);
	/* a file's static is no header's name */
	assert_int_equal(prefilter_name_dist(pf, "handle"), -1);
	prefilter_free(pf);
}

/* What a header's macro invocation may name (tu_select.c's invocations):
 * a definition more than one file sees, which matters; or a file's own,
 * which only that file's TU can mean. */
static void test_shared_and_local(void **state)
{
	struct prefilter *pf = graph();
	long own0 = 0, own1 = 1, both[] = { 1, 0 };

	(void)state;
	ADD(pf, "handle", "{ return vfs_unlink(d, v); }", PF_LOCAL, 0);
	ADD(pf, "quiet", "{ return 0; }", PF_LOCAL, 1);
	ADD(pf, "wrap", "{ return vfs_unlink(d, v); }", PF_HEADER, 2);
	ADD(pf, "exported", "{ return wrap(d, v); }", PF_EXTERN, 0);
	ADD(pf, "idle", "{ return 1; }", PF_EXTERN, 1);
	prefilter_solve(pf);
	assert_true(prefilter_name_dist(pf, "vfs_unlink") >= 0);
	assert_true(prefilter_name_dist(pf, "wrap") >= 0);
	assert_true(prefilter_name_dist(pf, "exported") >= 0);
	assert_int_equal(prefilter_name_dist(pf, "idle"), -1);
	/* a static function that matters is no name another file sees */
	assert_int_equal(prefilter_name_dist(pf, "handle"), -1);
	assert_int_equal(prefilter_name_dist(pf, "nowhere"), -1);
	assert_true(prefilter_name_local_in(pf, "handle", &own0, 1));
	assert_false(prefilter_name_local_in(pf, "handle", &own1, 1));
	assert_true(prefilter_name_local_in(pf, "handle", both, 2));
	assert_true(prefilter_name_local_in(pf, "quiet", &own1, 1));
	assert_false(prefilter_name_local_in(pf, "exported", &own0, 1));
	assert_false(prefilter_name_local_in(pf, "wrap", both, 2));
	prefilter_free(pf);
}

/* A header's definitions lead into the files that include it. */
static void test_header_scope(void **state)
{
	struct prefilter *pf = graph();

	(void)state;
	ADD(pf, "wrap", "{ return vfs_unlink(d, v); }", PF_HEADER, 2);
	ADD_MACRO(pf, "RM", "(d, v) vfs_unlink(d, v)", PF_HEADER, 2);
	ADD(pf, "in_zero", "{ return wrap(d, v) + RM(d, v); }", PF_EXTERN, 0);
	ADD(pf, "in_one", "{ return wrap(1) + RM(1); }", PF_EXTERN, 1);
	prefilter_solve(pf);
	assert_int_equal(dist_in(pf, "wrap", 0), 1);
	assert_int_equal(dist_in(pf, "wrap", 1), -1);
	assert_int_equal(dist_in(pf, "RM", 1), -1);
	assert_int_equal(dist_in(pf, "in_zero", 1), 2);
	assert_int_equal(dist_in(pf, "in_one", 0), -1);
	prefilter_free(pf);
}

/* A header macro calling its user's static function is live only as
 * expanded in that file; what there names it leads on. */
static void test_macro_context(void **state)
{
	struct prefilter *pf = graph();
	size_t macro;

	(void)state;
	macro = ADD_MACRO(pf, "CALL", "(d, v) handler(d, v)", PF_HEADER, 3);
	ADD(pf, "handler", "{ return vfs_unlink(d, v); }", PF_LOCAL, 0);
	ADD(pf, "handler", "{ return 0; }", PF_LOCAL, 1);
	ADD(pf, "ctx", "{ return CALL(d, v); }", PF_EXTERN, 0);
	ADD(pf, "own", "{ return CALL(d, v); }", PF_EXTERN, 1);
	prefilter_solve(pf);
	assert_true(prefilter_node_live(pf, macro));
	assert_int_equal(dist_in(pf, "CALL", 0), 2);
	assert_int_equal(dist_in(pf, "CALL", 1), -1);
	assert_int_equal(dist_in(pf, "ctx", 1), 3);
	assert_int_equal(dist_in(pf, "own", 0), -1);
	prefilter_free(pf);
}

static int in_file_zero(void *ctx, enum pf_scope scope, long file)
{
	(void)ctx;
	(void)scope;
	return file == 0;
}

static int in_file_one(void *ctx, enum pf_scope scope, long file)
{
	(void)ctx;
	(void)scope;
	return file == 1;
}

static int sees_all(void *ctx, enum pf_scope scope, long file)
{
	(void)ctx;
	(void)scope;
	(void)file;
	return 1;
}

/* A macro's parameters name nothing; blocking takes only the
 * definitions asked, and never a macro. */
static void test_params_and_blocking(void **state)
{
	struct prefilter *pf = graph();

	(void)state;
	ADD(pf, "handle", "{ return vfs_unlink(d, v); }", PF_EXTERN, 1);
	ADD_MACRO(pf, "TAKE", "(handle) ((handle) + 1)", PF_HEADER, 3);
	ADD(pf, "step", "{ return vfs_unlink(d, v); }", PF_EXTERN, 0);
	ADD(pf, "step", "{ return vfs_unlink(d, v); }", PF_EXTERN, 1);
	ADD_MACRO(pf, "STEP", "(x) step(x)", PF_HEADER, 3);
	ADD(pf, "user", "{ return STEP(1); }", PF_EXTERN, 1);
	prefilter_solve(pf);
	assert_int_equal(dist_in(pf, "TAKE", 0), -1);
	assert_int_equal(dist_in(pf, "user", 0), 3);
	prefilter_block(pf, "step", in_file_zero, NULL);
	prefilter_solve(pf);
	assert_int_equal(dist_in(pf, "step", 0), 1);	/* file 1's */
	prefilter_block(pf, "step", sees_all, NULL);
	prefilter_block(pf, "STEP", sees_all, NULL);
	prefilter_solve(pf);
	assert_int_equal(dist_in(pf, "step", 0), -1);
	assert_int_equal(dist_in(pf, "user", 0), -1);
	prefilter_unblock_all(pf);
	prefilter_solve(pf);
	assert_int_equal(dist_in(pf, "user", 0), 3);
	prefilter_free(pf);
}

/* An inert definition (its summary only takes and gives back) still
 * leads its callers, and the TUs that call it, to a rule; not a TU that
 * only stores its address, unless another definition of the name it may
 * mean is not inert.  Macros are never inert. */
static void test_inert_only_stored(void **state)
{
	struct prefilter *pf = graph();
	struct sight s = { 0 };
	long own = 0;
	struct pf_view stored = { sees, &own, 1, &s, 1 };

	(void)state;
	ADD(pf, "take", "{ return vfs_unlink(d, v); }", PF_EXTERN, 1);
	ADD(pf, "caller", "{ return take(p); }", PF_EXTERN, 1);
	ADD_MACRO(pf, "TAKE", "(x) vfs_unlink(x, x)", PF_HEADER, 3);
	prefilter_solve(pf);
	prefilter_mark_inert(pf, "take", sees_all, NULL);
	prefilter_mark_inert(pf, "TAKE", sees_all, NULL);
	prefilter_solve(pf);
	assert_int_equal(dist_in(pf, "take", 0), 1);
	assert_int_equal(dist_in(pf, "caller", 0), 2);
	assert_int_equal(prefilter_name_dist_in(pf, "take", &stored), -1);
	assert_int_equal(prefilter_name_dist_in(pf, "caller", &stored), 2);
	assert_int_equal(prefilter_name_dist_in(pf, "TAKE", &stored), 1);
	/* a second take, in file 0: not summarised, so not inert */
	ADD(pf, "take", "{ return vfs_unlink(a, b); }", PF_EXTERN, 0);
	prefilter_unblock_all(pf);
	prefilter_mark_inert(pf, "take", in_file_one, NULL);
	prefilter_solve(pf);
	assert_int_equal(prefilter_name_dist_in(pf, "take", &stored), 1);
	prefilter_free(pf);
}

/*
 * File 0 defines kill_priv() outside every #if, so the stub header 2
 * has for another configuration is in none of its TUs: neither its own
 * text nor the TU of which it is the main file means the stub, before
 * prefilter_keep_live() and after.  A file that defines it under an
 * #if (not marked) may still mean the stub; a header's macro of the
 * name is not shadowed.
 */
static void test_unconditional_shadows_stub(void **state)
{
	struct prefilter *pf = graph();
	size_t stub, own, user, round;

	(void)state;
	stub = ADD(pf, "kill_priv", "{ return vfs_unlink(d, v); }",
		   PF_HEADER, 2);
	own = ADD(pf, "kill_priv", "{ return hook(d); }", PF_EXTERN, 0);
	user = ADD(pf, "notify", "{ return kill_priv(d, v); }", PF_EXTERN, 0);
	prefilter_solve(pf);
	assert_true(prefilter_node_live(pf, stub));
	assert_true(prefilter_node_live(pf, user));
	assert_int_equal(dist_in(pf, "kill_priv", 0), 1);

	prefilter_set_unconditional(pf, own);
	prefilter_set_unconditional(pf, stub);	/* a header's: ignored */
	prefilter_solve(pf);
	assert_true(prefilter_node_live(pf, stub));
	assert_false(prefilter_node_live(pf, user));
	assert_int_equal(dist_in(pf, "kill_priv", 0), -1);
	assert_int_equal(dist_in(pf, "notify", 0), -1);

	prefilter_keep_live(pf);
	prefilter_solve(pf);
	assert_false(prefilter_node_live(pf, user));
	assert_int_equal(dist_in(pf, "kill_priv", 0), -1);
	/* the name still leads somewhere: a header's stub */
	assert_int_equal(prefilter_name_dist(pf, "kill_priv"), 1);
	prefilter_free(pf);

	pf = graph();
	ADD(pf, "kill_priv", "{ return vfs_unlink(d, v); }", PF_HEADER, 2);
	ADD(pf, "kill_priv", "{ return hook(d); }", PF_EXTERN, 0);
	round = ADD_MACRO(pf, "ROUND", "(d) vfs_unlink(d, 0)", PF_HEADER, 2);
	own = ADD(pf, "ROUND", "{ return 0; }", PF_EXTERN, 0);
	user = ADD(pf, "notify", "{ return kill_priv(d, v); }", PF_EXTERN, 0);
	prefilter_set_unconditional(pf, own);
	prefilter_solve(pf);
	/* kill_priv's definition is not marked: maybe the stub */
	assert_true(prefilter_node_live(pf, user));
	assert_int_equal(dist_in(pf, "kill_priv", 0), 1);
	/* a macro renames whatever the file defines */
	assert_true(prefilter_node_live(pf, round));
	assert_int_equal(dist_in(pf, "ROUND", 0), 1);
	prefilter_free(pf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_static_and_extern),
		cmocka_unit_test(test_shared_and_local),
		cmocka_unit_test(test_header_scope),
		cmocka_unit_test(test_macro_context),
		cmocka_unit_test(test_params_and_blocking),
		cmocka_unit_test(test_inert_only_stored),
		cmocka_unit_test(test_unconditional_shadows_stub),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

/* The IR codec of the summary database: round trips, and corrupt input
 * refused without a crash. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "model/ir_serialize.h"
#include "lib/util.h"

static struct ir_func *sample(void)
{
	struct ir_func *fn = xcalloc(1, sizeof(*fn));
	struct ir_instr *in;
	struct ir_call *c = xcalloc(1, sizeof(*c));

	fn->name = xstrdup("do_unlink");
	fn->usr = xstrdup("c:@F@do_unlink");
	fn->loc.file = intern("fs/demo.c");
	fn->loc.line = 10;
	fn->loc.col = 5;
	fn->is_static = 1;
	fn->declared = intern(" path_unlink ");
	fn->nparams = 2;
	/* bit 63 too: the mask goes through a signed number */
	fn->fnparams_called = 2 | 1ULL << 63;
	*ARRAY_PUSH(fn->vars, fn->nvars, fn->vars_cap) =
		(struct ir_var){ .name = xstrdup("err"), .tests = 1, .is_integer = 1 };
	c->callee = xstrdup("mnt_want_write");
	c->usr = xstrdup("c:@F@mnt_want_write");
	c->nargs = 1;
	c->args = xcalloc(1, sizeof(*c->args));
	c->args[0].text = xstrdup("path->mnt");
	c->args[0].key = xstrdup("$1->mnt");
	c->args[0].type = xstrdup("struct vfsmount *");
	c->args[0].fn_usr = xstrdup("c:@F@purge_old");
	c->fn_param = 2;
	c->member = xstrdup("inode_operations.set_acl");
	c->callee_file = intern("include/linux/mount.h");
	c->result_var = 0;
	c->text = xstrdup("mnt_want_write(path->mnt)");
	in = ARRAY_PUSH(fn->instrs, fn->ninstrs, fn->instrs_cap);
	*in = (struct ir_instr){ .op = IR_CALL, .succ = { 1, -1 }, .call = c,
				 .var = 0, .ret_var = -1, .src_var = -1 };
	in = ARRAY_PUSH(fn->instrs, fn->ninstrs, fn->instrs_cap);
	*in = (struct ir_instr){ .op = IR_BRANCH, .succ = { 2, 2 },
				 .atom = ATOM_NONZERO, .var = 0, .ret_var = -1,
				 .src_var = -1, .hold_key = xstrdup("file") };
	in = ARRAY_PUSH(fn->instrs, fn->ninstrs, fn->instrs_cap);
	*in = (struct ir_instr){ .op = IR_RETURN, .succ = { -1, -1 }, .var = -1,
				 .ret_var = 0, .src_var = -1, .implicit = 1 };
	*ARRAY_PUSH(fn->copies, fn->ncopies, fn->copies_cap) =
		(struct ir_copy){ xstrdup("$2->mnt"), xstrdup("$1->mnt") };
	return fn;
}

static void test_round_trip(void **state)
{
	struct ir_func *fn = sample(), *back;
	char *a = ir_encode(fn), *b;

	(void)state;
	back = ir_decode(a, strlen(a));
	assert_non_null(back);
	assert_string_equal(back->name, "do_unlink");
	assert_int_equal(back->ninstrs, 3);
	assert_string_equal(back->instrs[0].call->args[0].key, "$1->mnt");
	assert_null(back->instrs[0].call->args[0].path_of);
	assert_string_equal(back->instrs[1].hold_key, "file");
	assert_string_equal(back->instrs[0].call->args[0].fn_usr, "c:@F@purge_old");
	assert_int_equal(back->instrs[0].call->fn_param, 2);
	assert_int_equal(back->ncopies, 1);
	assert_string_equal(back->copies[0].dst, "$2->mnt");
	assert_string_equal(back->copies[0].src, "$1->mnt");
	assert_string_equal(back->instrs[0].call->member,
			    "inode_operations.set_acl");
	assert_ptr_equal(back->instrs[0].call->callee_file,
			 intern("include/linux/mount.h"));
	assert_true(back->fnparams_called == (2 | 1ULL << 63));
	assert_ptr_equal(back->loc.file, intern("fs/demo.c"));
	b = ir_encode(back);
	assert_string_equal(a, b);
	free(a);
	free(b);
	ir_func_free(fn);
	ir_func_free(back);
}

static void test_refuses_garbage(void **state)
{
	static const char *const bad[] = {
		"", "wbir2", "wbir2;", "wbir9;", "wbir4;9:do_unlink", "wbir4;-;-;",
		"wbir4;99999999999999999999:x",
		/* the format before ops members (wbir3) is another format */
		"wbir3;9:do_unlink14:c:@F@do_unlink-;0;0;1;0;0;0;-;0;0;",
		/* the format before callbacks (wbir1) is another format */
		"wbir1;9:do_unlink14:c:@F@do_unlink-;0;0;1;0;0;0;-;0;0;",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_null(ir_decode(bad[i], strlen(bad[i])));
}

/* A call through a parameter the function does not have is refused. */
static void test_refuses_bad_fn_param(void **state)
{
	struct ir_func *fn = sample();
	char *a;

	(void)state;
	fn->instrs[0].call->fn_param = 3;	/* of 2 */
	a = ir_encode(fn);
	assert_null(ir_decode(a, strlen(a)));
	free(a);
	ir_func_free(fn);
}

/* Every truncation and many byte flips: refused or decoded, never a
 * crash, and anything decoded has indices inside the function. */
static void test_mutations(void **state)
{
	struct ir_func *fn = sample();
	char *a = ir_encode(fn);
	size_t n = strlen(a), i, k;
	unsigned seed = 12345;

	(void)state;
	for (i = 0; i < n; i++)
		ir_func_free(ir_decode(a, i));
	for (k = 0; k < 20000; k++) {
		char *m = xstrdup(a);
		struct ir_func *d;

		seed = seed * 1103515245 + 12345;
		m[(seed >> 8) % n] = (char)(seed >> 16);
		d = ir_decode(m, n);
		if (d)
			for (i = 0; i < d->ninstrs; i++)
				assert_true(d->instrs[i].var < (int)d->nvars);
		ir_func_free(d);
		free(m);
	}
	free(a);
	ir_func_free(fn);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_refuses_garbage),
		cmocka_unit_test(test_refuses_bad_fn_param),
		cmocka_unit_test(test_mutations),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	intern_free_all();
	return rc;
}

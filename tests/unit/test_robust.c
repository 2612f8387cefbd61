/* Regression tests for what fuzzing found (fuzz/, fuzz/regress/). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "model/ir_serialize.h"
#include "lib/util.h"

#define SENTINEL "424242"

/* The encoding of a one-instruction function (a return) whose first
 * number is SENTINEL, with NUM in its place: built by the encoder, so
 * it follows the current format. */
static char *with_line(const char *num)
{
	struct ir_func fn = { 0 };
	struct ir_instr in = { 0 };
	struct strbuf sb;
	char *enc, *at;

	fn.name = "f";
	fn.usr = "c:@F@f";
	fn.loc.line = atoi(SENTINEL);
	in.op = IR_RETURN;
	in.succ[0] = in.succ[1] = -1;
	in.var = in.ret_var = in.src_var = -1;
	fn.instrs = &in;
	fn.ninstrs = 1;
	enc = ir_encode(&fn);
	at = strstr(enc, SENTINEL);
	assert_non_null(at);
	sb_init(&sb);
	sb_addn(&sb, enc, at - enc);
	sb_add(&sb, num);
	sb_add(&sb, at + strlen(SENTINEL));
	free(enc);
	return sb_detach(&sb);
}

/*
 * fuzz_ir_serialize: a 19-digit number past LLONG_MAX overflowed a signed
 * accumulator (undefined behaviour, caught by UBSan).  Now every long
 * long reads back, and nothing outside the range does.
 */
static void test_number_range(void **state)
{
	static const char *const good[] = {
		"0", "9223372036854775807", "-9223372036854775808", "-1",
	};
	static const char *const bad[] = {
		"9223372036854775808", "9999999999999999999",
		"-9223372036854775809", "-9999999999999999999",
		"99999999999999999999", "-", "",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		char *t = with_line(good[i]);
		struct ir_func *fn = ir_decode(t, strlen(t));

		assert_non_null(fn);
		ir_func_free(fn);
		free(t);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *t = with_line(bad[i]);

		assert_null(ir_decode(t, strlen(t)));
		free(t);
	}
}

/* The extreme constants a call argument can hold survive a round trip. */
static void test_extreme_constants(void **state)
{
	struct ir_func fn = { 0 }, *back;
	struct ir_instr in = { 0 };
	struct ir_call c = { 0 };
	struct ir_arg args[2] = { { 0 } };
	char *a, *b;

	(void)state;
	fn.name = "f";
	fn.usr = "c:@F@f";
	args[0].value = LLONG_MIN;
	args[0].is_const = 1;
	args[1].value = LLONG_MAX;
	args[1].is_const = 1;
	c.callee = "g";
	c.args = args;
	c.nargs = 2;
	c.result_var = -1;
	in.op = IR_CALL;
	in.succ[0] = in.succ[1] = -1;
	in.var = in.ret_var = in.src_var = -1;
	in.call = &c;
	fn.instrs = &in;
	fn.ninstrs = 1;
	a = ir_encode(&fn);
	back = ir_decode(a, strlen(a));
	assert_non_null(back);
	assert_true(back->instrs[0].call->args[0].value == LLONG_MIN);
	assert_true(back->instrs[0].call->args[1].value == LLONG_MAX);
	b = ir_encode(back);
	assert_string_equal(a, b);
	free(a);
	free(b);
	ir_func_free(back);
}

/*
 * fuzz_ir_serialize: an assignment that negates no variable (src_var -1)
 * made the analysis read vars[-1].  The lowering never writes one, so
 * the reader refuses it, and an assignment to no variable too.
 */
static void test_assign_invariants(void **state)
{
	static const struct { int var, src, negate, ok; } cases[] = {
		{ 0, -1, 0, 1 }, { 0, 1, 1, 1 }, { 0, -1, 1, 0 }, { -1, 1, 0, 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ir_func fn = { 0 }, *back;
		struct ir_var vars[2] = { { 0 } };
		struct ir_instr in[2] = { { 0 } };
		char *a;

		fn.name = "f";
		fn.usr = "c:@F@f";
		vars[0].name = "x";
		vars[1].name = "err";
		fn.vars = vars;
		fn.nvars = 2;
		in[0].op = IR_ASSIGN;
		in[0].succ[0] = 1;
		in[0].succ[1] = -1;
		in[0].var = cases[i].var;
		in[0].src_var = cases[i].src;
		in[0].negate = cases[i].negate;
		in[0].ret_var = -1;
		in[1].op = IR_RETURN;
		in[1].succ[0] = in[1].succ[1] = -1;
		in[1].var = in[1].ret_var = in[1].src_var = -1;
		fn.instrs = in;
		fn.ninstrs = 2;
		a = ir_encode(&fn);
		back = ir_decode(a, strlen(a));
		if (cases[i].ok)
			assert_non_null(back);
		else
			assert_null(back);
		ir_func_free(back);
		free(a);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_number_range),
		cmocka_unit_test(test_extreme_constants),
		cmocka_unit_test(test_assign_invariants),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);

	intern_free_all();
	return rc;
}

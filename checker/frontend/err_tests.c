/*
 * frontend: tests of error pointers, told by what they compute rather
 * than by their names.  An error pointer is one of the top MAX_ERRNO
 * (4095) values of the address space; a test of one is an unsigned
 * comparison against -4095, whether it is spelled IS_ERR(), a macro, or
 * a static inline of an out-of-tree module.  A function is classed by
 * its body (IS_ERR, IS_ERR_OR_NULL, PTR_ERR_OR_ZERO, PTR_ERR); with no
 * body in the translation unit (declared only, or its body skipped by
 * the prefilter), by the kernel's name for it.
 */
#include "frontend/err_tests.h"
#include "frontend/cursor.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

#define ERR_TEST_DEPTH 4

static enum err_test classify(CXCursor fn, int depth);

static CXCursor nth_child(CXCursor c, size_t n)
{
	struct cursor_list kids = { 0 };
	CXCursor r = clang_getNullCursor();

	cursor_children(c, &kids);
	if (n < kids.n)
		r = kids.items[n];
	cursor_list_free(&kids);
	return r;
}

static size_t nchildren(CXCursor c)
{
	struct cursor_list kids = { 0 };
	size_t n;

	cursor_children(c, &kids);
	n = kids.n;
	cursor_list_free(&kids);
	return n;
}

static char *callee_of(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);
	CXString s;
	char *name;

	if (clang_Cursor_isNull(ref))
		return NULL;
	s = clang_getCursorSpelling(ref);
	name = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	return name;
}

/* unlikely(x), likely(x), !!x: the truth of x. */
static CXCursor truth_of(CXCursor e)
{
	int depth;

	for (depth = 0; depth < 8; depth++) {
		CXCursor p = cursor_peel(e);
		enum CXCursorKind k = clang_getCursorKind(p);

		if (k == CXCursor_CallExpr) {
			char *name = callee_of(p);
			int expect = name && !strcmp(name, "__builtin_expect") &&
				     clang_Cursor_getNumArguments(p) == 2;

			free(name);
			if (!expect)
				return p;
			e = clang_Cursor_getArgument(p, 0);
			continue;
		}
		if (k == CXCursor_UnaryOperator &&
		    clang_getCursorUnaryOperatorKind(p) == CXUnaryOperator_LNot) {
			CXCursor in = cursor_peel(nth_child(p, 0));

			if (clang_getCursorKind(in) == CXCursor_UnaryOperator &&
			    clang_getCursorUnaryOperatorKind(in) ==
			    CXUnaryOperator_LNot) {
				e = nth_child(in, 0);	/* !!x */
				continue;
			}
		}
		return p;
	}
	return cursor_peel(e);
}

/* The value of constant C, sign-extended from its type's width. */
static int signed_const(CXCursor c, long long *out)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	long long bytes = clang_Type_getSizeOf(clang_getCursorType(c));
	unsigned long long v;
	int ok = 0;

	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		v = clang_EvalResult_isUnsignedInt(r) ?
			clang_EvalResult_getAsUnsigned(r) :
			(unsigned long long)clang_EvalResult_getAsLongLong(r);
		if (bytes > 0 && bytes < 8) {
			unsigned long long sign = 1ULL << (bytes * 8 - 1);

			v &= (sign << 1) - 1;
			v = (v ^ sign) - sign;
		}
		*out = (long long)v;
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}

/* (unsigned long)P >= (unsigned long)-4095, or > -4096: *PTR is P. */
static int compare_form(CXCursor e, CXCursor *ptr)
{
	CXCursor p = truth_of(e), lhs, rhs;
	enum CXBinaryOperatorKind op;
	long long v;
	CXType t;

	if (clang_getCursorKind(p) != CXCursor_BinaryOperator ||
	    nchildren(p) != 2)
		return 0;
	op = clang_getCursorBinaryOperatorKind(p);
	if (op != CXBinaryOperator_GE && op != CXBinaryOperator_GT)
		return 0;
	lhs = nth_child(p, 0);
	rhs = nth_child(p, 1);
	t = clang_getCanonicalType(clang_getCursorType(lhs));
	if (t.kind != CXType_ULong && t.kind != CXType_ULongLong &&
	    t.kind != CXType_UInt)
		return 0;
	if (!signed_const(rhs, &v))
		return 0;
	if (op == CXBinaryOperator_GT) {
		if (v > -2 || v < -4097)
			return 0;
		v++;
	}
	if (v < -4096 || v > -1)
		return 0;
	*ptr = cursor_peel(lhs);
	return 1;
}

static int same_param(CXCursor e, CXCursor param)
{
	CXCursor p = cursor_peel(e);

	return clang_getCursorKind(p) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(p), param);
}

/* E tests whether PARAM is an error pointer. */
static int tests_err(CXCursor e, CXCursor param, int depth)
{
	CXCursor p = truth_of(e), ptr;

	if (compare_form(p, &ptr))
		return same_param(ptr, param);
	if (clang_getCursorKind(p) == CXCursor_CallExpr &&
	    clang_Cursor_getNumArguments(p) == 1 &&
	    same_param(clang_Cursor_getArgument(p, 0), param))
		return classify(clang_getCursorReferenced(p), depth + 1) ==
		       ERR_TEST_IS_ERR;
	return 0;
}

static int tests_null(CXCursor e, CXCursor param)
{
	CXCursor p = truth_of(e);

	return clang_getCursorKind(p) == CXCursor_UnaryOperator &&
	       clang_getCursorUnaryOperatorKind(p) == CXUnaryOperator_LNot &&
	       same_param(nth_child(p, 0), param);
}

/* !P || IS_ERR(P), either way round. */
static int tests_err_or_null(CXCursor e, CXCursor param, int depth)
{
	CXCursor p = cursor_peel(e), a, b;

	if (clang_getCursorKind(p) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(p) != CXBinaryOperator_LOr ||
	    nchildren(p) != 2)
		return 0;
	a = nth_child(p, 0);
	b = nth_child(p, 1);
	return (tests_null(a, param) && tests_err(b, param, depth)) ||
	       (tests_null(b, param) && tests_err(a, param, depth));
}

static CXCursor returned(CXCursor stmt)
{
	if (clang_getCursorKind(stmt) != CXCursor_ReturnStmt ||
	    nchildren(stmt) != 1)
		return clang_getNullCursor();
	return nth_child(stmt, 0);
}

static int returns_zero(CXCursor stmt)
{
	CXCursor r = returned(stmt);

	return !clang_Cursor_isNull(r) && cursor_is_zero_literal(r);
}

/* The only statement of a compound (or the statement itself). */
static CXCursor only_stmt(CXCursor s)
{
	if (clang_getCursorKind(s) == CXCursor_CompoundStmt)
		return nchildren(s) == 1 ? nth_child(s, 0) : clang_getNullCursor();
	return s;
}

/* if (IS_ERR(P)) return ...; [else] return 0; */
static int is_or_zero(const struct cursor_list *stmts, CXCursor param,
		      int depth)
{
	CXCursor ifs, then, rest;
	size_t n = nchildren(stmts->items[0]);

	ifs = stmts->items[0];
	if (clang_getCursorKind(ifs) != CXCursor_IfStmt || n < 2 ||
	    !tests_err(nth_child(ifs, 0), param, depth))
		return 0;
	then = only_stmt(nth_child(ifs, 1));
	if (clang_Cursor_isNull(then) || clang_Cursor_isNull(returned(then)))
		return 0;
	if (n == 3 && stmts->n == 1)
		rest = only_stmt(nth_child(ifs, 2));
	else if (n == 2 && stmts->n == 2)
		rest = stmts->items[1];
	else
		return 0;
	return !clang_Cursor_isNull(rest) && returns_zero(rest);
}

static enum err_test by_body(CXCursor def, int depth)
{
	struct cursor_list kids = { 0 }, stmts = { 0 };
	enum err_test r = ERR_TEST_NONE;
	CXCursor param, ret;
	size_t i;

	if (clang_Cursor_getNumArguments(def) != 1)
		return ERR_TEST_NONE;
	param = clang_Cursor_getArgument(def, 0);
	cursor_children(def, &kids);
	for (i = 0; i < kids.n; i++)
		if (clang_getCursorKind(kids.items[i]) == CXCursor_CompoundStmt)
			cursor_children(kids.items[i], &stmts);
	cursor_list_free(&kids);
	if (stmts.n == 1 && !clang_Cursor_isNull(ret = returned(stmts.items[0]))) {
		if (tests_err(ret, param, depth))
			r = ERR_TEST_IS_ERR;
		else if (tests_err_or_null(ret, param, depth))
			r = ERR_TEST_IS_ERR_OR_NULL;
		else if (same_param(ret, param))
			r = ERR_TEST_PTR_ERR;
	}
	if (r == ERR_TEST_NONE && stmts.n && is_or_zero(&stmts, param, depth))
		r = ERR_TEST_PTR_ERR_OR_ZERO;
	cursor_list_free(&stmts);
	return r;
}

static enum err_test by_name(CXCursor fn)
{
	static const struct {
		const char *name;
		enum err_test test;
	} names[] = {
		{ "IS_ERR", ERR_TEST_IS_ERR },
		{ "IS_ERR_OR_NULL", ERR_TEST_IS_ERR_OR_NULL },
		{ "PTR_ERR_OR_ZERO", ERR_TEST_PTR_ERR_OR_ZERO },
		{ "PTR_ERR", ERR_TEST_PTR_ERR },
	};
	CXString s = clang_getCursorSpelling(fn);
	const char *name = clang_getCString(s);
	enum err_test r = ERR_TEST_NONE;
	size_t i;

	for (i = 0; name && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i].name))
			r = names[i].test;
	clang_disposeString(s);
	return r;
}

static enum err_test classify(CXCursor fn, int depth)
{
	CXCursor def;

	if (clang_Cursor_isNull(fn) || depth > ERR_TEST_DEPTH ||
	    clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return ERR_TEST_NONE;
	def = clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def))
		return by_name(fn);
	return by_body(def, depth);
}

enum err_test err_test_of_call(CXCursor call, CXCursor *ptr)
{
	enum err_test r;

	if (clang_getCursorKind(call) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(call) != 1)
		return ERR_TEST_NONE;
	r = classify(clang_getCursorReferenced(call), 0);
	if (r != ERR_TEST_NONE)
		*ptr = clang_Cursor_getArgument(call, 0);
	return r;
}

int err_test_compare(CXCursor e, CXCursor *ptr)
{
	return compare_form(e, ptr);
}

/*
 * frontend: a function passed to a helper that only calls it.
 *
 * nfsd4_list_rec_dir(purge_old, nn) calls purge_old() for each entry of
 * a directory, under the bracket its caller took.  Taken as an escape,
 * purge_old() would be a root, checked as if anything could call it.
 * When the helper is in the program and uses that parameter only to
 * call it, the call of the helper is where the callback runs: its needs
 * are checked there (analysis/bound_callbacks.c).  Anything else the helper
 * does with the pointer (store it, pass it on, return it, compare it) keeps the
 * callback an escape, since it may then run anywhere later.
 */
#include "frontend/callback_params.h"
#include "frontend/cursor.h"
#include "lib/util.h"

#include <string.h>

/* f, &f or *f: the function or pointer named, not !f or -f */
static CXCursor peel_unary(CXCursor c)
{
	struct cursor_list kids = { 0 };
	enum CXUnaryOperatorKind op;

	c = cursor_peel(c);
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator)
		return c;
	op = clang_getCursorUnaryOperatorKind(c);
	if (op != CXUnaryOperator_AddrOf && op != CXUnaryOperator_Deref)
		return c;
	cursor_children(c, &kids);
	if (kids.n == 1)
		c = cursor_peel(kids.items[0]);
	cursor_list_free(&kids);
	return c;
}

char *fnarg_function_usr(CXCursor arg)
{
	CXCursor e = peel_unary(arg), ref;
	CXString usr;
	char *s;

	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return NULL;
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return NULL;
	usr = clang_getCursorUSR(ref);
	s = clang_getCString(usr) && *clang_getCString(usr) ?
	    xstrdup(clang_getCString(usr)) : NULL;
	clang_disposeString(usr);
	return s;
}

/* The parameter of FN that E refers to, 1-based; 0 if none. */
static int param_of(CXCursor e, CXCursor fn)
{
	CXCursor ref;
	int i, n;

	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return 0;
	n = clang_Cursor_getNumArguments(fn);
	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(fn, i), ref))
			return i + 1;
	return 0;
}

/* The callee expression of CALL: its first child. */
static CXCursor callee_expr(CXCursor call)
{
	struct cursor_list kids = { 0 };
	CXCursor c = clang_getNullCursor();

	cursor_children(call, &kids);
	if (kids.n)
		c = peel_unary(kids.items[0]);
	cursor_list_free(&kids);
	return c;
}

int fnarg_called_param(CXCursor call, CXCursor fn)
{
	return param_of(callee_expr(call), fn);
}

struct use_count {
	CXCursor fn;
	int total[64], called[64];
};

static enum CXChildVisitResult count_uses(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct use_count *u = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	int p;

	(void)parent;
	if (k == CXCursor_CallExpr) {
		p = param_of(callee_expr(c), u->fn);
		if (p >= 1 && p <= 64)
			u->called[p - 1]++;
	} else if (k == CXCursor_DeclRefExpr) {
		p = param_of(c, u->fn);
		if (p >= 1 && p <= 64)
			u->total[p - 1]++;
	}
	return CXChildVisit_Recurse;
}

static int is_function_pointer(CXCursor parm)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(parm));

	if (t.kind != CXType_Pointer)
		return 0;
	t = clang_getCanonicalType(clang_getPointeeType(t));
	return t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto;
}

unsigned long long fnarg_only_called(CXCursor fn, CXCursor body)
{
	struct use_count u;
	unsigned long long mask = 0;
	int i, n = clang_Cursor_getNumArguments(fn), any = 0;

	for (i = 0; i < n && i < 64; i++)
		any |= is_function_pointer(clang_Cursor_getArgument(fn, i));
	if (!any || clang_Cursor_isNull(body))
		return 0;
	memset(&u, 0, sizeof(u));
	u.fn = fn;
	clang_visitChildren(body, count_uses, &u);
	for (i = 0; i < n && i < 64; i++)
		if (u.total[i] && u.total[i] == u.called[i] &&
		    is_function_pointer(clang_Cursor_getArgument(fn, i)))
			mask |= 1ULL << i;
	return mask;
}

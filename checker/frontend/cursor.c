/* frontend: libclang cursor helpers shared by the front end's files. */
#include "frontend/cursor.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct cursor_list *l = data;

	(void)parent;
	*ARRAY_PUSH(l->items, l->n, l->cap) = c;
	return CXChildVisit_Continue;
}

void cursor_children(CXCursor c, struct cursor_list *out)
{
	out->n = 0;
	clang_visitChildren(c, collect, out);
}

void cursor_list_free(struct cursor_list *l)
{
	free(l->items);
	l->items = NULL;
	l->n = l->cap = 0;
}

static int single_child(CXCursor c, CXCursor *child)
{
	struct cursor_list l = { 0 };
	int ok;

	cursor_children(c, &l);
	ok = l.n >= 1;
	if (ok)
		*child = l.items[l.n - 1];	/* casts: TypeRef first, operand last */
	ok = ok && (l.n == 1 || clang_getCursorKind(c) == CXCursor_CStyleCastExpr);
	cursor_list_free(&l);
	return ok;
}

CXCursor cursor_peel(CXCursor c)
{
	int guard;

	for (guard = 0; guard < 64; guard++) {
		enum CXCursorKind k = clang_getCursorKind(c);
		CXCursor child;

		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
		    k != CXCursor_CStyleCastExpr)
			break;
		if (!single_child(c, &child))
			break;
		c = child;
	}
	return c;
}

char *cursor_spelling(CXCursor c)
{
	CXString s = clang_getCursorSpelling(c);
	char *r = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

char *type_spelling(CXType t)
{
	CXString s = clang_getTypeSpelling(t);
	char *r = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}


static struct loc make_loc(CXFile file, unsigned line, unsigned col)
{
	struct loc l = { NULL, line, col };
	CXString name;

	if (!file)
		return l;
	name = clang_getFileName(file);
	if (clang_getCString(name))
		l.file = intern(clang_getCString(name));
	clang_disposeString(name);
	return l;
}

struct loc cursor_loc(CXCursor c)
{
	CXFile file;
	unsigned line, col, off;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line,
				   &col, &off);
	return make_loc(file, line, col);
}

struct loc cursor_end_loc(CXCursor c)
{
	CXFile file;
	unsigned line, col, off;
	CXSourceLocation end = clang_getRangeEnd(clang_getCursorExtent(c));

	clang_getExpansionLocation(end, &file, &line, &col, &off);
	if (col > 1)
		col--;	/* the end is one past the closing brace */
	return make_loc(file, line, col);
}

struct loc cursor_macro_loc(CXCursor c)
{
	CXSourceLocation where = clang_getCursorLocation(c);
	CXFile efile, sfile;
	unsigned eline, ecol, eoff, sline, scol, soff;
	struct loc none = { NULL, 0, 0 };

	clang_getExpansionLocation(where, &efile, &eline, &ecol, &eoff);
	clang_getSpellingLocation(where, &sfile, &sline, &scol, &soff);
	if (efile == sfile && eoff == soff)
		return none;
	return make_loc(sfile, sline, scol);
}

int cursor_const_value(CXCursor c, long long *value)
{
	enum CXCursorKind k;
	CXEvalResult ev;
	int ok = 0;

	c = cursor_peel(c);
	k = clang_getCursorKind(c);
	if (k == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(c);

		if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
			return 0;
		*value = clang_getEnumConstantDeclValue(ref);
		return 1;
	}
	if (k != CXCursor_IntegerLiteral && k != CXCursor_CharacterLiteral &&
	    k != CXCursor_UnaryOperator && k != CXCursor_CXXBoolLiteralExpr)
		return 0;
	ev = clang_Cursor_Evaluate(c);
	if (!ev)
		return 0;
	if (clang_EvalResult_getKind(ev) == CXEval_Int) {
		*value = clang_EvalResult_getAsLongLong(ev);
		ok = 1;
	}
	clang_EvalResult_dispose(ev);
	return ok;
}

int cursor_is_zero_literal(CXCursor c)
{
	long long v;

	c = cursor_peel(c);
	if (clang_getCursorKind(c) == CXCursor_GNUNullExpr)
		return 1;
	return cursor_const_value(c, &v) && v == 0;
}

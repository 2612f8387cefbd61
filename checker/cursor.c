#include "cursor.h"
#include "util.h"

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

static int is_word_char(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '_';
}

/* A macro use's range can run one token past an argument. */
static void trim_unbalanced(struct strbuf *sb)
{
	size_t i;
	int depth = 0;

	for (i = 0; i < sb->len; i++) {
		if (sb->buf[i] == '(')
			depth++;
		else if (sb->buf[i] == ')' && --depth < 0) {
			sb->len = i;
			sb->buf[i] = '\0';
			return;
		}
	}
}

/* Tokens joined the way kernel code is written: a space only where two
 * words would otherwise run together, and after commas. */
/* The extent of C as the user wrote it: for an expression that comes
 * from a macro (NULL, a macro argument), the range of the macro use. */
static CXSourceRange written_range(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation s = clang_getRangeStart(r), e = clang_getRangeEnd(r);
	CXFile sf, ef;
	unsigned sl, sc, so, el, ec, eo;
	CXToken *last;

	clang_getExpansionLocation(s, &sf, &sl, &sc, &so);
	clang_getExpansionLocation(e, &ef, &el, &ec, &eo);
	if (!sf || sf != ef)
		return r;
	clang_getSpellingLocation(s, NULL, NULL, NULL, &eo);
	if (eo == so)
		return r;	/* not from a macro */
	if (sl == el && sc == ec) {
		last = clang_getToken(tu, clang_getLocation(tu, sf, sl, sc));
		if (last) {
			r = clang_getTokenExtent(tu, *last);
			clang_disposeTokens(tu, last, 1);
		}
		return r;
	}
	clang_getExpansionLocation(e, &ef, &el, &ec, &eo);
	/* the end's expansion is the start of the last macro use: extend
	 * it over that token */
	last = clang_getToken(tu, clang_getLocation(tu, ef, el, ec));
	if (last) {
		CXSourceRange lr = clang_getTokenExtent(tu, *last);

		clang_disposeTokens(tu, last, 1);
		return clang_getRange(clang_getLocation(tu, sf, sl, sc),
				      clang_getRangeEnd(lr));
	}
	return clang_getRange(clang_getLocation(tu, sf, sl, sc),
			      clang_getLocation(tu, ef, el, ec));
}

/* The range of C where its tokens are spelt: inside a macro body for
 * code a macro contains, at the use site for a macro's arguments. */
static CXSourceRange spelt_range(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile sf, ef;
	unsigned so, eo;

	clang_getSpellingLocation(clang_getRangeStart(r), &sf, NULL, NULL, &so);
	clang_getSpellingLocation(clang_getRangeEnd(r), &ef, NULL, NULL, &eo);
	if (!sf || sf != ef || eo < so)
		return written_range(tu, c);
	return clang_getRange(clang_getLocationForOffset(tu, sf, so),
			      clang_getLocationForOffset(tu, ef, eo));
}

static char *range_text(CXTranslationUnit tu, CXCursor c, CXSourceRange range);

char *cursor_source_text(CXTranslationUnit tu, CXCursor c)
{
	return range_text(tu, c, written_range(tu, c));
}

char *cursor_spelt_text(CXTranslationUnit tu, CXCursor c)
{
	return range_text(tu, c, spelt_range(tu, c));
}

static char *range_text(CXTranslationUnit tu, CXCursor c, CXSourceRange range)
{
	CXToken *toks = NULL;
	unsigned ntoks = 0, i;
	struct strbuf sb;

	clang_tokenize(tu, range, &toks, &ntoks);
	sb_init(&sb);
	for (i = 0; i < ntoks; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		const char *t = clang_getCString(s);

		if (!t)
			t = "";
		if (sb.len && ((is_word_char(sb.buf[sb.len - 1]) &&
				is_word_char(t[0])) || sb.buf[sb.len - 1] == ','))
			sb_addc(&sb, ' ');
		sb_add(&sb, t);
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(tu, toks, ntoks);
	trim_unbalanced(&sb);
	if (!sb.len) {
		sb_free(&sb);
		return cursor_spelling(c);
	}
	return sb_detach(&sb);
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

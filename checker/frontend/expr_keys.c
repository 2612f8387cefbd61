/*
 * frontend: the keys of object expressions, from their cursors (the
 * algebra on keys is analysis/keys.c), and the struct path an argument
 * lies in.
 */
#include "frontend/expr_keys.h"
#include "frontend/cursor.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Object expressions are short (p->a.b->c); deeper ones are not keys
 * worth tracking, which also bounds this recursion. */
#define KEY_MAX_DEPTH 16

static int param_number(const struct exprtext *et, CXCursor decl)
{
	size_t i;

	for (i = 0; i < et->nvar_decls; i++)
		if (clang_equalCursors(et->var_decls[i], decl))
			return et->fn->vars[i].param;
	return -1;	/* not a variable of this function: a global */
}

static int is_pointer(CXCursor e)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(e));

	return t.kind == CXType_Pointer;
}

struct keygen {
	const struct exprtext *et;
	int use_params;
	int local;
	int ok;
};

static void key_print(struct keygen *kg, CXCursor e, struct strbuf *sb,
		      int depth);

static int written(const struct exprtext *et, CXCursor decl)
{
	size_t i;

	for (i = 0; i < et->nwritten; i++)
		if (clang_equalCursors(et->written[i], decl))
			return 1;
	return 0;
}

/* The initialiser of local variable DECL, if it has one. */
static int local_init(CXCursor decl, CXCursor *init)
{
	struct cursor_list kids = { 0 };
	int ok;

	if (clang_getCursorKind(decl) != CXCursor_VarDecl)
		return 0;
	cursor_children(decl, &kids);
	ok = kids.n &&
	     clang_isExpression(clang_getCursorKind(kids.items[kids.n - 1]));
	if (ok)
		*init = kids.items[kids.n - 1];
	cursor_list_free(&kids);
	return ok;
}

/*
 * A local standing for an expression (struct ovl_fs *ofs =
 * OVL_FS(dentry->d_sb)) is keyed by that expression, so that a wrapper
 * that takes the bracket and the one that drops it agree on the object
 * though each has a local of its own.
 */
static void key_declref(struct keygen *kg, CXCursor e, struct strbuf *sb,
			int depth)
{
	CXCursor ref = clang_getCursorReferenced(e), init;
	char *name;
	int param = param_number(kg->et, ref);

	if (param == 0 && kg->use_params && !written(kg->et, ref) &&
	    local_init(ref, &init)) {
		struct keygen sub = *kg;
		struct strbuf tmp;

		sb_init(&tmp);
		sub.local = 0;
		key_print(&sub, init, &tmp, depth + 1);
		if (sub.ok) {
			sb_add(sb, tmp.buf);
			kg->local |= sub.local;
			sb_free(&tmp);
			return;
		}
		sb_free(&tmp);
	}
	name = cursor_spelling(e);
	if (param > 0 && kg->use_params)
		sb_addf(sb, "$%d", param);
	else
		sb_add(sb, name);
	if (param == 0)
		kg->local = 1;
	free(name);
}

static void key_member(struct keygen *kg, CXCursor e, struct strbuf *sb,
		       int depth)
{
	struct cursor_list kids = { 0 };
	char *member = cursor_spelling(e);

	cursor_children(e, &kids);
	if (kids.n) {
		CXCursor base = kids.items[0];
		int arrow = is_pointer(base);
		struct strbuf b;
		const char *t;

		sb_init(&b);
		key_print(kg, base, &b, depth + 1);
		t = b.buf;
		/* (&x)->m is x.m and (*p).m is p->m: one spelling per object */
		if (arrow && t[0] == '&') {
			t++;
			arrow = 0;
		} else if (!arrow && t[0] == '*') {
			t++;
			arrow = 1;
		}
		sb_add(sb, t);
		sb_add(sb, arrow ? "->" : ".");
		sb_free(&b);
	}
	sb_add(sb, member);
	free(member);
	cursor_list_free(&kids);
}

static void key_call(struct keygen *kg, CXCursor e, struct strbuf *sb,
		     int depth)
{
	CXCursor ref = clang_getCursorReferenced(e);
	int i, n = clang_Cursor_getNumArguments(e);
	char *name;

	if (clang_Cursor_isNull(ref)) {
		kg->ok = 0;
		return;
	}
	name = cursor_spelling(ref);
	sb_add(sb, name);
	free(name);
	sb_addc(sb, '(');
	for (i = 0; i < n; i++) {
		if (i)
			sb_add(sb, ", ");
		key_print(kg, clang_Cursor_getArgument(e, i), sb, depth + 1);
	}
	sb_addc(sb, ')');
}

static void key_unary(struct keygen *kg, CXCursor e, struct strbuf *sb,
		      int depth)
{
	enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
	struct cursor_list kids = { 0 };

	cursor_children(e, &kids);
	if (kids.n != 1 || (op != CXUnaryOperator_AddrOf &&
			    op != CXUnaryOperator_Deref)) {
		kg->ok = 0;
	} else {
		sb_add(sb, op == CXUnaryOperator_AddrOf ? "&" : "*");
		key_print(kg, kids.items[0], sb, depth + 1);
	}
	cursor_list_free(&kids);
}

static void key_subscript(struct keygen *kg, CXCursor e, struct strbuf *sb,
			  int depth)
{
	struct cursor_list kids = { 0 };

	cursor_children(e, &kids);
	if (kids.n == 2) {
		key_print(kg, kids.items[0], sb, depth + 1);
		sb_addc(sb, '[');
		key_print(kg, kids.items[1], sb, depth + 1);
		sb_addc(sb, ']');
	} else {
		kg->ok = 0;
	}
	cursor_list_free(&kids);
}

static void key_print(struct keygen *kg, CXCursor e, struct strbuf *sb,
		      int depth)
{
	char *text;

	if (depth > KEY_MAX_DEPTH || !kg->ok) {
		kg->ok = 0;
		return;
	}
	e = cursor_peel(e);
	switch (clang_getCursorKind(e)) {
	case CXCursor_DeclRefExpr:
		key_declref(kg, e, sb, depth);
		break;
	case CXCursor_MemberRefExpr:
		key_member(kg, e, sb, depth);
		break;
	case CXCursor_CallExpr:
		key_call(kg, e, sb, depth);
		break;
	case CXCursor_UnaryOperator:
		key_unary(kg, e, sb, depth);
		break;
	case CXCursor_ArraySubscriptExpr:
		key_subscript(kg, e, sb, depth);
		break;
	case CXCursor_IntegerLiteral:
		text = srctext_written(kg->et->text, e);
		sb_add(sb, text);
		free(text);
		break;
	default:
		kg->ok = 0;
		break;
	}
}

static char *make_key(const struct exprtext *et, CXCursor e, int use_params,
		      int *local)
{
	struct keygen kg = { et, use_params, 0, 1 };
	struct strbuf sb;

	sb_init(&sb);
	key_print(&kg, e, &sb, 0);
	if (local)
		*local = kg.local;
	if (!kg.ok) {
		sb_free(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

char *expr_key(const struct exprtext *et, CXCursor e, int *local,
	       int fallback_text)
{
	char *k = make_key(et, e, 1, local);

	if (!k && fallback_text) {
		/* not an object expression: fall back to its text */
		if (local)
			*local = 1;
		k = srctext_written(et->text, e);
	}
	return k;
}

/* Is E of type struct TAG, or a pointer to one (*POINTER)? */
static int type_is_struct(CXCursor e, const char *tag, int *pointer)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(e));
	CXString s;
	const char *name;
	int yes;

	*pointer = 0;
	if (t.kind == CXType_Pointer) {
		t = clang_getCanonicalType(clang_getPointeeType(t));
		*pointer = 1;
	}
	s = clang_getTypeSpelling(t);
	name = clang_getCString(s);
	if (!strncmp(name, "const ", 6))
		name += 6;
	yes = !strcmp(name, tag);
	clang_disposeString(s);
	return yes;
}

static int member_is(CXCursor e, const char *name, CXCursor *base)
{
	struct cursor_list kids = { 0 };
	char *member;
	int yes;

	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return 0;
	member = cursor_spelling(e);
	cursor_children(e, &kids);
	yes = !strcmp(member, name) && kids.n == 1;
	if (yes)
		*base = cursor_peel(kids.items[0]);
	free(member);
	cursor_list_free(&kids);
	return yes;
}

/* No part of C comes from a macro: its text is what it is. */
static int written_out(const struct path_seek *ps, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation l[2] = { clang_getRangeStart(r), clang_getRangeEnd(r) };
	int i;

	if (!ps->written_out)
		return 1;
	for (i = 0; i < 2; i++) {
		CXFile f1, f2;
		unsigned o1, o2;

		clang_getExpansionLocation(l[i], &f1, NULL, NULL, &o1);
		clang_getSpellingLocation(l[i], &f2, NULL, NULL, &o2);
		if (o1 != o2 || !f1 || !f2 || !clang_File_isEqual(f1, f2))
			return 0;
	}
	return 1;
}

/* x->d_inode, d_inode(x), d_backing_inode(x) (E peeled): x, or a null
 * cursor. */
static CXCursor dentry_of_inode(CXCursor e)
{
	CXCursor base = clang_getNullCursor();
	char *name;

	if (member_is(e, "d_inode", &base))
		return base;
	if (clang_getCursorKind(e) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(e) != 1)
		return base;
	name = cursor_spelling(clang_getCursorReferenced(e));
	if (!strcmp(name, "d_inode") || !strcmp(name, "d_backing_inode"))
		base = cursor_peel(clang_Cursor_getArgument(e, 0));
	free(name);
	return base;
}

/* A local seen through to the value it holds, if PS sees through them. */
static int local_value(const struct path_seek *ps, CXCursor e,
		       CXCursor *value)
{
	return ps->local_value && ps->local_value(ps->ctx, e, value);
}

static CXCursor seek_dentry(const struct path_seek *ps, CXCursor e,
			    int depth)
{
	CXCursor d, next;
	int pointer;

	e = cursor_peel(e);
	if (depth > PATH_SEEK_MAX_LOCALS || !written_out(ps, e))
		return clang_getNullCursor();
	d = dentry_of_inode(e);
	if (!clang_Cursor_isNull(d))
		return written_out(ps, d) ? d : clang_getNullCursor();
	if (type_is_struct(e, "struct dentry", &pointer) && pointer)
		return e;
	if (!local_value(ps, e, &next))
		return clang_getNullCursor();
	return seek_dentry(ps, next, depth + 1);
}

CXCursor expr_dentry_of(const struct path_seek *ps, CXCursor e)
{
	return seek_dentry(ps, e, 0);
}

static CXCursor seek_path(const struct path_seek *ps, CXCursor d,
			  int *pointer, int depth)
{
	CXCursor base, next;

	if (clang_Cursor_isNull(d) || depth > PATH_SEEK_MAX_LOCALS)
		return clang_getNullCursor();
	d = cursor_peel(d);
	if (member_is(d, "dentry", &base) && written_out(ps, base) &&
	    type_is_struct(base, "struct path", pointer))
		return base;
	if (!local_value(ps, d, &next))
		return clang_getNullCursor();
	return seek_path(ps, seek_dentry(ps, next, depth + 1), pointer,
			 depth + 1);
}

CXCursor expr_path_in(const struct path_seek *ps, CXCursor d, int *pointer)
{
	return seek_path(ps, d, pointer, 0);
}

char *expr_path_ref(const char *path, int pointer)
{
	if (pointer)
		return xstrdup(path);
	if (path[0] == '*')
		return xstrdup(path + 1);	/* &*p is p */
	return xasprintf("&%s", path);
}

/*
 * The suggestion's struct path: the argument as it is spelt, macros
 * included, no local seen through (the suggestion builds a struct path
 * of such a local's dentry instead: testcases/fix/fix-path.c), in the
 * normalised text of a key, as the IR names objects.
 */
char *expr_path_of(const struct exprtext *et, CXCursor e)
{
	static const struct path_seek as_written = { NULL, NULL, 0 };
	CXCursor path;
	int pointer;
	char *text, *r;

	path = expr_path_in(&as_written, expr_dentry_of(&as_written, e),
			    &pointer);
	if (clang_Cursor_isNull(path))
		return NULL;
	text = make_key(et, path, 0, NULL);
	if (!text)
		return NULL;
	r = expr_path_ref(text, pointer);
	free(text);
	return r;
}

/* Locals the body writes (=, op=, ++, --, &): a key may stand a local
 * for its initialiser only if nothing else is ever stored in it. */
static enum CXChildVisitResult find_written(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct cursor_list *l = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_list kids = { 0 };
	CXCursor target, ref;
	int writes = 0;

	(void)parent;
	if (k == CXCursor_BinaryOperator)
		writes = clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign;
	else if (k == CXCursor_CompoundAssignOperator)
		writes = 1;
	else if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);

		writes = (op >= CXUnaryOperator_PostInc &&
			  op <= CXUnaryOperator_PreDec) ||
			 op == CXUnaryOperator_AddrOf;
	}
	if (!writes)
		return CXChildVisit_Recurse;
	cursor_children(c, &kids);
	if (kids.n) {
		target = cursor_peel(kids.items[0]);
		ref = clang_getCursorReferenced(target);
		if (clang_getCursorKind(target) == CXCursor_DeclRefExpr &&
		    clang_getCursorKind(ref) == CXCursor_VarDecl)
			*ARRAY_PUSH(l->items, l->n, l->cap) = ref;
	}
	cursor_list_free(&kids);
	return CXChildVisit_Recurse;
}

void exprtext_find_written(CXCursor body, struct cursor_list *out)
{
	clang_visitChildren(body, find_written, out);
}

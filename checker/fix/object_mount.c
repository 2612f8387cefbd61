/*
 * fix: the mount of the object a call writes, read from the code.  A
 * struct path built for a path_* call must pair the dentry with its own
 * mount: taking the mount of whatever bracket the function holds would
 * write nfsd_link()'s wrong-mount bug into the fix.  The object's mount
 * is found the way a reader finds it: a dentry's parent is on its
 * mount; an accessor of a stacked file system returning the lower
 * path's dentry has a sibling returning its mount; an object whose type
 * the file's own brackets reach a mount from has its mount by the same
 * expression.
 */
#include "fix/object_mount.h"
#include "frontend/cursor.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 16

/* C's text, token by token, a space only between two words. */
static char *tokens_text(CXCursor c, const char *from, const char *to)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *toks = NULL;
	unsigned n = 0, i;
	struct strbuf sb;

	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	sb_init(&sb);
	sb_add(&sb, "");
	for (i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		const char *t = clang_getCString(s);

		if (from && !strcmp(t, from))
			t = to;
		if (sb.len && (isalnum((unsigned char)sb.buf[sb.len - 1]) ||
			       sb.buf[sb.len - 1] == '_') &&
		    (isalnum((unsigned char)t[0]) || t[0] == '_'))
			sb_addc(&sb, ' ');
		sb_add(&sb, t);
		clang_disposeString(s);
	}
	clang_disposeTokens(tu, toks, n);
	return sb_detach(&sb);
}

static CXCursor peel(CXCursor c)
{
	struct cursor_list kids = { 0 };

	while (clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
	       clang_getCursorKind(c) == CXCursor_ParenExpr) {
		cursor_children(c, &kids);
		if (kids.n != 1) {
			cursor_list_free(&kids);
			break;
		}
		c = kids.items[0];
		cursor_list_free(&kids);
	}
	return c;
}

/* The first child of C (a member's base, a call's callee), peeled. */
static CXCursor child(CXCursor c, size_t k)
{
	struct cursor_list kids = { 0 };
	CXCursor r = clang_getNullCursor();

	cursor_children(c, &kids);
	if (k < kids.n)
		r = peel(kids.items[k]);
	cursor_list_free(&kids);
	return r;
}

static int named(CXCursor c, const char *name)
{
	char *s = cursor_spelling(c);
	int r = !strcmp(s, name);

	free(s);
	return r;
}

static int is_mount_type(CXType t)
{
	char *s = type_spelling(clang_getCanonicalType(t));
	int r = strstr(s, "struct vfsmount") && strchr(s, '*');

	free(s);
	return r;
}

/* ---- the file's forms: type of the object -> rest of the mount ---- */

static void add_form(struct mount_forms *mf, const char *type,
		     const char *suffix)
{
	long *at = strmap_get(&mf->index, type);

	if (at) {
		if (*at && strcmp(mf->suffix[*at - 1], suffix))
			*at = 0;
		return;
	}
	*ARRAY_PUSH(mf->suffix, mf->n, mf->cap) = xstrdup(suffix);
	strmap_put(&mf->index, type, (long)mf->n);
}

/* The variable an expression of members is reached from. */
static CXCursor member_root(CXCursor e)
{
	int depth;

	for (depth = 0; depth < MAX_DEPTH; depth++) {
		e = peel(e);
		if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
			return e;
		if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
			break;
		e = child(e, 0);
	}
	return clang_getNullCursor();
}

struct forms_walk {
	struct mount_forms *mf;
	const struct rules *rules;
};

static void form_of_acquire(struct mount_forms *mf, CXCursor arg)
{
	CXCursor root = member_root(arg);
	char *text, *name, *type;

	if (clang_Cursor_isNull(root) || !is_mount_type(clang_getCursorType(arg)) ||
	    clang_getCursorKind(peel(arg)) != CXCursor_MemberRefExpr)
		return;
	text = tokens_text(arg, NULL, NULL);
	name = cursor_spelling(root);
	type = type_spelling(clang_getCanonicalType(clang_getCursorType(root)));
	if (!strncmp(text, name, strlen(name)))
		add_form(mf, type, text + strlen(name));
	free(text);
	free(name);
	free(type);
}

static enum CXChildVisitResult find_acquires(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct forms_walk *w = data;
	const struct rule_acquire *a;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	name = cursor_spelling(c);
	a = rules_find_acquire(w->rules, name);
	free(name);
	if (a && a->arg >= 1 && a->arg <= clang_Cursor_getNumArguments(c))
		form_of_acquire(w->mf, clang_Cursor_getArgument(c, a->arg - 1));
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult top_fns(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl &&
	    clang_isCursorDefinition(c) &&
	    clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		clang_visitChildren(c, find_acquires, data);
	return CXChildVisit_Continue;
}

void mount_forms_init(struct mount_forms *mf, CXTranslationUnit tu,
		      const struct rules *rules)
{
	struct forms_walk w = { mf, rules };

	memset(mf, 0, sizeof(*mf));
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_fns, &w);
}

void mount_forms_free(struct mount_forms *mf)
{
	size_t i;

	for (i = 0; i < mf->n; i++)
		free(mf->suffix[i]);
	free(mf->suffix);
	strmap_free(&mf->index);
}

static const char *form_for(const struct mount_forms *mf, CXType t)
{
	char *type = type_spelling(clang_getCanonicalType(t));
	long *at = mf ? strmap_get(&mf->index, type) : NULL;

	free(type);
	return at && *at ? mf->suffix[*at - 1] : NULL;
}

/* ---- functions of the file, read ---- */

/* F's one parameter, or a null cursor. */
static CXCursor only_param(CXCursor f)
{
	if (clang_Cursor_getNumArguments(f) != 1)
		return clang_getNullCursor();
	return clang_Cursor_getArgument(f, 0);
}

struct returned {
	CXCursor expr;
	int n;
};

static enum CXChildVisitResult find_return(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct returned *r = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
		r->expr = child(c, 0);
		r->n++;
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

/* What the local V of function F holds when F stores it once. */
struct store {
	CXCursor var, value;
	int n;
};

static enum CXChildVisitResult find_store(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct store *st = data;
	CXCursor lhs;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl &&
	    clang_equalCursors(c, st->var)) {
		struct cursor_list kids = { 0 };

		cursor_children(c, &kids);
		if (kids.n && clang_isExpression(
			clang_getCursorKind(kids.items[kids.n - 1]))) {
			st->value = kids.items[kids.n - 1];
			st->n++;
		}
		cursor_list_free(&kids);
		return CXChildVisit_Continue;
	}
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return CXChildVisit_Recurse;
	lhs = child(c, 0);
	if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr &&
	    clang_equalCursors(clang_getCursorReferenced(lhs), st->var)) {
		st->value = child(c, 1);
		st->n++;
	}
	return CXChildVisit_Recurse;
}

/* The one expression F returns, through a local stored once. */
static CXCursor returned_expr(CXCursor f)
{
	struct returned r = { clang_getNullCursor(), 0 };
	struct store st;
	CXCursor ref;

	clang_visitChildren(f, find_return, &r);
	if (r.n != 1 || clang_Cursor_isNull(r.expr))
		return clang_getNullCursor();
	if (clang_getCursorKind(r.expr) != CXCursor_DeclRefExpr)
		return r.expr;
	ref = clang_getCursorReferenced(r.expr);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl)
		return r.expr;
	st.var = ref;
	st.value = clang_getNullCursor();
	st.n = 0;
	clang_visitChildren(f, find_store, &st);
	return st.n == 1 ? peel(st.value) : r.expr;
}

static CXCursor definition_of_call(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);

	if (clang_Cursor_isNull(ref))
		return ref;
	return clang_getCursorDefinition(ref);
}

static int same_mount_call(CXCursor call, int depth);

/* E, in F, is a dentry on the mount of F's parameter P. */
static int reduces_to_param(CXCursor e, CXCursor p, int depth)
{
	for (; depth < MAX_DEPTH; depth++) {
		e = peel(e);
		switch (clang_getCursorKind(e)) {
		case CXCursor_DeclRefExpr:
			return clang_equalCursors(clang_getCursorReferenced(e), p);
		case CXCursor_MemberRefExpr:
			if (!named(e, "d_parent"))
				return 0;
			e = child(e, 0);
			break;
		case CXCursor_CallExpr:
			if (clang_Cursor_getNumArguments(e) != 1 ||
			    !same_mount_call(e, depth + 1))
				return 0;
			e = clang_Cursor_getArgument(e, 0);
			break;
		default:
			return 0;
		}
	}
	return 0;
}

/*
 * CALL returns a dentry on the mount of its one argument: dget(),
 * dget_parent() (a dentry's parent is in its file system, and a mount's
 * root is its own parent), or a function of the file that returns one of
 * those of its parameter (ecryptfs' lock_parent()).
 */
static int same_mount_call(CXCursor call, int depth)
{
	CXCursor f, p;

	if (named(call, "dget") || named(call, "dget_parent"))
		return 1;
	f = definition_of_call(call);
	if (clang_Cursor_isNull(f) || depth >= MAX_DEPTH)
		return 0;
	p = only_param(f);
	return !clang_Cursor_isNull(p) &&
	       reduces_to_param(returned_expr(f), p, depth);
}

/* E is BASE.MEMBER or BASE->MEMBER of F's parameter P: BASE's text with
 * P written $p, and *SEP the operator. */
static char *member_base(CXCursor e, CXCursor p, const char **sep)
{
	char *whole = tokens_text(e, NULL, NULL), *pn = cursor_spelling(p), *b;
	size_t n = strlen(whole);
	char *member = cursor_spelling(e);
	size_t m = strlen(member);

	*sep = n > m + 2 && !strncmp(whole + n - m - 2, "->", 2) ? "->" : ".";
	b = tokens_text(child(e, 0), pn, "$p");
	free(whole);
	free(member);
	free(pn);
	return b;
}

/* A sibling of the accessor F (returning BASE.dentry of its parameter
 * named PNAME) that returns BASE.mnt: its name. */
struct sibling {
	const char *base, *sep;
	char *found;
};

static enum CXChildVisitResult find_sibling(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct sibling *sb = data;
	CXCursor p, e;
	const char *sep;
	char *text;

	(void)parent;
	if (sb->found || clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c) ||
	    !is_mount_type(clang_getResultType(clang_getCursorType(c))))
		return CXChildVisit_Continue;
	p = only_param(c);
	if (clang_Cursor_isNull(p))
		return CXChildVisit_Continue;
	e = returned_expr(c);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr || !named(e, "mnt"))
		return CXChildVisit_Continue;
	text = member_base(e, p, &sep);
	if (!strcmp(text, sb->base) && !strcmp(sep, sb->sep))
		sb->found = cursor_spelling(c);
	free(text);
	return CXChildVisit_Continue;
}

/* CALL is an accessor returning the dentry of a struct path: the
 * mount, from its sibling on the same argument. */
static char *accessor_mount(CXCursor call)
{
	CXCursor f = definition_of_call(call), p, e;
	struct sibling sb = { NULL, NULL, NULL };
	char *text, *arg, *r = NULL;

	if (clang_Cursor_isNull(f) || clang_Cursor_getNumArguments(call) != 1)
		return NULL;
	p = only_param(f);
	e = returned_expr(f);
	if (clang_Cursor_isNull(p) ||
	    clang_getCursorKind(e) != CXCursor_MemberRefExpr || !named(e, "dentry"))
		return NULL;
	text = member_base(e, p, &sb.sep);
	sb.base = text;
	clang_visitChildren(clang_getTranslationUnitCursor(
		clang_Cursor_getTranslationUnit(call)), find_sibling, &sb);
	if (sb.found) {
		arg = tokens_text(clang_Cursor_getArgument(call, 0), NULL, NULL);
		r = xasprintf("%s(%s)", sb.found, arg);
		free(arg);
		free(sb.found);
	}
	free(text);
	return r;
}

char *mount_root(const char *mnt)
{
	const char *s = mnt, *e;

	while (*s == '&' || *s == '(' || *s == '*' || *s == ' ')
		s++;
	for (e = s; isalnum((unsigned char)*e) || *e == '_'; e++)
		;
	/* a plain variable (mqueue_mnt) is of no object */
	if (e == s || (strncmp(e, "->", 2) && *e != '.'))
		return NULL;
	return xstrndup(s, e - s);
}

/* The object E is a member of (fhp of fhp->fh_dentry): its mount by the
 * file's form for its type. */
static char *form_mount(const struct mount_seek *ms, CXCursor obj, char **root)
{
	const char *suffix = form_for(ms->forms, clang_getCursorType(obj));
	CXCursor r = member_root(obj);
	char *text;

	if (!clang_Cursor_isNull(r))
		*root = cursor_spelling(r);
	if (!suffix)
		return NULL;
	text = tokens_text(obj, NULL, NULL);
	{
		char *m = xasprintf("%s%s", text, suffix);

		free(text);
		return m;
	}
}

char *object_mount(const struct mount_seek *ms, CXCursor d, char **root)
{
	CXCursor v;
	int depth;

	*root = NULL;
	for (depth = 0; depth < MAX_DEPTH && !clang_Cursor_isNull(d); depth++) {
		d = peel(d);
		switch (clang_getCursorKind(d)) {
		case CXCursor_DeclRefExpr:
			if (ms->local_value && ms->local_value(ms->ctx, d, &v)) {
				d = v;
				break;
			}
			return NULL;
		case CXCursor_MemberRefExpr:
			if (named(d, "d_parent")) {
				d = child(d, 0);
				break;
			}
			return form_mount(ms, child(d, 0), root);
		case CXCursor_CallExpr:
			if (clang_Cursor_getNumArguments(d) != 1)
				return NULL;
			if (same_mount_call(d, 0)) {
				d = clang_Cursor_getArgument(d, 0);
				break;
			}
			{
				char *m = accessor_mount(d);

				if (m) {
					CXCursor r = member_root(
						clang_Cursor_getArgument(d, 0));

					if (!clang_Cursor_isNull(r))
						*root = cursor_spelling(r);
				}
				return m;
			}
		default:
			return NULL;
		}
	}
	return NULL;
}

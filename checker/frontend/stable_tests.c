/*
 * frontend: may a test of P->FIELD stand for a flag, a value that stays
 * the same through the function, so that two tests of it agree (btrfs's
 * scrub ioctl takes and drops the bracket under the same
 * !(sa->flags & BTRFS_SCRUB_READONLY))?  Yes when, from the text alone,
 * nothing in the body can change the field between the tests: it is
 * never stored to nor its address taken, P is a parameter never
 * assigned or a local assigned once before the test, and P is never
 * handed on where a write could follow (a pointer-to-const parameter is
 * fine).  A callee reaching the object another way is not seen: the
 * same bet the flags on locals make.  Statics are never flags.
 */
#include "frontend/stable_tests.h"
#include "frontend/cursor.h"
#include "lib/util.h"

#include <stdlib.h>

enum use {
	USE_OTHER,	/* read */
	USE_MEMBER,	/* the base of P->x */
	USE_STORE,	/* assigned, incremented, or its address taken */
	USE_ALIAS,	/* copied into another variable */
	USE_ARG,	/* a call's argument, number arg */
};

struct scan {
	CXCursor base, field;
	int base_is_param;
	int value_only;		/* only stores count: an integer */
	int stores;
	unsigned last_store;	/* offset of the last store to base */
	int bad;
};

/*
 * What one walk of the body found, kept for the function: a body with
 * a hundred tests of members would otherwise be walked a hundred times.
 */
enum memo_kind { MEMO_MEMBER, MEMO_VALUE, MEMO_PURE };

struct memo {
	enum memo_kind kind;
	CXCursor a, b;
	int bad;
	unsigned last_store;
};

struct flag_memo {
	struct memo *items;
	size_t n, cap;
};

struct ctx {
	struct scan *s;
	enum use use;
	CXCursor call;
	unsigned arg;
};

/* A parameter, or a local of automatic storage: no other code sees it. */
static int automatic(CXCursor decl)
{
	enum CXCursorKind k = clang_getCursorKind(decl);

	if (k == CXCursor_ParmDecl)
		return 1;
	return k == CXCursor_VarDecl &&
	       clang_getCursorLinkage(decl) == CXLinkage_NoLinkage &&
	       clang_Cursor_getStorageClass(decl) != CX_SC_Static;
}

static unsigned offset_of(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)),
				   NULL, NULL, NULL, &off);
	return off;
}

static int transparent(enum CXCursorKind k)
{
	return k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
	       k == CXCursor_CStyleCastExpr;
}

/* Is parameter ARG of the function CALL calls a pointer to const? */
static int const_pointer_param(CXCursor call, unsigned arg)
{
	CXCursor fn = clang_getCursorReferenced(call);
	CXType t, p;

	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return 0;
	t = clang_getCursorType(fn);
	if ((int)arg >= clang_getNumArgTypes(t))
		return 0;	/* variadic, or no prototype */
	p = clang_getCanonicalType(clang_getArgType(t, arg));
	return p.kind == CXType_Pointer &&
	       clang_isConstQualifiedType(clang_getPointeeType(p));
}

static void base_used(struct scan *s, const struct ctx *cx, CXCursor ref)
{
	if (s->value_only) {
		s->bad |= cx->use == USE_STORE;
		return;
	}
	switch (cx->use) {
	case USE_STORE:
		s->stores++;
		s->last_store = offset_of(ref);
		if (s->base_is_param || s->stores > 1)
			s->bad = 1;
		break;
	case USE_ALIAS:
		s->bad = 1;
		break;
	case USE_ARG:
		if (!const_pointer_param(cx->call, cx->arg))
			s->bad = 1;
		break;
	default:
		break;
	}
}

/* How a parent of kind K, with child number I, uses that child. */
static enum use child_use(CXCursor parent, unsigned i, const struct ctx *cx)
{
	enum CXCursorKind k = clang_getCursorKind(parent);

	if (transparent(k))
		return cx->use;
	if (k == CXCursor_MemberRefExpr)
		return USE_MEMBER;
	if (k == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(parent) == CXBinaryOperator_Assign)
		return i == 0 ? USE_STORE : USE_ALIAS;
	if (k == CXCursor_CompoundAssignOperator)
		return i == 0 ? USE_STORE : USE_OTHER;
	if (k == CXCursor_UnaryOperator) {
		enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(parent);

		if ((op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec) ||
		    op == CXUnaryOperator_AddrOf)
			return USE_STORE;
	}
	if (k == CXCursor_VarDecl)
		return USE_ALIAS;
	if (k == CXCursor_CallExpr && i > 0)
		return USE_ARG;
	return USE_OTHER;
}

static void scan_node(const struct ctx *cx, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cursor_list kids = { 0 };
	struct ctx sub = *cx;
	CXCursor ref = clang_getCursorReferenced(c);
	size_t i;

	if (k == CXCursor_DeclRefExpr && clang_equalCursors(ref, cx->s->base))
		base_used(cx->s, cx, c);
	if (k == CXCursor_MemberRefExpr &&
	    clang_equalCursors(ref, cx->s->field) && cx->use == USE_STORE)
		cx->s->bad = 1;
	cursor_children(c, &kids);
	for (i = 0; i < kids.n && !cx->s->bad; i++) {
		sub.use = child_use(c, (unsigned)i, cx);
		if (k == CXCursor_CallExpr && i > 0) {
			sub.call = c;
			sub.arg = (unsigned)i - 1;
		}
		scan_node(&sub, kids.items[i]);
	}
	cursor_list_free(&kids);
}

struct flag_memo *flag_memo_new(void)
{
	return xcalloc(1, sizeof(struct flag_memo));
}

void flag_memo_free(struct flag_memo *m)
{
	if (!m)
		return;
	free(m->items);
	free(m);
}

static struct memo *memo_find(struct flag_memo *m, enum memo_kind kind,
			      CXCursor a, CXCursor b)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->items[i].kind == kind &&
		    clang_equalCursors(m->items[i].a, a) &&
		    clang_equalCursors(m->items[i].b, b))
			return &m->items[i];
	return NULL;
}

static struct memo *memo_add(struct flag_memo *m, enum memo_kind kind,
			     CXCursor a, CXCursor b, const struct scan *s)
{
	struct memo *e = ARRAY_PUSH(m->items, m->n, m->cap);

	e->kind = kind;
	e->a = a;
	e->b = b;
	e->bad = s->bad;
	e->last_store = s->last_store;
	return e;
}

static const struct memo *scan_base(struct flag_memo *m, CXCursor body,
				    CXCursor base, CXCursor field,
				    enum memo_kind kind)
{
	struct memo *e = memo_find(m, kind, base, field);
	struct scan s = { 0 };
	struct ctx cx = { &s, USE_OTHER, { 0 }, 0 };

	if (e)
		return e;
	s.base = base;
	s.field = field;
	s.value_only = kind == MEMO_VALUE;
	s.base_is_param = clang_getCursorKind(base) == CXCursor_ParmDecl;
	cx.call = clang_getNullCursor();
	scan_node(&cx, body);
	return memo_add(m, kind, base, field, &s);
}

int member_flag_ok(struct flag_memo *m, CXCursor body, CXCursor test,
		   CXCursor base, CXCursor field)
{
	const struct memo *e;

	if (!automatic(base))
		return 0;	/* a static: anything may write it */
	e = scan_base(m, body, base, field, MEMO_MEMBER);
	/* the one store to a local must come before the test */
	return !e->bad && e->last_store <= offset_of(test);
}

/* ---- Calls of pure functions ------------------------------------------ */

/* Nothing in BODY stores to DECL (its initialiser aside). */
static int never_written(struct flag_memo *m, CXCursor body, CXCursor decl)
{
	return !scan_base(m, body, decl, clang_getNullCursor(), MEMO_VALUE)->bad;
}

struct purity {
	CXCursor fn;
	int impure;
};

/* Is REF an automatic variable or a parameter of the function FN? */
static int own_variable(CXCursor ref, CXCursor fn)
{
	return automatic(ref) &&
	       clang_equalCursors(clang_getCursorSemanticParent(ref), fn);
}

static enum CXChildVisitResult visit_pure(CXCursor c, CXCursor parent,
					  CXClientData data);

/*
 * A case label is an integer constant expression (C11 6.8.4.2), read at
 * no time: a global it names sits in an arm never taken (2.6-era
 * _IOC_TYPECHECK()'s __invalid_size_argument_for_IOC, in every ioctl
 * number).  Only the case's statement, its last child, is walked.
 */
static void visit_case(CXCursor c, struct purity *p)
{
	struct cursor_list kids = { 0 };
	CXCursor body;

	cursor_children(c, &kids);
	if (kids.n) {
		body = kids.items[kids.n - 1];
		if (visit_pure(body, c, p) == CXChildVisit_Recurse)
			clang_visitChildren(body, visit_pure, p);
	}
	cursor_list_free(&kids);
}

static enum CXChildVisitResult visit_pure(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct purity *p = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ref = clang_getCursorReferenced(c);

	(void)parent;
	if (k == CXCursor_CaseStmt) {
		visit_case(c, p);
		return p->impure ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	if (k == CXCursor_CallExpr || k == CXCursor_AsmStmt ||
	    k == CXCursor_GCCAsmStmt || k == CXCursor_MSAsmStmt)
		p->impure = 1;
	/* a global read may change between calls; stores to anything but
	 * the function's own variables need a global or a pointer */
	if (k == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(ref) == CXCursor_VarDecl &&
	    !own_variable(ref, p->fn))
		p->impure = 1;
	if (k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr ||
	    (k == CXCursor_UnaryOperator &&
	     clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref))
		p->impure = 1;	/* memory, which a call between may change */
	return p->impure ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int is_pure(struct flag_memo *m, CXCursor fn)
{
	struct purity p = { fn, 0 };
	struct scan s = { 0 };
	struct memo *e = memo_find(m, MEMO_PURE, fn, clang_getNullCursor());

	if (e)
		return !e->bad;
	clang_visitChildren(fn, visit_pure, &p);
	s.bad = p.impure;
	return !memo_add(m, MEMO_PURE, fn, clang_getNullCursor(), &s)->bad;
}

/*
 * F(A, B...): F defined here and pure (no call, no asm, no memory or
 * global read, so its result depends on its arguments alone), each
 * argument a constant or a variable BODY never writes again.  Such a
 * call gives the same answer each time (quotactl_fd() takes the bracket
 * if (quotactl_cmd_write(cmds)) and drops it under the same test).
 */
int call_flag_ok(struct flag_memo *m, CXCursor body, CXCursor call)
{
	CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
	int i, n = clang_Cursor_getNumArguments(call);
	long long v;

	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || n < 0)
		return 0;
	for (i = 0; i < n; i++) {
		CXCursor a = cursor_peel(clang_Cursor_getArgument(call, i));
		CXCursor ref = clang_getCursorReferenced(a);

		if (cursor_const_value(a, &v))
			continue;
		if (clang_getCursorKind(a) != CXCursor_DeclRefExpr ||
		    !automatic(ref) || !never_written(m, body, ref))
			return 0;
	}
	return is_pure(m, fn);
}

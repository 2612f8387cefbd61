/*
 * fix: --fix and --convert.  After the analysis, the files with
 * something to fix are parsed again with the run's flags, each call to
 * fix is found by its location, and the edits are made from the
 * cursors: the call becomes the 2008 path_* helper where it is declared
 * (the rules' replace= template maps the arguments), or gets a bracket
 * of its own on the mount of the struct path it lies in.  Whatever
 * cannot be shown to be right is left alone, with the reason on stderr
 * (docs/fixing.md).
 */
#include "fix/fix.h"
#include "fix/object_mount.h"
#include "frontend/cursor.h"
#include "frontend/expr_keys.h"
#include "fix/unified_diff.h"
#include "lib/util.h"

#include <clang-c/Index.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WIDTH 80

struct node {
	CXCursor c;
	enum CXCursorKind kind;
	int parent;
	size_t start, end;	/* expansion offsets in the main file */
	int in_file;		/* both ends in the main file */
};

struct var {
	CXCursor decl;
	char *name;
	int is_param;
	int is_int;
	int stores;		/* initialiser, =, op=, ++, --, & */
	int value;		/* node stored by the only store, or -1 */
	size_t store_off;
};

struct newpath {
	char *name, *mnt, *dentry;
	int block;		/* the block its fill is a statement of */
	size_t fill_off;	/* where the fill goes */
	int refill;		/* declared by an earlier fill already */
};

struct fnx {
	struct node *nodes;
	size_t n, cap;
	struct var *vars;
	size_t nvars, vars_cap;
	struct newpath *paths;	/* struct path locals the fixes add */
	size_t npaths, paths_cap;
	int body;		/* node of the body */
	char *name;		/* the function's */
};

struct filectx {
	CXTranslationUnit tu;
	CXFile file;
	const char *buf;
	size_t len;
	const char *shown;	/* the name as output prints it */
	enum fix_mode mode;
	const struct findings *fs;
	const struct program *prog;
	const struct rules *rules;
	struct strmap declared;	/* functions the TU declares */
	struct strmap helper_side; /* replacement helpers and what they call */
	struct mount_forms forms;	/* fix/object_mount.h */
	const struct strmap *skip;	/* "file\tfunction" left alone */
	const char *main_name;
	struct sig *sigs;	/* helpers whose dentry becomes a struct path */
	size_t nsigs, sigs_cap;
	struct edit_list edits;	/* committed */
	struct fix_edits *out;
	int nsites;
	struct strbuf *msgs;
	struct strmap *handled;	/* findings a site was made for */
};

/*
 * --convert: a static function whose guarded call's object is its own
 * dentry parameter, and whose callers all have that dentry's struct
 * path, takes the struct path instead (the series did so for
 * setxattr(), removexattr() and chown_common()).
 */
struct sig {
	char *fn;
	int param;		/* 0-based */
	CXCursor decl;		/* the parameter */
	char *name;		/* the struct path parameter's name */
};

/* The edits one site proposes, and why it gave up if it did. */
struct site {
	struct filectx *fc;
	struct fnx *fx;
	int id;
	int call;
	struct loc loc;
	char *callee;
	struct edit_list edits;
	char *reason;
	char *kept;		/* --convert: why the bracket stays */
	int covered;		/* --convert: a call with no finding */
	struct newpath *paths;	/* locals this site needs */
	size_t npaths, paths_cap;
};

/* ---- source text ---- */

static int loc_offset(struct filectx *fc, CXSourceLocation l, size_t *off)
{
	CXFile f;
	unsigned line, col, o;

	clang_getExpansionLocation(l, &f, &line, &col, &o);
	*off = o;
	return f && clang_File_isEqual(f, fc->file);
}

static int written_in_macro(CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile f1, f2;
	unsigned o1, o2;

	clang_getExpansionLocation(l, &f1, NULL, NULL, &o1);
	clang_getSpellingLocation(l, &f2, NULL, NULL, &o2);
	return o1 != o2 || !f1 || !f2 || !clang_File_isEqual(f1, f2);
}

static size_t line_start(const char *buf, size_t off)
{
	while (off > 0 && buf[off - 1] != '\n')
		off--;
	return off;
}

static size_t line_end(const char *buf, size_t len, size_t off)
{
	while (off < len && buf[off] != '\n')
		off++;
	return off;
}

static int blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/* The text of [s, e), line breaks and the indentation after them
 * folded into one space. */
static char *text_of(struct filectx *fc, size_t s, size_t e)
{
	struct strbuf sb;
	size_t i;

	sb_init(&sb);
	for (i = s; i < e; i++) {
		if (fc->buf[i] == '\n') {
			while (sb.len && (sb.buf[sb.len - 1] == ' ' ||
					  sb.buf[sb.len - 1] == '\t'))
				sb.buf[--sb.len] = '\0';
			while (i + 1 < e && (fc->buf[i + 1] == ' ' ||
					     fc->buf[i + 1] == '\t'))
				i++;
			sb_addc(&sb, ' ');
			continue;
		}
		sb_addc(&sb, fc->buf[i]);
	}
	return sb_detach(&sb);
}

static char *node_text(struct filectx *fc, const struct node *n)
{
	return text_of(fc, n->start, n->end);
}

/* Indentation of the line holding OFF. */
static char *indent_at(struct filectx *fc, size_t off)
{
	size_t s = line_start(fc->buf, off), e = s;

	while (e < fc->len && (fc->buf[e] == ' ' || fc->buf[e] == '\t'))
		e++;
	return xstrndup(fc->buf + s, e - s);
}

static unsigned width(const char *s, unsigned col)
{
	for (; *s; s++)
		col = *s == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}

/* ---- the function's nodes ---- */

static void walk_function(struct filectx *fc, struct fnx *fx, CXCursor body)
{
	struct { CXCursor c; int parent; } *stack = NULL;
	size_t sn = 0, scap = 0;
	struct cursor_list kids = { 0 };

	stack = xmalloc(sizeof(*stack));
	scap = 1;
	stack[sn].c = body;
	stack[sn++].parent = -1;
	while (sn) {
		CXCursor c = stack[--sn].c;
		int parent = stack[sn].parent, me;
		CXSourceRange r = clang_getCursorExtent(c);
		struct node *nd = ARRAY_PUSH(fx->nodes, fx->n, fx->cap);
		size_t i;

		nd->c = c;
		nd->kind = clang_getCursorKind(c);
		nd->parent = parent;
		nd->in_file = loc_offset(fc, clang_getRangeStart(r), &nd->start) &
			      loc_offset(fc, clang_getRangeEnd(r), &nd->end);
		me = (int)fx->n - 1;
		cursor_children(c, &kids);
		/* pushed in reverse: popped, hence numbered, in source order */
		for (i = kids.n; i-- > 0;) {
			if (sn + 1 > scap) {
				scap = 2 * scap + 8;
				stack = xrealloc(stack, scap * sizeof(*stack));
			}
			stack[sn].c = kids.items[i];
			stack[sn++].parent = me;
		}
	}
	cursor_list_free(&kids);
	free(stack);
	fx->body = 0;
}

static int child_at(const struct fnx *fx, int parent, int k)
{
	size_t i;
	int seen = 0;

	for (i = parent + 1; i < fx->n; i++)
		if (fx->nodes[i].parent == parent && seen++ == k)
			return (int)i;
	return -1;
}

static int nchildren(const struct fnx *fx, int parent)
{
	size_t i;
	int n = 0;

	for (i = parent + 1; i < fx->n; i++)
		if (fx->nodes[i].parent == parent)
			n++;
	return n;
}

static int child_index(const struct fnx *fx, int node)
{
	int p = fx->nodes[node].parent, k, n = nchildren(fx, p);

	for (k = 0; k < n; k++)
		if (child_at(fx, p, k) == node)
			return k;
	return -1;
}

static int is_wrapper(enum CXCursorKind k)
{
	return k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr ||
	       k == CXCursor_CStyleCastExpr;
}

/* NODE without parentheses and implicit conversions. */
static int peel(const struct fnx *fx, int node)
{
	while (node >= 0 && is_wrapper(fx->nodes[node].kind)) {
		int n = nchildren(fx, node);

		if (n < 1)
			break;
		node = child_at(fx, node, n - 1);
	}
	return node;
}

static int node_of(const struct fnx *fx, CXCursor c)
{
	size_t i;

	for (i = 0; i < fx->n; i++)
		if (clang_equalCursors(fx->nodes[i].c, c))
			return (int)i;
	return -1;
}

static struct var *var_of_decl(struct fnx *fx, CXCursor decl)
{
	size_t i;

	for (i = 0; i < fx->nvars; i++)
		if (clang_equalCursors(fx->vars[i].decl, decl))
			return &fx->vars[i];
	return NULL;
}

/* The variable NODE names, if it is a plain reference to one. */
static struct var *var_ref(struct fnx *fx, int node)
{
	node = peel(fx, node);
	if (node < 0 || fx->nodes[node].kind != CXCursor_DeclRefExpr)
		return NULL;
	return var_of_decl(fx, clang_getCursorReferenced(fx->nodes[node].c));
}

static int type_is_integer(CXType t)
{
	t = clang_getCanonicalType(t);
	return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) ||
	       t.kind == CXType_Enum;
}

static void add_store(struct fnx *fx, int target, int value, size_t off)
{
	struct var *v = var_ref(fx, target);

	if (!v)
		return;
	v->stores++;
	v->value = v->stores == 1 ? value : -1;
	v->store_off = off;
}

static void collect_vars(struct fnx *fx, CXCursor fn)
{
	size_t i;
	int k;

	for (k = 0; k < clang_Cursor_getNumArguments(fn); k++) {
		CXCursor p = clang_Cursor_getArgument(fn, k);
		struct var *v = ARRAY_PUSH(fx->vars, fx->nvars, fx->vars_cap);

		memset(v, 0, sizeof(*v));
		v->decl = p;
		v->name = cursor_spelling(p);
		v->is_param = 1;
		v->is_int = type_is_integer(clang_getCursorType(p));
		v->stores = 1;
		v->value = -1;
	}
	for (i = 0; i < fx->n; i++) {
		struct node *nd = &fx->nodes[i];
		struct var *v;
		int n;

		if (nd->kind != CXCursor_VarDecl)
			continue;
		v = ARRAY_PUSH(fx->vars, fx->nvars, fx->vars_cap);
		memset(v, 0, sizeof(*v));
		v->decl = nd->c;
		v->name = cursor_spelling(nd->c);
		v->is_int = type_is_integer(clang_getCursorType(nd->c));
		v->value = -1;
		n = nchildren(fx, (int)i);
		if (n && clang_isExpression(fx->nodes[child_at(fx, i, n - 1)].kind)) {
			v->stores = 1;
			v->value = child_at(fx, i, n - 1);
			v->store_off = nd->start;
		}
	}
	for (i = 0; i < fx->n; i++) {
		struct node *nd = &fx->nodes[i];

		if (nd->kind == CXCursor_BinaryOperator &&
		    clang_getCursorBinaryOperatorKind(nd->c) == CXBinaryOperator_Assign)
			add_store(fx, child_at(fx, i, 0), child_at(fx, i, 1), nd->start);
		else if (nd->kind == CXCursor_CompoundAssignOperator)
			add_store(fx, child_at(fx, i, 0), -1, nd->start);
		else if (nd->kind == CXCursor_UnaryOperator) {
			enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(nd->c);

			if ((op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec) ||
			    op == CXUnaryOperator_AddrOf)
				add_store(fx, child_at(fx, i, 0), -1, nd->start);
		}
	}
}

static int name_in_use(const struct fnx *fx, const char *name)
{
	size_t i;

	for (i = 0; i < fx->nvars; i++)
		if (!strcmp(fx->vars[i].name, name))
			return 1;
	return 0;
}

/* ---- calls and rules ---- */

static char *callee_of(const struct fnx *fx, int call)
{
	CXCursor ref = clang_getCursorReferenced(fx->nodes[call].c);

	if (clang_Cursor_isNull(ref))
		return NULL;
	return cursor_spelling(ref);
}

/* The call NODE is, peeled, or -1. */
static int call_at(const struct fnx *fx, int node)
{
	node = peel(fx, node);
	return node >= 0 && fx->nodes[node].kind == CXCursor_CallExpr ? node : -1;
}

static int arg_node(const struct fnx *fx, int call, int i)
{
	CXCursor a = clang_Cursor_getArgument(fx->nodes[call].c, i);

	return node_of(fx, a);
}

struct argtype_ctx {
	const struct fnx *fx;
	int call;
	char *buf;
};

static const char *argtype_cb(void *p, int n)
{
	struct argtype_ctx *x = p;
	CXCursor a = clang_Cursor_getArgument(x->fx->nodes[x->call].c, n - 1);

	free(x->buf);
	x->buf = type_spelling(clang_getCursorType(a));
	return x->buf;
}

static const struct rule_guard *guard_of(const struct filectx *fc,
					 const struct fnx *fx, int call,
					 const char *name)
{
	struct argtype_ctx x = { fx, call, NULL };
	const struct rule_guard *g;

	g = rules_find_guard(fc->rules, name,
			     clang_Cursor_getNumArguments(fx->nodes[call].c),
			     argtype_cb, &x);
	free(x.buf);
	return g;
}

static int needs_bracket(const struct program *prog, const char *name)
{
	size_t i;
	int v;

	for (i = 0; i < prog->nfuncs; i++) {
		if (strcmp(prog->funcs[i]->name, name))
			continue;
		for (v = 0; v < prog->sums[i].nvariants; v++)
			if (prog->sums[i].v[v].needs)
				return 1;
	}
	return 0;
}

/* ---- struct paths and mounts ---- */

static int struct_type(CXType t, const char *tag, int *pointer)
{
	char *s;
	int yes;

	t = clang_getCanonicalType(t);
	*pointer = t.kind == CXType_Pointer;
	if (*pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	s = type_spelling(t);
	yes = !strncmp(s, "const ", 6) ? !strcmp(s + 6, tag) : !strcmp(s, tag);
	free(s);
	return yes;
}

/* The text of C in the file, as node_text() gives it. */
static char *text_at(struct filectx *fc, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	size_t s, e;

	loc_offset(fc, clang_getRangeStart(r), &s);
	loc_offset(fc, clang_getRangeEnd(r), &e);
	return text_of(fc, s, e);
}

/* A local that holds one value all along, stored before OFF: that value. */
static int see_through(struct fnx *fx, int node, size_t off)
{
	struct var *v = var_ref(fx, node);

	if (!v || v->is_param || v->stores != 1 || v->value < 0 ||
	    v->store_off > off)
		return -1;
	return peel(fx, v->value);
}

/*
 * How the fix looks for the struct path an argument of the call at OFF
 * lies in (frontend/expr_keys.h, as the suggestion does): through locals
 * stored once before the call, and in text written out in the file,
 * which it copies.
 */
struct seek {
	struct path_seek ps;
	struct fnx *fx;
	size_t off;
};

static int seek_local(void *ctx, CXCursor e, CXCursor *value)
{
	struct seek *sk = ctx;
	int n = see_through(sk->fx, node_of(sk->fx, e), sk->off);

	if (n < 0)
		return 0;
	*value = sk->fx->nodes[n].c;
	return 1;
}

static void seek_init(struct seek *sk, struct fnx *fx, size_t off)
{
	sk->ps.local_value = seek_local;
	sk->ps.ctx = sk;
	sk->ps.written_out = 1;
	sk->fx = fx;
	sk->off = off;
}

/* The dentry the directory argument node A stands for, or a null cursor. */
static CXCursor dentry_of_arg(struct fnx *fx, int a, size_t off)
{
	struct seek sk;

	seek_init(&sk, fx, off);
	return expr_dentry_of(&sk.ps, fx->nodes[a].c);
}

/* The struct path dentry D lies in, as an expression of type struct
 * path *, or NULL. */
static char *path_of_dentry(struct filectx *fc, struct fnx *fx, CXCursor d,
			    size_t off)
{
	struct seek sk;
	CXCursor p;
	int pointer;
	char *t, *r;

	if (clang_Cursor_isNull(d))
		return NULL;
	seek_init(&sk, fx, off);
	p = expr_path_in(&sk.ps, d, &pointer);
	if (clang_Cursor_isNull(p))
		return NULL;
	t = text_at(fc, p);
	if (strchr(t, '(')) {
		/* a call: evaluating it again need not give the same path */
		free(t);
		return NULL;
	}
	r = expr_path_ref(t, pointer);
	free(t);
	return r;
}

/* The mount of a struct path * expression. */
static char *mount_of_path(const char *p)
{
	if (p[0] == '&')
		return xasprintf("%s.mnt", p + 1);
	return xasprintf("%s->mnt", p);
}

/* The mount an acquire's argument names, from its type. */
static char *mount_of_arg(struct filectx *fc, struct fnx *fx, int arg)
{
	int pointer;
	CXType t = clang_getCursorType(fx->nodes[arg].c);
	char *text = node_text(fc, &fx->nodes[arg]), *r = NULL;

	if (struct_type(t, "struct vfsmount", &pointer) && pointer)
		return text;
	if (struct_type(t, "struct file", &pointer) && pointer)
		r = xasprintf("%s->f_path.mnt", text);
	else if (struct_type(t, "struct path", &pointer) && pointer)
		r = mount_of_path(text);
	free(text);
	return r;
}

/* ---- the statement around a call ---- */

enum shape { S_ASSIGN, S_RETURN, S_BARE, S_OTHER };

struct stmt {
	enum shape shape;
	int node;		/* the statement, a child of BLOCK */
	int block;		/* the compound statement, or -1 */
	struct var *var;	/* S_ASSIGN: the variable assigned */
	size_t start, end;	/* the statement, its ';' included */
	size_t ls, le;		/* its whole lines, the newline included */
	int own_lines;		/* nothing else on its lines */
	int own_code_lines;	/* nothing else but a trailing comment */
};

static size_t after_semicolon(struct filectx *fc, size_t off)
{
	size_t o = off;

	while (o < fc->len && (fc->buf[o] == ' ' || fc->buf[o] == '\t'))
		o++;
	return o < fc->len && fc->buf[o] == ';' ? o + 1 : off;
}

/* Blanks, then one comment that ends the line. */
static int trailing_comment(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i + 1 < n && s[i] == '/' && s[i + 1] == '/')
		return 1;
	if (i + 1 >= n || s[i] != '/' || s[i + 1] != '*')
		return 0;
	for (i += 2; i + 1 < n; i++)
		if (s[i] == '*' && s[i + 1] == '/')
			return blank(s + i + 2, n - i - 2);
	return 0;
}

static void stmt_lines(struct filectx *fc, struct stmt *s)
{
	size_t le;

	s->ls = line_start(fc->buf, s->start);
	le = line_end(fc->buf, fc->len, s->end);
	s->own_lines = blank(fc->buf + s->ls, s->start - s->ls) &&
		       blank(fc->buf + s->end, le - s->end);
	s->own_code_lines = s->own_lines ||
			    (blank(fc->buf + s->ls, s->start - s->ls) &&
			     trailing_comment(fc->buf + s->end, le - s->end));
	s->le = le < fc->len ? le + 1 : le;
}

static void stmt_of_node(struct filectx *fc, struct fnx *fx, int node,
			 struct stmt *s)
{
	s->node = node;
	s->block = fx->nodes[node].parent;
	s->start = fx->nodes[node].start;
	s->end = after_semicolon(fc, fx->nodes[node].end);
	stmt_lines(fc, s);
}

static void stmt_of_call(struct filectx *fc, struct fnx *fx, int call,
			 struct stmt *s)
{
	int up = call, p;

	memset(s, 0, sizeof(*s));
	s->shape = S_OTHER;
	while ((p = fx->nodes[up].parent) >= 0 && is_wrapper(fx->nodes[p].kind))
		up = p;
	if (p >= 0 && fx->nodes[p].kind == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(fx->nodes[p].c) == CXBinaryOperator_Assign &&
	    child_at(fx, p, 1) == up && (s->var = var_ref(fx, child_at(fx, p, 0)))) {
		s->shape = S_ASSIGN;
		up = p;
	} else if (p >= 0 && fx->nodes[p].kind == CXCursor_ReturnStmt) {
		s->shape = S_RETURN;
		up = p;
	} else if (p >= 0 && fx->nodes[p].kind == CXCursor_CompoundStmt) {
		s->shape = S_BARE;
	}
	p = fx->nodes[up].parent;
	if (p < 0 || fx->nodes[p].kind != CXCursor_CompoundStmt) {
		s->shape = S_OTHER;
		s->block = -1;
		return;
	}
	stmt_of_node(fc, fx, up, s);
}

/* ---- brackets: VAR = ACQ(M); if (VAR) goto L; ... REL(M); ---- */

struct bracket {
	int found;
	int block_form;		/* if (!VAR) { ...; REL(M); } */
	const struct rule_acquire *acq;
	struct var *var;
	char *mnt_text;		/* the acquire's argument as written */
	char *mount;		/* the mount it names, or NULL */
	int mnt_node;		/* the acquire's argument */
	int compound, acq_stmt, test, rel_stmt;
	int first, last;	/* the statements it covers, in COMPOUND (G form) */
	char *label;		/* goto label of the failure exit, or NULL */
	int rejoins;		/* the failure exit goes where the release falls through */
	const char *why;	/* why the nearest acquire is no bracket of these forms */
};

static void bracket_free(struct bracket *b)
{
	free(b->mnt_text);
	free(b->mount);
	free(b->label);
	memset(b, 0, sizeof(*b));
}

/* VAR = ACQ(M) with ACQ an acquire that returns 0 on success. */
static int acq_assign(struct filectx *fc, struct fnx *fx, int node,
		      struct bracket *b)
{
	int call, arg;
	char *name;
	const struct rule_acquire *a;
	struct var *v;

	node = peel(fx, node);
	if (node < 0 || fx->nodes[node].kind != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(fx->nodes[node].c) != CXBinaryOperator_Assign)
		return 0;
	v = var_ref(fx, child_at(fx, node, 0));
	call = call_at(fx, child_at(fx, node, 1));
	if (!v || call < 0 || !(name = callee_of(fx, call)))
		return 0;
	a = rules_find_acquire(fc->rules, name);
	free(name);
	if (!a || a->success != SUCCESS_ZERO ||
	    a->arg > clang_Cursor_getNumArguments(fx->nodes[call].c))
		return 0;
	arg = arg_node(fx, call, a->arg - 1);
	if (arg < 0)
		return 0;
	b->acq = a;
	b->var = v;
	b->mnt_text = node_text(fc, &fx->nodes[arg]);
	b->mnt_node = arg;
	b->mount = mount_of_arg(fc, fx, arg);
	return 1;
}

/* REL(M) as a statement, for the bracket's M. */
static int is_release(struct filectx *fc, struct fnx *fx, int node,
		      const struct bracket *b)
{
	const struct rule_release *r;
	int call = call_at(fx, node), arg, same;
	char *name, *t;

	if (call < 0 || !(name = callee_of(fx, call)))
		return 0;
	same = !strcmp(name, b->acq->release);
	free(name);
	r = rules_find_release(fc->rules, b->acq->release);
	if (!same || !r || r->arg > clang_Cursor_getNumArguments(fx->nodes[call].c))
		return 0;
	arg = arg_node(fx, call, r->arg - 1);
	if (arg < 0)
		return 0;
	t = node_text(fc, &fx->nodes[arg]);
	same = !strcmp(t, b->mnt_text);
	free(t);
	return same;
}

/* if (VAR) goto L; or if (VAR) return VAR; with no else.  *LABEL gets L. */
static int failure_exit(struct fnx *fx, int node, struct var *var, char **label)
{
	int then;

	if (fx->nodes[node].kind != CXCursor_IfStmt || nchildren(fx, node) != 2 ||
	    var_ref(fx, child_at(fx, node, 0)) != var)
		return 0;
	then = child_at(fx, node, 1);
	if (fx->nodes[then].kind == CXCursor_CompoundStmt && nchildren(fx, then) == 1)
		then = child_at(fx, then, 0);
	*label = NULL;
	if (fx->nodes[then].kind == CXCursor_GotoStmt) {
		*label = cursor_spelling(clang_getCursorReferenced(fx->nodes[then].c));
		return 1;
	}
	return fx->nodes[then].kind == CXCursor_ReturnStmt &&
	       nchildren(fx, then) == 1 && var_ref(fx, child_at(fx, then, 0)) == var;
}

/* Statement NODE is "L: ..." (labels may be stacked) with L among them. */
static int labelled(struct fnx *fx, int node, const char *label)
{
	while (node >= 0 && fx->nodes[node].kind == CXCursor_LabelStmt) {
		char *n = cursor_spelling(fx->nodes[node].c);
		int yes = !strcmp(n, label);

		free(n);
		if (yes)
			return 1;
		node = child_at(fx, node, 0);
	}
	return 0;
}

static int returns_var(struct fnx *fx, int node, struct var *var)
{
	return node >= 0 && fx->nodes[node].kind == CXCursor_ReturnStmt &&
	       nchildren(fx, node) == 1 && var_ref(fx, child_at(fx, node, 0)) == var;
}

static int contains(const struct fnx *fx, int anc, int node)
{
	while (node >= 0 && node != anc)
		node = fx->nodes[node].parent;
	return node == anc;
}

static int find_g_form(struct filectx *fc, struct fnx *fx, int comp, int k,
		       struct bracket *b)
{
	int i, j, n = nchildren(fx, comp);

	for (i = k - 2; i >= 0; i--) {
		if (!acq_assign(fc, fx, child_at(fx, comp, i), b))
			continue;
		if (!failure_exit(fx, child_at(fx, comp, i + 1), b->var, &b->label)) {
			bracket_free(b);
			b->why = "its acquire is not tested as \"if (err) goto label;\" or \"if (err) return err;\" right after";
			return 0;
		}
		for (j = k + 1; j < n; j++)
			if (is_release(fc, fx, child_at(fx, comp, j), b))
				break;
		if (j >= n) {
			bracket_free(b);
			b->why = "its release is not in the block of its acquire";
			return 0;
		}
		b->compound = comp;
		b->acq_stmt = child_at(fx, comp, i);
		b->test = child_at(fx, comp, i + 1);
		b->rel_stmt = child_at(fx, comp, j);
		b->first = i + 2;
		b->last = j - 1;
		b->rejoins = b->label ? labelled(fx, child_at(fx, comp, j + 1), b->label) :
			     returns_var(fx, child_at(fx, comp, j + 1), b->var);
		return 1;
	}
	return 0;
}

static int find_b_form(struct filectx *fc, struct fnx *fx, int comp,
		       struct bracket *b)
{
	int ifs = fx->nodes[comp].parent, cond, outer, k, n;

	if (ifs < 0 || fx->nodes[ifs].kind != CXCursor_IfStmt ||
	    nchildren(fx, ifs) != 2 || child_at(fx, ifs, 1) != comp)
		return 0;
	cond = peel(fx, child_at(fx, ifs, 0));
	outer = fx->nodes[ifs].parent;
	if (fx->nodes[cond].kind != CXCursor_UnaryOperator ||
	    clang_getCursorUnaryOperatorKind(fx->nodes[cond].c) != CXUnaryOperator_LNot ||
	    outer < 0 || fx->nodes[outer].kind != CXCursor_CompoundStmt)
		return 0;
	k = child_index(fx, ifs);
	n = nchildren(fx, comp);
	if (k < 1 || n < 2 || !acq_assign(fc, fx, child_at(fx, outer, k - 1), b))
		return 0;
	if (var_ref(fx, child_at(fx, cond, 0)) != b->var ||
	    !is_release(fc, fx, child_at(fx, comp, n - 1), b)) {
		bracket_free(b);
		return 0;
	}
	b->block_form = 1;
	b->compound = comp;
	b->acq_stmt = child_at(fx, outer, k - 1);
	b->test = ifs;
	b->rel_stmt = child_at(fx, comp, n - 1);
	b->first = 0;
	b->last = n - 2;
	b->rejoins = 1;
	return 1;
}

/* The innermost bracket of the G or B form around CALL. */
static int find_bracket(struct filectx *fc, struct fnx *fx, int call,
			struct bracket *b)
{
	int up = call;

	memset(b, 0, sizeof(*b));
	while (fx->nodes[up].parent >= 0) {
		int p = fx->nodes[up].parent;

		if (fx->nodes[p].kind == CXCursor_CompoundStmt &&
		    (find_g_form(fc, fx, p, child_index(fx, up), b) ||
		     find_b_form(fc, fx, p, b))) {
			b->found = 1;
			return 1;
		}
		up = p;
	}
	return 0;
}

/* The one mount the function's acquires name, or NULL. */
static char *function_mount(struct filectx *fc, struct fnx *fx, int *any)
{
	char *mnt = NULL;
	size_t i;

	*any = 0;
	for (i = 0; i < fx->n; i++) {
		const struct rule_acquire *a;
		char *name;
		int arg;

		if (fx->nodes[i].kind != CXCursor_CallExpr ||
		    !(name = callee_of(fx, (int)i)))
			continue;
		a = rules_find_acquire(fc->rules, name);
		free(name);
		if (!a)
			continue;
		*any = 1;
		arg = a->arg <= clang_Cursor_getNumArguments(fx->nodes[i].c) ?
		      arg_node(fx, (int)i, a->arg - 1) : -1;
		if (arg >= 0) {
			char *m = mount_of_arg(fc, fx, arg);

			if (m && mnt && strcmp(m, mnt)) {
				free(m);
				free(mnt);
				return NULL;
			}
			if (m) {
				free(mnt);
				mnt = m;
			}
		}
	}
	return mnt;
}

/* An acquire before OFF and a release after it: a bracket of the
 * function may be meant to cover OFF. */
static int bracket_spans(struct filectx *fc, struct fnx *fx, size_t off)
{
	int before = 0, after = 0;
	size_t i;

	for (i = 0; i < fx->n; i++) {
		char *name;

		if (fx->nodes[i].kind != CXCursor_CallExpr ||
		    !(name = callee_of(fx, (int)i)))
			continue;
		if (rules_find_acquire(fc->rules, name) && fx->nodes[i].start < off)
			before = 1;
		if (rules_find_release(fc->rules, name) && fx->nodes[i].start > off)
			after = 1;
		free(name);
	}
	return before && after;
}

/* ---- laying out a call, kernel style ---- */

struct callout {
	char *name;
	char **args;
	int *orig;		/* the original argument each one comes from, or -1 */
	int nargs;
};

static void callout_free(struct callout *co)
{
	int i;

	for (i = 0; i < co->nargs; i++)
		free(co->args[i]);
	free(co->args);
	free(co->orig);
	free(co->name);
}

/* The comments written in [s, e) of the source, one string. */
static char *comments_in(struct filectx *fc, size_t s, size_t e)
{
	struct strbuf sb;
	size_t i = s;

	sb_init(&sb);
	while (i + 1 < e) {
		if (fc->buf[i] == '/' && fc->buf[i + 1] == '*') {
			size_t j = i + 2;

			while (j + 1 < e && !(fc->buf[j] == '*' && fc->buf[j + 1] == '/'))
				j++;
			j = j + 2 <= e ? j + 2 : e;
			if (sb.len)
				sb_addc(&sb, ' ');
			sb_addn(&sb, fc->buf + i, j - i);
			i = j;
		} else if (fc->buf[i] == '/' && fc->buf[i + 1] == '/') {
			size_t j = line_end(fc->buf, e, i);

			if (sb.len)
				sb_addc(&sb, ' ');
			sb_addn(&sb, fc->buf + i, j - i);
			i = j;
		} else {
			i++;
		}
	}
	if (!sb.len) {
		sb_free(&sb);
		return NULL;
	}
	return sb_detach(&sb);
}

/*
 * The lines from the start of the call's first line to the end of its
 * last, with the call CO in its place: PREFIX before it (indentation
 * included), the rest of the last line after it.  Arguments break onto
 * lines aligned with the open parenthesis when a line would pass 80
 * columns; a comment between the original arguments stays after the
 * argument it followed, and ends its line.
 */
static char *layout(struct filectx *fc, int call, struct fnx *fx,
		    const char *prefix, const struct callout *co,
		    const char *suffix)
{
	int nargs = clang_Cursor_getNumArguments(fx->nodes[call].c), i, k;
	char **after = xcalloc(nargs + 1, sizeof(*after));
	const struct node *cn = &fx->nodes[call];
	struct strbuf sb;
	const char *sc;
	char *code, *comment = NULL, *ind, *first = NULL;
	unsigned open, col;
	int fresh = 1, force = 0;

	/* comments between the original arguments */
	for (i = 0; i < nargs; i++) {
		int a = arg_node(fx, call, i);
		size_t s, e;

		if (a < 0)
			continue;
		s = i == 0 ? cn->start : fx->nodes[arg_node(fx, call, i - 1)].end;
		e = fx->nodes[a].start;
		if (i > 0)
			after[i - 1] = comments_in(fc, s, e);
		else
			first = comments_in(fc, s, e);
	}
	if (nargs > 0 && arg_node(fx, call, nargs - 1) >= 0)
		after[nargs - 1] = comments_in(fc,
			fx->nodes[arg_node(fx, call, nargs - 1)].end, cn->end);
	/* one before the first argument goes with it */
	if (first && nargs > 0) {
		char *j = after[0] ? xasprintf("%s %s", first, after[0]) : first;

		if (after[0]) {
			free(after[0]);
			free(first);
		}
		after[0] = j;
	} else {
		free(first);
	}
	/* the rest of the last line: code, then a trailing comment */
	sc = strstr(suffix, "/*");
	if (!sc)
		sc = strstr(suffix, "//");
	if (sc) {
		size_t n = sc - suffix;

		while (n && (suffix[n - 1] == ' ' || suffix[n - 1] == '\t'))
			n--;
		code = xstrndup(suffix, n);
		comment = xstrdup(suffix + n);	/* with the blanks before it */
	} else {
		code = xstrdup(suffix);
	}
	sb_init(&sb);
	sb_addf(&sb, "%s%s(", prefix, co->name);
	open = width(sb.buf, 0);
	ind = xcalloc(open / 8 + open % 8 + 1, 1);
	memset(ind, '\t', open / 8);
	memset(ind + open / 8, ' ', open % 8);
	col = open;
	for (k = 0; k < co->nargs; k++) {
		int last = k == co->nargs - 1, o = co->orig[k], j;
		char *piece = last ? xasprintf("%s)%s", co->args[k], code) :
				     xasprintf("%s,", co->args[k]);
		unsigned w = width(piece, col + (fresh ? 0 : 1));

		if (!fresh && (force || w > WIDTH)) {
			sb_addf(&sb, "\n%s", ind);
			col = open;
			fresh = 1;
		}
		force = 0;
		if (!fresh)
			sb_addc(&sb, ' ');
		sb_add(&sb, piece);
		col = width(piece, col + (fresh ? 0 : 1));
		fresh = 0;
		free(piece);
		/* the comments that followed this argument (or a dropped one) */
		for (j = 0; j < nargs; j++) {
			int used = 0, m;

			for (m = 0; m < co->nargs; m++)
				used |= co->orig[m] == j;
			if (!after[j] || !(j == o || (last && !used)))
				continue;
			sb_addf(&sb, " %s", after[j]);
			free(after[j]);
			after[j] = NULL;
			force = !last;
		}
	}
	if (!co->nargs)
		sb_addf(&sb, ")%s", code);
	if (comment)
		sb_add(&sb, comment);
	sb_addc(&sb, '\n');
	for (i = 0; i < nargs; i++)
		free(after[i]);
	free(after);
	free(ind);
	free(code);
	free(comment);
	return sb_detach(&sb);
}

/* The call's arguments as written, under NAME. */
static void callout_same(struct filectx *fc, struct fnx *fx, int call,
			 struct callout *co, const char *name)
{
	int i;

	co->nargs = clang_Cursor_getNumArguments(fx->nodes[call].c);
	co->name = xstrdup(name);
	co->args = xcalloc(co->nargs + 1, sizeof(*co->args));
	co->orig = xcalloc(co->nargs + 1, sizeof(*co->orig));
	for (i = 0; i < co->nargs; i++) {
		co->args[i] = node_text(fc, &fx->nodes[arg_node(fx, call, i)]);
		co->orig[i] = i;
	}
}

/*
 * Replace the lines of CALL with it re-laid as CO.  PREFIX replaces what
 * precedes the call on its first line when not NULL; DEDENT takes one
 * tab off (the block around it is going).
 */
static void edit_call(struct site *st, int call, const struct callout *co,
		      const char *prefix, int dedent, int indent)
{
	struct filectx *fc = st->fc;
	const struct node *cn = &st->fx->nodes[call];
	size_t ls = line_start(fc->buf, cn->start);
	size_t le = line_end(fc->buf, fc->len, cn->end);
	char *pre = prefix ? xstrdup(prefix) : xstrndup(fc->buf + ls, cn->start - ls);
	char *suf = xstrndup(fc->buf + cn->end, le - cn->end), *text, *p2;

	if (dedent && pre[0] == '\t')
		memmove(pre, pre + 1, strlen(pre));
	if (indent) {
		p2 = xasprintf("\t%s", pre);
		free(pre);
		pre = p2;
	}
	text = layout(fc, call, st->fx, pre, co, suf);
	edit_add(&st->edits, ls, le < fc->len ? le + 1 : le, text, st->id);
	free(text);
	free(pre);
	free(suf);
}

/* ---- the fixes ---- */

static void give_up(struct site *st, const char *fmt, const char *arg)
{
	if (!st->reason)
		st->reason = xasprintf(fmt, arg);
}

/* D names the dentry parameter a signature conversion turns into a
 * struct path: that path's name. */
static const char *sig_param_path(const struct filectx *fc, CXCursor d)
{
	CXCursor ref;
	size_t i;

	if (clang_Cursor_isNull(d))
		return NULL;
	while (clang_getCursorKind(d) == CXCursor_UnexposedExpr ||
	       clang_getCursorKind(d) == CXCursor_ParenExpr) {
		struct cursor_list kids = { 0 };

		cursor_children(d, &kids);
		if (kids.n != 1) {
			cursor_list_free(&kids);
			return NULL;
		}
		d = kids.items[0];
		cursor_list_free(&kids);
	}
	if (clang_getCursorKind(d) != CXCursor_DeclRefExpr)
		return NULL;
	ref = clang_getCursorReferenced(d);
	for (i = 0; i < fc->nsigs; i++)
		if (clang_equalCursors(ref, fc->sigs[i].decl))
			return fc->sigs[i].name;
	return NULL;
}

/* The mount dentry D is on, read from the code (fix/object_mount.h). */
static char *object_mount_at(struct site *st, CXCursor d, size_t off,
			     char **root)
{
	struct seek sk;
	struct mount_seek ms;

	seek_init(&sk, st->fx, off);
	ms.local_value = seek_local;
	ms.ctx = &sk;
	ms.forms = &st->fc->forms;
	return object_mount(&ms, d, root);
}

static void add_newpath(struct site *st, const char *name, const char *mnt,
			const char *dentry, int refill)
{
	struct newpath *np = ARRAY_PUSH(st->paths, st->npaths, st->paths_cap);
	struct stmt cs;

	stmt_of_call(st->fc, st->fx, st->call, &cs);
	np->name = xstrdup(name);
	np->mnt = xstrdup(mnt);
	np->dentry = xstrdup(dentry);
	np->block = cs.block;
	np->fill_off = cs.start;
	np->refill = refill;
}

/* The fill of NP runs before the call of ST on every path: it is a
 * statement of a block the call is in, before it. */
static int fills_reach(struct site *st, const struct newpath *np)
{
	const struct fnx *fx = st->fx;
	size_t at = fx->nodes[st->call].start, i;

	if (np->block < 0 || !contains(fx, np->block, st->call) ||
	    np->fill_off > at)
		return 0;
	/* a case or a label in between is another way in */
	for (i = 0; i < fx->n; i++) {
		enum CXCursorKind k = fx->nodes[i].kind;

		if ((k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt ||
		     k == CXCursor_LabelStmt) && fx->nodes[i].parent == np->block &&
		    fx->nodes[i].start > np->fill_off && fx->nodes[i].start <= at)
			return 0;
	}
	return 1;
}

/* The struct path argument A of a path_* call: one that exists, or a
 * new local built from its dentry and MNT. */
static char *path_arg(struct site *st, int a, const char *mnt, size_t off)
{
	struct filectx *fc = st->fc;
	struct fnx *fx = st->fx;
	CXCursor d = dentry_of_arg(fx, a, off);
	char *p = path_of_dentry(fc, fx, d, off), *dt, *base, *name;
	char *own, *root = NULL, *mroot = NULL;
	const char *e;
	size_t i;

	if (p)
		return p;
	if ((e = sig_param_path(fc, d)))
		return xstrdup(e);
	if (clang_Cursor_isNull(d)) {
		char *t = node_text(fc, &fx->nodes[a]);

		give_up(st, "cannot tell which dentry the directory %s belongs to", t);
		free(t);
		return NULL;
	}
	dt = text_at(fc, d);
	own = object_mount_at(st, d, off, &root);
	if (own) {
		mnt = own;
	} else if (mnt && root && (mroot = mount_root(mnt)) && strcmp(root, mroot)) {
		give_up(st, "the function's bracket is on another object's mount than %s", dt);
		free(mroot);
		free(root);
		free(dt);
		return NULL;
	}
	free(mroot);
	free(root);
	if (!mnt) {
		give_up(st, "no struct path or bracket in the function names the mount %s is on", dt);
		free(dt);
		return NULL;
	}
	/* a path of the function's, built for the same dentry and mount */
	for (i = 0; i < fx->npaths; i++)
		if (!strcmp(fx->paths[i].dentry, dt) && !strcmp(fx->paths[i].mnt, mnt))
			break;
	if (i < fx->npaths && fills_reach(st, &fx->paths[i])) {
		name = xstrdup(fx->paths[i].name);
	} else if (i < fx->npaths) {
		/* filled in another branch: filled again, before this call */
		name = xstrdup(fx->paths[i].name);
		add_newpath(st, name, mnt, dt, 1);
	} else {
		for (i = 0; i < st->npaths; i++)
			if (!strcmp(st->paths[i].dentry, dt))
				break;
		if (i < st->npaths) {
			free(dt);
			free(own);
			return xasprintf("&%s", st->paths[i].name);
		}
		/* old_dir->d_parent: old_dir_path; stackfs_lower(dentry):
		 * dentry_path */
		e = dt + strlen(dt);
		while (e > dt && (e[-1] == ')' || e[-1] == ' '))
			e--;
		base = xstrndup(dt, e - dt);
		for (e = base + strlen(base); e > base &&
		     (isalnum((unsigned char)e[-1]) || e[-1] == '_'); e--)
			;
		name = xasprintf("%s_path", *e ? e : "dir");
		for (i = 2; name_in_use(fx, name) || strmap_get(&fc->declared, name); i++) {
			free(name);
			name = xasprintf("%s_path%zu", *e ? e : "dir", i);
		}
		free(base);
		add_newpath(st, name, mnt, dt, 0);
	}
	free(dt);
	free(own);
	p = xasprintf("&%s", name);
	free(name);
	return p;
}

/* Argument K of the helper call the rule's template makes of CALL, or
 * NULL; *ORIG is the call's argument it comes from, or -1. */
static char *template_arg(struct site *st, int call, const struct tmpl_pieces *k,
			  const char *mnt, int *orig)
{
	int nargs = clang_Cursor_getNumArguments(st->fx->nodes[call].c);
	size_t off = st->fx->nodes[call].start, i;
	struct strbuf item;
	char *x;
	int a;

	*orig = -1;
	sb_init(&item);
	for (i = 0; i < k->n; i++) {
		const struct tmpl_piece *pc = &k->v[i];

		if (pc->kind == TMPL_TEXT) {
			sb_add(&item, pc->text);
			continue;
		}
		if (pc->arg > nargs ||
		    (a = arg_node(st->fx, call, pc->arg - 1)) < 0)
			break;
		if (*orig < 0)
			*orig = pc->arg - 1;
		x = pc->kind == TMPL_ARG ? node_text(st->fc, &st->fx->nodes[a]) :
		    path_arg(st, a, mnt, off);
		if (!x)
			break;
		sb_add(&item, x);
		free(x);
	}
	if (i < k->n) {
		sb_free(&item);
		return NULL;
	}
	return sb_detach(&item);
}

/* The path_* call the rule's template makes of CALL, or 0. */
static int build_replacement(struct site *st, int call,
			     const struct rule_guard *g, const char *mnt,
			     struct callout *co)
{
	const struct rule_template *t = g->tmpl;
	size_t k;

	memset(co, 0, sizeof(*co));
	co->name = xstrdup(t->helper);
	co->args = xcalloc(t->nargs + 1, sizeof(*co->args));
	co->orig = xcalloc(t->nargs + 1, sizeof(*co->orig));
	for (k = 0; k < t->nargs; k++) {
		co->args[k] = template_arg(st, call, &t->args[k], mnt,
					   &co->orig[k]);
		if (!co->args[k])
			return 0;
		co->nargs++;
	}
	return 1;
}

static void fills(struct site *st, struct strbuf *sb, const char *indent)
{
	size_t i;

	for (i = 0; i < st->npaths; i++)
		sb_addf(sb, "%s%s.mnt = %s;\n%s%s.dentry = %s;\n", indent,
			st->paths[i].name, st->paths[i].mnt, indent,
			st->paths[i].name, st->paths[i].dentry);
}

static void delete_lines(struct site *st, size_t s, size_t e)
{
	struct stmt x;

	x.start = s;
	x.end = e;
	stmt_lines(st->fc, &x);
	edit_add(&st->edits, x.ls, x.le, "", st->id);
}

/* Something in the bracket's statements besides CALL that needs it. */
static char *other_writer(struct filectx *fc, struct fnx *fx, int call,
			  const struct bracket *b)
{
	size_t i;
	int k;

	for (k = b->first; k <= b->last; k++) {
		int s = child_at(fx, b->compound, k);

		for (i = s; i < fx->n && contains(fx, s, (int)i); i++) {
			enum CXCursorKind kd = fx->nodes[i].kind;
			char *name;

			if (kd == CXCursor_ReturnStmt || kd == CXCursor_GotoStmt ||
			    kd == CXCursor_BreakStmt || kd == CXCursor_ContinueStmt)
				return xstrdup("a jump out of it");
			if (kd != CXCursor_CallExpr || (int)i == call ||
			    !(name = callee_of(fx, (int)i)))
				continue;
			if (rules_is_guarded_name(fc->rules, name) ||
			    rules_find_acquire(fc->rules, name) ||
			    rules_find_release(fc->rules, name) ||
			    needs_bracket(fc->prog, name)) {
				char *r = xasprintf("%s()", name);

				free(name);
				return r;
			}
			free(name);
		}
	}
	return NULL;
}

static int goto_count(struct fnx *fx, const char *label)
{
	size_t i;
	int n = 0;

	for (i = 0; i < fx->n; i++) {
		char *l;

		if (fx->nodes[i].kind != CXCursor_GotoStmt)
			continue;
		l = cursor_spelling(clang_getCursorReferenced(fx->nodes[i].c));
		n += !strcmp(l, label);
		free(l);
	}
	return n;
}

/*
 * A local that only named the bracket's mount (struct vfsmount *mnt =
 * path->mnt; used by the acquire and the release alone) goes with the
 * bracket, or the compiler would warn that it is unused.
 */
static void drop_mount_local(struct site *st, const struct bracket *b,
			     const struct stmt *a, const struct stmt *r)
{
	struct fnx *fx = st->fx;
	struct var *v = var_ref(fx, b->mnt_node);
	struct stmt d;
	int decl, ds;
	size_t i;

	if (!v || v->is_param || v->stores != 1 || v->value < 0 || st->npaths)
		return;
	for (i = 0; i < fx->n; i++) {
		const struct node *nd = &fx->nodes[i];

		if (contains(fx, v->value, (int)i) && nd->kind == CXCursor_CallExpr)
			return;	/* its initialiser does something */
		if (nd->kind != CXCursor_DeclRefExpr ||
		    !clang_equalCursors(clang_getCursorReferenced(nd->c), v->decl))
			continue;
		if (!(nd->start >= a->start && nd->end <= a->end) &&
		    !(nd->start >= r->start && nd->end <= r->end))
			return;	/* used elsewhere */
	}
	decl = node_of(fx, v->decl);
	ds = decl >= 0 ? fx->nodes[decl].parent : -1;
	if (ds < 0 || fx->nodes[ds].kind != CXCursor_DeclStmt || nchildren(fx, ds) != 1)
		return;
	stmt_of_node(st->fc, fx, ds, &d);
	if (d.own_lines)
		edit_add(&st->edits, d.ls, d.le, "", st->id);
}

/* Remove the bracket B around CALL (whose statement ST assigns the
 * bracket's variable).  Returns 0 with st->kept set when it must stay. */
static int drop_bracket(struct site *st, int call, const struct stmt *cs,
			const struct bracket *b)
{
	struct filectx *fc = st->fc;
	struct fnx *fx = st->fx;
	char *w = other_writer(fc, fx, call, b);
	struct stmt a, t, r;
	size_t i;

	if (w) {
		st->kept = xasprintf("it also covers %s", w);
		free(w);
		return 0;
	}
	if (!b->rejoins) {
		st->kept = xstrdup("its failure exit does not rejoin the code after the release");
		return 0;
	}
	if (cs->shape != S_ASSIGN || cs->var != b->var) {
		st->kept = xasprintf("the call's result is not stored in %s", b->var->name);
		return 0;
	}
	stmt_of_node(fc, fx, b->acq_stmt, &a);
	stmt_of_node(fc, fx, b->rel_stmt, &r);
	if (!a.own_lines || !r.own_lines) {
		st->kept = xstrdup("its statements share lines with others");
		return 0;
	}
	if (!b->block_form) {
		stmt_of_node(fc, fx, b->test, &t);
		if (!t.own_lines) {
			st->kept = xstrdup("its statements share lines with others");
			return 0;
		}
		edit_add(&st->edits, a.ls, a.le, "", st->id);
		edit_add(&st->edits, t.ls, t.le, "", st->id);
		edit_add(&st->edits, r.ls, r.le, "", st->id);
		if (b->label && goto_count(fx, b->label) == 1) {
			/* the label line, when it is "L:" alone */
			int lab = child_at(fx, b->compound, b->last + 2);

			while (lab >= 0 && fx->nodes[lab].kind == CXCursor_LabelStmt) {
				char *n = cursor_spelling(fx->nodes[lab].c);
				size_t s = fx->nodes[lab].start;
				size_t e = s + strlen(n);
				int mine = !strcmp(n, b->label);

				free(n);
				if (mine) {
					if (e < fc->len && fc->buf[e] == ':' &&
					    blank(fc->buf + e + 1,
						  line_end(fc->buf, fc->len, e) - e - 1) &&
					    blank(fc->buf + line_start(fc->buf, s),
						  s - line_start(fc->buf, s)))
						delete_lines(st, s, e + 1);
					break;
				}
				lab = child_at(fx, lab, 0);
			}
		}
		drop_mount_local(st, b, &a, &r);
		return 1;
	}
	/* if (!VAR) { ... REL(M); }: the block's lines move out one tab */
	{
		int comp = b->compound;
		size_t ifl = line_start(fc->buf, fx->nodes[b->test].start);
		size_t open = fx->nodes[comp].start, close = fx->nodes[comp].end - 1;
		size_t ifle = line_end(fc->buf, fc->len, open);
		size_t cl = line_start(fc->buf, close);
		size_t cle = line_end(fc->buf, fc->len, close);
		size_t call_ls = line_start(fc->buf, fx->nodes[call].start);
		size_t call_le = line_end(fc->buf, fc->len, fx->nodes[call].end);

		if (!blank(fc->buf + open + 1, ifle - open - 1) ||
		    !blank(fc->buf + cl, close - cl) ||
		    !blank(fc->buf + close + 1, cle - close - 1) ||
		    line_start(fc->buf, open) != ifl) {
			st->kept = xstrdup("its block is not laid out one statement a line");
			return 0;
		}
		edit_add(&st->edits, a.ls, a.le, "", st->id);
		edit_add(&st->edits, ifl, ifle + 1, "", st->id);
		edit_add(&st->edits, r.ls, r.le, "", st->id);
		edit_add(&st->edits, cl, cle < fc->len ? cle + 1 : cle, "", st->id);
		for (i = ifle + 1; i < r.ls; i = line_end(fc->buf, fc->len, i) + 1) {
			if (i >= call_ls && i <= call_le)
				continue;
			if (fc->buf[i] == '\t')
				edit_add(&st->edits, i, i + 1, "", st->id);
		}
		for (i = r.le; i < cl; i = line_end(fc->buf, fc->len, i) + 1)
			if (fc->buf[i] == '\t')
				edit_add(&st->edits, i, i + 1, "", st->id);
	}
	drop_mount_local(st, b, &a, &r);
	return 1;
}

/* Statement NODE, on lines of its own and calling nothing: delete it. */
static int delete_quiet_stmt(struct site *st, int node)
{
	struct fnx *fx = st->fx;
	struct stmt s;
	size_t i;

	for (i = node; i < fx->n && contains(fx, node, (int)i); i++)
		if (fx->nodes[i].kind == CXCursor_CallExpr)
			return 0;
	stmt_of_node(st->fc, fx, node, &s);
	if (!s.own_lines)
		return 0;
	/* no blank line left right after an open brace */
	if (s.ls >= 2 && st->fc->buf[s.ls - 2] == '{' && s.le < st->fc->len &&
	    st->fc->buf[s.le] == '\n')
		s.le++;
	edit_add(&st->edits, s.ls, s.le, "", st->id);
	return 1;
}

/* NAME is an identifier of one of CO's arguments. */
static int names_var(const struct callout *co, const char *name)
{
	size_t n = strlen(name);
	int k;

	for (k = 0; k < co->nargs; k++) {
		const char *s = co->args[k], *p;

		for (p = strstr(s, name); p; p = strstr(p + 1, name))
			if ((p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
			    !(isalnum((unsigned char)p[n]) || p[n] == '_'))
				return 1;
	}
	return 0;
}

/*
 * A local the directory argument was seen through (struct dentry
 * *parent = nd->path.dentry; vfs_rmdir(parent->d_inode, d) became
 * path_rmdir(&nd->path, d)) and that nothing else uses any more goes,
 * with the statement that stored it.
 */
static void drop_dead_locals(struct site *st, int call,
			     const struct rule_guard *g, const struct callout *co)
{
	struct fnx *fx = st->fx;
	size_t i, j, k;

	if (st->npaths)
		return;	/* the fills name them */
	for (k = 0; k < g->tmpl->all.n; k++) {
		int a;

		if (g->tmpl->all.v[k].kind != TMPL_PATH)
			continue;
		a = arg_node(fx, call, g->tmpl->all.v[k].arg - 1);

		for (i = a; a >= 0 && i < fx->n && contains(fx, a, (int)i); i++) {
			struct var *v = fx->nodes[i].kind == CXCursor_DeclRefExpr ?
					var_ref(fx, (int)i) : NULL;
			int decl, ds, store = -1, other = 0;

			if (!v || v->is_param || v->stores != 1 || v->value < 0)
				continue;
			if (names_var(co, v->name))
				continue;	/* the new call still uses it */
			decl = node_of(fx, v->decl);
			if (decl < 0 || contains(fx, decl, v->value))
				store = -2;	/* stored by its initialiser */
			else
				store = fx->nodes[v->value].parent;	/* v = value */
			for (j = 0; j < fx->n; j++) {
				if (fx->nodes[j].kind != CXCursor_DeclRefExpr ||
				    var_ref(fx, (int)j) != v || contains(fx, a, (int)j))
					continue;
				if (store < 0 || !contains(fx, store, (int)j))
					other = 1;
			}
			ds = decl >= 0 ? fx->nodes[decl].parent : -1;
			if (other || ds < 0 || fx->nodes[ds].kind != CXCursor_DeclStmt ||
			    nchildren(fx, ds) != 1)
				continue;
			if (store >= 0 && (fx->nodes[store].parent < 0 ||
			    fx->nodes[fx->nodes[store].parent].kind != CXCursor_CompoundStmt ||
			    !delete_quiet_stmt(st, store)))
				continue;
			delete_quiet_stmt(st, ds);
		}
	}
}

/* NAME is called by a function of the program: a call it makes that
 * no finding names is covered there. */
static int has_callers(const struct program *prog, const char *name)
{
	size_t i;

	for (i = 0; name && i < prog->nfuncs; i++)
		if (!strcmp(prog->funcs[i]->name, name) && prog->ncallers &&
		    prog->ncallers[i] > 0)
			return 1;
	return 0;
}

/* A finding placed elsewhere (at a caller) names the call at L in its
 * notes: the call is not covered, its bracket is missing upstream. */
static int named_by_finding(const struct filectx *fc, const struct loc *l)
{
	size_t i, k;

	for (i = 0; i < fc->fs->n; i++) {
		const struct note_list *nl = &fc->fs->items[i].notes;

		for (k = 0; k < nl->n; k++)
			if (nl->items[k].loc.line == l->line &&
			    nl->items[k].loc.col == l->col &&
			    nl->items[k].loc.file && l->file &&
			    !strcmp(nl->items[k].loc.file, l->file))
				return 1;
	}
	return 0;
}

/* The dentry and mount of NP hold their values from before OFF on. */
static int stable_before(const struct fnx *fx, const struct newpath *np,
			 size_t off)
{
	const char *names[2] = { np->dentry, np->mnt };
	size_t i, k;

	for (k = 0; k < 2; k++) {
		for (i = 0; i < fx->nvars; i++)
			if (!strcmp(fx->vars[i].name, names[k]))
				break;
		if (i == fx->nvars)
			continue;	/* not a local: an object's member */
		if (fx->vars[i].stores > 1 ||
		    (fx->vars[i].stores == 1 && fx->vars[i].store_off > off))
			return 0;
	}
	return 1;
}

/*
 * Where the struct paths of a call that is no statement of a block of its
 * own (an if's or an else's body without braces) are filled: before the
 * statement of a block that holds it, when what they are filled from
 * already holds its value there.
 */
static int fill_point(struct site *st, int call, struct stmt *fill)
{
	struct fnx *fx = st->fx;
	int up = call, p;
	size_t i;

	while ((p = fx->nodes[up].parent) >= 0 &&
	       fx->nodes[p].kind != CXCursor_CompoundStmt)
		up = p;
	if (p < 0)
		return 0;
	memset(fill, 0, sizeof(*fill));
	stmt_of_node(st->fc, fx, up, fill);
	if (!fill->own_code_lines)
		return 0;
	for (i = 0; i < st->npaths; i++) {
		if (!stable_before(fx, &st->paths[i], fill->start))
			return 0;
		st->paths[i].block = fill->block;
		st->paths[i].fill_off = fill->start;
	}
	return 1;
}

/* The 2008 fix: CALL becomes the path_* call of rule G. */
static const struct sig *sig_of(const struct filectx *fc, const char *name)
{
	size_t i;

	for (i = 0; name && i < fc->nsigs; i++)
		if (!strcmp(fc->sigs[i].fn, name))
			return &fc->sigs[i];
	return NULL;
}

/* A call of a signature-converted function SG passes the struct path. */
static int build_sig_call(struct site *st, int call, const struct sig *sg,
			  const char *mnt, struct callout *co)
{
	int a = arg_node(st->fx, call, sg->param);
	char *p;

	callout_same(st->fc, st->fx, call, co, sg->fn);
	if (a < 0 || !(p = path_arg(st, a, mnt, st->fx->nodes[call].start)))
		return 0;
	free(co->args[sg->param]);
	co->args[sg->param] = p;
	return 1;
}

/* CALL becomes the path_* call of rule G, or (SG) a call of a
 * signature-converted function with the struct path. */
static void fix_by_helper(struct site *st, int call, const struct rule_guard *g,
			  const struct sig *sg, int covered)
{
	struct filectx *fc = st->fc;
	struct fnx *fx = st->fx;
	struct bracket b;
	struct callout co;
	struct stmt cs, fill;
	char *mnt = NULL, *ind;
	int any, dropping = 0;
	struct strbuf sb;

	find_bracket(fc, fx, call, &b);
	any = b.found;
	if (b.found && b.mount)
		mnt = xstrdup(b.mount);
	else
		mnt = function_mount(fc, fx, &any);
	if (!sg && covered && !any && !named_by_finding(fc, &st->loc) &&
	    has_callers(fc->prog, fx->name) && !sig_of(fc, fx->name) &&
	    strmap_get(&fc->helper_side, g->tmpl->helper)) {
		/* as the series left __open_namei_create(): the file that
		 * defines the helper keeps the guarded function callable, and
		 * a call its callers' bracket covers need not take it again */
		give_up(st, "%s", "its callers' bracket covers it, and this file, which defines the helper, can still call it");
		free(mnt);
		bracket_free(&b);
		return;
	}
	stmt_of_call(fc, fx, call, &cs);
	if (sg ? !build_sig_call(st, call, sg, mnt, &co) :
	    !build_replacement(st, call, g, mnt, &co)) {
		if (!st->reason)
			give_up(st, "%s", "its arguments do not fit the rule's replace= template");
		callout_free(&co);
		free(mnt);
		bracket_free(&b);
		return;
	}
	fill = cs;
	if (st->npaths && (cs.shape == S_OTHER || !cs.own_code_lines) &&
	    !fill_point(st, call, &fill)) {
		give_up(st, "the struct path %s would be filled before a statement that is not one of its block's own",
			st->paths[0].name);
		callout_free(&co);
		free(mnt);
		bracket_free(&b);
		return;
	}
	if (covered && fc->mode == FIX_CONVERT) {
		if (b.found)
			dropping = drop_bracket(st, call, &cs, &b);
		else if (!sig_of(fc, fx->name))
			st->kept = xstrdup(b.why ? b.why : "no acquire in a block around it is tested as \"if (err) ...\" or \"if (!err) { ... }\"");
	}
	edit_call(st, call, &co, NULL, dropping && b.block_form, 0);
	if (g)
		drop_dead_locals(st, call, g, &co);
	if (st->npaths) {
		ind = indent_at(fc, fill.start);
		if (dropping && b.block_form && ind[0] == '\t' &&
		    fill.start == cs.start)
			memmove(ind, ind + 1, strlen(ind));
		sb_init(&sb);
		fills(st, &sb, ind);
		edit_add(&st->edits, fill.ls, fill.ls, sb.buf, st->id);
		sb_free(&sb);
		free(ind);
	}
	callout_free(&co);
	free(mnt);
	bracket_free(&b);
}

static const char *error_var(struct fnx *fx)
{
	static const char *const names[] = {
		"err", "error", "ret", "rc", "retval", "res", "status", NULL,
	};
	size_t i;
	int k;

	for (k = 0; names[k]; k++)
		for (i = 0; i < fx->nvars; i++)
			if (!fx->vars[i].is_param && fx->vars[i].is_int &&
			    !strcmp(fx->vars[i].name, names[k]))
				return fx->vars[i].name;
	return NULL;
}

/* The mount the call's objects are on, from the struct paths they lie in. */
static char *site_mount(struct site *st, int call, const struct rule_guard *g)
{
	struct fnx *fx = st->fx;
	size_t off = fx->nodes[call].start;
	char *mnt = NULL, *m, *p;
	int i, nargs = clang_Cursor_getNumArguments(fx->nodes[call].c);

	for (i = 0; i < nargs; i++) {
		int a = arg_node(fx, call, i), ptr, k, obj = !g;

		for (k = 0; g && k < g->nobjects; k++)
			obj |= g->objects[k] == i + 1;
		if (!obj || a < 0)
			continue;
		p = path_of_dentry(st->fc, fx, dentry_of_arg(fx, a, off), off);
		if (!p && !g && struct_type(clang_getCursorType(fx->nodes[a].c),
					    "struct path", &ptr) && ptr)
			p = node_text(st->fc, &fx->nodes[a]);
		if (!p) {
			if (g) {
				char *t = node_text(st->fc, &fx->nodes[a]);

				give_up(st, "cannot tell which mount %s is on", t);
				free(t);
				free(mnt);
				return NULL;
			}
			continue;
		}
		m = mount_of_path(p);
		free(p);
		if (mnt && strcmp(m, mnt)) {
			give_up(st, "its objects are on two mounts (%s)", m);
			free(m);
			free(mnt);
			return NULL;
		}
		free(mnt);
		mnt = m;
	}
	if (!mnt)
		give_up(st, "%s", "no argument of it is a struct path or lies in one: cannot tell the mount");
	return mnt;
}

/*
 * "return call(...);" in a function with no error variable (a helper
 * that is to take the bracket itself): declare one, "int err;", first in
 * its body, when the call returns an integer and no other err is there.
 */
static const char *declare_err(struct site *st, int call)
{
	struct fnx *fx = st->fx;
	struct filectx *fc = st->fc;
	size_t i, at;
	int first;
	char *ind, *text;

	if (fx->body < 0 ||
	    !type_is_integer(clang_getCursorType(fx->nodes[call].c)))
		return NULL;
	for (i = 0; i < fx->nvars; i++)
		if (!strcmp(fx->vars[i].name, "err"))
			return NULL;
	first = child_at(fx, fx->body, 0);
	if (first < 0)
		return NULL;
	at = line_end(fc->buf, fc->len, fx->nodes[fx->body].start) + 1;
	ind = indent_at(fc, fx->nodes[first].start);
	text = xasprintf("%sint err;\n\n", ind);
	edit_add(&st->edits, at, at, text, st->id);
	free(text);
	free(ind);
	return "err";
}

/* Without path_*: a bracket of its own around CALL. */
static void fix_by_bracket(struct site *st, int call, const struct rule_guard *g)
{
	struct filectx *fc = st->fc;
	struct fnx *fx = st->fx;
	const struct rule_acquire *acq = NULL;
	struct stmt cs;
	struct callout co;
	char *mnt, *ind, *label = NULL, *pre;
	const char *var;
	struct strbuf sb;
	int next, known = 0;
	size_t i;

	for (i = 0; i < fc->rules->nacquires && !acq; i++)
		if (fc->rules->acquires[i].success == SUCCESS_ZERO)
			acq = &fc->rules->acquires[i];
	if (bracket_spans(fc, fx, fx->nodes[call].start)) {
		give_up(st, "%s", "a bracket of the function is taken before it and dropped after it: the fix belongs to that bracket");
		return;
	}
	if (!acq) {
		give_up(st, "%s", "the rules have no acquire that returns 0 on success");
		return;
	}
	/* the mount first: without it nothing else matters */
	mnt = site_mount(st, call, g);
	if (!mnt)
		return;
	stmt_of_call(fc, fx, call, &cs);
	if ((cs.shape != S_ASSIGN && cs.shape != S_RETURN) || !cs.own_code_lines ||
	    (cs.shape == S_ASSIGN && !cs.var->is_int) ||
	    cs.le != line_end(fc->buf, fc->len, fx->nodes[call].end) + 1) {
		give_up(st, "%s", "the call is not a statement \"err = call(...);\" or \"return call(...);\" on lines of its own");
		free(mnt);
		return;
	}
	var = cs.shape == S_ASSIGN ? cs.var->name : error_var(fx);
	if (!var && cs.shape == S_RETURN)
		var = declare_err(st, call);
	if (!var) {
		give_up(st, "%s", "the function has no error variable to hold the bracket's result");
		free(mnt);
		return;
	}
	/* where the call's own failure goes: there the bracket's goes too */
	next = child_at(fx, cs.block, child_index(fx, cs.node) + 1);
	if (cs.shape == S_ASSIGN && next >= 0) {
		if (fx->nodes[next].kind == CXCursor_IfStmt)
			known = failure_exit(fx, next, cs.var, &label);
		else if (fx->nodes[next].kind == CXCursor_LabelStmt)
			known = (label = cursor_spelling(fx->nodes[next].c)) != NULL;
		else
			known = returns_var(fx, next, cs.var);
	}
	ind = indent_at(fc, cs.start);
	sb_init(&sb);
	sb_addf(&sb, "%s%s = %s(%s);\n", ind, var, acq->name, mnt);
	if (cs.shape == S_RETURN || known) {
		if (label)
			sb_addf(&sb, "%sif (%s)\n%s\tgoto %s;\n", ind, var, ind, label);
		else
			sb_addf(&sb, "%sif (%s)\n%s\treturn %s;\n", ind, var, ind, var);
	} else {
		/* nothing says where a failure goes: past the call, as its own */
		sb_addf(&sb, "%sif (!%s) {\n", ind, var);
	}
	edit_add(&st->edits, cs.ls, cs.ls, sb.buf, st->id);
	sb_free(&sb);
	sb_init(&sb);
	if (cs.shape == S_RETURN) {
		/* return call(...); becomes VAR = call(...); ... return VAR; */
		callout_same(fc, fx, call, &co, st->callee);
		pre = xasprintf("%s%s = ", ind, var);
		edit_call(st, call, &co, pre, 0, 0);
		free(pre);
		callout_free(&co);
		sb_addf(&sb, "%s%s(%s);\n%sreturn %s;\n", ind, acq->release, mnt,
			ind, var);
	} else if (known) {
		sb_addf(&sb, "%s%s(%s);\n", ind, acq->release, mnt);
	} else {
		callout_same(fc, fx, call, &co, st->callee);
		edit_call(st, call, &co, NULL, 0, 1);
		callout_free(&co);
		sb_addf(&sb, "%s\t%s(%s);\n%s}\n", ind, acq->release, mnt, ind);
	}
	edit_add(&st->edits, cs.le, cs.le, sb.buf, st->id);
	sb_free(&sb);
	free(label);
	free(ind);
	free(mnt);
}

static int overlaps(const struct edit_list *a, const struct edit_list *b)
{
	size_t i, j;

	for (i = 0; i < a->n; i++)
		for (j = 0; j < b->n; j++) {
			const struct text_edit *x = &a->items[i], *y = &b->items[j];

			if (x->start < y->end && y->start < x->end)
				return 1;
			if (x->start == x->end && y->start == y->end &&
			    x->start == y->start)
				return 1;
		}
	return 0;
}

static void note(struct filectx *fc, const struct loc *l, const char *fmt,
		 const char *callee, const char *why)
{
	sb_addf(fc->msgs, "%s:%u:%u: note: ", fc->shown, l->line, l->col);
	sb_addf(fc->msgs, fmt, callee, why);
	sb_addc(fc->msgs, '\n');
}

static void commit(struct site *st)
{
	struct filectx *fc = st->fc;
	size_t i;

	if (!st->reason && overlaps(&st->edits, &fc->edits))
		st->reason = xstrdup("its edits would overlap another fix's");
	if (st->reason) {
		note(fc, &st->loc, st->covered ? "%s() not converted: %s" :
		     "%s() left alone: %s", st->callee, st->reason);
	} else {
		if (st->kept)
			note(fc, &st->loc, "bracket around %s() kept: %s",
			     st->callee, st->kept);
		for (i = 0; i < st->edits.n; i++) {
			const struct text_edit *e = &st->edits.items[i];

			edit_add(&fc->edits, e->start, e->end, e->text, st->id);
			if (fc->out) {
				/* offsets for now: fix_file makes them lines */
				struct fix_edit *fe = ARRAY_PUSH(fc->out->items,
								 fc->out->n,
								 fc->out->cap);

				memset(fe, 0, sizeof(*fe));
				fe->site = st->loc;
				fe->function = xstrdup(st->fx->name ? st->fx->name : "");
				fe->start_line = e->start;
				fe->end_line = e->end;
				fe->text = xstrdup(e->text);
			}
		}
		for (i = 0; i < st->npaths; i++) {
			struct newpath *np = ARRAY_PUSH(st->fx->paths, st->fx->npaths,
							st->fx->paths_cap);

			*np = st->paths[i];
		}
		st->npaths = 0;
	}
	for (i = 0; i < st->npaths; i++) {
		free(st->paths[i].name);
		free(st->paths[i].mnt);
		free(st->paths[i].dentry);
	}
	free(st->paths);
	edit_list_free(&st->edits);
	free(st->reason);
	free(st->kept);
	free(st->callee);
}

static const struct finding *site_finding(struct filectx *fc, struct loc l,
					  const char *callee)
{
	size_t i;

	for (i = 0; i < fc->fs->n; i++) {
		const struct finding *f = &fc->fs->items[i];

		if (f->loc.file && l.file && !strcmp(f->loc.file, l.file) &&
		    f->loc.line == l.line && f->loc.col == l.col &&
		    !strcmp(f->check, fc->rules->names.missing) && f->call_text &&
		    f->callee && !strcmp(f->callee, callee))
			return f;
	}
	return NULL;
}

/* An earlier node is the same call. */
static int seen_call(const struct fnx *fx, int node)
{
	int i;

	for (i = 0; i < node; i++)
		if (fx->nodes[i].kind == CXCursor_CallExpr &&
		    clang_equalCursors(fx->nodes[i].c, fx->nodes[node].c))
			return 1;
	return 0;
}

/* The declarations of the struct path locals the fixes of FX added. */
static void declare_paths(struct filectx *fc, struct fnx *fx)
{
	struct strbuf sb;
	int k, n = nchildren(fx, fx->body), last = -1;
	size_t i, at;
	char *ind;

	if (!fx->npaths)
		return;
	for (k = 0; k < n; k++) {
		int c = child_at(fx, fx->body, k);

		if (fx->nodes[c].kind != CXCursor_DeclStmt)
			break;
		last = c;
	}
	sb_init(&sb);
	if (last >= 0) {
		at = line_end(fc->buf, fc->len, fx->nodes[last].end) + 1;
		ind = indent_at(fc, fx->nodes[last].start);
	} else {
		at = line_end(fc->buf, fc->len, fx->nodes[fx->body].start) + 1;
		ind = xstrdup("\t");
	}
	for (i = 0; i < fx->npaths; i++)
		if (!fx->paths[i].refill)
			sb_addf(&sb, "%sstruct path %s;\n", ind, fx->paths[i].name);
	if (last < 0)
		sb_addc(&sb, '\n');
	edit_add(&fc->edits, at, at, sb.buf, -1);
	sb_free(&sb);
	free(ind);
}

/* ---- a helper's dentry parameter that becomes a struct path ---- */

/* An edit of FC's already covers OFF. */
static int edited(const struct filectx *fc, size_t off)
{
	size_t i;

	for (i = 0; i < fc->edits.n; i++)
		if (fc->edits.items[i].start <= off && off < fc->edits.items[i].end)
			return 1;
	return 0;
}

/* In SG's function itself: the parameter is declared a struct path, and
 * every use of it the conversions left is its dentry. */
static void sig_rewrite(struct filectx *fc, struct fnx *fx, CXCursor fn,
			const struct sig *sg)
{
	struct site st;
	CXSourceRange r = clang_getCursorExtent(clang_Cursor_getArgument(fn, (unsigned)sg->param));
	size_t ps, pe, i;
	char *t;

	memset(&st, 0, sizeof(st));
	st.fc = fc;
	st.fx = fx;
	st.id = fc->nsites++;
	st.loc = cursor_loc(fn);
	st.callee = cursor_spelling(fn);
	if (!loc_offset(fc, clang_getRangeStart(r), &ps) ||
	    !loc_offset(fc, clang_getRangeEnd(r), &pe)) {
		give_up(&st, "%s", "its parameter is written inside a macro");
		commit(&st);
		return;
	}
	t = xasprintf("struct path *%s", sg->name);
	edit_add(&st.edits, ps, pe, t, st.id);
	free(t);
	t = xasprintf("%s->dentry", sg->name);
	for (i = 0; i < fx->n; i++) {
		if (fx->nodes[i].kind != CXCursor_DeclRefExpr || !fx->nodes[i].in_file ||
		    !clang_equalCursors(clang_getCursorReferenced(fx->nodes[i].c),
					sg->decl) || edited(fc, fx->nodes[i].start))
			continue;
		edit_add(&st.edits, fx->nodes[i].start, fx->nodes[i].end, t, st.id);
	}
	free(t);
	commit(&st);
}

static int is_dentry_pointer(CXType t)
{
	int pointer;

	return struct_type(t, "struct dentry", &pointer) && pointer;
}

/* A guarded call of FN (walked in FX) whose object is FN's own dentry
 * parameter, never stored to, lying in no struct path: its index. */
static int dentry_param_site(struct filectx *fc, struct fnx *fx, CXCursor fn)
{
	size_t i;
	int k, p, n = clang_Cursor_getNumArguments(fn);

	for (i = 0; i < fx->n; i++) {
		const struct rule_guard *g;
		char *name;

		if (fx->nodes[i].kind != CXCursor_CallExpr || !fx->nodes[i].in_file ||
		    !(name = callee_of(fx, (int)i)))
			continue;
		g = guard_of(fc, fx, (int)i, name);
		free(name);
		if (!g || !g->tmpl || !g->tmpl->helper ||
		    !strmap_get(&fc->declared, g->tmpl->helper))
			continue;
		for (k = 0; k < g->nobjects; k++) {
			int a = arg_node(fx, (int)i, g->objects[k] - 1);
			size_t off = fx->nodes[i].start;
			CXCursor d, ref;
			char *path;

			if (a < 0)
				continue;
			d = dentry_of_arg(fx, a, off);
			path = path_of_dentry(fc, fx, d, off);
			free(path);
			a = node_of(fx, d);
			if (path || a < 0 || (a = peel(fx, a)) < 0 ||
			    fx->nodes[a].kind != CXCursor_DeclRefExpr)
				continue;
			ref = clang_getCursorReferenced(fx->nodes[a].c);
			for (p = 0; p < n; p++) {
				struct var *v = var_of_decl(fx, ref);

				if (clang_equalCursors(ref, clang_Cursor_getArgument(fn, (unsigned)p)) &&
				    is_dentry_pointer(clang_getCursorType(ref)) &&
				    v && v->stores == 1)	/* the call's */
					return p;
			}
		}
	}
	return -1;
}

/* In CALLER (walked in FX): each call of H passes for PARAM a dentry
 * whose struct path or mount can be named, and H is only called.  The
 * number of calls, or -1. */
static int callers_in(struct filectx *fc, struct fnx *fx, const char *h,
		      int param)
{
	size_t i;
	int calls = 0;

	for (i = 0; i < fx->n; i++) {
		int up = (int)i, c, a;
		struct site st;
		char *name, *path, *own, *root = NULL;
		CXCursor d, ref;

		if (fx->nodes[i].kind != CXCursor_DeclRefExpr)
			continue;
		ref = clang_getCursorReferenced(fx->nodes[i].c);
		if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
			continue;
		name = cursor_spelling(ref);
		c = strcmp(name, h);
		free(name);
		if (c)
			continue;
		while ((c = fx->nodes[up].parent) >= 0 && is_wrapper(fx->nodes[c].kind))
			up = c;
		if (c < 0 || fx->nodes[c].kind != CXCursor_CallExpr ||
		    child_at(fx, c, 0) != up)
			return -1;	/* its address is taken */
		a = arg_node(fx, c, param);
		if (a < 0)
			return -1;
		d = dentry_of_arg(fx, a, fx->nodes[c].start);
		path = path_of_dentry(fc, fx, d, fx->nodes[c].start);
		memset(&st, 0, sizeof(st));
		st.fc = fc;
		st.fx = fx;
		own = path || clang_Cursor_isNull(d) ? NULL :
		      object_mount_at(&st, d, fx->nodes[c].start, &root);
		free(root);
		if (!path && !own)
			return -1;
		free(path);
		free(own);
		calls++;
	}
	return calls;
}

struct fn_defs {
	CXCursor *fns;
	size_t n, cap;
};

static enum CXChildVisitResult all_defs(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct fn_defs *d = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl &&
	    clang_isCursorDefinition(c) &&
	    clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		*ARRAY_PUSH(d->fns, d->n, d->cap) = c;
	return CXChildVisit_Continue;
}

static CXCursor body_of(CXCursor fn)
{
	struct cursor_list kids = { 0 };
	CXCursor b = clang_getNullCursor();
	size_t i;

	cursor_children(fn, &kids);
	for (i = 0; i < kids.n; i++)
		if (clang_getCursorKind(kids.items[i]) == CXCursor_CompoundStmt)
			b = kids.items[i];
	cursor_list_free(&kids);
	return b;
}

static void fnx_free(struct fnx *fx)
{
	size_t i;

	for (i = 0; i < fx->nvars; i++)
		free(fx->vars[i].name);
	free(fx->vars);
	free(fx->nodes);
	free(fx->name);
	free(fx->paths);
}

static void fnx_walk(struct filectx *fc, struct fnx *fx, CXCursor fn)
{
	memset(fx, 0, sizeof(*fx));
	fx->name = cursor_spelling(fn);
	walk_function(fc, fx, body_of(fn));
	collect_vars(fx, fn);
}

/* The candidates of FC's file, each checked against all its callers. */
static void find_sigs(struct filectx *fc)
{
	struct fn_defs d = { 0 };
	size_t i, j;

	if (fc->mode != FIX_CONVERT)
		return;
	clang_visitChildren(clang_getTranslationUnitCursor(fc->tu), all_defs, &d);
	for (i = 0; i < d.n; i++) {
		struct fnx fx;
		int p, calls = 0, n;

		if (clang_getCursorLinkage(d.fns[i]) != CXLinkage_Internal ||
		    clang_Cursor_isNull(body_of(d.fns[i])))
			continue;
		fnx_walk(fc, &fx, d.fns[i]);
		if (strmap_get(&fc->helper_side, fx.name) ||
		    (p = dentry_param_site(fc, &fx, d.fns[i])) < 0) {
			fnx_free(&fx);
			continue;
		}
		for (j = 0; j < d.n && calls >= 0; j++) {
			struct fnx cx;

			if (j == i)
				continue;
			fnx_walk(fc, &cx, d.fns[j]);
			n = callers_in(fc, &cx, fx.name, p);
			calls = n < 0 ? -1 : calls + n;
			fnx_free(&cx);
		}
		if (calls > 0) {
			struct sig *sg = ARRAY_PUSH(fc->sigs, fc->nsigs, fc->sigs_cap);

			sg->fn = xstrdup(fx.name);
			sg->param = p;
			sg->decl = clang_Cursor_getArgument(d.fns[i], (unsigned)p);
			sg->name = xstrdup(name_in_use(&fx, "path") ? "dir_path" : "path");
		}
		fnx_free(&fx);
	}
	free(d.fns);
}

static void sigs_free(struct filectx *fc)
{
	size_t i;

	for (i = 0; i < fc->nsigs; i++) {
		free(fc->sigs[i].fn);
		free(fc->sigs[i].name);
	}
	free(fc->sigs);
}

static void do_function(struct filectx *fc, CXCursor fn, CXCursor body)
{
	struct fnx fx;
	size_t i;

	memset(&fx, 0, sizeof(fx));
	fx.name = cursor_spelling(fn);
	walk_function(fc, &fx, body);
	collect_vars(&fx, fn);
	for (i = 0; i < fx.n; i++) {
		struct site st;
		const struct finding *f;
		const struct rule_guard *g;
		const struct sig *sg;
		char *name;
		int helper;

		if (fx.nodes[i].kind != CXCursor_CallExpr || !fx.nodes[i].in_file)
			continue;
		memset(&st, 0, sizeof(st));
		st.loc = cursor_loc(fx.nodes[i].c);
		name = callee_of(&fx, (int)i);
		if (!name)
			continue;
		if (seen_call(&fx, (int)i)) {
			/* a ?: without its middle lists its condition twice */
			free(name);
			continue;
		}
		f = site_finding(fc, st.loc, name);
		g = guard_of(fc, &fx, (int)i, name);
		helper = g && g->tmpl && g->tmpl->helper &&
			 strmap_get(&fc->declared, g->tmpl->helper);
		sg = strcmp(name, fx.name) ? sig_of(fc, name) : NULL;
		if (sg) {
			g = NULL;
			helper = 0;
		}
		if (!f && !(fc->mode == FIX_CONVERT && (helper || sg))) {
			free(name);
			continue;
		}
		st.fc = fc;
		st.fx = &fx;
		st.id = fc->nsites++;
		st.call = (int)i;
		st.callee = name;
		st.covered = f == NULL;
		if (f) {
			char *k = xasprintf("%s:%u:%u", f->loc.file, f->loc.line,
					    f->loc.col);

			strmap_put(fc->handled, k, 1);
			free(k);
		}
		if (written_in_macro(fx.nodes[i].c))
			give_up(&st, "%s", "the call is written inside a macro");
		else if (sg)
			fix_by_helper(&st, (int)i, NULL, sg, 1);
		else if (helper)
			fix_by_helper(&st, (int)i, g, NULL, f == NULL);
		else
			fix_by_bracket(&st, (int)i, g);
		commit(&st);
	}
	if (sig_of(fc, fx.name))
		sig_rewrite(fc, &fx, fn, sig_of(fc, fx.name));
	declare_paths(fc, &fx);
	for (i = 0; i < fx.nvars; i++)
		free(fx.vars[i].name);
	for (i = 0; i < fx.npaths; i++) {
		free(fx.paths[i].name);
		free(fx.paths[i].mnt);
		free(fx.paths[i].dentry);
	}
	free(fx.paths);
	free(fx.vars);
	free(fx.nodes);
	free(fx.name);
}

static enum CXChildVisitResult top_decl(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct filectx *fc = data;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl &&
	    clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Continue;
	name = cursor_spelling(c);
	strmap_put(&fc->declared, name, 1);
	free(name);
	return CXChildVisit_Continue;
}

/*
 * The replacement helpers defined in this file, and the functions they
 * call, directly or not: their calls are what the helpers are made of
 * (path_create() calls vfs_create()), never sites to convert.
 */
struct calls_seen {
	struct strmap *names;
};

static enum CXChildVisitResult called_names(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct calls_seen *cs = data;
	CXCursor ref;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	/* not a call through a member of the same name (->setxattr) */
	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
		name = cursor_spelling(ref);
		strmap_put(cs->names, name, 1);
		free(name);
	}
	return CXChildVisit_Recurse;
}

struct defs {
	struct strmap index;	/* name -> 1 + position */
	CXCursor *fns;
	size_t n, cap;
};

static enum CXChildVisitResult collect_defs(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct defs *d = data;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c) ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	*ARRAY_PUSH(d->fns, d->n, d->cap) = c;
	name = cursor_spelling(c);
	strmap_put(&d->index, name, (long)d->n);
	free(name);
	return CXChildVisit_Continue;
}

static void find_helper_side(struct filectx *fc)
{
	struct defs d = { 0 };
	struct strmap seen = { 0 };
	struct calls_seen cs = { &seen };
	char **queue = NULL;
	size_t nq = 0, cap = 0, i;

	clang_visitChildren(clang_getTranslationUnitCursor(fc->tu),
			    collect_defs, &d);
	for (i = 0; i < fc->rules->nguards; i++) {
		const struct rule_guard *g = &fc->rules->guards[i];

		if (g->tmpl && g->tmpl->helper &&
		    strmap_get(&d.index, g->tmpl->helper) &&
		    !strmap_get(&fc->helper_side, g->tmpl->helper))
			*ARRAY_PUSH(queue, nq, cap) = (char *)
				strmap_put(&fc->helper_side, g->tmpl->helper, 1);
	}
	for (i = 0; i < nq; i++) {
		long *at = strmap_get(&d.index, queue[i]);
		size_t k;

		if (!at)
			continue;
		strmap_free(&seen);
		memset(&seen, 0, sizeof(seen));
		clang_visitChildren(d.fns[*at - 1], called_names, &cs);
		for (k = 0; k < seen.n; k++) {
			const char *callee = seen.keys[k];

			if (!strmap_get(&d.index, callee) ||
			    strmap_get(&fc->helper_side, callee))
				continue;
			*ARRAY_PUSH(queue, nq, cap) = (char *)
				strmap_put(&fc->helper_side, callee, 1);
		}
	}
	strmap_free(&seen);
	strmap_free(&d.index);
	free(d.fns);
	free(queue);
}

/* The findings of function NAME need no word of their own. */
static void mark_handled(struct filectx *fc, const char *name)
{
	size_t i;

	for (i = 0; i < fc->fs->n; i++) {
		const struct finding *f = &fc->fs->items[i];
		char *k;

		if (!f->loc.file || strcmp(f->loc.file, fc->main_name) ||
		    !f->function || strcmp(f->function, name))
			continue;
		k = xasprintf("%s:%u:%u", f->loc.file, f->loc.line, f->loc.col);
		strmap_put(fc->handled, k, 1);
		free(k);
	}
}

static enum CXChildVisitResult top_defn(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct filectx *fc = data;
	struct cursor_list kids = { 0 };
	size_t i;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c) ||
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	{
		char *name = cursor_spelling(c);
		char *key = xasprintf("%s\t%s", fc->main_name, name);
		int off_limits = strmap_get(&fc->helper_side, name) != NULL ||
				 (fc->skip && strmap_get(fc->skip, key));

		if (fc->skip && strmap_get(fc->skip, key))
			mark_handled(fc, name);	/* named by the re-check */
		free(key);
		free(name);
		if (off_limits)
			return CXChildVisit_Continue;
	}
	cursor_children(c, &kids);
	for (i = 0; i < kids.n; i++)
		if (clang_getCursorKind(kids.items[i]) == CXCursor_CompoundStmt)
			do_function(fc, c, kids.items[i]);
	cursor_list_free(&kids);
	return CXChildVisit_Continue;
}

/* Line and column (1-based, byte) of OFF. */
static void line_col(const char *buf, size_t off, unsigned *line, unsigned *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

static const char *relative(const char *file, const char *root)
{
	size_t n = root ? strlen(root) : 0;
	static char cwd[4096];
	size_t c;

	if (!cwd[0] && !getcwd(cwd, sizeof(cwd)))
		cwd[0] = '\0';
	c = strlen(cwd);
	if (file[0] == '/' && c > 1 && !strncmp(file, cwd, c) && file[c] == '/')
		return file + c + 1;	/* the patch applies from here */

	if (n && !strncmp(file, root, n) && file[n] == '/')
		return file + n + 1;
	while (!strncmp(file, "./", 2))
		file += 2;
	return file;
}

static int file_has_site(const struct findings *fs, const struct rules *rules,
			 const char *file)
{
	size_t i;

	for (i = 0; i < fs->n; i++)
		if (fs->items[i].loc.file && !strcmp(fs->items[i].loc.file, file) &&
		    !strcmp(fs->items[i].check, rules->names.missing))
			return 1;
	return 0;
}

static int parse_errors(CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	int errors = 0;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		errors += clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return errors;
}

static int fix_file(enum fix_mode mode, const struct findings *fs,
		    const struct program *prog, const struct rules *rules,
		    const struct job *job, const char *root, void *index,
		    const struct strmap *skip, struct fix_edits *out,
		    struct strbuf *diff, struct strbuf *msgs,
		    struct strmap *handled)
{
	const char **argv = xcalloc(job->nflags + 2, sizeof(*argv));
	struct filectx fc;
	CXTranslationUnit tu = NULL;
	size_t i, first = out ? out->n : 0;
	const char *main_name;

	for (i = 0; i < job->nflags; i++)
		argv[i] = job->flags[i];
	argv[job->nflags] = "-w";
	if (clang_parseTranslationUnit2(index, job->file, argv, (int)job->nflags + 1,
					NULL, 0, CXTranslationUnit_KeepGoing, &tu) ||
	    !tu) {
		sb_addf(msgs, "wbcheck: %s: cannot parse it again for --fix\n", job->file);
		free(argv);
		return 1;
	}
	free(argv);
	memset(&fc, 0, sizeof(fc));
	fc.tu = tu;
	fc.file = clang_getFile(tu, job->file);
	/* the main file as the findings name it */
	{
		CXString s = clang_getFileName(fc.file);

		main_name = intern(clang_getCString(s));
		clang_disposeString(s);
	}
	if (parse_errors(tu)) {
		/* edits made from a tree with holes in it could be wrong */
		sb_addf(msgs, "wbcheck: %s: not fixed: it does not parse without errors\n",
			job->file);
		for (i = 0; i < fs->n; i++)
			if (fs->items[i].loc.file &&
			    !strcmp(fs->items[i].loc.file, main_name)) {
				char *k = xasprintf("%s:%u:%u", main_name,
						    fs->items[i].loc.line,
						    fs->items[i].loc.col);

				strmap_put(handled, k, 1);
				free(k);
			}
		clang_disposeTranslationUnit(tu);
		return 0;
	}
	if (mode == FIX_SITES && !file_has_site(fs, rules, main_name)) {
		clang_disposeTranslationUnit(tu);
		return 0;
	}
	fc.buf = clang_getFileContents(tu, fc.file, &fc.len);
	if (!fc.buf) {
		clang_disposeTranslationUnit(tu);
		return 1;
	}
	fc.shown = relative(main_name, root);
	fc.main_name = main_name;
	fc.skip = skip;
	fc.mode = mode;
	fc.fs = fs;
	fc.prog = prog;
	fc.rules = rules;
	fc.out = out;
	fc.msgs = msgs;
	fc.handled = handled;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_decl, &fc);
	find_helper_side(&fc);
	mount_forms_init(&fc.forms, tu, rules);
	find_sigs(&fc);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), top_defn, &fc);
	edits_sort(&fc.edits, NULL);
	if (diff)
		diff_render(diff, fc.shown, fc.buf, fc.len, &fc.edits);
	if (out)
		for (i = first; i < out->n; i++) {
			struct fix_edit *fe = &out->items[i];
			size_t s = fe->start_line, e = fe->end_line;

			fe->file = main_name;
			line_col(fc.buf, s, &fe->start_line, &fe->start_col);
			line_col(fc.buf, e, &fe->end_line, &fe->end_col);
		}
	edit_list_free(&fc.edits);
	strmap_free(&fc.declared);
	strmap_free(&fc.helper_side);
	mount_forms_free(&fc.forms);
	sigs_free(&fc);
	clang_disposeTranslationUnit(tu);
	return 0;
}

/* Sites no re-parse reached: in a header, or not found again. */
static void unhandled(const struct findings *fs, const struct rules *rules,
		      struct strmap *handled, const char *root,
		      struct strbuf *msgs)
{
	size_t i;

	for (i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->items[i];
		char *k;

		if (strcmp(f->check, rules->names.missing) || !f->loc.file)
			continue;
		k = xasprintf("%s:%u:%u", f->loc.file, f->loc.line, f->loc.col);
		if (!strmap_get(handled, k))
			sb_addf(msgs, "%s:%u:%u: note: %s() left alone: %s\n",
				relative(f->loc.file, root), f->loc.line,
				f->loc.col, f->callee ? f->callee : "the call",
				"it is not a call written in a file being fixed");
		free(k);
	}
}

static int collect(enum fix_mode mode, const struct findings *fs,
		   const struct program *prog, const struct rules *rules,
		   const struct job *jobs, size_t njobs, const char *root,
		   const struct strmap *skip, struct fix_edits *out,
		   struct strbuf *diff, struct strbuf *msgs)
{
	CXIndex index = clang_createIndex(0, 0);
	struct strmap handled = { 0 };
	size_t i;
	int failed = 0;

	for (i = 0; i < njobs; i++)
		failed |= fix_file(mode, fs, prog, rules, &jobs[i], root, index,
				   skip, out, diff, msgs, &handled);
	unhandled(fs, rules, &handled, root, msgs);
	strmap_free(&handled);
	clang_disposeIndex(index);
	return failed;
}

int fix_collect(enum fix_mode mode, const struct findings *fs,
		const struct program *prog, const struct rules *rules,
		const struct job *jobs, size_t njobs, const char *root,
		struct fix_edits *out, struct strbuf *diff)
{
	return fix_collect_skipping(mode, fs, prog, rules, jobs, njobs, root,
				    NULL, 0, out, diff);
}

int fix_collect_skipping(enum fix_mode mode, const struct findings *fs,
			 const struct program *prog, const struct rules *rules,
			 const struct job *jobs, size_t njobs, const char *root,
			 const struct strmap *skip, int quiet,
			 struct fix_edits *out, struct strbuf *diff)
{
	struct strbuf msgs;
	int failed;

	sb_init(&msgs);
	failed = collect(mode, fs, prog, rules, jobs, njobs, root, skip, out,
			 diff, &msgs);
	if (!quiet)
		fputs(msgs.buf ? msgs.buf : "", stderr);
	sb_free(&msgs);
	return failed;
}

int fix_collect_quiet(const struct findings *fs, const struct program *prog,
		      const struct rules *rules, const struct job *jobs,
		      size_t njobs, struct fix_edits *out)
{
	return fix_collect_skipping(FIX_SITES, fs, prog, rules, jobs, njobs,
				    NULL, NULL, 1, out, NULL);
}

void fix_edits_free(struct fix_edits *e)
{
	size_t i;

	for (i = 0; i < e->n; i++) {
		free(e->items[i].text);
		free(e->items[i].function);
	}
	free(e->items);
	memset(e, 0, sizeof(*e));
}

/*
 * frontend: lowering: libclang cursors -> a control-flow graph of IR
 * instructions.
 *
 * The body is walked with an explicit task stack (a continuation list):
 * each structured statement pushes, in reverse, the tasks that lay out
 * its pieces and the labels between them.  Labels become instruction
 * indices when the walk is done.  Nothing here recurses on the shape of
 * the input, so a 10,000-deep if-chain costs heap, not C stack.
 */
#define _GNU_SOURCE
#include "frontend/lower.h"
#include "frontend/stable_tests.h"
#include "frontend/cursor.h"
#include "frontend/expr_keys.h"
#include "frontend/callback_params.h"
#include "frontend/cursor_text.h"
#include "frontend/err_tests.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

enum task_kind {
	T_STMT,		/* lower statement c */
	T_EXPR,		/* lower expression c for its side effects */
	T_COND,		/* lower condition c: jump to l1 if true, l2 if false */
	T_LABEL,	/* bind label l1 here */
	T_JUMP,		/* jump to label l1 */
	T_CALL,		/* emit call c, result into var (or -1) */
	T_ASSIGN,	/* emit assignment to var */
	T_BRANCH_VAR,	/* branch on var != 0 to l1 / l2 */
	T_BRANCH_OPAQUE,/* branch on an unknown condition to l1 / l2 */
	T_BRANCH_NZT,	/* branch on var: true edge only when var != 0 */
	T_BRANCH_NEG,	/* branch on var < 0 */
	T_BRANCH_ISERR,	/* branch on var being an error pointer */
	T_RETURN,	/* emit return of c (a ReturnStmt) */
	T_TARGETS_PUSH,	/* break -> l1, continue -> l2 (-2: inherit) */
	T_TARGETS_POP,
	T_GUARD_PUSH,	/* entering a branch of an if on c, sense var */
	T_GUARD_POP,
	T_SWITCH,	/* dispatch of switch c (cases already labelled) */
	T_STORE,	/* store the value of expression c into var */
};

struct task {
	enum task_kind kind;
	CXCursor c;
	int l1, l2;
	int var;
};

struct targets {
	int brk, cont;
};

struct guard {
	CXCursor cond;		/* its text is made only when a call needs it */
	int sense;
};

struct label_ref {
	CXCursor c;
	int label;
	long next;		/* next ref with the same place key, or -1 */
};

struct lower {
	const struct lower_env *env;
	struct ir_func *fn;
	struct task *tasks;
	size_t ntasks, tasks_cap;
	int *label_pos;			/* instruction index, -1 unbound */
	size_t nlabels, labels_cap;
	struct targets *targets;
	size_t ntargets, targets_cap;
	struct guard *guards;
	size_t nguards, guards_cap;
	struct label_ref *named;	/* goto labels and case labels */
	size_t nnamed, named_cap;
	struct strmap named_index;	/* place key -> first ref with it */
	CXCursor *var_decls;		/* parallel to fn->vars */
	size_t nvar_decls, var_decls_cap;
	struct cursor_list written;	/* locals assigned in the body */
	CXCursor fncur;			/* the function being lowered */
	CXCursor body;
	struct flag_memo *flags;		/* frontend/stable_tests.c's findings on body */
};

/* Successor fields hold label numbers encoded below -1 until resolved. */
#define LABEL_REF(l) (-2 - (l))
#define IS_LABEL_REF(s) ((s) <= -2)
#define LABEL_OF(s) (-2 - (s))

static void push(struct lower *lw, enum task_kind kind, CXCursor c, int l1,
		 int l2, int var)
{
	struct task *t = ARRAY_PUSH(lw->tasks, lw->ntasks, lw->tasks_cap);

	t->kind = kind;
	t->c = c;
	t->l1 = l1;
	t->l2 = l2;
	t->var = var;
}

static void push_c(struct lower *lw, enum task_kind kind, CXCursor c)
{
	push(lw, kind, c, -1, -1, -1);
}

static void push_l(struct lower *lw, enum task_kind kind, int l1, int l2)
{
	push(lw, kind, clang_getNullCursor(), l1, l2, -1);
}

static int new_label(struct lower *lw)
{
	*ARRAY_PUSH(lw->label_pos, lw->nlabels, lw->labels_cap) = -1;
	return (int)lw->nlabels - 1;
}

static struct ir_instr *emit(struct lower *lw, enum ir_op op, struct loc loc)
{
	struct ir_func *fn = lw->fn;
	struct ir_instr *in = ARRAY_PUSH(fn->instrs, fn->ninstrs, fn->instrs_cap);

	memset(in, 0, sizeof(*in));
	in->op = op;
	in->loc = loc;
	in->succ[0] = -1;
	in->succ[1] = -1;
	in->var = -1;
	in->ret_var = -1;
	in->src_var = -1;
	return in;
}

static struct loc no_loc(void)
{
	struct loc l = { NULL, 0, 0 };

	return l;
}

/* ---- variables ---- */

static int var_lookup(struct lower *lw, CXCursor decl)
{
	size_t i;

	for (i = 0; i < lw->nvar_decls; i++)
		if (clang_equalCursors(lw->var_decls[i], decl))
			return (int)i;
	return -1;
}

static int type_is_integer(CXType t)
{
	t = clang_getCanonicalType(t);
	return (t.kind >= CXType_Bool && t.kind <= CXType_Int128) ||
	       t.kind == CXType_Enum;
}

static void note_scope_obj(struct lower *lw, CXCursor decl, const char *name)
{
	CXType t = clang_getCursorType(decl);
	char *ts = type_spelling(t);
	struct ir_scope_obj *o;

	if (strstr(ts, "struct path") || strstr(ts, "struct file *") ||
	    strstr(ts, "struct vfsmount *") || strstr(ts, "struct nameidata")) {
		o = ARRAY_PUSH(lw->fn->scope, lw->fn->nscope, lw->fn->scope_cap);
		o->name = xstrdup(name);
		o->type = ts;
		o->is_pointer = clang_getCanonicalType(t).kind == CXType_Pointer;
		return;
	}
	free(ts);
}

static int var_add(struct lower *lw, CXCursor decl, int param, int temp)
{
	struct ir_func *fn = lw->fn;
	struct ir_var *v = ARRAY_PUSH(fn->vars, fn->nvars, fn->vars_cap);

	memset(v, 0, sizeof(*v));
	v->param = param;
	v->is_temp = temp;
	if (temp) {
		v->name = xstrdup("(result)");
		*ARRAY_PUSH(lw->var_decls, lw->nvar_decls, lw->var_decls_cap) =
			clang_getNullCursor();
		return (int)fn->nvars - 1;
	}
	v->name = cursor_spelling(decl);
	v->is_integer = type_is_integer(clang_getCursorType(decl));
	v->type = type_spelling(clang_getCursorType(decl));
	*ARRAY_PUSH(lw->var_decls, lw->nvar_decls, lw->var_decls_cap) = decl;
	note_scope_obj(lw, decl, v->name);
	return (int)fn->nvars - 1;
}

static int new_temp(struct lower *lw)
{
	return var_add(lw, clang_getNullCursor(), 0, 1);
}

/* The tracked variable an expression names, or -1. */
static int expr_var(struct lower *lw, CXCursor e)
{
	CXCursor ref;
	enum CXCursorKind rk;

	e = cursor_peel(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return -1;
	ref = clang_getCursorReferenced(e);
	rk = clang_getCursorKind(ref);
	if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl)
		return -1;
	return var_lookup(lw, ref);
}

static void mark_assigned(struct lower *lw, int var)
{
	if (var < 0)
		return;
	lw->fn->vars[var].assigned = 1;
	lw->fn->vars[var].stores++;
}

/* ---- labels for goto and case ---- */

/* Statement cursors reached by different routes (a goto's target, the
 * walk) differ in their parent data: compare kind and place. */
static int same_stmt(CXCursor a, CXCursor b)
{
	return clang_getCursorKind(a) == clang_getCursorKind(b) &&
	       clang_equalLocations(clang_getCursorLocation(a),
				    clang_getCursorLocation(b));
}

/*
 * Where a statement is, as a string: its kind and both its expansion
 * and spelling places.  Two cursors of one statement have the same key;
 * the rare different statements that share one (a macro argument used
 * twice) are told apart by same_stmt() along the chain.
 */
static char *place_key(CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	CXFile ef, sf;
	unsigned eoff, soff;

	clang_getExpansionLocation(l, &ef, NULL, NULL, &eoff);
	clang_getSpellingLocation(l, &sf, NULL, NULL, &soff);
	return xasprintf("%d:%p:%u:%p:%u", (int)clang_getCursorKind(c),
			 (void *)ef, eoff, (void *)sf, soff);
}

/* The label of a goto target or case; a look-up, not a scan, so that a
 * switch of ten thousand cases is not a hundred million comparisons. */
static int named_label(struct lower *lw, CXCursor c)
{
	struct label_ref *r;
	char *key = place_key(c);
	long *first = strmap_get(&lw->named_index, key), i;

	for (i = first ? *first : -1; i >= 0; i = lw->named[i].next)
		if (same_stmt(lw->named[i].c, c)) {
			free(key);
			return lw->named[i].label;
		}
	r = ARRAY_PUSH(lw->named, lw->nnamed, lw->named_cap);
	r->c = c;
	r->label = new_label(lw);
	r->next = first ? *first : -1;
	strmap_put(&lw->named_index, key, (long)lw->nnamed - 1);
	free(key);
	return r->label;
}

static void bind_label(struct lower *lw, int label)
{
	lw->label_pos[label] = (int)lw->fn->ninstrs;
}

static void emit_jump(struct lower *lw, int label)
{
	struct ir_instr *in = emit(lw, IR_NOP, no_loc());

	in->succ[0] = LABEL_REF(label);
}

static void emit_branch(struct lower *lw, CXCursor c, enum atom_kind atom,
			int var, int lt, int lf)
{
	struct ir_instr *in = emit(lw, IR_BRANCH,
				   clang_Cursor_isNull(c) ? no_loc() : cursor_loc(c));

	in->atom = atom;
	in->var = var;
	if (var >= 0)
		lw->fn->vars[var].tests++;
	in->succ[0] = LABEL_REF(lt);
	in->succ[1] = LABEL_REF(lf);
}

/* ---- calls ---- */

static int decl_has_noreturn_attr(struct srctext *st, CXCursor decl)
{
	struct cursor_list kids = { 0 };
	size_t i;
	int found = 0;

	cursor_children(decl, &kids);
	for (i = 0; i < kids.n && !found; i++) {
		char *text;

		if (!clang_isAttribute(clang_getCursorKind(kids.items[i])))
			continue;
		text = srctext_written(st, kids.items[i]);
		found = strcasestr(text, "noreturn") != NULL;
		free(text);
	}
	cursor_list_free(&kids);
	return found;
}

/* __attribute__((noreturn)) is part of the function type. */
static int type_says_noreturn(CXType t)
{
	char *s = type_spelling(t);
	int yes = strstr(s, "noreturn") != NULL;

	free(s);
	return yes;
}

int function_is_noreturn(struct srctext *st, CXCursor decl)
{
	CXCursor d;

	if (clang_getCursorKind(decl) != CXCursor_FunctionDecl)
		return 0;
	if (type_says_noreturn(clang_getCursorType(decl)))
		return 1;
	/* _Noreturn is an attribute of the declaration, not of the type */
	if (!clang_Cursor_hasAttrs(decl) &&
	    !clang_Cursor_hasAttrs(clang_getCanonicalCursor(decl)))
		return 0;
	if (decl_has_noreturn_attr(st, decl))
		return 1;
	d = clang_getCanonicalCursor(decl);
	if (!clang_equalCursors(d, decl) && decl_has_noreturn_attr(st, d))
		return 1;
	d = clang_getCursorDefinition(decl);
	return !clang_Cursor_isNull(d) && !clang_equalCursors(d, decl) &&
	       decl_has_noreturn_attr(st, d);
}

/* A key shown with parameter names for $N. */
static char *key_display(const struct ir_func *fn, const char *key)
{
	struct strbuf sb;
	const char *p;

	if (!key)
		return xstrdup("?");
	sb_init(&sb);
	for (p = key; *p; p++) {
		char *end;
		long n;
		size_t v;

		if (*p != '$') {
			sb_addc(&sb, *p);
			continue;
		}
		n = strtol(p + 1, &end, 10);
		for (v = 0; v < fn->nvars; v++)
			if (fn->vars[v].param == n)
				break;
		sb_add(&sb, v < fn->nvars ? fn->vars[v].name : "?");
		p = end - 1;
	}
	return sb_detach(&sb);
}

static char *call_display(const struct ir_call *call)
{
	struct strbuf sb;
	int i;

	sb_init(&sb);
	sb_addf(&sb, "%s(", call->callee ? call->callee : "?");
	for (i = 0; i < call->nargs; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", call->args[i].text);
	sb_addc(&sb, ')');
	return sb_detach(&sb);
}

/*
 * Keys and constants are cheap and a summary learnt later may need
 * them; the texts (tokens) are for calls the rules name or that call a
 * function with a body, the only ones a finding or suggestion shows.
 */
static void fill_arg(struct lower *lw, struct ir_arg *a, CXCursor arg,
		     int in_macro, int texts)
{
	struct exprtext et = { lw->env->tu, lw->env->text, lw->fn,
			       lw->var_decls, lw->nvar_decls, lw->written.items,
			       lw->written.n };

	a->key = expr_key(&et, arg, &a->local_key, texts);
	a->is_const = cursor_const_value(arg, &a->value);
	if (!texts) {
		/* stand-ins, should a later summary make this call matter */
		a->text = key_display(lw->fn, a->key);
		a->type = xstrdup("");
		return;
	}
	a->text = in_macro ? srctext_spelt(lw->env->text, arg) :
			     srctext_written(lw->env->text, arg);
	a->path_of = expr_path_of(&et, arg);
	a->type = type_spelling(clang_getCursorType(arg));
}

static int interesting_callee(struct lower *lw, CXCursor ref, const char *name)
{
	const struct rules *r = lw->env->rules;

	if (!name)
		return 0;
	return rules_is_guarded_name(r, name) || rules_find_acquire(r, name) ||
	       rules_find_release(r, name) ||
	       !clang_Cursor_isNull(clang_getCursorDefinition(ref));
}

static void fill_guard(struct lower *lw, struct ir_call *call)
{
	if (!lw->nguards)
		return;
	call->guard_cond = srctext_written(lw->env->text,
					   lw->guards[lw->nguards - 1].cond);
	call->guard_sense = lw->guards[lw->nguards - 1].sense;
}

static int c_identifier(const char *s)
{
	if (!c_ident_start((unsigned char)*s))
		return 0;
	while (c_ident_char((unsigned char)*s))
		s++;
	return !*s;
}

/*
 * "inode_operations.set_acl" for a call through that member of an ops
 * table (dir->i_op->set_acl(...)), the way a callback-holds rule names
 * it; NULL for any other call, or a struct with no name.
 */
static char *ops_member(CXCursor ref)
{
	CXCursor rec;
	char *r, *f, *s = NULL;

	if (clang_getCursorKind(ref) != CXCursor_FieldDecl)
		return NULL;
	rec = clang_getCursorSemanticParent(ref);
	if (clang_Cursor_isAnonymous(rec))
		return NULL;
	r = cursor_spelling(rec);
	f = cursor_spelling(ref);
	if (c_identifier(r) && c_identifier(f))
		s = xasprintf("%s.%s", r, f);
	free(r);
	free(f);
	return s;
}

static void emit_call(struct lower *lw, CXCursor c, int result_var)
{
	CXCursor ref = clang_getCursorReferenced(c);
	struct ir_call *call = xcalloc(1, sizeof(*call));
	struct ir_instr *in;
	int i, n = clang_Cursor_getNumArguments(c);
	int texts;

	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
		CXString usr = clang_getCursorUSR(ref);
		CXCursor def = clang_getCursorDefinition(ref);

		call->callee = cursor_spelling(ref);
		call->usr = xstrdup(clang_getCString(usr));
		clang_disposeString(usr);
		call->callee_file = cursor_loc(clang_Cursor_isNull(def) ? ref :
					       def).file;
	}
	if (n < 0)
		n = 0;
	call->nargs = n;
	call->args = xcalloc(n ? n : 1, sizeof(*call->args));
	texts = interesting_callee(lw, ref, call->callee);
	if (texts)
		call->macro = cursor_macro_loc(c);
	for (i = 0; i < n; i++)
		fill_arg(lw, &call->args[i], clang_Cursor_getArgument(c, i),
			 call->macro.file != NULL, texts);
	/* a function handed to a direct callee: analysis/bound_callbacks.c
	 * decides */
	for (i = 0; call->usr && i < n; i++)
		call->args[i].fn_usr =
			fnarg_function_usr(clang_Cursor_getArgument(c, i));
	if (!call->usr) {
		call->fn_param = fnarg_called_param(c, lw->fncur);
		call->member = ops_member(ref);
	}
	call->result_var = result_var;
	if (texts) {
		call->text = srctext_written(lw->env->text, c);
		if (call->macro.file)
			call->macro_name = srctext_token_at(lw->env->text, c);
		fill_guard(lw, call);
	} else {
		call->text = call_display(call);
	}
	mark_assigned(lw, result_var);

	in = emit(lw, IR_CALL, cursor_loc(c));
	in->call = call;
	in->var = result_var;
	if ((call->callee && rules_is_noreturn(lw->env->rules, call->callee)) ||
	    function_is_noreturn(lw->env->text, ref))
		emit(lw, IR_NORETURN, cursor_loc(c));
}

/* Push a call: its arguments are evaluated first.  A function named as
 * an argument of a direct call is no escape yet: analysis/bound_callbacks.c
 * decides, knowing the callee. */
static void push_call(struct lower *lw, CXCursor c, int result_var)
{
	int i, n = clang_Cursor_getNumArguments(c);
	int direct = clang_getCursorKind(clang_getCursorReferenced(c)) ==
		     CXCursor_FunctionDecl;

	push(lw, T_CALL, c, -1, -1, result_var);
	for (i = n - 1; i >= 0; i--) {
		CXCursor arg = clang_Cursor_getArgument(c, i);
		char *fn = direct ? fnarg_function_usr(arg) : NULL;

		if (!fn)
			push_c(lw, T_EXPR, arg);
		free(fn);
	}
}

/* The base of a member expression. */
static int member_base(CXCursor c, CXCursor *first)
{
	struct cursor_list kids = { 0 };
	int ok;

	cursor_children(c, &kids);
	ok = kids.n >= 1;
	if (ok)
		*first = kids.items[0];
	cursor_list_free(&kids);
	return ok;
}

static int is_call(CXCursor c)
{
	return clang_getCursorKind(cursor_peel(c)) == CXCursor_CallExpr;
}

static char *callee_name(CXCursor call)
{
	CXCursor ref = clang_getCursorReferenced(call);

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return NULL;
	return cursor_spelling(ref);
}

/* ---- expressions ---- */

static void push_children_reversed(struct lower *lw, CXCursor c,
				   enum task_kind kind)
{
	struct cursor_list kids = { 0 };
	size_t i;

	cursor_children(c, &kids);
	for (i = kids.n; i > 0; i--)
		push_c(lw, kind, kids.items[i - 1]);
	cursor_list_free(&kids);
}

static int two_children(CXCursor c, CXCursor *a, CXCursor *b)
{
	struct cursor_list kids = { 0 };
	int ok;

	cursor_children(c, &kids);
	ok = kids.n == 2;
	if (ok) {
		*a = kids.items[0];
		*b = kids.items[1];
	}
	cursor_list_free(&kids);
	return ok;
}

static void push_assign(struct lower *lw, int var, int src, int nonzero)
{
	push(lw, T_ASSIGN, clang_getNullCursor(), src, nonzero, var);
}

/* ({ ...; value; }): the statements, then VALUE's task for the last. */
static int push_stmt_expr(struct lower *lw, CXCursor se, enum task_kind kind,
			  int l1, int l2, int var)
{
	struct cursor_list kids = { 0 }, stmts = { 0 };
	CXCursor last;
	size_t i;

	cursor_children(se, &kids);
	if (kids.n != 1 ||
	    clang_getCursorKind(kids.items[0]) != CXCursor_CompoundStmt) {
		cursor_list_free(&kids);
		return 0;
	}
	cursor_children(kids.items[0], &stmts);
	cursor_list_free(&kids);
	if (!stmts.n ||
	    !clang_isExpression(clang_getCursorKind(stmts.items[stmts.n - 1]))) {
		cursor_list_free(&stmts);
		return 0;
	}
	last = stmts.items[stmts.n - 1];
	push(lw, kind, last, l1, l2, var);
	for (i = stmts.n - 1; i > 0; i--)
		push_c(lw, T_STMT, stmts.items[i - 1]);
	cursor_list_free(&stmts);
	return 1;
}

/* var = c ? a : b: each arm stores its own value. */
static int push_ternary_store(struct lower *lw, int var, CXCursor c)
{
	struct cursor_list kids = { 0 };
	int la, lb, le;

	cursor_children(c, &kids);
	if (kids.n != 3) {
		cursor_list_free(&kids);
		return 0;
	}
	la = new_label(lw);
	lb = new_label(lw);
	le = new_label(lw);
	push_l(lw, T_LABEL, le, -1);
	push(lw, T_STORE, kids.items[2], -1, -1, var);
	push_l(lw, T_LABEL, lb, -1);
	push_l(lw, T_JUMP, le, -1);
	push(lw, T_STORE, kids.items[1], -1, -1, var);
	push_l(lw, T_LABEL, la, -1);
	push(lw, T_COND, kids.items[0], la, lb, -1);
	cursor_list_free(&kids);
	return 1;
}

/* var = !call() or var = !other: the result with the opposite sense. */
static int push_negated_store(struct lower *lw, int var, CXCursor c)
{
	struct cursor_list kids = { 0 };
	CXCursor op;
	int src;

	if (clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_LNot)
		return 0;
	cursor_children(c, &kids);
	if (kids.n != 1) {
		cursor_list_free(&kids);
		return 0;
	}
	op = cursor_peel(kids.items[0]);
	cursor_list_free(&kids);
	if (is_call(op)) {
		src = new_temp(lw);
		push_assign(lw, var, src, 3);
		push_call(lw, op, src);
		return 1;
	}
	src = expr_var(lw, op);
	if (src < 0)
		return 0;
	push_assign(lw, var, src, 3);
	return 1;
}

/* The argument a call returns by a returns rule (fh_copy(dst, src) is
 * dst), or RHS itself. */
static CXCursor returned_value(struct lower *lw, CXCursor rhs)
{
	CXCursor p = cursor_peel(rhs);
	char *name;
	int n;

	if (clang_getCursorKind(p) != CXCursor_CallExpr)
		return rhs;
	name = callee_name(p);
	n = name ? rules_returns_arg(lw->env->rules, name) : 0;
	free(name);
	if (n < 1 || n > clang_Cursor_getNumArguments(p))
		return rhs;
	return clang_Cursor_getArgument(p, (unsigned)n - 1);
}

/* The object expression a pointer local is set to, kept while it is
 * set only once (dirp = d_inode(ddir)): checks that ask what a local
 * stands for follow it. */
static void note_value_key(struct lower *lw, int var, CXCursor rhs)
{
	struct exprtext et = { lw->env->tu, lw->env->text, lw->fn,
			       lw->var_decls, lw->nvar_decls, lw->written.items,
			       lw->written.n };
	struct ir_var *v = &lw->fn->vars[var];
	CXType t;
	char *k;

	if (v->param || v->is_temp || v->value_multi)
		return;
	t = clang_getCanonicalType(clang_getCursorType(lw->var_decls[var]));
	if (t.kind != CXType_Pointer)
		return;
	if (v->value_key) {
		free(v->value_key);
		v->value_key = NULL;
		v->value_multi = 1;
		return;
	}
	k = expr_key(&et, returned_value(lw, rhs), NULL, 0);
	v->value_key = k;
	if (!k)
		v->value_multi = 1;
}

/*
 * rc = PTR_ERR(x) is rc = (long)x: a copy, so that what is known of x
 * (nonzero after IS_ERR(x)) is known of rc.  rc = PTR_ERR_OR_ZERO(x) is
 * that copy when x is an error pointer, else 0; b = IS_ERR(x) is 1 or 0
 * the same way, so that a later test of rc or b tells what x was.
 */
static int push_ptr_err_store(struct lower *lw, int var, CXCursor call)
{
	enum err_test test;
	CXCursor ptr;
	int src, la, lb, le;

	test = err_test_of_call(call, &ptr);
	if (test == ERR_TEST_NONE || test == ERR_TEST_IS_ERR_OR_NULL ||
	    (src = expr_var(lw, ptr)) < 0)
		return 0;
	if (test == ERR_TEST_PTR_ERR) {
		push_assign(lw, var, src, 0);
		return 1;
	}
	la = new_label(lw);
	lb = new_label(lw);
	le = new_label(lw);
	push_l(lw, T_LABEL, le, -1);
	push_assign(lw, var, -1, 2);
	push_l(lw, T_LABEL, lb, -1);
	push_l(lw, T_JUMP, le, -1);
	if (test == ERR_TEST_IS_ERR)
		push_assign(lw, var, -1, 1);
	else
		push_assign(lw, var, src, 0);
	push_l(lw, T_LABEL, la, -1);
	push(lw, T_BRANCH_ISERR, call, la, lb, src);
	return 1;
}

/* The member of a pointer parameter E reads, as its key ("$2->fh_dentry"),
 * or NULL. */
static char *param_field_key(struct lower *lw, CXCursor e)
{
	struct exprtext et = { lw->env->tu, lw->env->text, lw->fn,
			       lw->var_decls, lw->nvar_decls, lw->written.items,
			       lw->written.n };
	char *k;
	size_t i = 1;

	if (clang_getCursorKind(cursor_peel(e)) != CXCursor_MemberRefExpr)
		return NULL;
	k = expr_key(&et, cursor_peel(e), NULL, 0);
	if (!k || k[0] != '$')
		goto no;
	while (k[i] >= '0' && k[i] <= '9')
		i++;
	if (i > 1 && !strncmp(k + i, "->", 2))
		return k;
no:
	free(k);
	return NULL;
}

/* E == NULL or E != NULL (either way round): E, and whether it is ==. */
static int null_compare(CXCursor c, CXCursor *e, int *eq)
{
	enum CXBinaryOperatorKind op;
	struct cursor_list kids = { 0 };
	long long v;
	int ok = 0;

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return 0;
	op = clang_getCursorBinaryOperatorKind(c);
	if (op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE)
		return 0;
	cursor_children(c, &kids);
	if (kids.n == 2) {
		ok = 1;
		if (cursor_const_value(kids.items[1], &v) && !v)
			*e = kids.items[0];
		else if (cursor_const_value(kids.items[0], &v) && !v)
			*e = kids.items[1];
		else
			ok = 0;
	}
	cursor_list_free(&kids);
	*eq = op == CXBinaryOperator_EQ;
	return ok;
}

/*
 * flag = !p->m, p->m, p->m == NULL or p->m != NULL, p a pointer
 * parameter and m a pointer: the local keeps a truth value of the
 * caller's object, which a summary may split on (nfsd_setattr()'s
 * get_write_count = !fhp->fh_dentry; analysis/solver.c, field flags).
 */
static int push_field_store(struct lower *lw, int var, CXCursor e)
{
	struct cursor_list kids = { 0 };
	char *key;
	int neg = 0, eq;

	e = cursor_peel(e);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	    clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_LNot) {
		cursor_children(e, &kids);
		if (kids.n == 1)
			e = kids.items[0];
		cursor_list_free(&kids);
		neg = 1;
	} else if (null_compare(e, &e, &eq)) {
		neg = eq;
	}
	if (clang_getCanonicalType(clang_getCursorType(cursor_peel(e))).kind !=
	    CXType_Pointer)
		return 0;	/* clears rules know pointers only */
	key = param_field_key(lw, e);
	if (!key)
		return 0;
	free(key);
	push(lw, T_ASSIGN, cursor_peel(e), -1, neg ? 5 : 4, var);
	return 1;
}

/* p->m = v (or p->a.b = v) with p a pointer parameter: its object is
 * written in the body, so what a field of it held on entry is not kept. */
static void note_param_store(struct lower *lw, CXCursor lhs)
{
	CXCursor e = cursor_peel(lhs), base;
	int var;

	while (clang_getCursorKind(e) == CXCursor_MemberRefExpr ||
	       clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr) {
		if (!member_base(e, &base))
			return;
		e = cursor_peel(base);
	}
	var = expr_var(lw, e);
	if (var >= 0 && lw->fn->vars[var].param)
		lw->fn->vars[var].stored_through = 1;
}

/*
 * x = rhs, or the initialiser of a declared variable.  The value is
 * followed where it matters to ties: a call result, a copy of another
 * variable, a constant, the arms of ?:, the value of ({ }).
 */
static void push_store(struct lower *lw, int var, CXCursor rhs)
{
	CXCursor p = cursor_peel(rhs);
	long long v;
	int src;

	if (var < 0) {
		push_c(lw, T_EXPR, rhs);
		return;
	}
	note_value_key(lw, var, rhs);
	if (push_field_store(lw, var, p))
		return;
	switch (clang_getCursorKind(p)) {
	case CXCursor_CallExpr:
		if (push_ptr_err_store(lw, var, p))
			return;
		push_call(lw, p, var);
		return;
	case CXCursor_ConditionalOperator:
		if (push_ternary_store(lw, var, p))
			return;
		break;
	case CXCursor_StmtExpr:
		if (push_stmt_expr(lw, p, T_STORE, -1, -1, var))
			return;
		break;
	case CXCursor_UnaryOperator:
		if (push_negated_store(lw, var, p))
			return;
		break;
	default:
		break;
	}
	if (cursor_const_value(p, &v)) {
		push_assign(lw, var, -1, v != 0 ? 1 : 2);
		return;
	}
	src = expr_var(lw, p);
	push_assign(lw, var, src, 0);
	if (src < 0)
		push_c(lw, T_EXPR, rhs);
}

/* p->flag = true with p a parameter: the function records something in
 * its caller's object (nfsd's fh_want_write parks the bracket there). */
static void note_param_flag(struct lower *lw, CXCursor lhs, CXCursor rhs)
{
	CXCursor base, ref;
	long long v;

	lhs = cursor_peel(lhs);
	if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr ||
	    !member_base(lhs, &base) || !cursor_const_value(rhs, &v) || !v)
		return;
	base = cursor_peel(base);
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return;
	ref = clang_getCursorReferenced(base);
	if (clang_getCursorKind(ref) == CXCursor_ParmDecl)
		lw->fn->sets_param_flag = 1;
}

/* x.m = v (or x.a.b = v) with x a local structure: x is written, as far
 * as a check that it is filled before use is concerned. */
static int member_store_var(struct lower *lw, CXCursor lhs)
{
	CXCursor e = cursor_peel(lhs), base;
	CXType t;
	int var;

	while (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
		if (!member_base(e, &base))
			return -1;
		base = cursor_peel(base);
		t = clang_getCanonicalType(clang_getCursorType(base));
		if (t.kind != CXType_Record)
			return -1;	/* p->m: not the local itself */
		e = base;
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return -1;
	var = expr_var(lw, e);
	if (var < 0 || lw->fn->vars[var].param)
		return -1;
	return var;
}

/*
 * The key of OBJ in OBJ->MEMBER with FLAG, when a holds rule names
 * both (the flag as written, f_mode's FMODE_WRITE); else NULL.
 */
static char *holds_object(struct lower *lw, CXCursor field, CXCursor flag)
{
	struct exprtext et = { lw->env->tu, lw->env->text, lw->fn,
			       lw->var_decls, lw->nvar_decls, lw->written.items,
			       lw->written.n };
	char *text = srctext_written(lw->env->text, flag), *member;
	const struct rule_holds *h = rules_find_holds(lw->env->rules, text);
	CXCursor base;
	int ok;

	free(text);
	field = cursor_peel(field);
	if (!h || clang_getCursorKind(field) != CXCursor_MemberRefExpr)
		return NULL;
	member = cursor_spelling(field);
	ok = !strcmp(member, h->member) && member_base(field, &base);
	free(member);
	return ok ? expr_key(&et, base, NULL, 1) : NULL;
}

/*
 * obj->member |= FLAG where a holds rule names FLAG and member: from
 * here obj holds what its keys hold, for its whole life (do_dentry_open()
 * sets FMODE_WRITER once file_get_write_access() succeeded; __fput()
 * gives the access back).  A no-op instruction carries the object.
 */
static void note_owner_store(struct lower *lw, CXCursor c, CXCursor field,
			     CXCursor flag)
{
	char *obj = holds_object(lw, field, flag);

	if (obj)
		emit(lw, IR_NOP, cursor_loc(c))->hold_key = obj;
}

/*
 * obj->m = other, or = f(other) through a returns rule (path->mnt =
 * mntget(parent->mnt)): from here the two keys may name one object,
 * which the nested check asks of two brackets.  Pointers and whole
 * structures only: an integer copied is no object.
 */
static void note_copy(struct lower *lw, CXCursor lhs, CXCursor rhs)
{
	struct exprtext et = { lw->env->tu, lw->env->text, lw->fn,
			       lw->var_decls, lw->nvar_decls, lw->written.items,
			       lw->written.n };
	CXType t = clang_getCanonicalType(clang_getCursorType(lhs));
	char *dst, *src;

	if (t.kind != CXType_Pointer && t.kind != CXType_Record)
		return;
	dst = expr_key(&et, lhs, NULL, 0);
	src = dst ? expr_key(&et, returned_value(lw, rhs), NULL, 0) : NULL;
	if (!src || !strcmp(dst, src)) {
		free(dst);
		free(src);
		return;
	}
	*ARRAY_PUSH(lw->fn->copies, lw->fn->ncopies, lw->fn->copies_cap) =
		(struct ir_copy){ dst, src };
}

static void lower_binop_expr(struct lower *lw, CXCursor c)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
	CXCursor a, b;
	int l1, l2, lwv;

	if (!two_children(c, &a, &b)) {
		push_children_reversed(lw, c, T_EXPR);
		return;
	}
	if (op == CXBinaryOperator_Assign) {
		int var = expr_var(lw, a);

		if (var < 0 && (lwv = member_store_var(lw, a)) >= 0)
			push_assign(lw, lwv, -1, 0);
		push_store(lw, var, b);
		if (var < 0) {
			note_param_flag(lw, a, b);
			note_param_store(lw, a);
			note_copy(lw, a, b);
			push_c(lw, T_EXPR, a);
		}
		return;
	}
	if (op >= CXBinaryOperator_MulAssign && op <= CXBinaryOperator_OrAssign) {
		int var = expr_var(lw, a);

		if (var >= 0)
			push_assign(lw, var, -1, 0);
		else
			note_param_store(lw, a);
		if (op == CXBinaryOperator_OrAssign)
			note_owner_store(lw, c, a, b);
		push_c(lw, T_EXPR, b);
		return;
	}
	if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
		l1 = new_label(lw);
		l2 = new_label(lw);
		push_l(lw, T_LABEL, l2, -1);
		push_c(lw, T_EXPR, b);
		push_l(lw, T_LABEL, l1, -1);
		if (op == CXBinaryOperator_LAnd)
			push(lw, T_COND, a, l1, l2, -1);
		else
			push(lw, T_COND, a, l2, l1, -1);
		return;
	}
	push_c(lw, T_EXPR, b);
	push_c(lw, T_EXPR, a);
}

static void lower_ternary_expr(struct lower *lw, CXCursor c)
{
	struct cursor_list kids = { 0 };
	int la, lb, le;

	cursor_children(c, &kids);
	if (kids.n != 3) {
		cursor_list_free(&kids);
		push_children_reversed(lw, c, T_EXPR);
		return;
	}
	la = new_label(lw);
	lb = new_label(lw);
	le = new_label(lw);
	push_l(lw, T_LABEL, le, -1);
	push_c(lw, T_EXPR, kids.items[2]);
	push_l(lw, T_LABEL, lb, -1);
	push_l(lw, T_JUMP, le, -1);
	push_c(lw, T_EXPR, kids.items[1]);
	push_l(lw, T_LABEL, la, -1);
	push(lw, T_COND, kids.items[0], la, lb, -1);
	cursor_list_free(&kids);
}

static void lower_unary_expr(struct lower *lw, CXCursor c)
{
	enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);

	if (op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec) {
		struct cursor_list kids = { 0 };

		cursor_children(c, &kids);
		if (kids.n == 1)
			push_assign(lw, expr_var(lw, kids.items[0]), -1, 0);
		cursor_list_free(&kids);
	}
	push_children_reversed(lw, c, T_EXPR);
}

static void note_function_ref(struct lower *lw, CXCursor c)
{
	CXCursor ref = clang_getCursorReferenced(c);
	CXString usr;

	if (clang_getCursorKind(ref) != CXCursor_FunctionDecl ||
	    !lw->env->address_taken)
		return;
	usr = clang_getCursorUSR(ref);
	lw->env->address_taken(lw->env->ctx, clang_getCString(usr));
	clang_disposeString(usr);
}

static void lower_expr(struct lower *lw, CXCursor c)
{
	switch (clang_getCursorKind(c)) {
	case CXCursor_CallExpr:
		push_call(lw, c, -1);
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		lower_binop_expr(lw, c);
		break;
	case CXCursor_ConditionalOperator:
		lower_ternary_expr(lw, c);
		break;
	case CXCursor_UnaryOperator:
		lower_unary_expr(lw, c);
		break;
	case CXCursor_StmtExpr:
		push_children_reversed(lw, c, T_STMT);
		break;
	case CXCursor_DeclRefExpr:
		/* a function named but not called: it escapes */
		note_function_ref(lw, c);
		break;
	case CXCursor_UnaryExpr:	/* sizeof, alignof: not evaluated */
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_StringLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_TypeRef:
		break;
	default:
		push_children_reversed(lw, c, T_EXPR);
		break;
	}
}

/* ---- conditions ---- */

/*
 * Branch on operand A: a variable, a call whose result is tested right
 * away (mnt_want_write(m) == -EROFS), or an assignment ((err = f()) < 0).
 */
static int push_atom(struct lower *lw, CXCursor c, CXCursor a,
		     enum atom_kind atom, int lt, int lf)
{
	int var = expr_var(lw, a);
	CXCursor lhs, rhs, p = cursor_peel(a);

	if (var >= 0) {
		emit_branch(lw, c, atom, var, lt, lf);
		return 1;
	}
	if (clang_getCursorKind(p) == CXCursor_BinaryOperator &&
	    clang_getCursorBinaryOperatorKind(p) == CXBinaryOperator_Assign &&
	    two_children(p, &lhs, &rhs) && (var = expr_var(lw, lhs)) >= 0) {
		push(lw, atom == ATOM_NEGATIVE ? T_BRANCH_NEG : T_BRANCH_NZT, c,
		     lt, lf, var);
		push_store(lw, var, rhs);
		return 1;
	}
	if (!is_call(a))
		return 0;
	var = new_temp(lw);
	push(lw, atom == ATOM_NEGATIVE ? T_BRANCH_NEG : T_BRANCH_NZT, c, lt,
	     lf, var);
	push_call(lw, cursor_peel(a), var);
	return 1;
}

/*
 * obj->member & FLAG where a holds rule names FLAG and member: on the
 * true edge obj holds the resource (an open file with FMODE_WRITE).
 */
static int cond_holds(struct lower *lw, CXCursor c, CXCursor field,
		      CXCursor flag, int lt, int lf)
{
	char *obj = holds_object(lw, field, flag);

	if (!obj)
		return 0;
	emit_branch(lw, c, ATOM_HOLDS, -1, lt, lf);
	lw->fn->instrs[lw->fn->ninstrs - 1].hold_key = obj;
	return 1;
}

/* var == C or var != C with a nonzero constant C: equality says var is
 * nonzero, inequality says nothing. */
static int is_bool(CXCursor e)
{
	return clang_getCanonicalType(clang_getCursorType(cursor_peel(e))).kind ==
	       CXType_Bool;
}

static int cond_nonzero_const(struct lower *lw, CXCursor c,
			      enum CXBinaryOperatorKind op, CXCursor a,
			      CXCursor b, int lt, int lf)
{
	long long v;

	if (!cursor_const_value(b, &v)) {
		CXCursor t = a;

		a = b;
		b = t;
		if (!cursor_const_value(b, &v))
			return 0;
	}
	if (v == 1 && is_bool(a)) {
		/* get_write == true is get_write */
		push(lw, T_COND, a, op == CXBinaryOperator_EQ ? lt : lf,
		     op == CXBinaryOperator_EQ ? lf : lt, -1);
		return 1;
	}
	if (op == CXBinaryOperator_EQ)
		return push_atom(lw, c, a, ATOM_NZ_TRUE, lt, lf);
	return push_atom(lw, c, a, ATOM_NZ_TRUE, lf, lt);
}

/*
 * a == b or a != b of two non-constants: an opaque branch whose first
 * edge always means "equal", a != b having its edges swapped, so that
 * a variant on two parameters being one object (analysis/solver.c) knows which
 * edge it rules out.
 */
static int cond_compare(struct lower *lw, CXCursor c,
			enum CXBinaryOperatorKind op, int lt, int lf)
{
	if (op == CXBinaryOperator_EQ)
		push(lw, T_BRANCH_OPAQUE, c, lt, lf, -1);
	else
		push(lw, T_BRANCH_OPAQUE, c, lf, lt, -1);
	push_c(lw, T_EXPR, c);
	return 1;
}

static int cond_is_err(struct lower *lw, CXCursor c, CXCursor ptr,
		       enum err_test test, int lt, int lf);

static int cond_binop(struct lower *lw, CXCursor c, int lt, int lf)
{
	enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
	CXCursor a, b;
	int lm;

	if (!two_children(c, &a, &b))
		return 0;
	if (err_test_compare(c, &a))
		return cond_is_err(lw, c, a, ERR_TEST_IS_ERR, lt, lf);
	switch (op) {
	case CXBinaryOperator_LAnd:
	case CXBinaryOperator_LOr:
		lm = new_label(lw);
		push(lw, T_COND, b, lt, lf, -1);
		push_l(lw, T_LABEL, lm, -1);
		if (op == CXBinaryOperator_LAnd)
			push(lw, T_COND, a, lm, lf, -1);
		else
			push(lw, T_COND, a, lt, lm, -1);
		return 1;
	case CXBinaryOperator_EQ:
	case CXBinaryOperator_NE:
		if (cursor_is_zero_literal(a)) {
			CXCursor t = a;

			a = b;
			b = t;
		}
		if (!cursor_is_zero_literal(b))
			return cond_nonzero_const(lw, c, op, a, b, lt, lf) ||
			       cond_compare(lw, c, op, lt, lf);
		if (op == CXBinaryOperator_EQ)
			push(lw, T_COND, a, lf, lt, -1);
		else
			push(lw, T_COND, a, lt, lf, -1);
		return 1;
	case CXBinaryOperator_GT:	/* err > 0, err <= 0: only the nonzero side is known */
	case CXBinaryOperator_LE:
		if (!cursor_is_zero_literal(b))
			return 0;
		if (op == CXBinaryOperator_GT)
			return push_atom(lw, c, a, ATOM_NZ_TRUE, lt, lf);
		return push_atom(lw, c, a, ATOM_NZ_TRUE, lf, lt);
	case CXBinaryOperator_LT:	/* err < 0: errors are negative */
	case CXBinaryOperator_GE:
		if (!cursor_is_zero_literal(b))
			return 0;
		if (op == CXBinaryOperator_LT)
			return push_atom(lw, c, a, ATOM_NEGATIVE, lt, lf);
		return push_atom(lw, c, a, ATOM_NEGATIVE, lf, lt);
	case CXBinaryOperator_And:
		return cond_holds(lw, c, a, b, lt, lf) ||
		       cond_holds(lw, c, b, a, lt, lf);
	case CXBinaryOperator_Comma:
		push(lw, T_COND, b, lt, lf, -1);
		push_c(lw, T_EXPR, a);
		return 1;
	case CXBinaryOperator_Assign: {
		int var = expr_var(lw, a);

		if (var < 0)
			return 0;
		push(lw, T_BRANCH_VAR, c, lt, lf, var);
		push_store(lw, var, b);
		return 1;
	}
	default:
		return 0;
	}
}

/* The variable of the flag NAME, made at its first test; takes NAME. */
static int named_flag_var(struct lower *lw, char *name)
{
	size_t i;
	int v;

	for (i = 0; i < lw->fn->nvars; i++)
		if (lw->fn->vars[i].is_temp == 0 && !lw->fn->vars[i].param &&
		    !strcmp(lw->fn->vars[i].name, name)) {
			free(name);
			return (int)i;
		}
	v = var_add(lw, clang_getNullCursor(), 0, 1);
	free(lw->fn->vars[v].name);
	lw->fn->vars[v].name = name;
	lw->fn->vars[v].is_temp = 0;
	lw->fn->vars[v].is_integer = 1;
	lw->fn->vars[v].stores = 1;	/* set once, before its tests */
	return v;
}

/* A call of a pure function of unchanged arguments, none of the rules'
 * (frontend/stable_tests.c): a flag named by the call's text, or -1. */
static int call_flag_var(struct lower *lw, CXCursor c, const char *callee)
{
	const struct rules *r = lw->env->rules;
	char *text;

	if (!callee || rules_is_guarded_name(r, callee) ||
	    rules_find_acquire(r, callee) || rules_find_release(r, callee) ||
	    clang_Cursor_isNull(lw->body) || !call_flag_ok(lw->flags, lw->body, c))
		return -1;
	text = srctext_written(lw->env->text, c);
	if (!*text) {
		free(text);
		return -1;
	}
	return named_flag_var(lw, text);
}

/*
 * PRED(..., obj, ...) where a holds-if rule names PRED: on the true edge
 * obj holds the resource.  The predicate is a test; its body is not
 * followed.
 */
static int cond_holds_if(struct lower *lw, CXCursor c, const char *name,
			 int n, int lt, int lf)
{
	struct exprtext et = { lw->env->tu, lw->env->text, lw->fn,
			       lw->var_decls, lw->nvar_decls, lw->written.items,
			       lw->written.n };
	const struct rule_holds *h = name ?
		rules_find_holds_if(lw->env->rules, name) : NULL;
	char *obj;

	if (!h || h->arg > n)
		return 0;
	obj = expr_key(&et, clang_Cursor_getArgument(c, (unsigned)h->arg - 1),
		       NULL, 1);
	if (!obj)
		return 0;
	emit_branch(lw, c, ATOM_HOLDS, -1, lt, lf);
	lw->fn->instrs[lw->fn->ninstrs - 1].hold_key = obj;
	return 1;
}

/*
 * IS_ERR(x): an error pointer is never NULL, so its true edge also says
 * x != 0 (and rc = PTR_ERR(x), a copy of x, is nonzero there).
 * IS_ERR_OR_NULL(x) is !x || IS_ERR(x), lowered as that.
 */
static int cond_is_err(struct lower *lw, CXCursor c, CXCursor ptr,
		       enum err_test test, int lt, int lf)
{
	int var = expr_var(lw, ptr), lm;

	if (var < 0)
		return 0;
	if (test == ERR_TEST_PTR_ERR) {
		emit_branch(lw, c, ATOM_NONZERO, var, lt, lf);
		return 1;
	}
	if (test == ERR_TEST_IS_ERR_OR_NULL) {
		lm = new_label(lw);
		emit_branch(lw, c, ATOM_NONZERO, var, lm, lt);
		bind_label(lw, lm);
	}
	emit_branch(lw, c, ATOM_ISERR, var, lt, lf);
	return 1;
}

static int cond_call(struct lower *lw, CXCursor c, int lt, int lf)
{
	char *name = callee_name(c);
	int n = clang_Cursor_getNumArguments(c);
	int done = 0;
	enum err_test test;
	CXCursor ptr;

	if (cond_holds_if(lw, c, name, n, lt, lf)) {
		done = 1;
	} else if (name && !strcmp(name, "__builtin_expect") && n == 2) {
		push(lw, T_COND, clang_Cursor_getArgument(c, 0), lt, lf, -1);
		done = 1;
	} else if ((test = err_test_of_call(c, &ptr)) != ERR_TEST_NONE) {
		done = cond_is_err(lw, c, ptr, test, lt, lf);
	}
	if (!done) {
		int var = call_flag_var(lw, c, name);

		if (var >= 0) {
			emit_branch(lw, c, ATOM_NONZERO, var, lt, lf);
			done = 1;
		}
	}
	if (!done) {
		int t = new_temp(lw);

		push(lw, T_BRANCH_VAR, c, lt, lf, t);
		push_call(lw, c, t);
	}
	free(name);
	return 1;
}

static int cond_ternary(struct lower *lw, CXCursor c, int lt, int lf)
{
	struct cursor_list kids = { 0 };
	int la, lb;

	cursor_children(c, &kids);
	if (kids.n != 3) {
		cursor_list_free(&kids);
		return 0;
	}
	la = new_label(lw);
	lb = new_label(lw);
	push(lw, T_COND, kids.items[2], lt, lf, -1);
	push_l(lw, T_LABEL, lb, -1);
	push(lw, T_COND, kids.items[1], lt, lf, -1);
	push_l(lw, T_LABEL, la, -1);
	push(lw, T_COND, kids.items[0], la, lb, -1);
	cursor_list_free(&kids);
	return 1;
}

static int cond_not(struct lower *lw, CXCursor c, int lt, int lf)
{
	struct cursor_list kids = { 0 };
	int ok;

	if (clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_LNot)
		return 0;
	cursor_children(c, &kids);
	ok = kids.n == 1;
	if (ok)
		push(lw, T_COND, kids.items[0], lf, lt, -1);
	cursor_list_free(&kids);
	return ok;
}

/*
 * P->FIELD, with P a local or parameter pointer through which nothing
 * can change FIELD (frontend/stable_tests.c): its name ("sa->flags"), else
 * NULL.
 */
static char *member_flag_name(struct lower *lw, CXCursor test, CXCursor e)
{
	struct cursor_list kids = { 0 };
	CXCursor base, decl, field;
	char *name = NULL, *b, *f;

	e = cursor_peel(e);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr ||
	    !type_is_integer(clang_getCursorType(e)))
		return NULL;
	cursor_children(e, &kids);
	base = kids.n == 1 ? cursor_peel(kids.items[0]) : clang_getNullCursor();
	cursor_list_free(&kids);
	if (clang_Cursor_isNull(base) ||
	    clang_getCursorKind(base) != CXCursor_DeclRefExpr ||
	    clang_getCursorType(base).kind != CXType_Pointer)
		return NULL;
	decl = clang_getCursorReferenced(base);
	field = clang_getCursorReferenced(e);
	if (clang_getCursorKind(field) != CXCursor_FieldDecl ||
	    clang_Cursor_isNull(lw->body) ||
	    !member_flag_ok(lw->flags, lw->body, test, decl, field))
		return NULL;
	b = cursor_spelling(decl);
	f = cursor_spelling(field);
	if (*b && *f)
		name = xasprintf("%s->%s", b, f);
	free(b);
	free(f);
	return name;
}

/* The name of the flag V & MASK, or P->FIELD & MASK, stands for. */
static char *mask_name(struct lower *lw, CXCursor test, CXCursor a,
		       long long m)
{
	CXCursor ref;
	char *member;
	size_t i;
	int var;

	a = cursor_peel(a);
	member = member_flag_name(lw, test, a);
	if (member) {
		char *name = xasprintf("%s & %#llx", member, m);

		free(member);
		return name;
	}
	var = expr_var(lw, a);
	if (var < 0 || lw->fn->vars[var].param || !lw->fn->vars[var].is_integer)
		return NULL;
	ref = clang_getCursorReferenced(a);
	for (i = 0; i < lw->written.n; i++)
		if (clang_equalCursors(lw->written.items[i], ref))
			return NULL;
	return xasprintf("%s & %#llx", lw->fn->vars[var].name, m);
}

/*
 * V & MASK, with V an integer local never written after its
 * initialiser, and P->FIELD & MASK or P->FIELD, with nothing in the body
 * able to change FIELD (frontend/stable_tests.c): a variable of its own, so
 * that two tests of the same bits agree (if (open_flag & O_CREAT)
 * inode_lock(); ... if (open_flag & O_CREAT) inode_unlock();), as a
 * flag does.
 */
static int mask_var(struct lower *lw, CXCursor c)
{
	CXCursor a, b;
	long long m;
	char *name;

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator ||
	    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_And ||
	    !two_children(c, &a, &b))
		return -1;
	if (!cursor_const_value(b, &m)) {
		CXCursor t = a;

		a = b;
		b = t;
		if (!cursor_const_value(b, &m))
			return -1;
	}
	name = mask_name(lw, c, a, m);
	return name ? named_flag_var(lw, name) : -1;
}

static int member_var(struct lower *lw, CXCursor c)
{
	char *name = member_flag_name(lw, c, c);

	return name ? named_flag_var(lw, name) : -1;
}


/* a == b or a != b of two objects (old.mnt != new.mnt): kept, so that a
 * check can see that two objects were compared. */
static void note_compare(struct lower *lw, struct ir_instr *in, CXCursor c)
{
	struct exprtext et = { lw->env->tu, lw->env->text, lw->fn,
			       lw->var_decls, lw->nvar_decls, lw->written.items,
			       lw->written.n };
	enum CXBinaryOperatorKind op;
	CXCursor a, b;

	c = cursor_peel(c);
	if (clang_Cursor_isNull(c) ||
	    clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return;
	op = clang_getCursorBinaryOperatorKind(c);
	if ((op != CXBinaryOperator_EQ && op != CXBinaryOperator_NE) ||
	    !two_children(c, &a, &b))
		return;
	in->cmp[0] = expr_key(&et, a, NULL, 0);
	in->cmp[1] = expr_key(&et, b, NULL, 0);
	if (!in->cmp[0] || !in->cmp[1]) {
		free(in->cmp[0]);
		free(in->cmp[1]);
		in->cmp[0] = in->cmp[1] = NULL;
	}
}

static void lower_cond(struct lower *lw, CXCursor c, int lt, int lf)
{
	long long v;
	int var, done = 0;

	c = cursor_peel(c);
	switch (clang_getCursorKind(c)) {
	case CXCursor_UnaryOperator:
		done = cond_not(lw, c, lt, lf);
		break;
	case CXCursor_BinaryOperator:
		done = cond_binop(lw, c, lt, lf);
		break;
	case CXCursor_ConditionalOperator:
		done = cond_ternary(lw, c, lt, lf);
		break;
	case CXCursor_CallExpr:
		done = cond_call(lw, c, lt, lf);
		break;
	case CXCursor_StmtExpr:
		done = push_stmt_expr(lw, c, T_COND, lt, lf, -1);
		break;
	default:
		break;
	}
	if (done)
		return;
	if (cursor_const_value(c, &v)) {
		struct ir_instr *in;

		emit_branch(lw, c, ATOM_CONST, -1, lt, lf);
		in = &lw->fn->instrs[lw->fn->ninstrs - 1];
		in->const_true = v != 0;
		return;
	}
	var = expr_var(lw, c);
	if (var >= 0) {
		emit_branch(lw, c, ATOM_NONZERO, var, lt, lf);
		return;
	}
	var = mask_var(lw, c);
	if (var < 0)
		var = member_var(lw, c);
	if (var >= 0) {
		emit_branch(lw, c, ATOM_NONZERO, var, lt, lf);
		return;
	}
	push(lw, T_BRANCH_OPAQUE, c, lt, lf, -1);
	push_c(lw, T_EXPR, c);
}

/* ---- statements ---- */

static void lower_if(struct lower *lw, CXCursor c)
{
	struct cursor_list kids = { 0 };
	int lt, lf, le;

	cursor_children(c, &kids);
	if (kids.n < 2) {
		cursor_list_free(&kids);
		return;
	}
	lt = new_label(lw);
	lf = new_label(lw);
	if (kids.n >= 3) {
		le = new_label(lw);
		push_l(lw, T_LABEL, le, -1);
		push_c(lw, T_GUARD_POP, kids.items[0]);
		push_c(lw, T_STMT, kids.items[2]);
		push(lw, T_GUARD_PUSH, kids.items[0], -1, -1, 0);
		push_l(lw, T_LABEL, lf, -1);
		push_l(lw, T_JUMP, le, -1);
	} else {
		push_l(lw, T_LABEL, lf, -1);
	}
	push_c(lw, T_GUARD_POP, kids.items[0]);
	push_c(lw, T_STMT, kids.items[1]);
	push(lw, T_GUARD_PUSH, kids.items[0], -1, -1, 1);
	push_l(lw, T_LABEL, lt, -1);
	push(lw, T_COND, kids.items[0], lt, lf, -1);
	cursor_list_free(&kids);
}

static void push_loop_body(struct lower *lw, CXCursor body, int brk, int cont)
{
	push_l(lw, T_TARGETS_POP, -1, -1);
	push_c(lw, T_STMT, body);
	push_l(lw, T_TARGETS_PUSH, brk, cont);
}

static void lower_while(struct lower *lw, CXCursor c)
{
	CXCursor cond, body;
	int lc, lb, le;

	if (!two_children(c, &cond, &body))
		return;
	lc = new_label(lw);
	lb = new_label(lw);
	le = new_label(lw);
	push_l(lw, T_LABEL, le, -1);
	push_l(lw, T_JUMP, lc, -1);
	push_loop_body(lw, body, le, lc);
	push_l(lw, T_LABEL, lb, -1);
	push(lw, T_COND, cond, lb, le, -1);
	push_l(lw, T_LABEL, lc, -1);
}

static void lower_do(struct lower *lw, CXCursor c)
{
	CXCursor cond, body;
	int lc, lb, le;

	if (!two_children(c, &body, &cond))
		return;
	lc = new_label(lw);
	lb = new_label(lw);
	le = new_label(lw);
	push_l(lw, T_LABEL, le, -1);
	push(lw, T_COND, cond, lb, le, -1);
	push_l(lw, T_LABEL, lc, -1);
	push_loop_body(lw, body, le, lc);
	push_l(lw, T_LABEL, lb, -1);
}

static unsigned token_offset(CXTranslationUnit tu, CXToken tok)
{
	unsigned off;

	clang_getFileLocation(clang_getTokenLocation(tu, tok), NULL, NULL,
			      NULL, &off);
	return off;
}

/* Offsets of the two semicolons of "for (a; b; c)", or 0 when C is not
 * written as such (a for that comes from a macro). */
static int for_semicolons(CXTranslationUnit tu, CXCursor c, unsigned semi[2])
{
	CXToken *toks = NULL;
	unsigned ntoks = 0, i, nsemi = 0;
	int depth = 0;

	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &ntoks);
	for (i = 0; i < ntoks && nsemi < 2; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		const char *t = clang_getCString(s);

		if (i == 0 && strcmp(t, "for"))
			i = ntoks;	/* not written out: give up */
		else if (!strcmp(t, "("))
			depth++;
		else if (!strcmp(t, ")"))
			depth--;
		else if (!strcmp(t, ";") && depth == 1)
			semi[nsemi++] = token_offset(tu, toks[i]);
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(tu, toks, ntoks);
	return nsemi == 2;
}

/*
 * libclang omits absent for-clauses from the children: place each child
 * by where it starts relative to the header's semicolons.  Returns 0
 * when that cannot be told.
 */
static int for_clauses(struct lower *lw, CXCursor c,
		       const struct cursor_list *kids, CXCursor clause[3])
{
	unsigned semi[2];
	size_t k, nother = kids->n - 1;
	int i;

	for (i = 0; i < 3; i++)
		clause[i] = clang_getNullCursor();
	if (nother == 3) {
		for (i = 0; i < 3; i++)
			clause[i] = kids->items[i];
		return 1;
	}
	if (nother == 0)
		return 1;
	if (!for_semicolons(lw->env->tu, c, semi))
		return 0;
	for (k = 0; k < nother; k++) {
		unsigned off;

		clang_getFileLocation(clang_getRangeStart(
				clang_getCursorExtent(kids->items[k])),
				NULL, NULL, NULL, &off);
		clause[off < semi[0] ? 0 : off < semi[1] ? 1 : 2] = kids->items[k];
	}
	return 1;
}

static void lower_for(struct lower *lw, CXCursor c)
{
	struct cursor_list kids = { 0 };
	CXCursor body, clause[3];
	int lc, lb, li, le, known;
	size_t i;

	cursor_children(c, &kids);
	if (!kids.n) {
		cursor_list_free(&kids);
		return;
	}
	body = kids.items[kids.n - 1];
	known = for_clauses(lw, c, &kids, clause);
	lc = new_label(lw);
	lb = new_label(lw);
	li = new_label(lw);
	le = new_label(lw);
	push_l(lw, T_LABEL, le, -1);
	push_l(lw, T_JUMP, lc, -1);
	if (known && !clang_Cursor_isNull(clause[2]))
		push_c(lw, T_STMT, clause[2]);
	push_l(lw, T_LABEL, li, -1);
	push_loop_body(lw, body, le, li);
	push_l(lw, T_LABEL, lb, -1);
	if (known) {
		if (!clang_Cursor_isNull(clause[1]))
			push(lw, T_COND, clause[1], lb, le, -1);
		push_l(lw, T_LABEL, lc, -1);
		if (!clang_Cursor_isNull(clause[0]))
			push_c(lw, T_STMT, clause[0]);
	} else {
		/* unknown shape: every clause each time round, exit anywhere */
		push(lw, T_BRANCH_OPAQUE, clang_getNullCursor(), lb, le, -1);
		for (i = kids.n - 1; i > 0; i--)
			push_c(lw, T_STMT, kids.items[i - 1]);
		push_l(lw, T_LABEL, lc, -1);
	}
	cursor_list_free(&kids);
}

/* Label every case of this switch (not of switches nested in it). */
static void collect_cases(struct lower *lw, CXCursor body, int **labels,
			  size_t *n, size_t *cap, int *deflabel)
{
	struct cursor_list stack = { 0 }, kids = { 0 };
	size_t i;

	*ARRAY_PUSH(stack.items, stack.n, stack.cap) = body;
	while (stack.n) {
		CXCursor c = stack.items[--stack.n];
		enum CXCursorKind k = clang_getCursorKind(c);

		if (k == CXCursor_SwitchStmt || clang_isExpression(k))
			continue;
		if (k == CXCursor_CaseStmt)
			*ARRAY_PUSH(*labels, *n, *cap) = named_label(lw, c);
		else if (k == CXCursor_DefaultStmt)
			*deflabel = named_label(lw, c);
		cursor_children(c, &kids);
		for (i = kids.n; i > 0; i--)
			*ARRAY_PUSH(stack.items, stack.n, stack.cap) =
				kids.items[i - 1];
	}
	cursor_list_free(&kids);
	cursor_list_free(&stack);
}

static void lower_switch_dispatch(struct lower *lw, CXCursor c, int le)
{
	CXCursor cond, body;
	int *labels = NULL, deflabel = -1;
	size_t n = 0, cap = 0, i;

	if (!two_children(c, &cond, &body))
		return;
	collect_cases(lw, body, &labels, &n, &cap, &deflabel);
	for (i = 0; i < n; i++) {
		int next = new_label(lw);

		emit_branch(lw, c, ATOM_OPAQUE, -1, labels[i], next);
		bind_label(lw, next);
	}
	emit_jump(lw, deflabel >= 0 ? deflabel : le);
	free(labels);
}

static void lower_switch(struct lower *lw, CXCursor c)
{
	CXCursor cond, body;
	int le;

	if (!two_children(c, &cond, &body))
		return;
	le = new_label(lw);
	push_l(lw, T_LABEL, le, -1);
	push_l(lw, T_TARGETS_POP, -1, -1);
	push_c(lw, T_STMT, body);
	push_l(lw, T_TARGETS_PUSH, le, -2);
	push(lw, T_SWITCH, c, le, -1, -1);
	push_c(lw, T_EXPR, cond);
}

static void lower_labelled(struct lower *lw, CXCursor c)
{
	struct cursor_list kids = { 0 };

	cursor_children(c, &kids);
	/* bind before the body: push body first, label last */
	if (kids.n)
		push_c(lw, T_STMT, kids.items[kids.n - 1]);
	push_l(lw, T_LABEL, named_label(lw, c), -1);
	cursor_list_free(&kids);
}

static void lower_goto(struct lower *lw, CXCursor c)
{
	struct cursor_list kids = { 0 };
	CXCursor target = clang_getNullCursor();

	cursor_children(c, &kids);
	if (kids.n)
		target = clang_getCursorReferenced(kids.items[0]);
	cursor_list_free(&kids);
	if (clang_Cursor_isNull(target) ||
	    clang_getCursorKind(target) != CXCursor_LabelStmt) {
		emit(lw, IR_NORETURN, cursor_loc(c));
		return;
	}
	emit_jump(lw, named_label(lw, target));
}

static void lower_return(struct lower *lw, CXCursor c)
{
	struct cursor_list kids = { 0 };
	CXCursor e;
	int var;

	cursor_children(c, &kids);
	if (!kids.n) {
		push_c(lw, T_RETURN, c);
		cursor_list_free(&kids);
		return;
	}
	e = kids.items[0];
	cursor_list_free(&kids);
	if (is_call(e)) {
		var = new_temp(lw);
		push(lw, T_RETURN, c, 1, -1, var);
		push_call(lw, cursor_peel(e), var);
		return;
	}
	var = expr_var(lw, e);
	push(lw, T_RETURN, c, cursor_is_zero_literal(e) ? 2 : 1, -1, var);
	push_c(lw, T_EXPR, e);
}

static void lower_decl(struct lower *lw, CXCursor c)
{
	struct cursor_list kids = { 0 }, inner = { 0 };
	size_t i;

	cursor_children(c, &kids);
	for (i = kids.n; i > 0; i--) {
		CXCursor d = kids.items[i - 1];
		CXCursor init;
		int var;

		if (clang_getCursorKind(d) != CXCursor_VarDecl)
			continue;
		var = var_lookup(lw, d);
		if (var < 0)
			var = var_add(lw, d, 0, 0);
		cursor_children(d, &inner);
		if (inner.n) {
			init = inner.items[inner.n - 1];
			if (clang_isExpression(clang_getCursorKind(init)))
				push_store(lw, var, init);
		}
	}
	cursor_list_free(&inner);
	cursor_list_free(&kids);
}

static void lower_jump_to_target(struct lower *lw, int is_break)
{
	struct targets *t;

	if (!lw->ntargets)
		return;
	t = &lw->targets[lw->ntargets - 1];
	if (is_break ? t->brk >= 0 : t->cont >= 0)
		emit_jump(lw, is_break ? t->brk : t->cont);
}

static void lower_stmt(struct lower *lw, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	switch (k) {
	case CXCursor_CompoundStmt:
		push_children_reversed(lw, c, T_STMT);
		break;
	case CXCursor_DeclStmt:
		lower_decl(lw, c);
		break;
	case CXCursor_IfStmt:
		lower_if(lw, c);
		break;
	case CXCursor_WhileStmt:
		lower_while(lw, c);
		break;
	case CXCursor_DoStmt:
		lower_do(lw, c);
		break;
	case CXCursor_ForStmt:
		lower_for(lw, c);
		break;
	case CXCursor_SwitchStmt:
		lower_switch(lw, c);
		break;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
	case CXCursor_LabelStmt:
		lower_labelled(lw, c);
		break;
	case CXCursor_GotoStmt:
		lower_goto(lw, c);
		break;
	case CXCursor_IndirectGotoStmt:
		emit(lw, IR_NORETURN, cursor_loc(c));
		break;
	case CXCursor_BreakStmt:
	case CXCursor_ContinueStmt:
		lower_jump_to_target(lw, k == CXCursor_BreakStmt);
		break;
	case CXCursor_ReturnStmt:
		lower_return(lw, c);
		break;
	default:
		if (clang_isExpression(k))
			push_c(lw, T_EXPR, c);
		break;
	}
}

/* ---- driver ---- */

static void do_return(struct lower *lw, const struct task *t)
{
	struct ir_instr *in = emit(lw, IR_RETURN, cursor_loc(t->c));

	in->ret_has_value = t->l1 >= 1;
	in->ret_zero = t->l1 == 2;
	in->ret_var = t->var;
}

static void do_targets_push(struct lower *lw, const struct task *t)
{
	struct targets *n = ARRAY_PUSH(lw->targets, lw->ntargets,
				       lw->targets_cap);
	int cont = t->l2;

	if (cont == -2)
		cont = lw->ntargets > 1 ? lw->targets[lw->ntargets - 2].cont : -1;
	n->brk = t->l1;
	n->cont = cont;
}

static void do_guard_push(struct lower *lw, const struct task *t)
{
	struct guard *g = ARRAY_PUSH(lw->guards, lw->nguards, lw->guards_cap);

	g->cond = t->c;
	g->sense = t->var;
}

static void run_task(struct lower *lw, const struct task *t)
{
	struct ir_instr *in;

	switch (t->kind) {
	case T_STMT:
		lower_stmt(lw, t->c);
		break;
	case T_EXPR:
		lower_expr(lw, t->c);
		break;
	case T_COND:
		lower_cond(lw, t->c, t->l1, t->l2);
		break;
	case T_LABEL:
		bind_label(lw, t->l1);
		break;
	case T_JUMP:
		emit_jump(lw, t->l1);
		break;
	case T_CALL:
		emit_call(lw, t->c, t->var);
		break;
	case T_ASSIGN:
		if (t->var >= 0) {
			in = emit(lw, IR_ASSIGN, no_loc());
			in->var = t->var;
			in->src_var = t->l1;
			in->nonzero = t->l2 == 1;
			in->zero = t->l2 == 2;
			in->negate = t->l2 == 3;
			if (t->l2 == 4 || t->l2 == 5) {
				in->src_field = param_field_key(lw, t->c);
				in->src_field_neg = t->l2 == 5;
			}
			mark_assigned(lw, t->var);
		}
		break;
	case T_STORE:
		push_store(lw, t->var, t->c);
		break;
	case T_BRANCH_VAR:
		emit_branch(lw, t->c, ATOM_NONZERO, t->var, t->l1, t->l2);
		break;
	case T_BRANCH_NZT:
		emit_branch(lw, t->c, ATOM_NZ_TRUE, t->var, t->l1, t->l2);
		break;
	case T_BRANCH_NEG:
		emit_branch(lw, t->c, ATOM_NEGATIVE, t->var, t->l1, t->l2);
		break;
	case T_BRANCH_ISERR:
		emit_branch(lw, t->c, ATOM_ISERR, t->var, t->l1, t->l2);
		break;
	case T_BRANCH_OPAQUE:
		emit_branch(lw, t->c, ATOM_OPAQUE, -1, t->l1, t->l2);
		note_compare(lw, &lw->fn->instrs[lw->fn->ninstrs - 1], t->c);
		break;
	case T_RETURN:
		do_return(lw, t);
		break;
	case T_TARGETS_PUSH:
		do_targets_push(lw, t);
		break;
	case T_TARGETS_POP:
		if (lw->ntargets)
			lw->ntargets--;
		break;
	case T_GUARD_PUSH:
		do_guard_push(lw, t);
		break;
	case T_GUARD_POP:
		if (lw->nguards)
			lw->nguards--;
		break;
	case T_SWITCH:
		lower_switch_dispatch(lw, t->c, t->l1);
		break;
	}
}

/* Turn label references into instruction indices and give every
 * instruction that falls through its successor. */
static void resolve(struct lower *lw)
{
	struct ir_func *fn = lw->fn;
	size_t i;
	int j;

	for (i = 0; i < fn->ninstrs; i++) {
		struct ir_instr *in = &fn->instrs[i];

		if (in->op == IR_RETURN || in->op == IR_NORETURN)
			continue;
		if ((in->op == IR_CALL || in->op == IR_ASSIGN ||
		     in->op == IR_NOP) && in->succ[0] == -1)
			in->succ[0] = (int)i + 1;
		for (j = 0; j < 2; j++)
			if (IS_LABEL_REF(in->succ[j]))
				in->succ[j] = lw->label_pos[LABEL_OF(in->succ[j])];
	}
}

static void add_params(struct lower *lw, CXCursor fn)
{
	int i, n = clang_Cursor_getNumArguments(fn);

	lw->fn->nparams = n > 0 ? n : 0;
	for (i = 0; i < n; i++)
		var_add(lw, clang_Cursor_getArgument(fn, i), i + 1, 0);
}

static CXCursor function_body(CXCursor fn)
{
	struct cursor_list kids = { 0 };
	CXCursor body = clang_getNullCursor();
	size_t i;

	cursor_children(fn, &kids);
	for (i = 0; i < kids.n; i++)
		if (clang_getCursorKind(kids.items[i]) == CXCursor_CompoundStmt)
			body = kids.items[i];
	cursor_list_free(&kids);
	return body;
}

static void lower_free(struct lower *lw)
{
	free(lw->guards);
	free(lw->tasks);
	free(lw->label_pos);
	free(lw->targets);
	free(lw->named);
	strmap_free(&lw->named_index);
	free(lw->var_decls);
	cursor_list_free(&lw->written);
	flag_memo_free(lw->flags);
}

struct ir_func *lower_function(const struct lower_env *env, CXCursor fncur)
{
	struct lower lw = { 0 };
	struct ir_func *fn = xcalloc(1, sizeof(*fn));
	CXCursor body = function_body(fncur);
	CXString usr = clang_getCursorUSR(fncur);
	struct ir_instr *end;

	fn->name = cursor_spelling(fncur);
	fn->usr = xstrdup(clang_getCString(usr));
	clang_disposeString(usr);
	fn->loc = cursor_loc(fncur);
	fn->is_static = clang_getCursorLinkage(fncur) == CXLinkage_Internal;
	fn->in_main_file = clang_Location_isFromMainFile(clang_getCursorLocation(fncur));
	fn->declared = env->declared;
	lw.env = env;
	lw.fn = fn;
	lw.body = body;
	lw.fncur = fncur;
	lw.flags = flag_memo_new();
	add_params(&lw, fncur);
	fn->fnparams_called = fnarg_only_called(fncur, body);
	if (!clang_Cursor_isNull(body))
		exprtext_find_written(body, &lw.written);
	if (!clang_Cursor_isNull(body))
		push_c(&lw, T_STMT, body);
	while (lw.ntasks) {
		struct task t = lw.tasks[--lw.ntasks];

		run_task(&lw, &t);
	}
	end = emit(&lw, IR_RETURN, clang_Cursor_isNull(body) ?
		   fn->loc : cursor_end_loc(body));
	end->implicit = 1;
	resolve(&lw);
	lower_free(&lw);
	return fn;
}

/* Unit tests of object-expression keys (checker/exprtext.c).  Keys
 * are compared as text all through the analysis, so two spellings of
 * one object must give one key, and a callee's key must rewrite into
 * its caller's terms.  expr_key() and expr_path_of() need libclang
 * cursors: each test parses a small snippet held in memory and hands
 * them the arguments of the calls to g() in function f().
 * Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/cursor.h"
#include "frontend/expr_keys.h"
#include "analysis/keys.h"
#include "frontend/cursor_text.h"
#include "lib/util.h"

/* ---- key_substitute / key_norm ------------------------------------- */

static char *subst(const char *key, const char *a1, const char *a2)
{
	char *args[2] = { (char *)a1, (char *)a2 };

	return key_substitute(key, args, a2 ? 2 : 1);
}

static void check_subst(const char *key, const char *a1, const char *a2,
			const char *want)
{
	char *got = subst(key, a1, a2);

	if (!want) {
		assert_null(got);
		return;
	}
	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void test_substitute(void **state)
{
	(void)state;
	check_subst("$1->mnt", "fhp", NULL, "fhp->mnt");
	/* &obj passed for a pointer parameter: obj.member. */
	check_subst("$1->mnt", "&fh", NULL, "fh.mnt");
	check_subst("$1->mnt", "&nd->path", NULL, "nd->path.mnt");
	check_subst("$1->mnt", "&paths[2]", NULL, "paths[2].mnt");
	/* A complex argument is parenthesised when something follows. */
	check_subst("$1->mnt", "a + b", NULL, "(a + b)->mnt");
	check_subst("$1->mnt", "*pp", NULL, "(*pp)->mnt");
	check_subst("$1->mnt", "f(x)", NULL, "(f(x))->mnt");
	/* ... and not when the key is the parameter alone. */
	check_subst("$1", "a + b", NULL, "a + b");
	check_subst("$1", "&fh", NULL, "&fh");
	check_subst("$1", "x", NULL, "x");
	/* &obj with "." after it is not the -> case. */
	check_subst("$1.mnt", "&fh", NULL, "(&fh).mnt");
	/* Several parameters, one of them twice. */
	check_subst("$2->path.dentry", "a", "nd", "nd->path.dentry");
	check_subst("f($1, $2, $1)", "x", "y->z", "f(x, y->z, x)");
	check_subst("&$1->f_path", "file", NULL, "&file->f_path");
	check_subst("&$1->f_path", "&fl", NULL, "&fl.f_path");
	/* Keys without parameters come back as they were. */
	check_subst("global_mnt", "x", NULL, "global_mnt");
	check_subst("", "x", NULL, "");
}

static void test_substitute_out_of_range(void **state)
{
	char *one[1] = { "fhp" };
	char *with_null[2] = { "fhp", NULL };

	(void)state;
	check_subst("$2->mnt", "fhp", NULL, NULL);
	check_subst("$3->mnt", "a", "b", NULL);
	check_subst("$0->mnt", "fhp", NULL, NULL);
	check_subst("$->mnt", "fhp", NULL, NULL);
	check_subst("$-1", "fhp", NULL, NULL);
	check_subst("$99999999999999999999", "fhp", NULL, NULL);
	assert_null(key_substitute("$1", NULL, 0));
	assert_null(key_substitute("$1->mnt", one, 0));
	/* An argument with no key cannot be substituted. */
	assert_null(key_substitute("$2->mnt", with_null, 2));
	assert_null(key_substitute("$1->a, $2->b", with_null, 2));
}

/* Two-digit parameter numbers are one number, not $1 then '0'. */
static void test_substitute_many_args(void **state)
{
	char *args[12] = { "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8",
			   "a9", "a10", "a11", "a12" };
	char *got;

	(void)state;
	got = key_substitute("$10->x.$12", args, 12);
	assert_non_null(got);
	assert_string_equal(got, "a10->x.a12");
	free(got);
	assert_null(key_substitute("$13", args, 12));
}

static void test_key_norm(void **state)
{
	const char *k = "&path";

	(void)state;
	assert_string_equal(key_norm("&path"), "path");
	assert_ptr_equal(key_norm(k), k + 1);
	assert_string_equal(key_norm("path"), "path");
	assert_string_equal(key_norm("&$2->path"), "$2->path");
	assert_string_equal(key_norm("*p"), "*p");
	assert_string_equal(key_norm(""), "");
	/* Only one '&' goes. */
	assert_string_equal(key_norm("&&x"), "&x");
}

/* ---- Parsed snippets ----------------------------------------------- */

static const char prelude[] =
	"struct inode { int i_mode; };\n"
	"struct dentry { struct inode *d_inode; };\n"
	"struct vfsmount { int mnt_flags; };\n"
	"struct path { struct vfsmount *mnt; struct dentry *dentry; };\n"
	"struct nameidata { struct path path; int flags; };\n"
	"struct file { struct path f_path; };\n"
	"struct inode *d_inode(const struct dentry *d);\n"
	"struct inode *d_backing_inode(const struct dentry *d);\n"
	"struct file *file_of(struct nameidata *nd);\n"
	"struct vfsmount *global_mnt;\n"
	"struct path paths[4];\n"
	"void g();\n";

struct snippet {
	CXIndex index;
	CXTranslationUnit tu;
	struct ir_func fn;
	CXCursor *decls;		/* parallel to fn.vars */
	size_t ndecls, decls_cap;
	struct cursor_list calls;	/* calls to g() in f(), in order */
	struct cursor_list written;	/* locals written after their init */
	CXCursor f;
	struct exprtext et;
};

static void add_var(struct snippet *s, CXCursor decl, int param)
{
	struct ir_var *v = ARRAY_PUSH(s->fn.vars, s->fn.nvars, s->fn.vars_cap);
	CXString name = clang_getCursorSpelling(decl);

	v->name = xstrdup(clang_getCString(name));
	v->param = param;
	clang_disposeString(name);
	*ARRAY_PUSH(s->decls, s->ndecls, s->decls_cap) = decl;
}

static int is_named(CXCursor c, const char *name)
{
	CXString s = clang_getCursorSpelling(c);
	int yes = !strcmp(clang_getCString(s), name);

	clang_disposeString(s);
	return yes;
}

/* Locals (in source order) and the calls to g() in f's body. */
static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct snippet *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl)
		add_var(s, c, 0);
	if (clang_getCursorKind(c) == CXCursor_CallExpr && is_named(c, "g"))
		*ARRAY_PUSH(s->calls.items, s->calls.n, s->calls.cap) = c;
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult top_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct snippet *s = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl &&
	    is_named(c, "f") && clang_isCursorDefinition(c))
		s->f = c;
	return CXChildVisit_Continue;
}

static void fail_on_errors(CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	int errors = 0;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXString m = clang_formatDiagnostic(d,
				clang_defaultDiagnosticDisplayOptions());

			fprintf(stderr, "snippet: %s\n", clang_getCString(m));
			clang_disposeString(m);
			errors++;
		}
		clang_disposeDiagnostic(d);
	}
	assert_int_equal(errors, 0);
}

/* Parse PRELUDE + BODY (which defines f) and collect f's variables. */
static struct snippet *parse(const char *body)
{
	static const char *const argv[] = {
		"-std=gnu11", "-nostdinc", "-Wno-deprecated-non-prototype",
	};
	struct snippet *s = xcalloc(1, sizeof(*s));
	struct CXUnsavedFile file;
	char *src = xasprintf("%s%s", prelude, body);
	int i, n;

	file.Filename = "snippet.c";
	file.Contents = src;
	file.Length = strlen(src);
	s->index = clang_createIndex(0, 0);
	s->tu = clang_parseTranslationUnit(s->index, "snippet.c", argv, 3,
					   &file, 1, CXTranslationUnit_None);
	assert_non_null(s->tu);
	free(src);	/* libclang keeps its own copy */
	fail_on_errors(s->tu);
	clang_visitChildren(clang_getTranslationUnitCursor(s->tu), top_visit,
			    s);
	assert_false(clang_Cursor_isNull(s->f));
	n = clang_Cursor_getNumArguments(s->f);
	for (i = 0; i < n; i++)
		add_var(s, clang_Cursor_getArgument(s->f, i), i + 1);
	s->fn.nparams = n;
	s->fn.name = xstrdup("f");
	clang_visitChildren(s->f, body_visit, s);
	/* As the lowering does; params are never in the list. */
	exprtext_find_written(s->f, &s->written);
	s->et.tu = s->tu;
	s->et.text = srctext_new(s->tu, NULL, 0);
	s->et.fn = &s->fn;
	s->et.var_decls = s->decls;
	s->et.nvar_decls = s->ndecls;
	s->et.written = s->written.items;
	s->et.nwritten = s->written.n;
	return s;
}

static void snippet_free(struct snippet *s)
{
	size_t i;

	for (i = 0; i < s->fn.nvars; i++)
		free(s->fn.vars[i].name);
	free(s->fn.vars);
	free(s->fn.name);
	free(s->decls);
	cursor_list_free(&s->calls);
	cursor_list_free(&s->written);
	srctext_free(s->et.text);
	clang_disposeTranslationUnit(s->tu);
	clang_disposeIndex(s->index);
	free(s);
}

/* Argument ARG (0-based) of the CALL'th call to g(). */
static CXCursor arg(struct snippet *s, size_t call, int arg)
{
	assert_true(call < s->calls.n);
	assert_true(arg < clang_Cursor_getNumArguments(s->calls.items[call]));
	return clang_Cursor_getArgument(s->calls.items[call], arg);
}

/* expr_key without fallback; WANT NULL means no key. */
static void check_key(struct snippet *s, size_t call, int a,
		      const char *want, int want_local)
{
	int local = -1;
	char *got = expr_key(&s->et, arg(s, call, a), &local, 0);

	if (!want) {
		if (got)
			fprintf(stderr, "call %zu arg %d: key '%s'\n", call,
				a, got);
		assert_null(got);
		free(got);
		return;
	}
	if (!got)
		fprintf(stderr, "call %zu arg %d: no key, want '%s'\n", call,
			a, want);
	assert_non_null(got);
	if (strcmp(got, want))
		fprintf(stderr, "call %zu arg %d: key '%s', want '%s'\n",
			call, a, got, want);
	assert_string_equal(got, want);
	assert_int_equal(local, want_local);
	free(got);
}

/* Like check_key, but reports a mismatch and returns 0 instead of
 * failing, so that a test can show every wrong key at once. */
static int key_is(struct snippet *s, size_t call, int a, const char *want)
{
	char *got = expr_key(&s->et, arg(s, call, a), NULL, 0);
	int ok = got && !strcmp(got, want);

	if (!ok)
		fprintf(stderr, "call %zu arg %d: key '%s', want '%s'\n",
			call, a, got ? got : "(null)", want);
	free(got);
	return ok;
}

static void check_path_of(struct snippet *s, size_t call, int a,
			  const char *want)
{
	char *got = expr_path_of(&s->et, arg(s, call, a));

	if (!want) {
		if (got)
			fprintf(stderr, "call %zu arg %d: path_of '%s'\n",
				call, a, got);
		assert_null(got);
		return;
	}
	if (!got || strcmp(got, want))
		fprintf(stderr, "call %zu arg %d: path_of '%s', want '%s'\n",
			call, a, got ? got : "(null)", want);
	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void test_parse_fixture(void **state)
{
	struct snippet *s = parse("int f(struct path *p, int n)\n"
				  "{\n"
				  "\tint x = n;\n"
				  "\tg(p);\n"
				  "\t{ int y; g(x, y); }\n"
				  "\treturn 0;\n"
				  "}\n");

	(void)state;
	/* The fixture itself: parameters first, then locals. */
	assert_int_equal(s->fn.nvars, 4);
	assert_string_equal(s->fn.vars[0].name, "p");
	assert_int_equal(s->fn.vars[0].param, 1);
	assert_string_equal(s->fn.vars[1].name, "n");
	assert_int_equal(s->fn.vars[1].param, 2);
	assert_string_equal(s->fn.vars[2].name, "x");
	assert_int_equal(s->fn.vars[2].param, 0);
	assert_string_equal(s->fn.vars[3].name, "y");
	assert_int_equal(s->calls.n, 2);
	check_key(s, 0, 0, "$1", 0);
	/* x stands for its initialiser; y has none and is a local. */
	check_key(s, 1, 0, "$2", 0);
	check_key(s, 1, 1, "y", 1);
	snippet_free(s);
}

/* The example of the brief: members, nested members, &, a call. */
static const char basic[] =
	"int f(struct path *p, struct nameidata *nd)\n"
	"{\n"
	"\tg(p->mnt, nd->path.dentry->d_inode, &nd->path,\n"
	"\t  d_inode(p->dentry));\n"
	"\treturn 0;\n"
	"}\n";

static void test_keys_basic(void **state)
{
	struct snippet *s = parse(basic);
	char *k;

	(void)state;
	check_key(s, 0, 0, "$1->mnt", 0);
	check_key(s, 0, 1, "$2->path.dentry->d_inode", 0);
	check_key(s, 0, 2, "&$2->path", 0);
	check_key(s, 0, 3, "d_inode($1->dentry)", 0);
	k = expr_key(&s->et, arg(s, 0, 2), NULL, 0);
	assert_string_equal(key_norm(k), "$2->path");
	free(k);
	snippet_free(s);
}

static void test_path_of_basic(void **state)
{
	struct snippet *s = parse(basic);

	(void)state;
	/* A mount and a struct path are no inode or dentry of a path. */
	check_path_of(s, 0, 0, NULL);
	check_path_of(s, 0, 2, NULL);
	/* nd->path.dentry->d_inode lies in nd->path: its address. */
	check_path_of(s, 0, 1, "&nd->path");
	/* d_inode(p->dentry): p is already a pointer to the path. */
	check_path_of(s, 0, 3, "p");
	snippet_free(s);
}

static void test_path_of_forms(void **state)
{
	struct snippet *s = parse(
		"int f(struct path *p, struct nameidata *nd, struct file *fp,\n"
		"      struct dentry *d)\n"
		"{\n"
		"\tstruct path *lp = &nd->path;\n"
		"\tstruct path local;\n"
		"\tg(d_backing_inode(nd->path.dentry), p->dentry,\n"
		"\t  (*p).dentry->d_inode, fp->f_path.dentry->d_inode);\n"
		"\tg(lp->dentry->d_inode, local.dentry->d_inode,\n"
		"\t  d->d_inode, d_inode(d), paths[1].dentry->d_inode);\n"
		"\tg((nd->path.dentry)->d_inode, d_inode(fp->f_path.dentry));\n"
		"\treturn 0;\n"
		"}\n");

	(void)state;
	check_path_of(s, 0, 0, "&nd->path");
	/* The dentry itself (notify_change's argument) lies in p too. */
	check_path_of(s, 0, 1, "p");
	/* &*p is p. */
	check_path_of(s, 0, 2, "p");
	check_path_of(s, 0, 3, "&fp->f_path");
	/* Path texts name variables as written, locals included. */
	check_path_of(s, 1, 0, "lp");
	check_path_of(s, 1, 1, "&local");
	/* A dentry that is no member of a struct path has no path. */
	check_path_of(s, 1, 2, NULL);
	check_path_of(s, 1, 3, NULL);
	check_path_of(s, 1, 4, "&paths[1]");
	/* Parentheses do not matter. */
	check_path_of(s, 2, 0, "&nd->path");
	check_path_of(s, 2, 1, "&fp->f_path");
	snippet_free(s);
}

/* ---- The seek both the suggestion and the fix make ---------------- */

/* A local_value for the tests: a local with an initialiser holds it. */
static int init_value(void *ctx, CXCursor e, CXCursor *value)
{
	struct cursor_list kids = { 0 };
	CXCursor decl;
	int ok;

	(void)ctx;
	e = cursor_peel(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return 0;
	decl = clang_getCursorReferenced(e);
	if (clang_getCursorKind(decl) != CXCursor_VarDecl)
		return 0;
	cursor_children(decl, &kids);
	ok = kids.n && clang_isExpression(clang_getCursorKind(kids.items[kids.n - 1]));
	if (ok)
		*value = kids.items[kids.n - 1];
	cursor_list_free(&kids);
	return ok;
}

/* The struct path argument A of call C lies in, seen as PS sees it: the
 * text of the dentry and of the struct path * expression ("" for none). */
static void check_seek(struct snippet *s, const struct path_seek *ps,
		       size_t c, int a, const char *want_dentry,
		       const char *want_path)
{
	CXCursor d = expr_dentry_of(ps, arg(s, c, a)), p;
	char *dt = xstrdup(""), *pt = xstrdup(""), *t;
	int pointer = -1;

	if (!clang_Cursor_isNull(d)) {
		free(dt);
		dt = srctext_written(s->et.text, d);
	}
	p = expr_path_in(ps, d, &pointer);
	if (!clang_Cursor_isNull(p)) {
		t = srctext_written(s->et.text, p);
		free(pt);
		pt = expr_path_ref(t, pointer);
		free(t);
	}
	if (strcmp(dt, want_dentry) || strcmp(pt, want_path))
		fail_msg("call %zu arg %d: dentry '%s', path '%s'; want '%s', '%s'",
			 c, a, dt, pt, want_dentry, want_path);
	free(dt);
	free(pt);
}

/* Through locals only when asked: the fix sees parent->d_inode after
 * parent = nd->path.dentry as lying in &nd->path, the suggestion not. */
static void test_seek_locals(void **state)
{
	static const struct path_seek as_written = { NULL, NULL, 0 };
	static const struct path_seek through = { init_value, NULL, 0 };
	struct snippet *s = parse(
		"int f(struct nameidata *nd, struct path *p)\n"
		"{\n"
		"\tstruct dentry *parent = nd->path.dentry;\n"
		"\tstruct inode *dir = p->dentry->d_inode;\n"
		"\tstruct dentry *l2 = parent, *l3 = l2, *l4 = l3, *l5 = l4;\n"
		"\tstruct path *pp = p;\n"
		"\tg(parent->d_inode, dir, d_inode(parent), parent);\n"
		"\tg(l4->d_inode, l5->d_inode, pp->dentry);\n"
		"\treturn 0;\n"
		"}\n");

	(void)state;
	check_seek(s, &as_written, 0, 0, "parent", "");
	check_seek(s, &through, 0, 0, "parent", "&nd->path");
	/* an inode local is seen through to its dentry */
	check_seek(s, &as_written, 0, 1, "", "");
	check_seek(s, &through, 0, 1, "p->dentry", "p");
	check_seek(s, &through, 0, 2, "parent", "&nd->path");
	/* the dentry itself (notify_change's argument) */
	check_seek(s, &through, 0, 3, "parent", "&nd->path");
	/* four locals in a row at most: l4, l3, l2, parent */
	check_seek(s, &through, 1, 0, "l4", "&nd->path");
	check_seek(s, &through, 1, 1, "l5", "");
	/* a struct path local is named, not seen through */
	check_seek(s, &through, 1, 2, "pp->dentry", "pp");
	snippet_free(s);
}

/* What a macro makes is no text to copy: the fix asks for what is
 * written out in the file, the suggestion does not. */
static void test_seek_written_out(void **state)
{
	static const struct path_seek as_written = { NULL, NULL, 0 };
	static const struct path_seek written_out = { NULL, NULL, 1 };
	struct snippet *s = parse(
		"#define DIR_OF(p) ((p)->dentry->d_inode)\n"
		"#define PATH_OF(nd) (&(nd)->path)\n"
		"int f(struct nameidata *nd, struct path *p)\n"
		"{\n"
		"\tg(DIR_OF(p), PATH_OF(nd)->dentry->d_inode, p->dentry->d_inode,\n"
		"\t  (PATH_OF(nd))->dentry->d_inode);\n"
		"\treturn 0;\n"
		"}\n");
	int a;

	(void)state;
	check_path_of(s, 0, 0, "p");
	check_path_of(s, 0, 1, "&nd->path");
	for (a = 0; a < 2; a++) {
		assert_false(clang_Cursor_isNull(expr_dentry_of(&as_written,
								arg(s, 0, a))));
		check_seek(s, &written_out, 0, a, "", "");
	}
	check_seek(s, &written_out, 0, 2, "p->dentry", "p");
	/* the dentry is written out, the struct path it lies in is not */
	check_path_of(s, 0, 3, "&nd->path");
	check_seek(s, &written_out, 0, 3, "(PATH_OF(nd))->dentry", "");
	snippet_free(s);
}

/* A struct path P as the struct path * the helpers take. */
static void test_path_ref(void **state)
{
	char *r;

	(void)state;
	r = expr_path_ref("p", 1);
	assert_string_equal(r, "p");
	free(r);
	r = expr_path_ref("nd->path", 0);
	assert_string_equal(r, "&nd->path");
	free(r);
	r = expr_path_ref("*pp", 0);
	assert_string_equal(r, "pp");
	free(r);
}

/* Globals keep their names and are not local; constants and subscripts
 * are part of the key; what is no object expression has no key unless
 * the text fallback is asked for. */
static void test_keys_globals_and_fallback(void **state)
{
	struct snippet *s = parse(
		"int f(struct path *p, struct nameidata *nd)\n"
		"{\n"
		"\tint i;\n"
		"\tg(global_mnt, paths[2].mnt, paths[i].mnt, nd->flags + 1,\n"
		"\t  *p, (struct path *)nd);\n"
		"\treturn 0;\n"
		"}\n");
	int local = -1;
	char *k;

	(void)state;
	check_key(s, 0, 0, "global_mnt", 0);
	check_key(s, 0, 1, "paths[2].mnt", 0);
	check_key(s, 0, 2, "paths[i].mnt", 1);
	check_key(s, 0, 3, NULL, 0);
	check_key(s, 0, 4, "*$1", 0);
	/* Casts are looked through. */
	check_key(s, 0, 5, "$2", 0);
	k = expr_key(&s->et, arg(s, 0, 3), &local, 1);
	assert_non_null(k);
	assert_string_equal(k, "nd->flags+1");
	assert_int_equal(local, 1);
	free(k);
	/* The fallback is not used when there is a key. */
	local = -1;
	k = expr_key(&s->et, arg(s, 0, 1), &local, 1);
	assert_string_equal(k, "paths[2].mnt");
	assert_int_equal(local, 0);
	free(k);
	snippet_free(s);
}

/* A local standing for an expression is keyed by that expression, so
 * both spellings of one object give one key. */
static void test_keys_locals(void **state)
{
	struct snippet *s = parse(
		"int f(struct path *p, struct nameidata *nd)\n"
		"{\n"
		"\tstruct file *fp = file_of(nd);\n"
		"\tstruct path *pp = p;\n"
		"\tstruct vfsmount *m;\n"
		"\tg(fp->f_path.mnt, pp->mnt, m);\n"
		"\treturn 0;\n"
		"}\n");

	(void)state;
	check_key(s, 0, 0, "file_of($2)->f_path.mnt", 0);
	check_key(s, 0, 1, "$1->mnt", 0);
	check_key(s, 0, 2, "m", 1);
	/* No local is written after its initialiser. */
	assert_int_equal(s->written.n, 0);
	snippet_free(s);
}

/*
 * A local written again after its initialiser no longer stands for
 * it: pp below points into nd at the call, not to p.  Keying it "$1->mnt"
 * pairs mnt_want_write(pp->mnt) with a drop of p->mnt (a missed leak)
 * and not with the drop of nd->path.mnt (a false leak).  Named by
 * itself, as a local without an initialiser is, it is only as good as
 * its text, which is safe.
 */
static void test_keys_reassigned_local(void **state)
{
	struct snippet *s = parse(
		"int f(struct path *p, struct nameidata *nd)\n"
		"{\n"
		"\tstruct path *pp = p;\n"
		"\n"
		"\tpp = &nd->path;\n"
		"\tg(pp->mnt);\n"
		"\treturn 0;\n"
		"}\n");
	int local = -1, ok;
	char *k;

	(void)state;
	assert_string_equal(s->fn.vars[2].name, "pp");
	assert_int_equal(s->written.n, 1);
	assert_true(clang_equalCursors(s->written.items[0], s->decls[2]));
	ok = key_is(s, 0, 0, "pp->mnt");
	k = expr_key(&s->et, arg(s, 0, 0), &local, 0);
	free(k);
	snippet_free(s);
	assert_true(ok);
	assert_int_equal(local, 1);
}

/*
 * A local initialised with an address or a dereference: the member
 * access through it must give the key the direct spelling gives.
 *	struct path *lp = &nd->path;   lp->mnt    is nd->path.mnt
 *	struct path copy = *p;         copy.mnt   is p->mnt
 * and the same written inline: (&nd->path)->mnt, (*p).mnt.
 * Otherwise mnt_want_write(lp->mnt) ... mnt_drop_write(nd->path.mnt)
 * do not pair up (a false write-bracket-leak).
 */
static void test_keys_address_and_deref(void **state)
{
	struct snippet *s = parse(
		"int f(struct path *p, struct nameidata *nd)\n"
		"{\n"
		"\tstruct path *lp = &nd->path;\n"
		"\tstruct path copy = *p;\n"
		"\tg(nd->path.mnt, lp->mnt, (&nd->path)->mnt);\n"
		"\tg(p->mnt, copy.mnt, (*p).mnt);\n"
		"\treturn 0;\n"
		"}\n");
	int ok = 1, a;

	(void)state;
	for (a = 0; a < 3; a++) {
		ok &= key_is(s, 0, a, "$2->path.mnt");
		ok &= key_is(s, 1, a, "$1->mnt");
	}
	snippet_free(s);
	assert_true(ok);
}

/* A callee's key rewritten with its caller's argument keys gives the
 * key the caller has for the same object. */
static void test_keys_substitute_roundtrip(void **state)
{
	struct snippet *s = parse(
		"int f(struct path *p, struct nameidata *nd)\n"
		"{\n"
		"\tg(&nd->path, nd->path.mnt);\n"
		"\tg(p, p->mnt);\n"
		"\treturn 0;\n"
		"}\n");
	char *args[1], *sub, *direct;
	size_t c;

	(void)state;
	for (c = 0; c < 2; c++) {
		args[0] = expr_key(&s->et, arg(s, c, 0), NULL, 0);
		direct = expr_key(&s->et, arg(s, c, 1), NULL, 0);
		assert_non_null(args[0]);
		assert_non_null(direct);
		/* The callee's key of its parameter's mount. */
		sub = key_substitute("$1->mnt", args, 1);
		assert_non_null(sub);
		assert_string_equal(sub, direct);
		free(sub);
		free(direct);
		free(args[0]);
	}
	snippet_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_substitute),
		cmocka_unit_test(test_substitute_out_of_range),
		cmocka_unit_test(test_substitute_many_args),
		cmocka_unit_test(test_key_norm),
		cmocka_unit_test(test_parse_fixture),
		cmocka_unit_test(test_keys_basic),
		cmocka_unit_test(test_path_of_basic),
		cmocka_unit_test(test_path_of_forms),
		cmocka_unit_test(test_seek_locals),
		cmocka_unit_test(test_seek_written_out),
		cmocka_unit_test(test_path_ref),
		cmocka_unit_test(test_keys_globals_and_fallback),
		cmocka_unit_test(test_keys_locals),
		cmocka_unit_test(test_keys_reassigned_local),
		cmocka_unit_test(test_keys_address_and_deref),
		cmocka_unit_test(test_keys_substitute_roundtrip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

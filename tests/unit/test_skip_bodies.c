/* Unit tests of checker/bodyskip.c: which header bodies may be blanked,
 * and that blanking moves nothing else in the file.  Wrong answers here
 * either break the parse (a struct or half a body blanked) or lose a
 * pure predicate the analysis reads, so each refusal has its case. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "prefilter/skip_bodies.h"

struct names {
	char seen[256];
};

static void collect(void *ctx, const char *name, size_t n)
{
	struct names *c = ctx;

	strncat(c->seen, name, n);
	strcat(c->seen, " ");
}

/* The kind of the first "{...}" of TEXT, which must run to its end. */
static enum body_kind kind_of(const char *text, struct names *names)
{
	size_t start = strchr(text, '{') - text;

	return bodyskip_scan(text, strlen(text), start, strlen(text),
			     names ? collect : NULL, names);
}

static void test_impure_bodies(void **state)
{
	static const char *const impure[] = {
		"static inline int f(struct a *p) { return p->x; }",
		"static inline int f(struct a s) { return s.x; }",
		"static inline int f(int *v) { return v[1]; }",
		"static inline int f(void) { return (g())[0]; }",
		"static inline void f(void) { asm volatile(\"nop\"); }",
		"static inline void f(void) { __asm__(\"nop\"); }",
		"static inline int f(int x) { return __builtin_expect(x, 1); }",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(impure) / sizeof(impure[0]); i++)
		assert_int_equal(kind_of(impure[i], NULL), BODY_IMPURE);
}

static void test_maybe_pure_bodies(void **state)
{
	static const char *const pure[] = {
		"static inline int f(int x) { return x & 1; }",
		"static inline int f(int x) { return x > 1.5e-3 ? 1 : 0; }",
		"static inline int f(int x) { return (struct s){ .a = x }.a; }",
		"static inline int f(int x) { switch (x) { case 1 ... 3: return 1; } return 0; }",
		"static inline int f(int x) { return \"a->b\"[0] + x; /* p->q */ }",
		"static inline long f(void) { return __builtin_offsetof(struct s, a); }",
	};
	size_t i;

	(void)state;
	/* a compound literal's member is not seen as one: kept, which is
	 * safe; the string's subscript reads memory, its "->" is text */
	for (i = 0; i < sizeof(pure) / sizeof(pure[0]); i++)
		assert_int_equal(kind_of(pure[i], NULL),
				 i == 4 ? BODY_IMPURE : BODY_MAYBE_PURE);
}

static void test_called_names(void **state)
{
	struct names n = { "" };

	(void)state;
	assert_int_equal(kind_of("static inline int f(int x) { if (g(x)) return h (x); return FOO(x); }",
				 &n), BODY_MAYBE_PURE);
	/* "if" too: keywords, like macros, are the caller's to drop */
	assert_string_equal(n.seen, "if g h FOO ");
}

static void test_kept_bodies(void **state)
{
	static const char *const keep[] = {
		/* a directive that would outlive the body */
		"static inline int f(int x) {\n#define Y 1\n return x->a; }",
		"static inline int f(int x) {\n#include \"y.h\"\n return x->a; }",
		/* branches that open braces of their own */
		"static inline int f(int x) {\n#ifdef A\n if (x) {\n#else\n if (!x) {\n#endif\n  return x->a; } }",
		"static inline int f(int x) {\n#if A\n return x->a;\n",
		/* braces that end before the range does */
		"static inline int f(int x) { return x->a; } int y; }",
		"{ return x->a;",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(keep) / sizeof(keep[0]); i++)
		assert_int_equal(kind_of(keep[i], NULL), BODY_KEEP);
}

static void test_balanced_conditionals(void **state)
{
	(void)state;
	assert_int_equal(kind_of("static inline int f(int x) {\n#ifdef A\n\treturn x->a;\n#elif B\n\treturn x->b;\n#else\n\t{ return x->c; }\n#endif\n}",
				 NULL), BODY_IMPURE);
}

static void test_blank_keeps_offsets(void **state)
{
	const char *text = "int a;\nstatic inline int f(int x)\n{\n\treturn x->a;\n}\nint b;\n";
	size_t start = strchr(text, '{') - text, end = strrchr(text, '}') - text + 1;
	struct body_range r = { start, end };
	char *out = bodyskip_blank(text, strlen(text), &r, 1);

	(void)state;
	assert_int_equal(strlen(out), strlen(text));
	assert_string_equal(out, "int a;\nstatic inline int f(int x)\n;\n             \n \nint b;\n");
	free(out);
}

static void test_blank_keeps_continuations(void **state)
{
	const char *text = "#define D(n) \\\n\tstatic int n(void) { \\\n\t\treturn g(); \\\n\t}\nint c;\n";
	size_t start = strchr(text, '{') - text, end = strchr(text, '}') - text + 1;
	struct body_range r = { start, end };
	char *out = bodyskip_blank(text, strlen(text), &r, 1);

	(void)state;
	assert_string_equal(out, "#define D(n) \\\n\tstatic int n(void) ; \\\n              \\\n  \nint c;\n");
	free(out);
}

struct found {
	size_t start[8], end[8];
	int n;
};

static void note_found(void *ctx, size_t start, size_t end)
{
	struct found *f = ctx;

	f->start[f->n] = start;
	f->end[f->n++] = end;
}

/* The bodies of TEXT (a macro's replacement), as "body body ...". */
static void macro_bodies(const char *text, char *out)
{
	struct found f = { { 0 }, { 0 }, 0 };
	int i;

	bodyskip_macro_bodies(text, 0, strlen(text), note_found, &f);
	out[0] = '\0';
	for (i = 0; i < f.n; i++) {
		strncat(out, text + f.start[i], f.end[i] - f.start[i]);
		strcat(out, "|");
	}
}

static void test_macro_bodies(void **state)
{
	static const struct {
		const char *text, *bodies;
	} cases[] = {
		/* pasted and argument names, attributes, two definitions */
		{ "static inline void trace_##name(proto) \\\n{ f(); } \\\n"
		  "static inline int name##_on(void) __acquires(x) { return 1; }",
		  "{ f(); }|{ return 1; }|" },
		{ "static int n(void) { return c; }", "{ return c; }|" },
		/* statements, initialisers, structures: no body */
		{ "if (x) { f(); }", "" },
		{ "do { f(x); } while (0)", "" },
		{ "foo(x) { f(); }", "" },
		{ "static struct s x = { .a = f(1) }", "" },
		{ "struct x { int a; }; static int y(void) { return 0; }",
		  "{ return 0; }|" },
		{ "int (*x)(void) = g; void h(void) { }", "{ }|" },
		/* braces the text does not close */
		{ "static int x(void) { f(); ", "" },
	};
	char out[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		macro_bodies(cases[i].text, out);
		assert_string_equal(out, cases[i].bodies);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_impure_bodies),
		cmocka_unit_test(test_maybe_pure_bodies),
		cmocka_unit_test(test_called_names),
		cmocka_unit_test(test_kept_bodies),
		cmocka_unit_test(test_balanced_conditionals),
		cmocka_unit_test(test_blank_keeps_offsets),
		cmocka_unit_test(test_blank_keeps_continuations),
		cmocka_unit_test(test_macro_bodies),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

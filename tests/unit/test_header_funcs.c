/* Unit tests of checker/tulive.c: one TU's header functions that can
 * matter, as prefilter/name_graph.c decides it, solved only for those asked about.
 * Each case is built by hand: the rules name mnt_want_write, the macros
 * and functions name what they call. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prefilter/macro_index.h"
#include "prefilter/header_funcs.h"
#include "ruleset/ruleset.h"

static const char rules_text[] =
	"discipline write\n"
	"checks missing=missing-write-bracket leak=write-bracket-leak double-release=write-bracket-double-drop\n"
	"resource \"a write bracket on the mount\"\n"
	"acquire mnt_want_write arg=1 success=zero release=mnt_drop_write\n"
	"release mnt_drop_write arg=1\n";

static int setup(void **state)
{
	struct rules *r = malloc(sizeof(*r));
	char *err = NULL;

	if (!r)
		return -1;
	rules_init(r);
	if (rules_parse(r, "test.rules", rules_text, sizeof(rules_text) - 1,
			&err)) {
		fprintf(stderr, "%s\n", err);
		free(err);
		free(r);
		return -1;
	}
	*state = r;
	return 0;
}

static int teardown(void **state)
{
	rules_free(*state);
	free(*state);
	return 0;
}

static void macro(struct tulive *tl, const char *name, const char *text)
{
	tulive_add_macro(tl, name, strlen(name), text, strlen(text));
}

static size_t function(struct tulive *tl, const char *name,
		       const char *text)
{
	return tulive_add_function(tl, name, text, strlen(text));
}

static size_t asked(struct tulive *tl, const char *name, const char *text)
{
	size_t node = function(tl, name, text);

	tulive_ask(tl, node);
	return node;
}

/* A call of a rule's name, directly or through a macro or a function. */
static void test_calls_reach_the_rules(void **state)
{
	struct tulive *tl = tulive_new(*state);
	size_t direct, through_macro, through_fn, unrelated;

	macro(tl, "WANT", "(m) mnt_want_write(m)");
	function(tl, "helper", "{ return WANT(p->mnt); }");
	direct = asked(tl, "a", "{ return mnt_want_write(m); }");
	through_macro = asked(tl, "b", "{ return WANT (m); }");
	through_fn = asked(tl, "c", "{ return helper(p); }");
	unrelated = asked(tl, "d", "{ return other(p); }");
	tulive_solve(tl);
	assert_true(tulive_live(tl, direct));
	assert_true(tulive_live(tl, through_macro));
	assert_true(tulive_live(tl, through_fn));
	assert_false(tulive_live(tl, unrelated));
	tulive_free(tl);
}

/* A function only named (a callback) may be handed to a helper that
 * calls it (analysis/bound_callbacks.c), so it counts; so does a macro named without
 * "(", which still expands.  A name nothing leads from does not. */
static void test_mentions_without_a_call(void **state)
{
	struct tulive *tl = tulive_new(*state);
	size_t callback, object_macro, other;

	function(tl, "taker", "{ mnt_want_write(m); }");
	macro(tl, "TAKE_IT", " mnt_want_write(mnt)");
	function(tl, "reader", "{ return 0; }");
	callback = asked(tl, "e", "{ walk_entries(dir, taker); }");
	object_macro = asked(tl, "f", "{ return TAKE_IT; }");
	other = asked(tl, "g", "{ walk_entries(dir, reader); }");
	tulive_solve(tl);
	assert_true(tulive_live(tl, callback));
	assert_true(tulive_live(tl, object_macro));
	assert_false(tulive_live(tl, other));
	tulive_free(tl);
}

/* Cycles, comments, strings and names defined twice. */
static void test_cycles_and_noise(void **state)
{
	struct tulive *tl = tulive_new(*state);
	size_t in_cycle, dead_cycle, in_comment, twice;

	function(tl, "ping", "{ pong(); other(); }");
	function(tl, "pong", "{ ping(); mnt_want_write(m); }");
	function(tl, "tick", "{ tock(); }");
	function(tl, "tock", "{ tick(); }");
	macro(tl, "TWICE", "(x) (x)");
	macro(tl, "TWICE", "(x) mnt_want_write(x)");
	in_cycle = asked(tl, "g", "{ ping(); }");
	dead_cycle = asked(tl, "h", "{ tick(); }");
	in_comment = asked(tl, "i", "{ /* mnt_want_write(m) */ puts(\"mnt_want_write(m)\"); }");
	twice = asked(tl, "j", "{ TWICE(m); }");
	tulive_solve(tl);
	assert_true(tulive_live(tl, in_cycle));
	assert_false(tulive_live(tl, dead_cycle));
	assert_false(tulive_live(tl, in_comment));
	assert_true(tulive_live(tl, twice));
	tulive_free(tl);
}

struct scanned_macros {
	char names[8][64];
	char texts[8][64];
	int n;
};

static void note_macro(void *ctx, const char *name, size_t name_len,
		       const char *text, size_t len)
{
	struct scanned_macros *sm = ctx;

	if (sm->n == 8 || name_len >= 64 || len >= 64)
		return;
	memcpy(sm->names[sm->n], name, name_len);
	memcpy(sm->texts[sm->n], text, len);
	sm->n++;
}

/* What a #define is, for the macros of a header: at a line's start
 * (after blanks), "#" and "define" with blanks between or not. */
static void test_macroidx_scan(void **state)
{
	static const char text[] =
		"#define ONE 1\n"
		"  #  define TWO(a) \\\n\t(a)\n"
		"#defineNOT 3\n"
		"#ifdef THREE\n"
		"int x; #define NOT_AT_START 4\n"
		"#\tdefine\tFOUR\n";
	struct scanned_macros sm = { 0 };

	(void)state;
	macroidx_scan(text, sizeof(text) - 1, note_macro, &sm);
	assert_int_equal(sm.n, 3);
	assert_string_equal(sm.names[0], "ONE");
	assert_string_equal(sm.texts[0], " 1");
	assert_string_equal(sm.names[1], "TWO");
	assert_string_equal(sm.texts[1], "(a) \\\n\t(a)");
	assert_string_equal(sm.names[2], "FOUR");
	assert_string_equal(sm.texts[2], "");
}

/*
 * Macros filed for the run (prefilter/macro_index.c) count for a TU only from the
 * headers it was given, each read when its name is first met: through
 * a function, through another such macro, or as a name met before they
 * were handed over.
 */
static void test_macros_of_the_given_headers(void **state)
{
	static const char given[] =
		"#define WANT(m) mnt_want_write(m)\n"
		"#define WANT_AGAIN(m) WANT(m)\n"
		"#define EARLY(m) mnt_want_write(m)\n";
	static const char not_given[] = "#define ELSEWHERE(m) mnt_want_write(m)\n";
	struct macroidx *mi = macroidx_new();
	unsigned char in[2] = { 1, 0 };
	struct tulive *tl = tulive_new(*state);
	size_t through_two, elsewhere, early;

	macroidx_add(mi, 0, given, sizeof(given) - 1);
	macroidx_add(mi, 1, not_given, sizeof(not_given) - 1);
	function(tl, "EARLY", "{ return 0; }");	/* its name, met before */
	tulive_use_macros(tl, mi, in, 2);
	early = asked(tl, "k", "{ EARLY(m); }");
	through_two = asked(tl, "l", "{ WANT_AGAIN(m); }");
	elsewhere = asked(tl, "n", "{ ELSEWHERE(m); }");
	tulive_solve(tl);
	assert_true(tulive_live(tl, through_two));
	assert_true(tulive_live(tl, early));
	assert_false(tulive_live(tl, elsewhere));
	tulive_free(tl);
	macroidx_free(mi);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_calls_reach_the_rules,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_mentions_without_a_call,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_cycles_and_noise, setup,
						teardown),
		cmocka_unit_test(test_macroidx_scan),
		cmocka_unit_test_setup_teardown(test_macros_of_the_given_headers,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

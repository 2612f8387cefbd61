/* Unit tests of the per-key bracket state (checker/state.c): the join
 * of two paths' states, and what happens to the tie (the variable that
 * holds the acquire's result) when variables are written, copied and
 * negated.  These are the lattice operations the solver iterates to a
 * fixed point, so a wrong bit here is a wrong finding everywhere.
 * Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "analysis/bracket_state.h"

/* A state with BITS, each introduced at instruction ORIGIN_BASE + bit. */
static struct kst mk(unsigned bits, int tie, int alias,
		     enum success_kind tsucc, int origin_base)
{
	struct kst k;
	int b;

	kst_entry(&k);
	k.bits = bits;
	k.tie = tie;
	k.alias = alias;
	k.tsucc = tsucc;
	for (b = 0; b < NBITS; b++)
		if (bits & BIT(b))
			k.origin[b] = origin_base + b;
	return k;
}

/* ---- masks and entry ----------------------------------------------- */

static void test_masks(void **state)
{
	(void)state;
	assert_int_equal(NBITS, 9);
	assert_int_equal(HELD_BITS, BIT(B_HELD) | BIT(B_HELD_T));
	assert_int_equal(HELDISH_BITS, BIT(B_HELD) | BIT(B_HELD_T) |
			 BIT(B_PEND_T) | BIT(B_UNCHK));
	assert_int_equal(TIED_BITS, BIT(B_HELD_T) | BIT(B_PEND_T) |
			 BIT(B_FAIL_T));
	assert_int_equal(FAIL_BITS, BIT(B_FAIL) | BIT(B_FAIL_T));
	assert_int_equal(COVER_BITS, HELD_BITS | BIT(B_GIVEN));
	/* Entry, drop and the untied pending state cover nothing. */
	assert_false(COVER_BITS & (BIT(B_ENTRY) | BIT(B_DROP) |
				   BIT(B_PEND_T) | BIT(B_UNCHK) | FAIL_BITS));
	assert_true(TIE_NONE < 0 && TIE_LOST < 0 && TIE_NONE != TIE_LOST);
}

static void test_entry(void **state)
{
	struct kst k;
	int b;

	(void)state;
	memset(&k, 0x5a, sizeof(k));
	kst_entry(&k);
	assert_int_equal(k.bits, BIT(B_ENTRY));
	assert_int_equal(k.tie, TIE_NONE);
	assert_int_equal(k.alias, TIE_NONE);
	assert_int_equal(k.tsucc, SUCCESS_ZERO);
	for (b = 0; b < NBITS; b++)
		assert_int_equal(k.origin[b], -1);
	assert_false(kst_tied_to(&k, 0));
	assert_false(kst_tied_to(&k, TIE_NONE));
}

/* ---- untie --------------------------------------------------------- */

static void test_untie(void **state)
{
	struct kst k;

	(void)state;
	k = mk(BIT(B_HELD_T) | BIT(B_PEND_T) | BIT(B_FAIL_T) | BIT(B_DROP),
	       4, 6, SUCCESS_ZERO, 100);
	kst_untie(&k);
	assert_int_equal(k.bits, BIT(B_HELD) | BIT(B_UNCHK) | BIT(B_FAIL) |
			 BIT(B_DROP));
	assert_int_equal(k.tie, TIE_NONE);
	assert_int_equal(k.alias, TIE_NONE);
	/* Each untied bit keeps the origin of the tied one. */
	assert_int_equal(k.origin[B_HELD], 100 + B_HELD_T);
	assert_int_equal(k.origin[B_UNCHK], 100 + B_PEND_T);
	assert_int_equal(k.origin[B_FAIL], 100 + B_FAIL_T);
	assert_int_equal(k.origin[B_DROP], 100 + B_DROP);
	assert_false(kst_tied_to(&k, 4));
	assert_false(kst_tied_to(&k, 6));
}

/* When the untied bit is already there, its own origin stays. */
static void test_untie_keeps_existing_origin(void **state)
{
	struct kst k;

	(void)state;
	k = mk(BIT(B_HELD) | BIT(B_HELD_T), 2, TIE_NONE, SUCCESS_ZERO, 10);
	kst_untie(&k);
	assert_int_equal(k.bits, BIT(B_HELD));
	assert_int_equal(k.origin[B_HELD], 10 + B_HELD);
	/* Untying an untied state changes nothing. */
	kst_untie(&k);
	assert_int_equal(k.bits, BIT(B_HELD));
	assert_int_equal(k.tie, TIE_NONE);
}

static void test_untie_keeps_lost(void **state)
{
	struct kst k;

	(void)state;
	k = mk(BIT(B_UNCHK), TIE_LOST, TIE_NONE, SUCCESS_ZERO, 0);
	kst_untie(&k);
	assert_int_equal(k.tie, TIE_LOST);
}

/* ---- join ---------------------------------------------------------- */

static void test_join_union(void **state)
{
	struct kst d, s;

	(void)state;
	d = mk(BIT(B_ENTRY) | BIT(B_DROP), TIE_NONE, TIE_NONE, SUCCESS_ZERO,
	       10);
	s = mk(BIT(B_HELD) | BIT(B_DROP), TIE_NONE, TIE_NONE, SUCCESS_ZERO,
	       20);
	assert_int_not_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.bits, BIT(B_ENTRY) | BIT(B_DROP) | BIT(B_HELD));
	/* New bits take the source's origin; old ones keep their own. */
	assert_int_equal(d.origin[B_ENTRY], 10 + B_ENTRY);
	assert_int_equal(d.origin[B_DROP], 10 + B_DROP);
	assert_int_equal(d.origin[B_HELD], 20 + B_HELD);
	assert_int_equal(d.origin[B_FAIL], -1);
	/* The join is idempotent: nothing changes the second time. */
	assert_int_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.bits, BIT(B_ENTRY) | BIT(B_DROP) | BIT(B_HELD));
	assert_int_equal(d.origin[B_HELD], 20 + B_HELD);
	/* Joining a subset changes nothing either. */
	s = mk(BIT(B_ENTRY), TIE_NONE, TIE_NONE, SUCCESS_ZERO, 30);
	assert_int_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.origin[B_ENTRY], 10 + B_ENTRY);
}

/* An untied destination adopts the source's tie, alias and sense. */
static void test_join_adopts_tie(void **state)
{
	struct kst d, s;

	(void)state;
	d = mk(BIT(B_ENTRY), TIE_NONE, TIE_NONE, SUCCESS_ZERO, 0);
	s = mk(BIT(B_PEND_T), 3, 5, SUCCESS_NOT_ERR_PTR, 40);
	assert_int_not_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.bits, BIT(B_ENTRY) | BIT(B_PEND_T));
	assert_int_equal(d.tie, 3);
	assert_int_equal(d.alias, 5);
	assert_int_equal(d.tsucc, SUCCESS_NOT_ERR_PTR);
	assert_int_equal(d.origin[B_PEND_T], 40 + B_PEND_T);
	assert_true(kst_tied_to(&d, 3));
	assert_true(kst_tied_to(&d, 5));
	assert_false(kst_tied_to(&d, 4));
	/* The other way round: a tied destination keeps its tie when the
	 * source has no tied bits. */
	s = mk(BIT(B_DROP), TIE_NONE, TIE_NONE, SUCCESS_ZERO, 50);
	assert_int_not_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.tie, 3);
	assert_int_equal(d.alias, 5);
	assert_int_equal(d.tsucc, SUCCESS_NOT_ERR_PTR);
	assert_true(d.bits & BIT(B_PEND_T));
}

/* The same tie on both sides: tied bits stay tied and union. */
static void test_join_same_tie(void **state)
{
	struct kst d, s;

	(void)state;
	d = mk(BIT(B_HELD_T), 7, TIE_NONE, SUCCESS_ZERO, 0);
	s = mk(BIT(B_FAIL_T), 7, TIE_NONE, SUCCESS_ZERO, 60);
	assert_int_not_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.bits, BIT(B_HELD_T) | BIT(B_FAIL_T));
	assert_int_equal(d.tie, 7);
	assert_int_equal(d.origin[B_FAIL_T], 60 + B_FAIL_T);
	/* Same tie, different aliases: the alias is no longer sure. */
	d.alias = 8;
	s.alias = 9;
	assert_int_not_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.tie, 7);
	assert_int_equal(d.alias, TIE_NONE);
	assert_int_equal(d.bits, BIT(B_HELD_T) | BIT(B_FAIL_T));
}

/* Different ties: both sides untie, and the tie is lost for good. */
static void test_join_conflicting_ties(void **state)
{
	struct kst d, s;

	(void)state;
	d = mk(BIT(B_HELD_T) | BIT(B_FAIL_T), 3, TIE_NONE, SUCCESS_ZERO, 10);
	s = mk(BIT(B_PEND_T) | BIT(B_HELD), 4, TIE_NONE, SUCCESS_ZERO, 20);
	assert_int_not_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.bits, BIT(B_HELD) | BIT(B_FAIL) | BIT(B_UNCHK));
	assert_false(d.bits & TIED_BITS);
	assert_int_equal(d.tie, TIE_LOST);
	assert_int_equal(d.alias, TIE_NONE);
	assert_false(kst_tied_to(&d, 3));
	assert_false(kst_tied_to(&d, 4));
	/* Origins: the destination's own, moved to the untied bits; the
	 * source's only for bits the destination lacked. */
	assert_int_equal(d.origin[B_HELD], 10 + B_HELD_T);
	assert_int_equal(d.origin[B_FAIL], 10 + B_FAIL_T);
	assert_int_equal(d.origin[B_UNCHK], 20 + B_PEND_T);

	/* Sticky: a later tied source is untied on the way in, even one
	 * tied to a variable seen before. */
	s = mk(BIT(B_HELD_T) | BIT(B_DROP), 3, TIE_NONE, SUCCESS_ZERO, 30);
	assert_int_not_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.tie, TIE_LOST);
	assert_int_equal(d.bits, BIT(B_HELD) | BIT(B_FAIL) | BIT(B_UNCHK) |
			 BIT(B_DROP));
	assert_int_equal(d.origin[B_HELD], 10 + B_HELD_T);
	assert_int_equal(d.origin[B_DROP], 30 + B_DROP);
	/* ... and then nothing new: no change reported. */
	s = mk(BIT(B_PEND_T), 4, TIE_NONE, SUCCESS_ZERO, 40);
	assert_int_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.tie, TIE_LOST);
	assert_false(d.bits & TIED_BITS);
}

/* The same variable with opposite senses is a conflict too. */
static void test_join_conflicting_sense(void **state)
{
	struct kst d, s;

	(void)state;
	d = mk(BIT(B_PEND_T), 3, TIE_NONE, SUCCESS_ZERO, 0);
	s = mk(BIT(B_PEND_T), 3, TIE_NONE, SUCCESS_NONZERO, 0);
	assert_int_not_equal(kst_join(&d, &s), 0);
	assert_int_equal(d.bits, BIT(B_UNCHK));
	assert_int_equal(d.tie, TIE_LOST);
}

static struct kst mk_tied(unsigned bits, int tie)
{
	return mk(bits, bits & TIED_BITS ? tie : TIE_NONE, TIE_NONE,
		  SUCCESS_ZERO, 0);
}

/* The join is order-independent in its bits and its tie. */
static void test_join_commutes(void **state)
{
	static const unsigned sets[] = {
		BIT(B_ENTRY), BIT(B_HELD_T), BIT(B_PEND_T) | BIT(B_DROP),
		BIT(B_FAIL_T) | BIT(B_HELD), BIT(B_GIVEN), BIT(B_UNCHK),
	};
	struct kst a, b, ab, ba;
	size_t i, j, t;

	(void)state;
	for (i = 0; i < 6; i++) {
		for (j = 0; j < 6; j++) {
			/* t: the ties of a and b, 1 or 2 each */
			for (t = 0; t < 4; t++) {
				a = mk_tied(sets[i], 1 + (t & 1));
				b = mk_tied(sets[j], 1 + (t >> 1));
				ab = a;
				kst_join(&ab, &b);
				ba = b;
				kst_join(&ba, &a);
				assert_int_equal(ab.bits, ba.bits);
				assert_int_equal(ab.tie, ba.tie);
			}
		}
	}
}

/* ---- variables ----------------------------------------------------- */

static void test_var_written_tie(void **state)
{
	struct kst k;

	(void)state;
	k = mk(BIT(B_HELD_T) | BIT(B_PEND_T), 3, TIE_NONE, SUCCESS_ZERO, 0);
	/* Other variables, and "no variable", do nothing. */
	kst_var_written(&k, 4);
	kst_var_written(&k, -1);
	assert_int_equal(k.tie, 3);
	assert_int_equal(k.bits, BIT(B_HELD_T) | BIT(B_PEND_T));
	/* The tie itself: the state unties. */
	kst_var_written(&k, 3);
	assert_int_equal(k.tie, TIE_NONE);
	assert_int_equal(k.bits, BIT(B_HELD) | BIT(B_UNCHK));
	assert_false(kst_tied_to(&k, 3));
}

/* With an alias, writing the tie moves the tie to the alias. */
static void test_var_written_alias(void **state)
{
	struct kst k;

	(void)state;
	k = mk(BIT(B_PEND_T), 3, 5, SUCCESS_ZERO, 0);
	kst_var_written(&k, 3);
	assert_int_equal(k.tie, 5);
	assert_int_equal(k.alias, TIE_NONE);
	assert_int_equal(k.bits, BIT(B_PEND_T));
	assert_true(kst_tied_to(&k, 5));
	assert_false(kst_tied_to(&k, 3));

	/* Writing the alias forgets only the alias. */
	k = mk(BIT(B_PEND_T), 3, 5, SUCCESS_ZERO, 0);
	kst_var_written(&k, 5);
	assert_int_equal(k.tie, 3);
	assert_int_equal(k.alias, TIE_NONE);
	assert_int_equal(k.bits, BIT(B_PEND_T));
	assert_false(kst_tied_to(&k, 5));
}

static void test_var_copied(void **state)
{
	struct kst k;

	(void)state;
	/* err = ret: err becomes the alias. */
	k = mk(BIT(B_PEND_T), 3, TIE_NONE, SUCCESS_ZERO, 0);
	kst_var_copied(&k, 5, 3);
	assert_int_equal(k.tie, 3);
	assert_int_equal(k.alias, 5);
	assert_true(kst_tied_to(&k, 5));
	assert_int_equal(k.bits, BIT(B_PEND_T));
	/* ret = something else: the tie moves to err. */
	kst_var_written(&k, 3);
	assert_int_equal(k.tie, 5);
	assert_int_equal(k.alias, TIE_NONE);
	/* ret = err: ret is a copy again. */
	kst_var_copied(&k, 3, 5);
	assert_int_equal(k.tie, 5);
	assert_int_equal(k.alias, 3);

	/* Overwriting the tie with its alias: the alias takes over, and
	 * the tie variable is its copy. */
	k = mk(BIT(B_HELD_T), 3, 5, SUCCESS_ZERO, 0);
	kst_var_copied(&k, 3, 5);
	assert_true(kst_tied_to(&k, 3));
	assert_true(kst_tied_to(&k, 5));
	assert_int_equal(k.bits, BIT(B_HELD_T));

	/* A copy of the alias: one alias is all a state keeps, and the
	 * one it has still holds the value, so it stays. */
	k = mk(BIT(B_PEND_T), 3, 5, SUCCESS_ZERO, 0);
	kst_var_copied(&k, 6, 5);
	assert_int_equal(k.tie, 3);
	assert_int_equal(k.alias, 5);

	/* Copying an unrelated variable over the tie unties. */
	k = mk(BIT(B_HELD_T), 3, TIE_NONE, SUCCESS_ZERO, 0);
	kst_var_copied(&k, 3, 9);
	assert_int_equal(k.tie, TIE_NONE);
	assert_int_equal(k.alias, TIE_NONE);
	assert_int_equal(k.bits, BIT(B_HELD));
	/* ... and copying it elsewhere does not tie anything. */
	kst_var_copied(&k, 5, 9);
	assert_int_equal(k.alias, TIE_NONE);
	assert_false(kst_tied_to(&k, 5));

	/* A copy from "no variable" is a plain write. */
	k = mk(BIT(B_HELD_T), 3, 5, SUCCESS_ZERO, 0);
	kst_var_copied(&k, 5, -1);
	assert_int_equal(k.tie, 3);
	assert_int_equal(k.alias, TIE_NONE);
}

/*
 * err = err (or err = (err), what a macro can expand to) leaves err
 * holding the result: the tie and the alias must survive a copy of a
 * variable onto itself.  Untying here turns
 *	err = mnt_want_write(mnt); err = err; if (err) return err;
 * into a leak, a missing bracket and a double drop.
 */
static void test_var_copied_self(void **state)
{
	struct kst tie, alias;

	(void)state;
	tie = mk(BIT(B_PEND_T), 3, TIE_NONE, SUCCESS_ZERO, 0);
	kst_var_copied(&tie, 3, 3);
	alias = mk(BIT(B_PEND_T), 3, 5, SUCCESS_ZERO, 0);
	kst_var_copied(&alias, 5, 5);
	assert_int_equal(tie.bits, BIT(B_PEND_T));
	assert_int_equal(tie.tie, 3);
	assert_int_equal(alias.tie, 3);
	assert_int_equal(alias.alias, 5);
}

/* ret = !ret_tmp: a fresh result changes sense; only temporaries. */
static void test_var_negated(void **state)
{
	struct kst k;

	(void)state;
	k = mk(BIT(B_PEND_T), 3, TIE_NONE, SUCCESS_ZERO, 0);
	kst_var_negated(&k, 6, 3, 1);
	assert_int_equal(k.tie, 6);
	assert_int_equal(k.tsucc, SUCCESS_NONZERO);
	assert_int_equal(k.bits, BIT(B_PEND_T));
	assert_false(kst_tied_to(&k, 3));
	/* And back: !!x is x. */
	kst_var_negated(&k, 7, 6, 1);
	assert_int_equal(k.tie, 7);
	assert_int_equal(k.tsucc, SUCCESS_ZERO);

	/* A named variable is not moved: DST is just written. */
	k = mk(BIT(B_PEND_T), 3, TIE_NONE, SUCCESS_ZERO, 0);
	kst_var_negated(&k, 6, 3, 0);
	assert_int_equal(k.tie, 3);
	assert_int_equal(k.tsucc, SUCCESS_ZERO);
	assert_false(kst_tied_to(&k, 6));

	/* Negating a result with no zero/nonzero sense: no move. */
	k = mk(BIT(B_PEND_T), 3, TIE_NONE, SUCCESS_NOT_ERR_PTR, 0);
	kst_var_negated(&k, 6, 3, 1);
	assert_int_equal(k.tie, 3);
	assert_int_equal(k.tsucc, SUCCESS_NOT_ERR_PTR);

	/* A temporary with an alias is not a fresh result. */
	k = mk(BIT(B_PEND_T), 3, 5, SUCCESS_ZERO, 0);
	kst_var_negated(&k, 6, 3, 1);
	assert_int_equal(k.tie, 3);
	assert_int_equal(k.alias, 5);
	assert_int_equal(k.tsucc, SUCCESS_ZERO);

	/* Negating some other temporary into the tie unties. */
	k = mk(BIT(B_HELD_T), 3, TIE_NONE, SUCCESS_ZERO, 0);
	kst_var_negated(&k, 3, 8, 1);
	assert_int_equal(k.tie, TIE_NONE);
	assert_int_equal(k.bits, BIT(B_HELD));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_masks),
		cmocka_unit_test(test_entry),
		cmocka_unit_test(test_untie),
		cmocka_unit_test(test_untie_keeps_existing_origin),
		cmocka_unit_test(test_untie_keeps_lost),
		cmocka_unit_test(test_join_union),
		cmocka_unit_test(test_join_adopts_tie),
		cmocka_unit_test(test_join_same_tie),
		cmocka_unit_test(test_join_conflicting_ties),
		cmocka_unit_test(test_join_conflicting_sense),
		cmocka_unit_test(test_join_commutes),
		cmocka_unit_test(test_var_written_tie),
		cmocka_unit_test(test_var_written_alias),
		cmocka_unit_test(test_var_copied),
		cmocka_unit_test(test_var_copied_self),
		cmocka_unit_test(test_var_negated),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

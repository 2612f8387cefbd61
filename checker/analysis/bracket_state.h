/* The bracket state of one key (one mount, file or path expression) at
 * one program point: the set of situations the paths reaching it can
 * be in.  A set, not a single value, so that one solve answers both
 * "held on every path" (guarded calls) and "held on some path"
 * (leaks). */
#ifndef WBCHECK_ANALYSIS_BRACKET_STATE_H
#define WBCHECK_ANALYSIS_BRACKET_STATE_H

#include "ruleset/ruleset.h"

enum kbit {
	B_ENTRY,	/* as the caller left it: this function has not touched it */
	B_HELD,		/* held */
	B_HELD_T,	/* held, and the tied variable still says success */
	B_PEND_T,	/* taken, the tied variable not yet tested */
	B_UNCHK,	/* taken, result never tested and no longer known */
	B_FAIL,		/* the acquire failed */
	B_FAIL_T,	/* failed, the tied variable still says so */
	B_DROP,		/* released */
	B_GIVEN,	/* held by its object for its whole life (a holds rule) */
	NBITS
};

#define BIT(b) (1u << (b))
#define HELD_BITS (BIT(B_HELD) | BIT(B_HELD_T))
#define HELDISH_BITS (HELD_BITS | BIT(B_PEND_T) | BIT(B_UNCHK))
#define TIED_BITS (BIT(B_HELD_T) | BIT(B_PEND_T) | BIT(B_FAIL_T))
#define FAIL_BITS (BIT(B_FAIL) | BIT(B_FAIL_T))
/* What covers a guarded call. */
#define COVER_BITS (HELD_BITS | BIT(B_GIVEN))

#define TIE_NONE (-1)
#define TIE_LOST (-2)	/* ties disagreed here once: never tie again */

struct kst {
	unsigned bits;
	int tie;			/* variable holding the acquire's result */
	int alias;			/* a copy of it (err = __ret), or TIE_NONE */
	enum success_kind tsucc;	/* how that variable says success */
	int origin[NBITS];		/* instruction that introduced each bit */
};

void kst_entry(struct kst *k);
/* Forget the tie: the variable no longer holds the acquire's result. */
void kst_untie(struct kst *k);
/* Does VAR hold the tied value? */
int kst_tied_to(const struct kst *k, int var);
/* VAR is overwritten. */
void kst_var_written(struct kst *k, int var);
/* DST = SRC copies the tied value. */
void kst_var_copied(struct kst *k, int dst, int src);
/* DST = !SRC: a fresh result (SRC a temporary) moves to DST with the
 * opposite sense; otherwise DST is just overwritten. */
void kst_var_negated(struct kst *k, int dst, int src, int src_is_temp);
/* Join SRC into DST; returns nonzero if DST changed. */
int kst_join(struct kst *dst, const struct kst *src);

#endif

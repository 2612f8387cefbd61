/* analysis: the lattice of one key's bracket state (bracket_state.h). */
#include "analysis/bracket_state.h"

#include <string.h>

void kst_entry(struct kst *k)
{
	int b;

	k->bits = BIT(B_ENTRY);
	k->tie = TIE_NONE;
	k->alias = TIE_NONE;
	k->tsucc = SUCCESS_ZERO;
	for (b = 0; b < NBITS; b++)
		k->origin[b] = -1;
}

static void move_bit(struct kst *k, enum kbit from, enum kbit to)
{
	if (!(k->bits & BIT(from)))
		return;
	k->bits &= ~BIT(from);
	if (!(k->bits & BIT(to)))
		k->origin[to] = k->origin[from];
	k->bits |= BIT(to);
}

void kst_untie(struct kst *k)
{
	move_bit(k, B_HELD_T, B_HELD);
	move_bit(k, B_PEND_T, B_UNCHK);
	move_bit(k, B_FAIL_T, B_FAIL);
	if (k->tie != TIE_LOST)
		k->tie = TIE_NONE;
	k->alias = TIE_NONE;
}

static void adopt_origins(struct kst *dst, const struct kst *src, unsigned newbits)
{
	int b;

	for (b = 0; b < NBITS; b++)
		if ((newbits & BIT(b)) && dst->origin[b] < 0)
			dst->origin[b] = src->origin[b];
}

int kst_join(struct kst *dst, const struct kst *src)
{
	unsigned before = dst->bits;
	int tie_before = dst->tie, alias_before = dst->alias;
	struct kst s = *src;

	if ((s.bits & TIED_BITS) && (dst->bits & TIED_BITS) &&
	    (s.tie != dst->tie || s.tsucc != dst->tsucc)) {
		kst_untie(&s);
		kst_untie(dst);
		dst->tie = TIE_LOST;
	}
	if (dst->tie == TIE_LOST && (s.bits & TIED_BITS))
		kst_untie(&s);
	if ((s.bits & TIED_BITS) && !(dst->bits & TIED_BITS)) {
		dst->tie = s.tie;
		dst->alias = s.alias;
		dst->tsucc = s.tsucc;
	} else if ((s.bits & TIED_BITS) && s.alias != dst->alias) {
		dst->alias = TIE_NONE;
	}
	adopt_origins(dst, &s, s.bits & ~dst->bits);
	dst->bits |= s.bits;
	return dst->bits != before || dst->tie != tie_before ||
	       dst->alias != alias_before;
}

int kst_tied_to(const struct kst *k, int var)
{
	return var >= 0 && (k->tie == var || k->alias == var);
}

void kst_var_written(struct kst *k, int var)
{
	if (var < 0)
		return;
	if (k->alias == var) {
		k->alias = TIE_NONE;
	} else if (k->tie == var) {
		if (k->alias >= 0) {
			k->tie = k->alias;
			k->alias = TIE_NONE;
		} else {
			kst_untie(k);
		}
	}
}

void kst_var_copied(struct kst *k, int dst, int src)
{
	if (dst == src)
		return;	/* err = err changes nothing */
	kst_var_written(k, dst);
	if (src >= 0 && dst >= 0 && kst_tied_to(k, src))
		k->alias = k->tie == src ? dst : src;
}

void kst_var_negated(struct kst *k, int dst, int src, int src_is_temp)
{
	kst_var_written(k, dst);
	if (!src_is_temp || k->tie != src || k->alias >= 0 ||
	    (k->tsucc != SUCCESS_ZERO && k->tsucc != SUCCESS_NONZERO))
		return;
	k->tie = dst;
	k->tsucc = k->tsucc == SUCCESS_ZERO ? SUCCESS_NONZERO : SUCCESS_ZERO;
}

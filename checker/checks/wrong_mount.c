/*
 * checks: wrong object.  The engine covers a guarded call with whatever key is
 * held; this asks, for a covered call, whether what is held provably
 * belongs to something else.  Proof is deliberately narrow: the held
 * key and the call's object argument are rooted in two different
 * variables (parameters, or locals written once) of the same struct
 * pointer type, such as nfsd's ffhp and tfhp.  Any doubt (the same
 * root, a global, a variable written twice, a root of another type, a
 * held key the engine reached another way) keeps it silent.
 */
#include "checks/wrong_mount.h"
#include "analysis/keys.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A variable that names one object for the whole function. */
static int stable_struct_ptr(const struct ir_var *v)
{
	size_t n;

	if (!v->type || strncmp(v->type, "struct ", 7))
		return 0;
	n = strlen(v->type);
	if (n < 2 || v->type[n - 1] != '*' || v->type[n - 2] == '*')
		return 0;
	return v->param ? !v->assigned : v->stores <= 1;
}

static int differ(const struct ir_func *fn, int a, int b)
{
	if (a < 0 || b < 0 || a == b)
		return 0;
	if (!stable_struct_ptr(&fn->vars[a]) || !stable_struct_ptr(&fn->vars[b]))
		return 0;
	return !strcmp(fn->vars[a].type, fn->vars[b].type);
}

int wrong_object(const struct solve *s, size_t i, const struct effect *e,
		 int *key, int *arg)
{
	const struct ir_func *fn = s->ctx->fn;
	const struct ir_call *call = fn->instrs[i].call;
	const struct kst *st = &s->kst[i * s->nkeys];
	size_t k;
	int o, found = -1;

	if (!e->guard || !e->rule || !call)
		return 0;
	for (k = 0; k < s->nkeys; k++) {
		int hv;

		if (!st[k].bits || (st[k].bits & ~COVER_BITS))
			continue;	/* not held on every path */
		hv = key_origin_var(fn, s->ef->keys.keys[k]);
		for (o = 0; o < e->rule->nobjects; o++) {
			int n = e->rule->objects[o];

			if (n < 1 || n > call->nargs ||
			    !differ(fn, hv, key_origin_var(fn, call->args[n - 1].key)))
				return 0;
		}
		found = (int)k;
	}
	if (found < 0)
		return 0;
	*key = found;
	*arg = e->rule->objects[0];
	return 1;
}

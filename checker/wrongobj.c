/*
 * Wrong object.  The engine covers a guarded call with whatever key is
 * held; this asks, for a covered call, whether what is held provably
 * belongs to something else.  Proof is deliberately narrow: the held
 * key and the call's object argument are rooted in two different
 * variables (parameters, or locals written once) of the same struct
 * pointer type, such as nfsd's ffhp and tfhp.  Any doubt (the same
 * root, a global, a variable written twice, a root of another type, a
 * held key the engine reached another way) keeps it silent.
 */
#include "wrongobj.h"
#include "exprtext.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The identifier KEY is rooted in, through &, * and the single argument
 * of accessor calls (d_inode(x)): its start and length. */
static const char *key_root(const char *key, size_t *len, int depth)
{
	const char *p = key, *id;
	int level = 0;

	while (*p == '&' || *p == '*' || *p == '(')
		p++;
	id = p;
	if (*p == '$' || isalpha((unsigned char)*p) || *p == '_')
		p++;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	if (p == id || depth > 4)
		return NULL;
	if (*p != '(') {
		*len = (size_t)(p - id);
		return id;
	}
	/* a call: only one argument, or the root is unclear */
	for (key = p; *key; key++) {
		if (*key == '(')
			level++;
		else if (*key == ')' && --level == 0)
			break;
		else if (*key == ',' && level == 1)
			return NULL;
	}
	return key_root(p + 1, len, depth + 1);
}

int key_root_var(const struct ir_func *fn, const char *key)
{
	const char *r;
	size_t len, v;

	if (!key || !(r = key_root(key, &len, 0)))
		return -1;
	if (r[0] == '$') {
		long n = strtol(r + 1, NULL, 10);

		for (v = 0; v < fn->nvars; v++)
			if (fn->vars[v].param == n)
				return (int)v;
		return -1;
	}
	for (v = 0; v < fn->nvars; v++)
		if (!fn->vars[v].is_temp && strlen(fn->vars[v].name) == len &&
		    !strncmp(fn->vars[v].name, r, len))
			return (int)v;
	return -1;	/* a global, or a field of nothing we know */
}

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

/* The variable KEY comes from, through locals set once. */
int key_origin_var(const struct ir_func *fn, const char *key)
{
	int v = key_root_var(fn, key), depth;

	for (depth = 0; v >= 0 && depth < 6; depth++) {
		const struct ir_var *var = &fn->vars[v];

		if (var->param || !var->value_key || var->value_multi)
			return v;
		v = key_root_var(fn, var->value_key);
	}
	return depth < 6 ? v : -1;
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

/* The key as the function spells it: each $N becomes the parameter's
 * name, the way a caller's arguments replace them (key_substitute). */
char *key_text(const struct ir_func *fn, const char *key)
{
	char **names;
	char *text;
	int nparams = 0;
	size_t v;

	for (v = 0; v < fn->nvars; v++)
		if (fn->vars[v].param > nparams)
			nparams = fn->vars[v].param;
	names = xcalloc((size_t)nparams + 1, sizeof(*names));
	for (v = 0; v < fn->nvars; v++)
		if (fn->vars[v].param > 0)
			names[fn->vars[v].param - 1] = fn->vars[v].name;
	text = key_substitute(key, names, nparams);
	free(names);
	return text ? text : xstrdup(key);
}

#include "ir.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* File names repeat in every location: keep one copy of each. */
static char **interned;
static size_t ninterned, interned_cap;
static size_t *ibuckets;
static size_t nibuckets;

static size_t hash_str(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void rehash(void)
{
	size_t i, nb = nibuckets ? nibuckets * 2 : 64;

	free(ibuckets);
	ibuckets = xcalloc(nb, sizeof(*ibuckets));
	nibuckets = nb;
	for (i = 0; i < ninterned; i++) {
		size_t h = hash_str(interned[i]) % nb;

		while (ibuckets[h])
			h = (h + 1) % nb;
		ibuckets[h] = i + 1;
	}
}

const char *intern(const char *s)
{
	size_t h;

	if (ninterned * 2 >= nibuckets)
		rehash();
	h = hash_str(s) % nibuckets;
	while (ibuckets[h]) {
		if (!strcmp(interned[ibuckets[h] - 1], s))
			return interned[ibuckets[h] - 1];
		h = (h + 1) % nibuckets;
	}
	*ARRAY_PUSH(interned, ninterned, interned_cap) = xstrdup(s);
	ibuckets[h] = ninterned;
	return interned[ninterned - 1];
}

void intern_free_all(void)
{
	size_t i;

	for (i = 0; i < ninterned; i++)
		free(interned[i]);
	free(interned);
	free(ibuckets);
	interned = NULL;
	ibuckets = NULL;
	ninterned = interned_cap = nibuckets = 0;
}

static void call_free(struct ir_call *c)
{
	int i;

	for (i = 0; i < c->nargs; i++) {
		free(c->args[i].text);
		free(c->args[i].key);
		free(c->args[i].path_of);
		free(c->args[i].type);
	}
	free(c->args);
	free(c->callee);
	free(c->usr);
	free(c->text);
	free(c->macro_name);
	free(c->guard_cond);
	free(c);
}

void ir_func_free(struct ir_func *fn)
{
	size_t i;

	if (!fn)
		return;
	for (i = 0; i < fn->ninstrs; i++) {
		if (fn->instrs[i].call)
			call_free(fn->instrs[i].call);
		free(fn->instrs[i].hold_key);
	}
	for (i = 0; i < fn->nvars; i++)
		free(fn->vars[i].name);
	for (i = 0; i < fn->nscope; i++) {
		free(fn->scope[i].name);
		free(fn->scope[i].type);
	}
	free(fn->scope);
	free(fn->instrs);
	free(fn->vars);
	free(fn->name);
	free(fn->usr);
	free(fn);
}

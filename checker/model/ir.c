/* model: the IR a function is lowered to, and its interned strings. */
#include "model/ir.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <pthread.h>

/* File names repeat in every location: keep one copy of each. */
static struct strmap interned;

static pthread_mutex_t intern_lock = PTHREAD_MUTEX_INITIALIZER;

/* Workers parse in parallel (frontend/parse_pool.c): the one shared table is
 * locked. */
const char *intern(const char *s)
{
	const char *r;

	pthread_mutex_lock(&intern_lock);
	r = strmap_put(&interned, s, 0);
	pthread_mutex_unlock(&intern_lock);
	return r;
}

void intern_free_all(void)
{
	strmap_free(&interned);
}

static void call_free(struct ir_call *c)
{
	int i;

	for (i = 0; i < c->nargs; i++) {
		free(c->args[i].text);
		free(c->args[i].key);
		free(c->args[i].path_of);
		free(c->args[i].type);
		free(c->args[i].fn_usr);
	}
	free(c->args);
	free(c->callee);
	free(c->usr);
	free(c->text);
	free(c->macro_name);
	free(c->guard_cond);
	free(c->member);
	free(c);
}

int loc_cmp(const struct loc *a, const struct loc *b)
{
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->col < b->col ? -1 : a->col > b->col;
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
		free(fn->instrs[i].cmp[0]);
		free(fn->instrs[i].cmp[1]);
		free(fn->instrs[i].src_field);
	}
	for (i = 0; i < fn->nvars; i++) {
		free(fn->vars[i].name);
		free(fn->vars[i].type);
		free(fn->vars[i].value_key);
	}
	for (i = 0; i < fn->nscope; i++) {
		free(fn->scope[i].name);
		free(fn->scope[i].type);
	}
	for (i = 0; i < fn->ncopies; i++) {
		free(fn->copies[i].dst);
		free(fn->copies[i].src);
	}
	free(fn->copies);
	free(fn->scope);
	free(fn->instrs);
	free(fn->vars);
	free(fn->name);
	free(fn->usr);
	free(fn);
}

/*
 * model: the program, every function lowered in this run, and the
 * summaries the analysis computes for them (analysis/interproc.c).
 */
#include "model/program.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

void summary_init(struct summary *s)
{
	memset(s, 0, sizeof(*s));
	s->nvariants = 1;
}

void variant_summary_free(struct variant_summary *v)
{
	size_t i;

	note_list_free(&v->chain);
	free(v->needs_callee);
	free(v->acquires);
	free(v->acq_name);
	free(v->releases);
	free(v->rel_name);
	free(v->takes);
	note_list_free(&v->takes_chain);
	for (i = 0; i < v->ncopies; i++) {
		free(v->copies[i].dst);
		free(v->copies[i].src);
	}
	free(v->copies);
	memset(v, 0, sizeof(*v));
}

void summary_free(struct summary *s)
{
	int v;

	for (v = 0; v < MAX_VARIANTS; v++)
		variant_summary_free(&s->v[v]);
}

static int str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

static int copies_eq(const struct variant_summary *x,
		     const struct variant_summary *y)
{
	size_t i;

	if (x->ncopies != y->ncopies)
		return 0;
	for (i = 0; i < x->ncopies; i++)
		if (!str_eq(x->copies[i].dst, y->copies[i].dst) ||
		    !str_eq(x->copies[i].src, y->copies[i].src))
			return 0;
	return 1;
}

int summary_equal(const struct summary *a, const struct summary *b)
{
	int v;

	if (a->nvariants != b->nvariants || a->nflags != b->nflags ||
	    memcmp(a->flags, b->flags, sizeof(a->flags)) ||
	    memcmp(a->alias, b->alias, sizeof(a->alias)) ||
	    memcmp(a->field_neg, b->field_neg, sizeof(a->field_neg)))
		return 0;
	for (v = 0; v < a->nflags; v++)
		if (!str_eq(a->field[v], b->field[v]))
			return 0;
	for (v = 0; v < a->nvariants; v++) {
		const struct variant_summary *x = &a->v[v], *y = &b->v[v];

		if (x->needs != y->needs || !str_eq(x->acquires, y->acquires) ||
		    x->acq_success != y->acq_success || x->acq_parks != y->acq_parks ||
		    !str_eq(x->releases, y->releases) ||
		    x->rel_kind != y->rel_kind ||
		    !str_eq(x->needs_callee, y->needs_callee) ||
		    !str_eq(x->takes, y->takes) || x->takes_parks != y->takes_parks ||
		    !copies_eq(x, y))
			return 0;
	}
	return 1;
}

int summary_alias_flag(const struct summary *s, int a, int b)
{
	int f;

	for (f = 0; s && a && b && f < s->nflags; f++)
		if (s->alias[f] && ((s->flags[f] == a && s->alias[f] == b) ||
				    (s->flags[f] == b && s->alias[f] == a)))
			return f;
	return -1;
}

void program_init(struct program *p)
{
	memset(p, 0, sizeof(*p));
}

void program_free(struct program *p)
{
	size_t i;

	for (i = 0; i < p->nfuncs; i++) {
		ir_func_free(p->funcs[i]);
		if (p->sums)
			summary_free(&p->sums[i]);
	}
	strmap_free(&p->escaped);
	strmap_free(&p->cb_escaped);
	strmap_free(&p->held);
	strmap_free(&p->index);
	strmap_free(&p->unstored);
	free(p->funcs);
	free(p->sums);
	free(p->ncallers);
	memset(p, 0, sizeof(*p));
}

long program_find(const struct program *p, const char *usr)
{
	long *v = usr ? strmap_get(&p->index, usr) : NULL;

	return v ? *v : -1;
}

int program_add(struct program *p, struct ir_func *fn)
{
	if (program_find(p, fn->usr) >= 0) {
		ir_func_free(fn);
		return 0;
	}
	*ARRAY_PUSH(p->funcs, p->nfuncs, p->funcs_cap) = fn;
	strmap_put(&p->index, fn->usr, (long)p->nfuncs - 1);
	return 1;
}

void program_escape(struct program *p, const char *usr)
{
	strmap_put(&p->escaped, usr, 1);
}

void program_hold_on_entry(struct program *p, const char *usr, long discs)
{
	strmap_or(&p->held, usr, discs);
}


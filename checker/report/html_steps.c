/* report: the steps of a finding's path (html_steps.h). */
#include "report/html_steps.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static int same_file(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* Where FN's instructions lie in its file: [*lo, *hi]. */
static int span_of(const struct ir_func *fn, unsigned *lo, unsigned *hi)
{
	size_t i;

	*lo = fn->loc.line;
	*hi = fn->loc.line;
	for (i = 0; i < fn->ninstrs; i++) {
		const struct loc *l = &fn->instrs[i].loc;

		if (!same_file(l->file, fn->loc.file) || !l->line)
			continue;
		if (l->line < *lo)
			*lo = l->line;
		if (l->line > *hi)
			*hi = l->line;
	}
	return *hi - *lo;
}

/* The call FN makes at L: at its very column, else on its line. */
static const char *call_at(const struct ir_func *fn, const struct loc *l)
{
	const char *on_line = NULL;
	size_t i;

	for (i = 0; i < fn->ninstrs; i++) {
		const struct ir_instr *in = &fn->instrs[i];

		if (in->op != IR_CALL || !in->call || !in->call->callee ||
		    in->loc.line != l->line || !same_file(in->loc.file, l->file))
			continue;
		if (in->loc.col == l->col)
			return in->call->callee;
		if (!on_line)
			on_line = in->call->callee;
	}
	return on_line;
}

/*
 * The function L is in: of those defined in L's file whose code spans
 * L's line, the narrowest (a function's span holds no other's, but a
 * header's inline functions may share a file with anything).
 */
static const struct ir_func *function_at(const struct program *prog,
					 const struct loc *l)
{
	const struct ir_func *best = NULL;
	unsigned lo, hi, width, best_width = 0;
	size_t i;

	if (!prog || !l->file)
		return NULL;
	for (i = 0; i < prog->nfuncs; i++) {
		const struct ir_func *fn = prog->funcs[i];

		if (!same_file(fn->loc.file, l->file))
			continue;
		width = span_of(fn, &lo, &hi);
		if (l->line < lo || l->line > hi)
			continue;
		if (!best || width < best_width) {
			best = fn;
			best_width = width;
		}
	}
	return best;
}

static void fill(struct html_step *s, struct loc loc, const char *msg,
		 const struct program *prog)
{
	memset(s, 0, sizeof(*s));
	s->loc = loc;
	s->msg = msg;
	s->fn = function_at(prog, &loc);
	s->call = s->fn ? call_at(s->fn, &loc) : NULL;
}

/* Is NAME among the N names of BELOW? */
static int named(const char **below, size_t n, const char *name)
{
	size_t i;

	for (i = 0; name && i < n; i++)
		if (!strcmp(below[i], name))
			return 1;
	return 0;
}

enum place { BEFORE, AT, AFTER };

void html_steps_of(struct html_steps *s, const struct finding *f,
		   const struct program *prog)
{
	size_t n = f->notes.n, i, k = 0, nbelow = 0;
	struct html_step *notes = xcalloc(n + 1, sizeof(*notes));
	enum place *place = xcalloc(n + 1, sizeof(*place));
	const char **below = xcalloc(n + 2, sizeof(*below));
	enum place p;

	/* the helpers the finding's call goes down into, and what they call */
	if (f->callee)
		below[nbelow++] = f->callee;
	for (i = 0; i < n; i++) {
		fill(&notes[i], f->notes.items[i].loc, f->notes.items[i].msg, prog);
		if (!prog)
			place[i] = AFTER;
		else if (!notes[i].fn)
			place[i] = AT;
		else if (named(below, nbelow, notes[i].fn->name))
			place[i] = AFTER;
		else
			place[i] = BEFORE;
		if (place[i] == AFTER && notes[i].call)
			below[nbelow++] = notes[i].call;
	}
	s->items = xcalloc(n + 1, sizeof(*s->items));
	s->n = n + 1;
	for (p = BEFORE; p <= AFTER; p++) {
		if (p == AT) {
			fill(&s->items[k], f->loc, f->message, prog);
			s->items[k++].is_finding = 1;
		}
		for (i = 0; i < n; i++)
			if (place[i] == p)
				s->items[k++] = notes[i];
	}
	free(below);
	free(place);
	free(notes);
}

void html_steps_free(struct html_steps *s)
{
	free(s->items);
	memset(s, 0, sizeof(*s));
}

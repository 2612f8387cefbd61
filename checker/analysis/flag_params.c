/*
 * analysis: flag parameters (model/program.h, struct summary).  A
 * function is summarised once per truth value of each integer it only
 * tests, of each pair of pointer parameters it compares, and of each
 * member of a parameter it tests for NULL before touching it; callers
 * pick the variants their arguments allow.
 */
#include "analysis/flag_params.h"
#include "analysis/keys.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A flag is an integer the body only tests: a parameter it never writes
 * (callers may pass a constant), or a local written once and tested
 * more than once (ksmbd's get_write, a need_write local).  Splitting on
 * it correlates its tests.
 */
static int is_flag(const struct ir_var *v, int locals)
{
	if (!v->is_integer || v->is_temp)
		return 0;
	if (v->param)
		return !v->assigned;
	return locals && v->stores == 1 && v->tests >= 2;
}

/* Integer parameters the body only tests: candidates for variants. */
static void add_flag(const struct ir_func *fn, struct summary *s, int var,
		     int locals)
{
	int f;

	if (var < 0 || s->nflags >= MAX_FLAGS || !is_flag(&fn->vars[var], locals))
		return;
	for (f = 0; f < s->nflags; f++)
		if (s->flag_vars[f] == var)
			return;
	s->flags[s->nflags] = fn->vars[var].param;
	s->alias[s->nflags] = 0;
	s->field[s->nflags] = NULL;
	s->flag_vars[s->nflags++] = var;
}

/* The variable a "$N" key names, or -1. */
static int param_var(const struct ir_func *fn, const char *key)
{
	int n = key_param(key);
	size_t v;

	for (v = 0; n && v < fn->nvars; v++)
		if (fn->vars[v].param == n)
			return (int)v;
	return -1;
}

/* A pointer parameter the body never assigns: one object throughout. */
static int fixed_pointer(const struct ir_func *fn, int var)
{
	const struct ir_var *v;

	if (var < 0)
		return 0;
	v = &fn->vars[var];
	return v->param && !v->assigned && v->type && strchr(v->type, '*');
}

/* Two such parameters compared (or handed on to a callee's pair): whether
 * they are one object is a flag. */
static void add_alias(const struct ir_func *fn, struct summary *s,
		      const char *ka, const char *kb)
{
	int va = param_var(fn, ka), vb = param_var(fn, kb), a, b;

	if (va < 0 || vb < 0 || va == vb || s->nflags >= MAX_FLAGS ||
	    !fixed_pointer(fn, va) || !fixed_pointer(fn, vb))
		return;
	a = fn->vars[va].param;
	b = fn->vars[vb].param;
	if (a > b) {
		int t = a;

		a = b;
		b = t;
	}
	if (summary_alias_flag(s, a, b) >= 0)
		return;
	s->flags[s->nflags] = a;
	s->alias[s->nflags] = b;
	s->field[s->nflags] = NULL;
	s->flag_vars[s->nflags++] = -1;
}


/* Does instruction IN hand on what parameter P points to, or a part of
 * it?  Then a member of it may have changed. */
static int touches_param(const struct ir_instr *in, int p)
{
	char want[16];
	int a;

	if (!in->call)
		return 0;
	snprintf(want, sizeof(want), "$%d", p);
	for (a = 0; a < in->call->nargs; a++)
		if (in->call->args[a].key &&
		    key_under(in->call->args[a].key, want))
			return 1;
	return 0;
}

/* Is instruction AT reached only by paths on which nothing has touched
 * parameter P yet?  (Not reached from any instruction that touches it.) */
static int read_on_entry(const struct ir_func *fn, size_t at, int p)
{
	char *seen = xcalloc(fn->ninstrs + 1, 1);
	int *stack = xcalloc(fn->ninstrs * 2 + 2, sizeof(*stack));
	size_t i, top = 0;
	int e, hit = 0;

	for (i = 0; i < fn->ninstrs; i++)
		if (touches_param(&fn->instrs[i], p))
			for (e = 0; e < 2; e++)
				if (fn->instrs[i].succ[e] >= 0)
					stack[top++] = fn->instrs[i].succ[e];
	while (top && !hit) {
		int j = stack[--top];

		if (j < 0 || (size_t)j >= fn->ninstrs || seen[j])
			continue;
		seen[j] = 1;
		hit = (size_t)j == at;
		for (e = 0; e < 2; e++)
			if (fn->instrs[j].succ[e] >= 0 && !seen[fn->instrs[j].succ[e]])
				stack[top++] = fn->instrs[j].succ[e];
	}
	free(stack);
	free(seen);
	return !hit;
}

/*
 * flag = !p->m (or p->m, p->m == NULL...) stored once, before anything
 * touches p, p a pointer parameter the body never writes through: the
 * local then holds what the caller's object held, and a caller that
 * knows (a clears rule: fh_copy()) picks the variant.
 */
static void add_field_flag(const struct ir_func *fn, struct summary *s,
			   size_t at)
{
	const struct ir_instr *in = &fn->instrs[at];
	const struct ir_var *v = &fn->vars[in->var];
	const char *rest = in->src_field + 1;
	int p = (int)strtol(rest, NULL, 10), pv, f;

	while (*rest >= '0' && *rest <= '9')
		rest++;
	for (pv = 0; pv < (int)fn->nvars && fn->vars[pv].param != p; pv++)
		;
	if (pv == (int)fn->nvars)
		return;
	if (v->param || v->is_temp || !v->is_integer || v->stores != 1 ||
	    !v->tests || !fixed_pointer(fn, pv) ||
	    fn->vars[pv].stored_through || !read_on_entry(fn, at, p))
		return;
	for (f = 0; f < s->nflags; f++)
		if (s->flag_vars[f] == in->var)
			return;
	if (s->nflags >= MAX_FLAGS)
		return;
	s->nflags++;
	s->flags[f] = p;
	s->alias[f] = 0;
	s->flag_vars[f] = in->var;
	s->field[f] = intern(rest);
	s->field_neg[f] = in->src_field_neg;
}

/* Parameters handed on unchanged to a callee's flag (ksmbd's
 * set_dos_attrib_xattr passing get_write down) are flags too. */
static void add_passed_flags(const struct program *prog,
			     const struct ir_func *fn, struct summary *s)
{
	size_t i;
	int f;

	for (i = 0; i < fn->ninstrs && s->nflags < MAX_FLAGS; i++) {
		const struct ir_call *call = fn->instrs[i].call;
		long callee;

		if (!call || !call->usr ||
		    (callee = program_find(prog, call->usr)) < 0 ||
		    (size_t)callee >= prog->nfuncs || !prog->sums)
			continue;
		for (f = 0; f < prog->sums[callee].nflags; f++) {
			int param = prog->sums[callee].flags[f];
			int other = prog->sums[callee].alias[f];

			if (prog->sums[callee].field[f])
				continue;
			if (other && param <= call->nargs && other <= call->nargs) {
				add_alias(fn, s, call->args[param - 1].key,
					  call->args[other - 1].key);
				continue;
			}
			if (param >= 1 && param <= call->nargs)
				add_flag(fn, s, param_var(fn,
						call->args[param - 1].key), 0);
		}
	}
}

void find_flag_params(const struct program *prog, const struct ir_func *fn,
		      struct summary *s, int locals)
{
	size_t i;

	s->nflags = 0;
	for (i = 0; i < fn->ninstrs; i++) {
		const struct ir_instr *in = &fn->instrs[i];

		if (in->op == IR_BRANCH && in->atom == ATOM_NONZERO)
			add_flag(fn, s, in->var, locals);
		if (in->op == IR_BRANCH && in->atom == ATOM_OPAQUE && in->cmp[0])
			add_alias(fn, s, in->cmp[0], in->cmp[1]);
	}
	for (i = 0; !locals && i < fn->ninstrs; i++)
		if (fn->instrs[i].op == IR_ASSIGN && fn->instrs[i].src_field &&
		    fn->instrs[i].var >= 0)
			add_field_flag(fn, s, i);
	add_passed_flags(prog, fn, s);
	s->nvariants = 1 << s->nflags;
}

int has_field_flags(const struct summary *s)
{
	int f;

	for (f = 0; f < s->nflags; f++)
		if (s->field[f])
			return 1;
	return 0;
}

void drop_field_flags(struct summary *s)
{
	int f, n = 0;

	for (f = 0; f < s->nflags; f++) {
		if (s->field[f])
			continue;
		s->flags[n] = s->flags[f];
		s->alias[n] = s->alias[f];
		s->flag_vars[n] = s->flag_vars[f];
		s->field[n] = NULL;
		s->field_neg[n] = 0;
		n++;
	}
	for (f = n; f < MAX_FLAGS; f++) {
		s->field[f] = NULL;
		s->field_neg[f] = 0;
	}
	s->nflags = n;
	s->nvariants = 1 << n;
}

void add_field_flags_of(struct summary *s, const struct summary *from)
{
	int f, g;

	for (f = 0; f < from->nflags && s->nflags < MAX_FLAGS; f++) {
		if (!from->field[f])
			continue;
		for (g = 0; g < s->nflags; g++)
			if (s->flag_vars[g] == from->flag_vars[f])
				break;
		if (g < s->nflags)
			continue;
		g = s->nflags++;
		s->flags[g] = from->flags[f];
		s->alias[g] = 0;
		s->flag_vars[g] = from->flag_vars[f];
		s->field[g] = from->field[f];
		s->field_neg[g] = from->field_neg[f];
	}
	s->nvariants = 1 << s->nflags;
}

/*
 * checks: filled before use.  A local of the rules' filled type (struct path)
 * is unfilled from its declaration until it is written: assigned, a member
 * assigned, or its address handed to a call that fills it (the fills
 * rules, kern_path(..., &path), or any call the rules do not know, which
 * may fill it: silent when unsure).  It is read when a member of it is
 * an argument (path.dentry, path.mnt), or when its address goes to a
 * call of the rules (a bracket, a guarded call, a path_* helper).  A
 * forward may-analysis over the IR, with one world per set of unfilled
 * locals, each knowing which tested integers are zero or nonzero on all
 * its paths: a read guarded by a flag that is still false on the path
 * that skipped the filling (ksmbd's maximal_access_ctxt) is no finding.
 * Reads outside call arguments are not seen.
 */
#include "checks/path_uninit.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

#define MAX_TRACKED 64
#define MAX_PWORLDS 16

struct pworld {
	unsigned long long unfilled;
	unsigned long long zero, nonzero;	/* facts, by fact bit */
};

struct pworlds {
	struct pworld w[MAX_PWORLDS];
	int n;
};

struct pinit {
	const struct ir_func *fn;
	const struct rules *rules;
	int var[MAX_TRACKED];		/* tracked variables */
	int n;
	int *fbit;			/* variable -> fact bit, or -1 */
	struct pworlds *in;		/* per instruction */
	char *reach;
};

static int is_filled_type(const struct rules *r, const char *type)
{
	if (!type)
		return 0;
	if (!strncmp(type, "const ", 6))
		type += 6;
	return !strcmp(type, r->filled_type);
}

static unsigned long long fmask(const struct pinit *pi, int var)
{
	if (var < 0 || pi->fbit[var] < 0)
		return 0;
	return 1ULL << pi->fbit[var];
}

/* Add W to WS; returns nonzero if WS changed.  Worlds with the same
 * unfilled set meet their facts; past MAX_PWORLDS everything merges. */
static int pworlds_add(struct pworlds *ws, const struct pworld *w)
{
	int i;

	for (i = 0; i < ws->n; i++) {
		struct pworld *d = &ws->w[i];
		struct pworld before = *d;

		if (d->unfilled != w->unfilled && ws->n < MAX_PWORLDS)
			continue;
		d->unfilled |= w->unfilled;
		d->zero &= w->zero;
		d->nonzero &= w->nonzero;
		return memcmp(&before, d, sizeof(before)) != 0;
	}
	ws->w[ws->n++] = *w;
	return 1;
}

/* The bits of the tracked locals that are VAR: assigned, they are filled. */
static unsigned long long var_bits(const struct pinit *pi, int var)
{
	unsigned long long bits = 0;
	int t;

	for (t = 0; var >= 0 && t < pi->n; t++)
		if (pi->var[t] == var)
			bits |= 1ULL << t;
	return bits;
}

/* Tracked index of the variable KEY starts with, and what follows it. */
static int key_var(const struct pinit *pi, const char *key, const char **rest)
{
	int t;

	if (!key)
		return -1;
	for (t = 0; t < pi->n; t++) {
		const char *name = pi->fn->vars[pi->var[t]].name;
		size_t len = strlen(name);

		if (!strncmp(key, name, len) &&
		    (!key[len] || key[len] == '.' || key[len] == '[')) {
			*rest = key + len;
			return t;
		}
	}
	return -1;
}

static void report(struct pinit *pi, const struct ir_instr *in, int t,
		   struct findings *out)
{
	struct finding f = { 0 };
	const char *name = pi->fn->vars[pi->var[t]].name;

	f.loc = in->loc;
	f.function = xstrdup(pi->fn->name);
	f.check = pi->rules->filled_check;
	f.callee = xstrdup(in->call->callee ? in->call->callee : "?");
	f.message = xasprintf("'%s' may be read here before it is filled", name);
	f.call_text = in->call->text ? xstrdup(in->call->text) : NULL;
	f.suggestion = xasprintf("fill '%s' (a lookup such as kern_path(), or an assignment) on every path before this call",
				 name);
	findings_add(out, &f);
}

/* A call: reads of unfilled locals are reported (when OUT is given),
 * then what it fills is filled. */
static unsigned long long call_transfer(struct pinit *pi,
					const struct ir_instr *in,
					unsigned long long state,
					struct findings *out,
					unsigned long long *told)
{
	unsigned long long fill = 0;
	int a, t;

	for (a = 0; a < in->call->nargs; a++) {
		const char *key = in->call->args[a].key, *rest;
		int read;

		if (key && key[0] == '&') {
			t = key_var(pi, key + 1, &rest);
			if (t < 0)
				continue;
			if (*rest) {
				/* &path.dentry->d_inode->i_mutex reads
				 * path.dentry; &path.mnt only points into it */
				if (!strstr(rest, "->"))
					continue;
				read = 1;
			} else {
				read = rules_reads_pointee(pi->rules, in->call->callee,
						     a + 1);
				if (!read)
					fill |= 1ULL << t;
			}
		} else {
			t = key_var(pi, key, &rest);
			read = t >= 0;
		}
		if (!read || !(state & (1ULL << t)) || !out ||
		    (*told & (1ULL << t)))
			continue;
		*told |= 1ULL << t;
		report(pi, in, t, out);
	}
	return state & ~fill;
}

/* Flow world W out of instruction I; returns nonzero if anything
 * changed.  OUT: report reads instead. */
static int step(struct pinit *pi, size_t i, const struct pworld *w,
		struct findings *out, unsigned long long *told)
{
	const struct ir_instr *in = &pi->fn->instrs[i];
	struct pworld o = *w;
	int s, changed = 0;

	switch (in->op) {
	case IR_RETURN:
	case IR_NORETURN:
		return 0;
	case IR_ASSIGN: {
		unsigned long long m = fmask(pi, in->var), src = fmask(pi, in->src_var);
		int z = in->zero || (src && (w->zero & src));
		int nz = in->nonzero || (src && (w->nonzero & src));

		if (in->negate) {
			int tmp = z;

			z = nz;
			nz = tmp;
		}
		o.unfilled &= ~var_bits(pi, in->var);
		o.zero &= ~m;
		o.nonzero &= ~m;
		if (z)
			o.zero |= m;
		if (nz)
			o.nonzero |= m;
		break;
	}
	case IR_CALL:
		o.unfilled = call_transfer(pi, in, w->unfilled, out, told);
		o.unfilled &= ~var_bits(pi, in->call->result_var);
		o.zero &= ~fmask(pi, in->call->result_var);
		o.nonzero &= ~fmask(pi, in->call->result_var);
		break;
	default:
		break;
	}
	if (out)
		return 0;
	for (s = 0; s < 2; s++) {
		struct pworld e = o;
		int j = in->succ[s];
		unsigned long long m = fmask(pi, in->var);

		if (j < 0 || (size_t)j >= pi->fn->ninstrs)
			continue;
		if (in->op == IR_BRANCH && in->atom == ATOM_CONST &&
		    (in->const_true ? s == 1 : s == 0))
			continue;
		if (in->op == IR_BRANCH && in->atom == ATOM_NONZERO && m) {
			if ((s == 0 && (o.zero & m)) || (s == 1 && (o.nonzero & m)))
				continue;	/* the flag rules this edge out */
			if (s == 0)
				e.nonzero |= m;
			else
				e.zero |= m;
		}
		pi->reach[j] = 1;
		changed |= pworlds_add(&pi->in[j], &e);
	}
	return changed;
}

static void solve(struct pinit *pi)
{
	size_t n = pi->fn->ninstrs, i;
	struct pworld entry = { 0, 0, 0 };
	int changed = 1, rounds = 0, k;

	entry.unfilled = pi->n == MAX_TRACKED ? ~0ULL : (1ULL << pi->n) - 1;
	pworlds_add(&pi->in[0], &entry);
	pi->reach[0] = 1;
	/* round-robin to a fixpoint: joins only grow, worlds are bounded */
	while (changed && rounds++ < 1000) {
		changed = 0;
		for (i = 0; i < n; i++)
			for (k = 0; pi->reach[i] && k < pi->in[i].n; k++)
				changed |= step(pi, i, &pi->in[i].w[k], NULL, NULL);
	}
}

static void check_function(const struct ir_func *fn, const struct rules *r,
			   struct findings *out)
{
	struct pinit pi = { fn, r, { 0 }, 0, NULL, NULL, NULL };
	unsigned long long told = 0;
	size_t v, i;
	int next = 0, k;

	for (v = 0; v < fn->nvars && pi.n < MAX_TRACKED; v++)
		if (!fn->vars[v].param && !fn->vars[v].is_temp &&
		    is_filled_type(r, fn->vars[v].type))
			pi.var[pi.n++] = (int)v;
	if (!pi.n || !fn->ninstrs)
		return;
	pi.fbit = xcalloc(fn->nvars + 1, sizeof(*pi.fbit));
	for (v = 0; v < fn->nvars; v++)
		pi.fbit[v] = fn->vars[v].tests && next < 64 ? next++ : -1;
	pi.in = xcalloc(fn->ninstrs, sizeof(*pi.in));
	pi.reach = xcalloc(fn->ninstrs, 1);
	solve(&pi);
	for (i = 0; i < fn->ninstrs; i++)
		for (k = 0; pi.reach[i] && k < pi.in[i].n; k++)
			step(&pi, i, &pi.in[i].w[k], out, &told);
	free(pi.fbit);
	free(pi.in);
	free(pi.reach);
}

void filled_check(const struct program *p, const struct rules *rules,
		  struct findings *out)
{
	struct rules all;
	size_t f;

	if (!rules->filled_type || !rules->filled_check)
		return;
	rules_view(rules, -1, &all);
	for (f = 0; f < p->nfuncs; f++)
		check_function(p->funcs[f], &all, out);
}

static void path_uninit_on_program(void *state, const struct program *p,
			     const struct rules *rules, struct findings *out)
{
	(void)state;
	filled_check(p, rules, out);
}

const struct check_ops path_uninit_check = {
	.name = "path_uninit",
	.on_program = path_uninit_on_program,
};

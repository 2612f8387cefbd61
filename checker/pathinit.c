/*
 * Filled before use.  A local of the rules' filled type (struct path) is
 * unfilled from its declaration until it is written: assigned, a member
 * assigned, or its address handed to a call that fills it (the fills
 * rules, kern_path(..., &path), or any call the rules do not know, which
 * may fill it: silent when unsure).  It is read when a member of it is
 * an argument (path.dentry, path.mnt), or when its address goes to a
 * call of the rules (a bracket, a guarded call, a path_* helper).  A
 * forward may-analysis over the IR: a read reached by an unfilled path
 * is a finding.  Reads outside call arguments are not seen.
 */
#include "pathinit.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

#define MAX_TRACKED 64

struct pinit {
	const struct ir_func *fn;
	const struct rules *rules;
	int var[MAX_TRACKED];		/* tracked variables */
	int n;
	unsigned long long *in;		/* per instruction: maybe unfilled */
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

/* The name a replace template calls ("path_mkdir(@1, $2, $3)"). */
static int is_replacement(const struct rules *r, const char *callee)
{
	size_t i, n = strlen(callee);

	for (i = 0; i < r->nguards; i++) {
		const char *rep = r->guards[i].replace;

		if (rep && !strncmp(rep, callee, n) && rep[n] == '(')
			return 1;
	}
	return 0;
}

/* Does CALL read what its argument ARG (1-based) points to? */
static int reads_pointee(const struct rules *r, const struct ir_call *call,
			 int arg)
{
	if (!call->callee || rules_fills_arg(r, call->callee) == arg)
		return 0;
	return rules_find_acquire(r, call->callee) ||
	       rules_find_release(r, call->callee) ||
	       rules_is_guarded_name(r, call->callee) ||
	       is_replacement(r, call->callee);
}

/* Apply instruction I to STATE; report reads of unfilled variables when
 * OUT is given. */
static unsigned long long transfer(struct pinit *pi, size_t i,
				   unsigned long long state,
				   struct findings *out, unsigned long long *told)
{
	const struct ir_instr *in = &pi->fn->instrs[i];
	unsigned long long fill = 0;
	int a, t;

	if (in->op == IR_ASSIGN) {
		for (t = 0; t < pi->n; t++)
			if (pi->var[t] == in->var)
				state &= ~(1ULL << t);
		return state;
	}
	if (in->op != IR_CALL)
		return state;
	for (a = 0; a < in->call->nargs; a++) {
		const char *key = in->call->args[a].key, *rest;
		int read;

		if (key && key[0] == '&') {
			t = key_var(pi, key + 1, &rest);
			if (t < 0)
				continue;
			if (*rest) {
				/* &path.dentry->d_inode->i_mutex reads path.dentry;
				 * &path.mnt only points into it */
				if (!strstr(rest, "->"))
					continue;
				read = 1;
			} else {
				read = reads_pointee(pi->rules, in->call, a + 1);
				if (!read)
					fill |= 1ULL << t;
			}
		} else {
			t = key_var(pi, key, &rest);
			read = t >= 0;
		}
		if (!read || !(state & (1ULL << t)) || !out || (*told & (1ULL << t)))
			continue;
		*told |= 1ULL << t;
		{
			struct finding f = { 0 };
			const char *name = pi->fn->vars[pi->var[t]].name;

			f.loc = in->loc;
			f.function = xstrdup(pi->fn->name);
			f.check = pi->rules->filled_check;
			f.callee = xstrdup(in->call->callee ? in->call->callee : "?");
			f.message = xasprintf("'%s' may be read here before it is filled",
					      name);
			f.call_text = in->call->text ? xstrdup(in->call->text) : NULL;
			f.suggestion = xasprintf("fill '%s' (a lookup such as kern_path(), or an assignment) on every path before this call",
						 name);
			findings_add(out, &f);
		}
	}
	return state & ~fill;
}

static void solve(struct pinit *pi)
{
	size_t n = pi->fn->ninstrs, i;
	int changed = 1;

	pi->in[0] = pi->n == MAX_TRACKED ? ~0ULL : (1ULL << pi->n) - 1;
	pi->reach[0] = 1;
	/* round-robin to a fixpoint: functions are small, joins are unions */
	while (changed) {
		changed = 0;
		for (i = 0; i < n; i++) {
			const struct ir_instr *in = &pi->fn->instrs[i];
			unsigned long long outst;
			int s;

			if (!pi->reach[i] || in->op == IR_RETURN ||
			    in->op == IR_NORETURN)
				continue;
			outst = transfer(pi, i, pi->in[i], NULL, NULL);
			for (s = 0; s < 2; s++) {
				int j = in->succ[s];

				if (j < 0 || (size_t)j >= n)
					continue;
				if (pi->reach[j] && (pi->in[j] | outst) == pi->in[j])
					continue;
				pi->reach[j] = 1;
				pi->in[j] |= outst;
				changed = 1;
			}
		}
	}
}

static void check_function(const struct ir_func *fn, const struct rules *r,
			   struct findings *out)
{
	struct pinit pi = { fn, r, { 0 }, 0, NULL, NULL };
	unsigned long long told = 0;
	size_t v, i;

	for (v = 0; v < fn->nvars && pi.n < MAX_TRACKED; v++)
		if (!fn->vars[v].param && !fn->vars[v].is_temp &&
		    is_filled_type(r, fn->vars[v].type))
			pi.var[pi.n++] = (int)v;
	if (!pi.n || !fn->ninstrs)
		return;
	pi.in = xcalloc(fn->ninstrs, sizeof(*pi.in));
	pi.reach = xcalloc(fn->ninstrs, 1);
	solve(&pi);
	for (i = 0; i < fn->ninstrs; i++)
		if (pi.reach[i])
			transfer(&pi, i, pi.in[i], out, &told);
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

/*
 * checks: same object.  path_rename(&old, ..., &new, ...) takes the write
 * bracket on old's mount and BUG()s when new is on another: callers
 * must have compared the two mounts (do_rename()'s -EXDEV test).  A
 * `same NAME args=N,M` rule asks that: arguments N and M come from two
 * different locals of one type, each filled only through its address
 * (two lookups; parameters are left alone: their caller may have
 * compared them), and no test in the function
 * compares anything of the one with anything of the other.  Any doubt
 * keeps it silent.  Reported under the discipline's wrong-object check.
 */
#include "checks/same_mount.h"
#include "analysis/keys.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static const char *type_of(const struct ir_var *v)
{
	const char *t = v->type ? v->type : "";

	return strncmp(t, "const ", 6) ? t : t + 6;
}

/* One object for the whole function, as far as we can tell. */
static int one_object(const struct ir_var *v)
{
	/* parameters: the caller may have compared them */
	if (v->is_temp || !v->type || v->param)
		return 0;
	return v->stores == 0 && !strchr(v->type, '*');
}

static int compared(const struct ir_func *fn, const char *a, const char *b)
{
	size_t i;

	for (i = 0; i < fn->ninstrs; i++) {
		const struct ir_instr *in = &fn->instrs[i];

		if (in->op != IR_BRANCH || !in->cmp[0] || !in->cmp[1])
			continue;
		if ((key_under(in->cmp[0], a) && key_under(in->cmp[1], b)) ||
		    (key_under(in->cmp[0], b) && key_under(in->cmp[1], a)))
			return 1;
	}
	return 0;
}

static void check_call(const struct ir_func *fn, const struct ir_instr *in,
		       const struct rule_same *r, const struct rules *view,
		       struct findings *out)
{
	const struct ir_call *call = in->call;
	const char *ka, *kb;
	struct finding f = { 0 };
	int va, vb;

	if (r->a > call->nargs || r->b > call->nargs ||
	    !call->args[r->a - 1].key || !call->args[r->b - 1].key)
		return;
	ka = key_norm(call->args[r->a - 1].key);
	kb = key_norm(call->args[r->b - 1].key);
	va = key_origin_var(fn, ka);
	vb = key_origin_var(fn, kb);
	if (!strcmp(ka, kb) || va < 0 || vb < 0 || va == vb ||
	    !one_object(&fn->vars[va]) || !one_object(&fn->vars[vb]) ||
	    strcmp(type_of(&fn->vars[va]), type_of(&fn->vars[vb])) ||
	    compared(fn, ka, kb))
		return;
	f.loc = in->loc;
	f.function = xstrdup(fn->name);
	f.check = view->names.wrong_object;
	f.callee = xstrdup(call->callee);
	f.message = xasprintf("%s() gets '%s' and '%s' from two objects that nothing compares first",
			      call->callee, call->args[r->a - 1].text,
			      call->args[r->b - 1].text);
	f.call_text = call->text ? xstrdup(call->text) : NULL;
	f.suggestion = xasprintf("compare what '%s' and '%s' lie on first, and fail when they differ",
				 call->args[r->a - 1].text,
				 call->args[r->b - 1].text);
	findings_add(out, &f);
}

void same_check(const struct program *p, const struct rules *rules,
		struct findings *out)
{
	size_t s, f, i;

	for (s = 0; s < rules->nsames; s++) {
		const struct rule_same *r = &rules->sames[s];
		struct rules view;

		rules_view(rules, r->disc, &view);
		if (!view.names.wrong_object)
			continue;
		for (f = 0; f < p->nfuncs; f++) {
			const struct ir_func *fn = p->funcs[f];

			for (i = 0; i < fn->ninstrs; i++) {
				const struct ir_instr *in = &fn->instrs[i];

				if (in->op == IR_CALL && in->call->callee &&
				    !strcmp(in->call->callee, r->name))
					check_call(fn, in, r, &view, out);
			}
		}
	}
}

static void same_mount_on_program(void *state, const struct program *p,
			     const struct rules *rules, struct findings *out)
{
	(void)state;
	same_check(p, rules, out);
}

const struct check_ops same_mount_check = {
	.name = "same_mount",
	.on_program = same_mount_on_program,
};

/*
 * analysis: classifying calls.  A primitive comes from the rules; a call of a
 * function of the program takes its summary, choosing the variants that
 * the call's constant flag arguments allow.  Keys of callee summaries
 * are rewritten in the caller's terms ($1->mnt with fhp passed:
 * fhp->mnt).
 */
#include "analysis/call_effects.h"
#include "analysis/solver.h"
#include "analysis/bound_callbacks.h"
#include "analysis/keys.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int key_intern(struct key_table *kt, const char *key, int local)
{
	size_t i;

	key = key_norm(key);
	for (i = 0; i < kt->n; i++)
		if (!strcmp(kt->keys[i], key))
			return (int)i;
	*ARRAY_PUSH(kt->keys, kt->n, kt->cap) = xstrdup(key);
	kt->local = xrealloc(kt->local, kt->cap * sizeof(*kt->local));
	kt->local[kt->n - 1] = local;
	return (int)kt->n - 1;
}

static const char *argtype_of(void *ctx, int n)
{
	const struct ir_call *call = ctx;

	if (n < 1 || n > call->nargs)
		return NULL;
	return call->args[n - 1].type;
}

static int arg_key(const struct ir_call *call, int arg, const char **key,
		   int *local)
{
	if (arg < 1 || arg > call->nargs)
		return 0;
	*key = call->args[arg - 1].key;
	*local = call->args[arg - 1].local_key;
	return 1;
}

/* KEY with its member M stripped ("dir->i_mutex", M "i_mutex": "dir"),
 * or NULL when the key is no member M of an object: mutex_lock() of a
 * mutex that is not an inode's i_mutex takes no directory lock. */
static char *strip_member(const char *key, const char *m)
{
	size_t n, mn = strlen(m);

	key = key_norm(key);
	n = strlen(key);
	if (n > mn + 2 && !strcmp(key + n - mn, m) &&
	    !strncmp(key + n - mn - 2, "->", 2))
		return xstrndup(key, n - mn - 2);
	if (n > mn + 1 && !strcmp(key + n - mn, m) && key[n - mn - 1] == '.')
		return xasprintf("&%.*s", (int)(n - mn - 1), key);
	return NULL;
}

static int member_key(struct key_table *kt, const char *key, int local,
		      const char *member)
{
	char *k;
	int idx;

	if (!member)
		return key_intern(kt, key, local);
	if (!key || !(k = strip_member(key, member)))
		return -1;
	idx = key_intern(kt, k, local);
	free(k);
	return idx;
}

static void from_rules(const struct analysis_ctx *ctx, const struct ir_call *call,
		       struct effect *e, struct key_table *kt)
{
	const struct rule_acquire *acq = rules_find_acquire(ctx->rules,
							    call->callee);
	const struct rule_release *rel = rules_find_release(ctx->rules,
							    call->callee);
	const char *key;
	int local;

	e->rule = rules_find_guard(ctx->rules, call->callee, call->nargs,
				   argtype_of, (void *)call);
	e->guard = e->rule != NULL;
	if (acq && arg_key(call, acq->arg, &key, &local) &&
	    (e->key = member_key(kt, key, local, acq->member)) >= 0) {
		e->acquire = 1;
		e->success = acq->success;
		e->acq_name = acq->name;
	} else if (rel && arg_key(call, rel->arg, &key, &local) &&
		   (e->key = member_key(kt, key, local, rel->member)) >= 0) {
		e->release = REL_ALWAYS;
		e->rel_name = rel->name;
	}
}

/* Truth value the call gives flag parameter PARAM of the callee:
 * 1 or 0, or -1 when unknown. */
static int flag_value(const struct analysis_ctx *ctx, const struct ir_call *call,
		      int param)
{
	const struct ir_arg *a;
	int i;

	if (param < 1 || param > call->nargs)
		return -1;
	a = &call->args[param - 1];
	if (a->is_const)
		return a->value != 0;
	/* our own flag passed through: its value in this variant */
	for (i = 0; ctx->flags && i < ctx->flags->nflags; i++) {
		char want[16];

		if (!ctx->flags->flags[i] || ctx->flags->alias[i] ||
		    ctx->flags->field[i])
			continue;
		snprintf(want, sizeof(want), "$%d", ctx->flags->flags[i]);
		if (a->key && !strcmp(a->key, want))
			return (ctx->variant >> i) & 1;
	}
	return -1;
}

/*
 * Does the call hand the callee's pair of parameters PA, PB one object?
 * 1 when the two arguments are one expression, or both the same
 * constant; our own pair's value in this variant when they are our
 * pair; else 0: two names are taken for two objects (nfsd's
 * fh_compose(&resp->fh, ..., &resp->dirfh)), as a function no caller
 * selects is reported for two (model/program.c).  -1 when unknown.
 */
static int alias_value(const struct analysis_ctx *ctx,
		       const struct ir_call *call, int pa, int pb)
{
	const struct ir_arg *x, *y;
	int f;

	if (pa < 1 || pb < 1 || pa > call->nargs || pb > call->nargs)
		return -1;
	x = &call->args[pa - 1];
	y = &call->args[pb - 1];
	if (x->is_const || y->is_const)
		return x->is_const && y->is_const && x->value == y->value;
	if (!x->key || !y->key)
		return -1;
	if (!strcmp(x->key, y->key))
		return 1;
	f = summary_alias_flag(ctx->flags, key_param(x->key),
			       key_param(y->key));
	return f >= 0 ? (ctx->variant >> f) & 1 : 0;
}

/* The local OBJ (an origin key) is reached through, written later; or -1. */
static int origin_local(const struct ir_func *fn, const char *obj)
{
	int v = key_root_var(fn, obj);

	return v >= 0 && !fn->vars[v].param ? v : -1;
}

/* What instruction IN does to "OBJ's member FIELD is NULL" (X before). */
static int cleared_after(const struct analysis_ctx *ctx,
			 const struct ir_instr *in, const char *obj,
			 int root, const char *field, int x)
{
	const struct ir_call *call = in->call;
	const struct rule_clears *rc;
	int a, hit = 0;

	if (in->op == IR_ASSIGN && in->var == root)
		return 0;
	if (!call)
		return x;
	if (call->result_var >= 0 && call->result_var == root)
		return 0;
	rc = rules_find_clears(ctx->rules, call->callee, field + 2);
	for (a = 0; a < call->nargs; a++) {
		char *k;

		if (!call->args[a].key || call->args[a].is_const)
			continue;
		k = key_origin(ctx->fn, call->args[a].key);
		if (rc && a == rc->arg - 1 && !strcmp(k, obj)) {
			free(k);
			return 1;
		}
		hit |= key_under(k, obj) || key_under(obj, k);
		free(k);
	}
	return hit ? 0 : x;
}

/*
 * Is member FIELD ("->fh_dentry") of what KEY names NULL when
 * instruction AT runs, on every path?  A clears rule's call on the
 * object makes it so (fh_copy(&resp->fh, ...)); any other call handed
 * the object, a part of it or what holds it undoes it, and so does a
 * write of the local it is reached through.  A callee that reaches the
 * object by no argument of its own (a global) is not seen.
 */
static int field_cleared(const struct analysis_ctx *ctx, size_t at,
			 const char *key, const char *field)
{
	const struct ir_func *fn = ctx->fn;
	size_t n = fn->ninstrs, i;
	char *obj = key_origin(fn, key);
	signed char *in = xmalloc(n + 1);	/* -1: not reached yet */
	int root = origin_local(fn, obj), changed = 1, e, r;

	memset(in, -1, n + 1);
	in[0] = 0;
	while (changed) {
		changed = 0;
		for (i = 0; i < n; i++) {
			const struct ir_instr *ii = &fn->instrs[i];
			int out;

			if (in[i] < 0)
				continue;
			out = cleared_after(ctx, ii, obj, root, field, in[i]);
			for (e = 0; e < 2; e++) {
				int s = ii->succ[e];

				if (s < 0 || (size_t)s >= n ||
				    (in[s] >= 0 && in[s] <= out))
					continue;
				in[s] = in[s] < 0 ? out : 0;
				changed = 1;
			}
		}
	}
	r = at < n && in[at] == 1;
	free(in);
	free(obj);
	return r;
}

/* The value a call gives field flag F of S: known only when the
 * member is known NULL here. */
static int field_flag_value(const struct analysis_ctx *ctx,
			    const struct ir_call *call, size_t at,
			    const struct summary *s, int f)
{
	const struct ir_arg *a;

	if (s->flags[f] < 1 || s->flags[f] > call->nargs)
		return -1;
	a = &call->args[s->flags[f] - 1];
	if (!a->key || a->is_const ||
	    !field_cleared(ctx, at, a->key, s->field[f]))
		return -1;
	return s->field_neg[f] ? 1 : 0;
}

static int call_flag_value(const struct analysis_ctx *ctx,
			   const struct ir_call *call,
			   size_t at, const struct summary *s, int f)
{
	if (s->field[f])
		return field_flag_value(ctx, call, at, s, f);
	if (s->alias[f])
		return alias_value(ctx, call, s->flags[f], s->alias[f]);
	return s->flags[f] ? flag_value(ctx, call, s->flags[f]) : -1;
}

static int variant_allowed(const struct analysis_ctx *ctx,
			   const struct ir_call *call, size_t at,
			   const struct summary *s, int v)
{
	int i;

	for (i = 0; i < s->nflags; i++) {
		int want = call_flag_value(ctx, call, at, s, i);

		if (want >= 0 && want != ((v >> i) & 1))
			return 0;
	}
	return 1;
}

static char *caller_key(const struct ir_call *call, const char *callee_key)
{
	char **args = xcalloc(call->nargs + 1, sizeof(*args));
	char *k;
	int i;

	for (i = 0; i < call->nargs; i++)
		args[i] = call->args[i].key;
	k = key_substitute(callee_key, args, call->nargs);
	free(args);
	return k;
}

/* Does a key rewritten into the caller name one of its locals (or a
 * callee's, "fn:dir")?  Then it means nothing to the caller's callers. */
static int caller_local(const struct ir_func *fn, const char *key)
{
	int v = key_root_var(fn, key);

	return strchr(key, ':') || (v >= 0 && !fn->vars[v].param);
}

struct merged {
	int any, needs, all_acquire, all_release, all_release_always;
	const struct variant_summary *first_needs, *acq, *rel;
};

static void merge_variants(const struct analysis_ctx *ctx,
			   const struct ir_call *call, size_t at,
			   const struct summary *s,
			   struct merged *m)
{
	int v;

	memset(m, 0, sizeof(*m));
	m->all_acquire = m->all_release = m->all_release_always = 1;
	for (v = 0; v < s->nvariants; v++) {
		const struct variant_summary *vs = &s->v[v];

		if (!variant_allowed(ctx, call, at, s, v))
			continue;
		m->any = 1;
		if (vs->needs && !m->first_needs)
			m->first_needs = vs;
		if (!vs->acquires || (m->acq && strcmp(m->acq->acquires,
						       vs->acquires)))
			m->all_acquire = 0;
		else if (!m->acq)
			m->acq = vs;
		if (!vs->releases || (m->rel && strcmp(m->rel->releases,
						       vs->releases)))
			m->all_release = 0;
		else if (!m->rel)
			m->rel = vs;
		if (vs->rel_kind != REL_ALWAYS)
			m->all_release_always = 0;
	}
}

/*
 * A call whose callee needs the bracket unless a member it reads is
 * NULL, where that is known on some paths only (fh_copy() on one
 * branch, fh_verify() on the other): the dataflow follows the member
 * per path and the check excuses the paths where it is NULL.  Returns
 * the tracked member + 1, or 0.
 */
static int excuse_for(const struct analysis_ctx *ctx, struct effects *ef,
		      const struct ir_call *call, size_t at,
		      const struct summary *s)
{
	int f, v, t;
	char *obj;

	for (f = 0; f < s->nflags; f++) {
		int cleared = s->field_neg[f] ? 1 : 0, needs = 0;

		if (!s->field[f] || s->flags[f] > call->nargs ||
		    !call->args[s->flags[f] - 1].key ||
		    call->args[s->flags[f] - 1].is_const)
			continue;
		for (v = 0; v < s->nvariants; v++)
			if (((v >> f) & 1) == cleared &&
			    variant_allowed(ctx, call, at, s, v))
				needs |= s->v[v].needs;
		if (needs)
			continue;
		obj = key_origin(ctx->fn, call->args[s->flags[f] - 1].key);
		for (t = 0; t < ef->nfields; t++)
			if (!strcmp(ef->fields[t].obj, obj) &&
			    ef->fields[t].field == s->field[f])
				break;
		if (t == ef->nfields && t < MAX_TRACKED_FIELDS) {
			ef->fields[t].obj = obj;
			ef->fields[t].field = s->field[f];
			ef->nfields++;
			return t + 1;
		}
		free(obj);
		return t < ef->nfields ? t + 1 : 0;
	}
	return 0;
}

/* What each instruction does to each tracked member. */
static void track_fields(const struct analysis_ctx *ctx, struct effects *ef)
{
	const struct ir_func *fn = ctx->fn;
	size_t i;
	int t;

	for (t = 0; t < ef->nfields; t++) {
		const struct tracked_field *tf = &ef->fields[t];
		int root = origin_local(fn, tf->obj);

		for (i = 0; i < fn->ninstrs; i++) {
			const struct ir_instr *in = &fn->instrs[i];

			if (cleared_after(ctx, in, tf->obj, root, tf->field, 0))
				ef->per_instr[i].gen |= 1u << t;
			else if (!cleared_after(ctx, in, tf->obj, root,
						tf->field, 1))
				ef->per_instr[i].kill |= 1u << t;
		}
	}
}

/*
 * A helper that needs the bracket for one truth value only of a flag the
 * call hands it as a variable of the caller's: mqueue's prepare_open()
 * gets do_mq_open()'s "ro = mnt_want_write()" and makes the queue only
 * when ro is 0.  The check asks whether that variable still holds the
 * result of an acquire there (checks/bracket.c, tied_result_covers).
 */
static void needs_tie(const struct analysis_ctx *ctx,
		      const struct ir_call *call, size_t at,
		      const struct summary *s, struct effect *e)
{
	int f, v, var, side[2];
	const struct ir_arg *a;

	for (f = 0; f < s->nflags; f++) {
		if (s->field[f] || s->alias[f] || s->flags[f] < 1 ||
		    s->flags[f] > call->nargs)
			continue;
		a = &call->args[s->flags[f] - 1];
		if (a->is_const || !a->key ||
		    (var = key_root_var(ctx->fn, a->key)) < 0 ||
		    strcmp(ctx->fn->vars[var].name, a->key))
			continue;
		side[0] = side[1] = 0;
		for (v = 0; v < s->nvariants; v++)
			if (variant_allowed(ctx, call, at, s, v))
				side[(v >> f) & 1] |= s->v[v].needs;
		if (!side[0] != !side[1]) {
			e->tie_var = var;
			e->tie_needs_when = side[1] != 0;
			return;
		}
	}
}

/*
 * A bracket the callee takes while it runs, in some variant the call
 * allows, on a key of the caller's; and the stores by which it makes two
 * of the caller's keys one object.  For the nested check, which only
 * asks whether a bracket may be taken again; not followed when the
 * discipline has no such check.
 */
static void takes_of(const struct analysis_ctx *ctx, const struct ir_call *call,
		     size_t at, const struct summary *s, struct effect *e,
		     struct effects *ef)
{
	int v;

	if (!ctx->rules->names.nested)
		return;
	for (v = 0; v < s->nvariants; v++) {
		const struct variant_summary *vs = &s->v[v];
		char *k;

		if (!variant_allowed(ctx, call, at, s, v))
			continue;
		if (vs->ncopies && !e->copies_of)
			e->copies_of = vs;
		if (!vs->takes || e->takes_key >= 0 ||
		    !(k = caller_key(call, vs->takes)))
			continue;
		e->takes_key = key_intern(&ef->keys, k, caller_local(ctx->fn, k));
		e->takes_parks = vs->takes_parks;
		e->takes_chain = &vs->takes_chain;
		free(k);
	}
}

static void from_summary(const struct analysis_ctx *ctx,
			 const struct ir_call *call, size_t at,
			 const struct summary *s,
			 struct effect *e, struct effects *ef)
{
	struct merged m;
	char *k;

	merge_variants(ctx, call, at, s, &m);
	if (!m.any)
		return;
	takes_of(ctx, call, at, s, e, ef);
	if (m.first_needs) {
		e->needs = 1;
		e->excuse = excuse_for(ctx, ef, call, at, s);
		needs_tie(ctx, call, at, s, e);
		note_list_copy(&e->chain, &m.first_needs->chain);
		e->guarded = m.first_needs->needs_callee;
		e->needs_usr = call->usr;
	}
	if (m.all_acquire && m.acq && (k = caller_key(call, m.acq->acquires))) {
		e->acquire = 1;
		e->success = m.acq->acq_success;
		e->parks = m.acq->acq_parks;
		e->acq_name = m.acq->acq_name;
		e->key = key_intern(&ef->keys, k, caller_local(ctx->fn, k));
		free(k);
	} else if (m.all_release && m.rel &&
		   (k = caller_key(call, m.rel->releases))) {
		e->release = m.all_release_always ? REL_ALWAYS : REL_MAYBE;
		e->rel_name = m.rel->rel_name;
		e->key = key_intern(&ef->keys, k, caller_local(ctx->fn, k));
		free(k);
	}
}

/* A release of another flavour than the one acquire of the function
 * (mnt_drop_write() after mnt_want_write_file()) is meant to pair with
 * it: the mismatch is reported there, not as a leak and a stray drop. */
static int other_flavour(const struct rules *r, const char *acq_name,
			 const char *rel_name)
{
	const struct rule_acquire *a;

	if (!acq_name || !rel_name || !r->names.mismatch)
		return 0;
	a = rules_find_acquire(r, acq_name);
	return a && rules_find_release(r, rel_name) &&
	       strcmp(a->release, rel_name) != 0;
}

/* A release whose object is spelt differently from the one acquire of
 * the function (mnt vs path->mnt) still pairs with it.  So does any
 * release after a lock that cannot fail (a lock helper returning the
 * locked parent, dropped by its counterpart through another spelling):
 * wrongly pairing only hides findings. */
static void pair_lonely_releases(const struct analysis_ctx *ctx,
				 struct effects *ef, size_t n)
{
	int acq_key = -1, nacq = 0;
	const char *acq_name = NULL;
	int acq_always = 0;
	size_t i;
	int *acquired = xcalloc(ef->keys.n + 1, sizeof(*acquired));

	for (i = 0; i < n; i++) {
		struct effect *e = &ef->per_instr[i];

		if (e->acquire && !acquired[e->key]++) {
			acq_key = e->key;
			acq_name = e->acq_name;
			acq_always = e->success == SUCCESS_ALWAYS;
			nacq++;
		}
	}
	ef->keys.acquired = xcalloc(ef->keys.n + 1, 1);
	ef->keys.parked = xcalloc(ef->keys.n + 1, 1);
	for (i = 0; i < n; i++)
		if (ef->per_instr[i].acquire && ef->per_instr[i].parks)
			ef->keys.parked[ef->per_instr[i].key] = 1;
	for (i = 0; i < ef->keys.n; i++)
		ef->keys.acquired[i] = acquired[i] != 0;
	for (i = 0; i < n && nacq == 1; i++) {
		struct effect *e = &ef->per_instr[i];

		if (e->release && e->key >= 0 && !acquired[e->key] &&
		    (ef->keys.local[e->key] || acq_always ||
		     other_flavour(ctx->rules, acq_name, e->rel_name)))
			e->key = acq_key;
	}
	free(acquired);
}

void effects_compute(const struct analysis_ctx *ctx, struct effects *ef)
{
	const struct ir_func *fn = ctx->fn;
	size_t i;

	memset(ef, 0, sizeof(*ef));
	ef->per_instr = xcalloc(fn->ninstrs + 1, sizeof(*ef->per_instr));
	ef->n = fn->ninstrs;
	for (i = 0; i < fn->ninstrs; i++) {
		const struct ir_call *call = fn->instrs[i].call;
		struct effect *e = &ef->per_instr[i];
		long callee;

		e->key = -1;
		e->tie_var = -1;
		e->takes_key = -1;
		if ((fn->instrs[i].op == IR_BRANCH || fn->instrs[i].op == IR_NOP) &&
		    fn->instrs[i].hold_key &&
		    rules_has_holds(ctx->rules))
			e->key = key_intern(&ef->keys, fn->instrs[i].hold_key, 0);
		if (fn->instrs[i].op != IR_CALL || !call->callee)
			continue;
		from_rules(ctx, call, e, &ef->keys);
		callee = call->usr ? program_find(ctx->prog, call->usr) : -1;
		if (!e->guard && !e->acquire && !e->release && callee >= 0) {
			from_summary(ctx, call, i, &ctx->prog->sums[callee], e,
				     ef);
			callback_effects(ctx, call, e);
		}
		if (e->guard || e->needs || e->acquire || e->release ||
		    e->takes_key >= 0)
			ef->any = 1;
	}
	pair_lonely_releases(ctx, ef, fn->ninstrs);
	track_fields(ctx, ef);
}

void effects_free(struct effects *ef)
{
	size_t i;

	for (i = 0; i < ef->keys.n; i++)
		free(ef->keys.keys[i]);
	free(ef->keys.keys);
	free(ef->keys.local);
	free(ef->keys.acquired);
	free(ef->keys.parked);
	for (i = 0; i < ef->n; i++)
		note_list_free(&ef->per_instr[i].chain);
	free(ef->per_instr);
	for (i = 0; i < (size_t)ef->nfields; i++)
		free(ef->fields[i].obj);
}

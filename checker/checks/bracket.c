/*
 * checks: the checks over a solved function, and the function's summary.
 *
 * A guarded call is covered when some key is held on every path to it.
 * When no key was touched on any path, the function relies on its
 * caller: that is a "needs" site, checked at the callers.  Otherwise the
 * function manages the bracket itself and got it wrong on some path:
 * a finding, with notes saying how the bracket was lost.
 */
#include "checks/bracket.h"
#include "checks/suggest.h"
#include "checks/wrong_mount.h"
#include "analysis/keys.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct checker {
	struct solve *s;
	const struct ir_func *fn;
	const struct rules *rules;
	char *handoff;		/* per key: handed to the caller on return */
	enum success_kind *handoff_success;
	int guarding;		/* a guarded call (or one that needs it) is reachable */
};

static const struct kst *in_state(struct checker *c, size_t i)
{
	return &c->s->kst[i * c->s->nkeys];
}

static const struct ir_instr *instr(struct checker *c, int i)
{
	return &c->fn->instrs[i];
}

static const char *callee_at(struct checker *c, int i)
{
	const struct ir_instr *in = instr(c, i);

	return in->call && in->call->callee ? in->call->callee : "?";
}

/* ---- notes ---- */

static char *taken_when(const struct ir_call *call)
{
	if (!call->guard_cond)
		return NULL;
	return xasprintf("%s() is only taken when '%s' is %s", call->callee,
			 call->guard_cond, call->guard_sense ? "true" : "false");
}

static void explain_entry(struct checker *c, const struct kst *k,
			  struct note_list *notes)
{
	int o = k->origin[B_HELD] >= 0 ? k->origin[B_HELD] : k->origin[B_HELD_T];
	char *msg;

	if (!(k->bits & HELD_BITS) || o < 0) {
		o = k->origin[B_DROP] >= 0 ? k->origin[B_DROP] : k->origin[B_FAIL];
		if (o < 0)
			o = k->origin[B_FAIL_T];
		if (o >= 0)
			note_add(notes, instr(c, o)->loc,
				 xstrdup("the bracket is not taken on every path to the call"));
		return;
	}
	msg = taken_when(instr(c, o)->call);
	if (!msg)
		msg = xasprintf("%s() is not reached on every path to the call",
				callee_at(c, o));
	note_add(notes, instr(c, o)->loc, msg);
}

static void explain_key(struct checker *c, const struct kst *k,
			struct note_list *notes)
{
	int o;

	if (k->bits & BIT(B_DROP)) {
		o = k->origin[B_DROP];
		note_add(notes, instr(c, o)->loc,
			 xasprintf("dropped here by %s()", callee_at(c, o)));
	}
	if (k->bits & (BIT(B_FAIL) | BIT(B_FAIL_T))) {
		o = k->origin[B_FAIL] >= 0 ? k->origin[B_FAIL] : k->origin[B_FAIL_T];
		note_add(notes, instr(c, o)->loc,
			 xasprintf("%s() may fail here, and the failure path continues",
				   callee_at(c, o)));
	}
	if (k->bits & (BIT(B_PEND_T) | BIT(B_UNCHK))) {
		o = k->origin[B_PEND_T] >= 0 ? k->origin[B_PEND_T] :
					       k->origin[B_UNCHK];
		note_add(notes, instr(c, o)->loc,
			 xasprintf("result of %s() not checked", callee_at(c, o)));
	}
	if (k->bits & BIT(B_ENTRY))
		explain_entry(c, k, notes);
}

/* ---- findings ---- */

/* The name of parameter N of FN. */
static const char *param_name(const struct ir_func *fn, int n)
{
	size_t v;

	for (v = 0; v < fn->nvars; v++)
		if (fn->vars[v].param == n)
			return fn->vars[v].name;
	return "?";
}

/* In a variant a caller chose by passing one object twice: say so. */
static void note_alias_variant(struct checker *c, const struct ir_instr *in,
			       struct note_list *notes)
{
	const struct summary *fl = c->s->ctx->flags;
	int f;

	for (f = 0; fl && f < fl->nflags; f++)
		if (fl->alias[f] && ((c->s->ctx->variant >> f) & 1))
			note_add(notes, in->loc,
				 xasprintf("when '%s' and '%s' are the same "
					   "object, as a caller passes them",
					   param_name(c->fn, fl->flags[f]),
					   param_name(c->fn, fl->alias[f])));
}

static void add_finding(struct checker *c, const struct ir_instr *in,
			const char *check, const char *callee, char *message,
			struct note_list *notes, char *suggestion)
{
	struct finding f = { 0 };

	if (!c->s->ctx->findings) {
		free(message);
		free(suggestion);
		note_list_free(notes);
		return;
	}
	f.loc = in->loc;
	f.function = xstrdup(c->fn->name);
	f.check = check;
	f.callee = xstrdup(callee);
	f.message = message;
	f.suggestion = suggestion;
	f.call_text = in->call && in->call->text ? xstrdup(in->call->text) : NULL;
	if (in->call && in->call->macro.file)
		note_add(&f.notes, in->call->macro,
			 xasprintf("in expansion of macro '%s'",
				   in->call->macro_name ? in->call->macro_name : "?"));
	if (notes) {
		size_t i;

		for (i = 0; i < notes->n; i++)
			note_add(&f.notes, notes->items[i].loc, notes->items[i].msg);
		free(notes->items);
		memset(notes, 0, sizeof(*notes));
	}
	note_alias_variant(c, in, &f.notes);
	findings_add(c->s->ctx->findings, &f);
}

static char *missing_message(struct checker *c, const char *callee)
{
	return xasprintf("%s() may be called without %s", callee,
			 c->rules->names.resource);
}

/* " when 'get_write' is false": the parameter flags of this variant. */
static char *variant_text(struct checker *c)
{
	const struct summary *fl = c->s->ctx->flags;
	struct strbuf sb;
	int f;

	sb_init(&sb);
	for (f = 0; fl && f < fl->nflags; f++) {
		int on = (c->s->ctx->variant >> f) & 1;
		const char *and = sb.len ? " and" : " when";

		if (!fl->flags[f])
			continue;
		if (fl->alias[f])
			sb_addf(&sb, "%s '%s' and '%s' are %s", and,
				param_name(c->fn, fl->flags[f]),
				param_name(c->fn, fl->alias[f]),
				on ? "the same object" : "different objects");
		else if (fl->field[f])
			sb_addf(&sb, "%s '%s%s' is %s on entry", and,
				param_name(c->fn, fl->flags[f]), fl->field[f],
				on == fl->field_neg[f] ? "NULL" : "set");
		else
			sb_addf(&sb, "%s '%s' is %s", and,
				c->fn->vars[fl->flag_vars[f]].name,
				on ? "true" : "false");
	}
	return sb_detach(&sb);
}

/* The site needs the caller's bracket: record it for the summary. */
static void add_needs(struct checker *c, size_t i, const struct effect *e,
		      struct variant_summary *out, struct note_list *why)
{
	const struct ir_instr *in = instr(c, (int)i);
	const char *guarded = e->guard ? in->call->callee : e->guarded;
	struct needs_list *nl = c->s->ctx->needs;
	struct needs_site *site;
	char *when;

	if (!out->needs) {
		out->needs = 1;
		out->needs_callee = xstrdup(guarded);
		when = variant_text(c);
		note_add(&out->chain, in->loc,
			 xasprintf("%s() calls %s() here%s, relying on its caller for %s",
				   c->fn->name, in->call->callee, when,
				   c->rules->names.resource));
		free(when);
		note_list_copy(&out->chain, &e->chain);
		while (out->chain.n > CHAIN_MAX)
			free(out->chain.items[--out->chain.n].msg);
	}
	if (!nl) {
		note_list_free(why);
		return;
	}
	site = ARRAY_PUSH(nl->items, nl->n, nl->cap);
	memset(site, 0, sizeof(*site));
	site->loc = in->loc;
	site->callee = xstrdup(in->call->callee);
	site->callee_usr = !e->guard && e->needs_usr ? xstrdup(e->needs_usr) : NULL;
	site->guarded = xstrdup(guarded);
	site->chain = *why;	/* why this function does not hold it... */
	memset(why, 0, sizeof(*why));
	note_list_copy(&site->chain, &e->chain);	/* ...and where it is needed */
	site->call_text = xstrdup(in->call->text ? in->call->text : "");
	site->suggestion = suggest_call(c->fn, in->call, e->rule, c->rules);
}

/*
 * A call of a helper that needs the bracket, covered here: for placing
 * the findings of the calls that are not (analysis/interproc.c), it says
 * the helper's callers are meant to hold it.
 */
static void add_held(struct checker *c, size_t i, const struct effect *e)
{
	const struct ir_instr *in = instr(c, (int)i);
	struct needs_list *hl = c->s->ctx->held;
	struct needs_site *site;

	if (!hl || e->guard || !e->needs || !e->needs_usr)
		return;
	site = ARRAY_PUSH(hl->items, hl->n, hl->cap);
	memset(site, 0, sizeof(*site));
	site->loc = in->loc;
	site->callee = xstrdup(in->call->callee);
	site->callee_usr = xstrdup(e->needs_usr);
}

static int pick_key(const struct solve *s, const struct kst *st)
{
	size_t k;
	int best = -1;

	for (k = 0; k < s->nkeys; k++) {
		if (!(st[k].bits & ~BIT(B_ENTRY)))
			continue;
		if (best < 0 || (st[k].bits & HELD_BITS))
			best = (int)k;
		if (st[k].bits & HELD_BITS)
			break;
	}
	return best;
}

/*
 * Untouched on every path here, but only because a local flag of this
 * function steered around its own acquire: the function's own doing,
 * not its caller's.  Explains it from the acquire's condition.
 */
static int local_flag_skips_acquire(struct checker *c, struct note_list *notes)
{
	const struct summary *fl = c->s->ctx->flags;
	size_t i;
	int f, local = 0;

	for (f = 0; fl && f < fl->nflags; f++)
		local |= !fl->flags[f];
	if (!local)
		return 0;
	for (i = 0; i < c->fn->ninstrs; i++) {
		const struct ir_instr *in = instr(c, (int)i);
		char *msg;

		if (!c->s->ef->per_instr[i].acquire)
			continue;
		msg = taken_when(in->call);
		note_add(notes, in->loc, msg ? msg :
			 xasprintf("%s() is not reached on every path to the call",
				   in->call->callee));
		return 1;
	}
	return 0;
}

/*
 * A key held on some paths and untouched (as the caller left it) on the
 * others: the function takes the bracket itself only sometimes and
 * relies on its caller otherwise (nfsd_setattr with get_write_count).
 */
static int partly_from_caller(const struct kst *k)
{
	return (k->bits & BIT(B_ENTRY)) && !(k->bits & ~(COVER_BITS | BIT(B_ENTRY)));
}

/*
 * Held on every path, though not always under the same name: one path
 * took ovl_want_write(old), the other ovl_nlink_start(new), both on the
 * upper mount.  Each world must hold some key, or be one where the
 * callee needs none (a member it reads is known NULL there).
 */
static int covered_in_every_world(const struct solve *s, size_t i,
				  const struct effect *e)
{
	const struct worlds *ws = &s->in[i];
	size_t k, nk = s->nkeys;
	int w, held, bit = e->excuse ? s->field_bit[e->excuse - 1] : -1;

	if (!ws->n || ws->merged)
		return 0;
	for (w = 0; w < ws->n; w++) {
		const struct kst *st = &ws->k[w * nk];

		/* the callee needs nothing here (analysis/call_effects.c,
		 * excuse_for) */
		held = bit >= 0 && ((ws->f[w].zero >> bit) & 1);
		for (k = 0; k < nk && !held; k++)
			held = st[k].bits && !(st[k].bits & ~COVER_BITS);
		if (!held)
			return 0;
	}
	return 1;
}

/* Held on every path, by one bracket. */
static int held_on_every_path(const struct solve *s, size_t i)
{
	const struct kst *st = &s->kst[i * s->nkeys];
	size_t k;

	for (k = 0; k < s->nkeys; k++)
		if (st[k].bits && !(st[k].bits & ~COVER_BITS))
			return 1;
	return 0;
}

/*
 * The helper needs the bracket only for one truth value of a flag, and
 * the call hands it, as that flag, the variable the result of an
 * acquire is still tied to: where the variable says the acquire
 * succeeded the bracket is held, where it says it failed the helper
 * needs none.
 */
static int tied_result_covers(const struct solve *s, size_t i,
			      const struct effect *e)
{
	const struct kst *st = &s->kst[i * s->nkeys];
	size_t k;
	int held_when;

	if (!e->needs || e->tie_var < 0)
		return 0;
	for (k = 0; k < s->nkeys; k++) {
		if (!st[k].bits || (st[k].bits & ~(COVER_BITS | TIED_BITS)) ||
		    !kst_tied_to(&st[k], e->tie_var))
			continue;
		held_when = st[k].tsucc == SUCCESS_ZERO ? 0 :
			    st[k].tsucc == SUCCESS_NONZERO ? 1 : -1;
		if (held_when == e->tie_needs_when)
			return 1;
	}
	return 0;
}

int bracket_held_at(const struct solve *s, size_t i, const struct effect *e)
{
	return held_on_every_path(s, i) || covered_in_every_world(s, i, e) ||
	       tied_result_covers(s, i, e);
}

int bracket_left_to_caller(const struct solve *s, size_t i)
{
	const struct kst *st = &s->kst[i * s->nkeys];
	int key = pick_key(s, st);

	return key < 0 || partly_from_caller(&st[key]);
}

/* Covered, but by a bracket on provably another object's mount. */
static void check_wrong_object(struct checker *c, size_t i,
			       const struct effect *e)
{
	const struct ir_instr *in = instr(c, (int)i);
	const struct kst *st = in_state(c, i);
	struct note_list notes = { 0 };
	int key, arg, o, hv, ov;
	const char *what, *held_root, *obj_root;
	char *held_text;

	if (!c->rules->names.wrong_object || !wrong_object(c->s, i, e, &key, &arg))
		return;
	hv = key_origin_var(c->fn, c->s->ef->keys.keys[key]);
	ov = key_origin_var(c->fn, in->call->args[arg - 1].key);
	held_root = c->fn->vars[hv].name;
	obj_root = c->fn->vars[ov].name;
	held_text = key_text(c->fn, c->s->ef->keys.keys[key]);
	o = st[key].origin[B_HELD] >= 0 ? st[key].origin[B_HELD] :
					  st[key].origin[B_HELD_T];
	if (o >= 0 && instr(c, o)->call)
		note_add(&notes, instr(c, o)->loc,
			 xasprintf("taken here by %s, on '%s'",
				   instr(c, o)->call->text, held_text));
	free(held_text);
	what = in->call->args[arg - 1].text;
	add_finding(c, in, c->rules->names.wrong_object, in->call->callee,
		    xasprintf("%s() modifies '%s', which comes from '%s', under %s of '%s'",
			      in->call->callee, what ? what : "?", obj_root,
			      c->rules->names.resource, held_root),
		    &notes, xasprintf("take %s of '%s' instead",
				       c->rules->names.resource, obj_root));
}

static void check_guarded(struct checker *c, size_t i, const struct effect *e,
			  struct variant_summary *out)
{
	const struct kst *st = in_state(c, i);
	const struct ir_instr *in = instr(c, (int)i);
	struct note_list notes = { 0 };
	int key;

	if (held_on_every_path(c->s, i))
		check_wrong_object(c, i, e);
	if (bracket_held_at(c->s, i, e)) {
		add_held(c, i, e);
		return;
	}
	key = pick_key(c->s, st);
	if (key >= 0)
		explain_key(c, &st[key], &notes);
	else
		local_flag_skips_acquire(c, &notes);
	if (bracket_left_to_caller(c->s, i)) {
		add_needs(c, i, e, out, &notes);
		return;
	}
	/* it takes the bracket for the helper, and lost it: a caller holds */
	add_held(c, i, e);
	if (e->needs)
		note_list_copy(&notes, &e->chain);
	add_finding(c, in, c->rules->names.missing, in->call->callee,
		    missing_message(c, in->call->callee), &notes,
		    suggest_call(c->fn, in->call, e->rule, c->rules));
}

/* Can an acquire of key K reach instruction I in the CFG (whatever the
 * variant)?  A release no acquire of its key can reach releases what
 * the caller holds (dir_relax() drops its caller's lock, then takes it
 * again). */
static int acquire_reaches(struct checker *c, int key, size_t i)
{
	size_t n = c->fn->ninstrs, j, top = 0;
	char *seen = xcalloc(n + 1, 1);
	int *stack = xcalloc(n + 1, sizeof(*stack));
	int found = 0;

	for (j = 0; j < n; j++)
		if (c->s->ef->per_instr[j].acquire &&
		    c->s->ef->per_instr[j].key == key) {
			seen[j] = 1;
			stack[top++] = (int)j;
		}
	while (top && !found) {
		const struct ir_instr *in = instr(c, stack[--top]);
		int s;

		for (s = 0; s < 2; s++) {
			int t = in->succ[s];

			if (t < 0 || (size_t)t >= n || seen[t])
				continue;
			if ((size_t)t == i)
				found = 1;
			seen[t] = 1;
			stack[top++] = t;
		}
	}
	free(seen);
	free(stack);
	return found;
}

/*
 * A primitive of scope=guarded (inode_lock() locks any inode, a regular
 * file's on the write paths of ext4 and xfs) is judged only in a function
 * that makes a guarded call: elsewhere the lock is most likely on an
 * object the discipline is not about.
 */
static int out_of_scope(struct checker *c, const char *acq, const char *rel)
{
	const struct rule_acquire *a = acq ? rules_find_acquire(c->rules, acq) : NULL;
	const struct rule_release *r = rel ? rules_find_release(c->rules, rel) : NULL;

	if (c->guarding)
		return 0;
	return (a && a->scope_guarded) || (r && r->scope_guarded);
}

/*
 * Does the function release the caller's hold on key K (a release no
 * acquire of K reaches)?  Then an acquire of K afterwards takes it back
 * for the caller (ovl_workdir_cleanup() unlocks the parent around a
 * recursion and locks it again): held at return is no leak.
 */
static int relocks_callers(struct checker *c, int k)
{
	size_t j;

	for (j = 0; j < c->fn->ninstrs; j++) {
		const struct effect *e = &c->s->ef->per_instr[j];

		if (c->s->reach[j] && e->release && e->key == k &&
		    !acquire_reaches(c, k, j))
			return 1;
	}
	return 0;
}

/* A release of another flavour than the acquire that took what it
 * releases: mnt_want_write_file() pairs with mnt_drop_write_file(). */
static void check_flavour(struct checker *c, size_t i, const struct effect *e)
{
	const struct kst *k = &in_state(c, i)[e->key];
	const struct rule_acquire *a;
	struct note_list notes = { 0 };
	const struct effect *ae;
	int b, o = -1;

	if (!c->rules->names.mismatch || !e->rel_name)
		return;
	for (b = 0; b < NBITS && o < 0; b++)
		if (k->bits & HELDISH_BITS & BIT(b))
			o = k->origin[b];
	if (o < 0)
		return;
	ae = &c->s->ef->per_instr[o];
	if (!rules_find_release(c->rules, e->rel_name))
		return;	/* a wrapper we cannot name the primitive of */
	if (!ae->acquire || !ae->acq_name ||
	    !(a = rules_find_acquire(c->rules, ae->acq_name)) ||
	    !strcmp(a->release, e->rel_name))
		return;
	/* a wrapper that changed how success is told (ksmbd's own
	 * kern_path_create() around mnt_want_write()) is a flavour of its own */
	if (ae->success != a->success)
		return;
	if (strcmp(callee_at(c, o), ae->acq_name))
		note_add(&notes, instr(c, o)->loc,
			 xasprintf("taken here by %s(), through %s(), which pairs with %s()",
				   callee_at(c, o), ae->acq_name, a->release));
	else
		note_add(&notes, instr(c, o)->loc,
			 xasprintf("taken here by %s(), which pairs with %s()",
				   ae->acq_name, a->release));
	add_finding(c, instr(c, (int)i), c->rules->names.mismatch,
		    instr(c, (int)i)->call->callee,
		    xasprintf("%s() releases %s taken by %s()",
			      e->rel_name, c->rules->names.resource,
			      ae->acq_name),
		    &notes, xasprintf("release it with %s()", a->release));
}

static void check_release(struct checker *c, size_t i, const struct effect *e)
{
	const struct kst *k = &in_state(c, i)[e->key];
	unsigned bad = FAIL_BITS | BIT(B_DROP) | BIT(B_PEND_T) | BIT(B_UNCHK);
	struct note_list notes = { 0 };
	struct kst shown = *k;

	if (out_of_scope(c, NULL, e->rel_name))
		return;
	/* not taken on this path, though this function takes it on others
	 * that reach here; untouched on every path, it is the caller's to
	 * release (dir_relax() drops its caller's lock and takes it again) */
	if (c->s->ef->keys.acquired[e->key] && acquire_reaches(c, e->key, i))
		bad |= BIT(B_ENTRY);
	if (e->release != REL_ALWAYS || !(k->bits & bad))
		return;
	shown.bits &= bad;
	explain_key(c, &shown, &notes);
	add_finding(c, instr(c, (int)i), c->rules->names.double_release,
		    instr(c, (int)i)->call->callee,
		    xasprintf("%s() releases %s that is not held on every path",
			      instr(c, (int)i)->call->callee,
			      c->rules->names.resource),
		    &notes, NULL);
}

/* ---- returns: leaks and hand-offs ---- */

/* Held because an acquire that cannot fail (a lock) took it. */
static int always_held(const struct solve *s, const struct kst *k)
{
	int o = k->origin[B_HELD];

	return (k->bits & HELDISH_BITS) == BIT(B_HELD) && o >= 0 &&
	       s->ef->per_instr[o].acquire &&
	       s->ef->per_instr[o].success == SUCCESS_ALWAYS;
}

/*
 * Does this return, in this world, give the bracket on key K to the
 * caller?  Yes when the bracket is not held, or when the value returned
 * says success: the acquire's own result, a 0 known here, a pointer
 * known not to be an error (a kern_path_create-style wrapper).  Sets
 * *succ to the kind of success the caller must test.
 */
static int returns_bracket(const struct solve *s, const struct ir_instr *in,
			   const struct kst *k, const struct vfacts *f,
			   enum success_kind *succ)
{
	unsigned held = k->bits & HELDISH_BITS;
	unsigned long long m = solve_vmask(s, in->ret_var);

	if (!held)
		return 1;
	if (kst_tied_to(k, in->ret_var) &&
	    !(held & (BIT(B_HELD) | BIT(B_UNCHK)))) {
		*succ = k->tsucc;
		return 1;
	}
	if (held & ~HELD_BITS)
		return 0;
	if (in->ret_zero || (m && (f->zero & m))) {
		*succ = SUCCESS_ZERO;
		return 1;
	}
	if (m && (f->noterr & m)) {
		*succ = SUCCESS_NOT_ERR_PTR;
		return 1;
	}
	/* a lock helper (lock_parent) returns with the lock held */
	if (always_held(s, k)) {
		*succ = SUCCESS_ALWAYS;
		return 1;
	}
	return 0;
}

static void handoff_return(struct checker *c, size_t i, char *bad)
{
	const struct worlds *ws = &c->s->in[i];
	size_t k, nk = c->s->nkeys;
	int w;

	for (w = 0; w < ws->n; w++) {
		for (k = 0; k < nk; k++) {
			const struct kst *st = &ws->k[w * nk + k];
			enum success_kind succ = SUCCESS_ZERO;

			if (!(st->bits & HELDISH_BITS))
				continue;
			if (!c->s->ctx->escapes &&
			    returns_bracket(c->s, instr(c, (int)i), st,
					    &ws->f[w], &succ)) {
				c->handoff[k] = 1;
				c->handoff_success[k] = succ;
			} else {
				bad[k] = 1;
			}
		}
	}
}

static void find_handoffs(struct checker *c)
{
	size_t i, k, n = c->fn->ninstrs;
	char *bad = xcalloc(c->s->nkeys + 1, 1);

	for (i = 0; i < n; i++)
		if (c->s->reach[i] && instr(c, (int)i)->op == IR_RETURN)
			handoff_return(c, i, bad);
	/* a lock is handed over only when every return holds it */
	for (k = 0; k < c->s->nkeys; k++)
		for (i = 0; i < n && c->handoff[k] &&
			    c->handoff_success[k] == SUCCESS_ALWAYS; i++)
			if (c->s->reach[i] && instr(c, (int)i)->op == IR_RETURN &&
			    (in_state(c, i)[k].bits & ~HELD_BITS))
				bad[k] = 1;
	for (k = 0; k < c->s->nkeys; k++)
		if (bad[k])
			c->handoff[k] = 0;
	free(bad);
}

static const char *acquire_name(struct checker *c, const struct kst *k)
{
	int b;

	for (b = 0; b < NBITS; b++)
		if ((k->bits & HELDISH_BITS & BIT(b)) && k->origin[b] >= 0)
			return callee_at(c, k->origin[b]);
	return "?";
}

/* The primitive acquire behind the held bits of K (through wrappers),
 * for pairing flavours. */
static const char *primitive_acquire(struct checker *c, const struct kst *k)
{
	int b;

	for (b = 0; b < NBITS; b++)
		if ((k->bits & HELDISH_BITS & BIT(b)) && k->origin[b] >= 0 &&
		    c->s->ef->per_instr[k->origin[b]].acq_name)
			return c->s->ef->per_instr[k->origin[b]].acq_name;
	return acquire_name(c, k);
}

/* Is KEY an object of our caller's, directly or through locals set
 * once (fhp = fh_copy(&resp->fh, ...), resp = rqstp->rq_resp)? */
static int callers_object(const struct ir_func *fn, const char *key)
{
	int v;

	if (key[0] == '$')
		return 1;
	v = key_origin_var(fn, key);
	return v >= 0 && fn->vars[v].param;
}

static void check_return(struct checker *c, size_t i)
{
	const struct ir_instr *in = instr(c, (int)i);
	const struct kst *st = in_state(c, i);
	size_t k;

	for (k = 0; k < c->s->nkeys; k++) {
		struct note_list notes = { 0 };
		int b, o = -1;

		if (!(st[k].bits & HELDISH_BITS) || c->handoff[k])
			continue;
		if (out_of_scope(c, primitive_acquire(c, &st[k]), NULL) ||
		    relocks_callers(c, (int)k))
			continue;
		/* recorded in an object of our caller's, which releases it */
		if (c->s->ef->keys.parked[k] &&
		    callers_object(c->fn, c->s->ef->keys.keys[k]))
			continue;
		for (b = 0; b < NBITS && o < 0; b++)
			if (st[k].bits & HELDISH_BITS & BIT(b))
				o = st[k].origin[b];
		if (o >= 0)
			note_add(&notes, instr(c, o)->loc,
				 xasprintf("taken here by %s", instr(c, o)->call->text));
		if ((st[k].bits & BIT(B_DROP)) && st[k].origin[B_DROP] >= 0)
			note_add(&notes, instr(c, st[k].origin[B_DROP])->loc,
				 xstrdup("dropped here on other paths"));
		add_finding(c, in, c->rules->names.leak, acquire_name(c, &st[k]),
			    xasprintf("returns with %s still held (taken by %s())",
				      c->rules->names.resource,
				      acquire_name(c, &st[k])),
			    &notes, NULL);
	}
}

/* ---- summary ---- */

static char *summary_key(struct checker *c, size_t k)
{
	if (c->s->ef->keys.local[k])
		return xasprintf("%s:%s", c->fn->name, c->s->ef->keys.keys[k]);
	return xstrdup(c->s->ef->keys.keys[k]);
}

static void summarise_exit(struct checker *c, struct variant_summary *out)
{
	unsigned *at_exit = xcalloc(c->s->nkeys + 1, sizeof(*at_exit));
	size_t i, k;

	for (i = 0; i < c->fn->ninstrs; i++)
		if (c->s->reach[i] && instr(c, (int)i)->op == IR_RETURN)
			for (k = 0; k < c->s->nkeys; k++)
				at_exit[k] |= in_state(c, i)[k].bits;
	for (k = 0; k < c->s->nkeys; k++) {
		if (c->handoff[k] && !out->acquires) {
			const struct kst *st = NULL;

			for (i = 0; i < c->fn->ninstrs && !st; i++)
				if (c->s->reach[i] && instr(c, (int)i)->op == IR_RETURN &&
				    (in_state(c, i)[k].bits & HELDISH_BITS))
					st = &in_state(c, i)[k];
			out->acquires = summary_key(c, k);
			out->acq_success = c->handoff_success[k];
			out->acq_name = xstrdup(st ? primitive_acquire(c, st) : "?");
			out->acq_parks = c->fn->sets_param_flag;
		}
		if ((at_exit[k] & BIT(B_DROP)) && !(at_exit[k] & HELDISH_BITS) &&
		    !c->s->ef->keys.local[k] && !c->s->ef->keys.acquired[k] &&
		    !out->releases) {
			int o = -1;

			for (i = 0; i < c->fn->ninstrs && o < 0; i++)
				if (c->s->reach[i] && instr(c, (int)i)->op == IR_RETURN)
					o = in_state(c, i)[k].origin[B_DROP];
			out->releases = summary_key(c, k);
			out->rel_kind = !(at_exit[k] & ~BIT(B_DROP)) ? REL_ALWAYS : REL_MAYBE;
			out->rel_name = xstrdup(o < 0 ? "?" :
						c->s->ef->per_instr[o].rel_name ?
						c->s->ef->per_instr[o].rel_name :
						callee_at(c, o));
		}
	}
	free(at_exit);
}

void checks_run(struct solve *s, struct variant_summary *out)
{
	struct checker c = { .s = s, .fn = s->ctx->fn, .rules = s->ctx->rules };
	size_t i, n = c.fn->ninstrs;

	c.handoff = xcalloc(s->nkeys + 1, 1);
	c.handoff_success = xcalloc(s->nkeys + 1, sizeof(*c.handoff_success));
	/* an acquire primitive's own body hands the bracket over by definition */
	if (rules_find_acquire(c.rules, c.fn->name))
		memset(c.handoff, 1, s->nkeys);
	if (!rules_find_acquire(c.rules, c.fn->name))
		find_handoffs(&c);
	for (i = 0; i < n; i++)
		if (s->reach[i] && (s->ef->per_instr[i].guard ||
				    s->ef->per_instr[i].needs))
			c.guarding = 1;
	for (i = 0; i < n; i++) {
		const struct effect *e = &s->ef->per_instr[i];

		if (!s->reach[i])
			continue;
		if (instr(&c, (int)i)->op == IR_RETURN)
			check_return(&c, i);
		if (e->guard || e->needs)
			check_guarded(&c, i, e, out);
		if (e->release && e->key >= 0) {
			check_flavour(&c, i, e);
			check_release(&c, i, e);
		}
	}
	summarise_exit(&c, out);
	free(c.handoff);
	free(c.handoff_success);
}

static void bracket_on_function(void *state, struct solve *s,
				struct variant_summary *out)
{
	(void)state;
	checks_run(s, out);
}

const struct check_ops bracket_check = {
	.name = "bracket",
	.on_function = bracket_on_function,
};

/*
 * model: a lowered function as text, for the summary database: kbuild runs
 * wbcheck once a file, and --report analyses the whole program from
 * what every run stored, so the result does not depend on the order or
 * the parallelism of those runs.
 *
 * The format is a sequence of fields, each "LEN:BYTES" for strings
 * ("-" for NULL) and decimal numbers followed by ';': no escaping, and
 * a reader that cannot be led past the end of its input.
 */
#include "model/ir_serialize.h"
#include "lib/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static void put_num(struct strbuf *sb, long long v)
{
	sb_addf(sb, "%lld;", v);
}

static void put_str(struct strbuf *sb, const char *s)
{
	if (!s) {
		sb_add(sb, "-");
		return;
	}
	sb_addf(sb, "%zu:", strlen(s));
	sb_add(sb, s);
}

static void put_loc(struct strbuf *sb, const struct loc *l)
{
	put_str(sb, l->file);
	put_num(sb, l->line);
	put_num(sb, l->col);
}

static void put_call(struct strbuf *sb, const struct ir_call *c)
{
	int i;

	put_str(sb, c->callee);
	put_str(sb, c->usr);
	put_num(sb, c->nargs);
	for (i = 0; i < c->nargs; i++) {
		const struct ir_arg *a = &c->args[i];

		put_str(sb, a->text);
		put_str(sb, a->key);
		put_str(sb, a->path_of);
		put_str(sb, a->type);
		put_num(sb, a->value);
		put_num(sb, a->is_const);
		put_num(sb, a->local_key);
		put_str(sb, a->fn_usr);
	}
	put_num(sb, c->result_var);
	put_str(sb, c->text);
	put_loc(sb, &c->macro);
	put_str(sb, c->macro_name);
	put_str(sb, c->guard_cond);
	put_num(sb, c->guard_sense);
	put_num(sb, c->fn_param);
	put_str(sb, c->member);
	put_str(sb, c->callee_file);
}

static void put_instr(struct strbuf *sb, const struct ir_instr *in)
{
	put_num(sb, in->op);
	put_num(sb, in->succ[0]);
	put_num(sb, in->succ[1]);
	put_loc(sb, &in->loc);
	put_num(sb, in->var);
	put_num(sb, in->atom);
	put_num(sb, in->const_true);
	put_num(sb, in->ret_var);
	put_num(sb, in->ret_zero);
	put_num(sb, in->ret_has_value);
	put_num(sb, in->implicit);
	put_num(sb, in->src_var);
	put_num(sb, in->nonzero);
	put_num(sb, in->zero);
	put_num(sb, in->negate);
	put_str(sb, in->hold_key);
	put_str(sb, in->cmp[0]);
	put_str(sb, in->cmp[1]);
	put_str(sb, in->src_field);
	put_num(sb, in->src_field_neg);
	put_num(sb, in->call != NULL);
	if (in->call)
		put_call(sb, in->call);
}

char *ir_encode(const struct ir_func *fn)
{
	struct strbuf sb;
	size_t i;

	sb_init(&sb);
	sb_add(&sb, "wbir4;");
	put_str(&sb, fn->name);
	put_str(&sb, fn->usr);
	put_loc(&sb, &fn->loc);
	put_num(&sb, fn->is_static);
	put_num(&sb, fn->in_main_file);
	put_num(&sb, fn->sets_param_flag);
	put_num(&sb, (long long)fn->fnparams_called);
	put_num(&sb, fn->nparams);
	put_str(&sb, fn->declared);
	put_num(&sb, (long long)fn->nvars);
	for (i = 0; i < fn->nvars; i++) {
		const struct ir_var *v = &fn->vars[i];

		put_str(&sb, v->name);
		put_num(&sb, v->param);
		put_num(&sb, v->assigned);
		put_num(&sb, v->stores);
		put_num(&sb, v->tests);
		put_num(&sb, v->is_integer);
		put_num(&sb, v->is_temp);
		put_str(&sb, v->type);
		put_str(&sb, v->value_key);
		put_num(&sb, v->stored_through);
	}
	put_num(&sb, (long long)fn->nscope);
	for (i = 0; i < fn->nscope; i++) {
		put_str(&sb, fn->scope[i].name);
		put_str(&sb, fn->scope[i].type);
		put_num(&sb, fn->scope[i].is_pointer);
	}
	put_num(&sb, (long long)fn->ninstrs);
	for (i = 0; i < fn->ninstrs; i++)
		put_instr(&sb, &fn->instrs[i]);
	put_num(&sb, (long long)fn->ncopies);
	for (i = 0; i < fn->ncopies; i++) {
		put_str(&sb, fn->copies[i].dst);
		put_str(&sb, fn->copies[i].src);
	}
	return sb_detach(&sb);
}

/* ---- reading ---- */

struct reader {
	const char *p, *end;
	int bad;
};

/*
 * Any long long the writer can write, and nothing else: nineteen digits
 * fit an unsigned long long, and the sign decides the range.
 */
static long long get_num(struct reader *r)
{
	unsigned long long v = 0;
	int neg = 0, digits = 0;

	if (r->p < r->end && *r->p == '-') {
		neg = 1;
		r->p++;
	}
	while (r->p < r->end && *r->p >= '0' && *r->p <= '9' && digits < 19) {
		v = v * 10 + (unsigned)(*r->p++ - '0');
		digits++;
	}
	if (!digits || r->p >= r->end || *r->p != ';' ||
	    v > (unsigned long long)LLONG_MAX + neg) {
		r->bad = 1;
		return 0;
	}
	r->p++;
	if (neg)
		return v ? -(long long)(v - 1) - 1 : 0;
	return (long long)v;
}

static char *get_str(struct reader *r)
{
	size_t n = 0;
	int digits = 0;
	char *s;

	if (r->bad)
		return NULL;
	if (r->p < r->end && *r->p == '-') {
		r->p++;
		return NULL;
	}
	while (r->p < r->end && *r->p >= '0' && *r->p <= '9' && digits < 12) {
		n = n * 10 + (size_t)(*r->p++ - '0');
		digits++;
	}
	if (!digits || r->p >= r->end || *r->p != ':' ||
	    n > (size_t)(r->end - r->p - 1)) {
		r->bad = 1;
		return NULL;
	}
	r->p++;
	s = xstrndup(r->p, n);
	r->p += n;
	return s;
}

static void get_loc(struct reader *r, struct loc *l)
{
	char *f = get_str(r);

	l->file = f ? intern(f) : NULL;
	free(f);
	l->line = (unsigned)get_num(r);
	l->col = (unsigned)get_num(r);
}

/* A count that must fit what is left of the input. */
static size_t get_count(struct reader *r)
{
	long long n = get_num(r);

	if (n < 0 || n > (long long)(r->end - r->p)) {
		r->bad = 1;
		return 0;
	}
	return (size_t)n;
}

static struct ir_call *get_call(struct reader *r)
{
	struct ir_call *c = xcalloc(1, sizeof(*c));
	char *f;
	int i;

	c->callee = get_str(r);
	c->usr = get_str(r);
	c->nargs = (int)get_count(r);
	c->args = xcalloc(c->nargs + 1, sizeof(*c->args));
	for (i = 0; i < c->nargs && !r->bad; i++) {
		struct ir_arg *a = &c->args[i];

		a->text = get_str(r);
		a->key = get_str(r);
		a->path_of = get_str(r);
		a->type = get_str(r);
		a->value = get_num(r);
		a->is_const = (int)get_num(r);
		a->local_key = (int)get_num(r);
		a->fn_usr = get_str(r);
	}
	c->result_var = (int)get_num(r);
	c->text = get_str(r);
	get_loc(r, &c->macro);
	c->macro_name = get_str(r);
	c->guard_cond = get_str(r);
	c->guard_sense = (int)get_num(r);
	c->fn_param = (int)get_num(r);
	c->member = get_str(r);
	f = get_str(r);
	c->callee_file = f ? intern(f) : NULL;
	free(f);
	return c;
}

static void get_instr(struct reader *r, struct ir_instr *in)
{
	in->op = (enum ir_op)get_num(r);
	in->succ[0] = (int)get_num(r);
	in->succ[1] = (int)get_num(r);
	get_loc(r, &in->loc);
	in->var = (int)get_num(r);
	in->atom = (enum atom_kind)get_num(r);
	in->const_true = (int)get_num(r);
	in->ret_var = (int)get_num(r);
	in->ret_zero = (int)get_num(r);
	in->ret_has_value = (int)get_num(r);
	in->implicit = (int)get_num(r);
	in->src_var = (int)get_num(r);
	in->nonzero = (int)get_num(r);
	in->zero = (int)get_num(r);
	in->negate = (int)get_num(r);
	in->hold_key = get_str(r);
	in->cmp[0] = get_str(r);
	in->cmp[1] = get_str(r);
	in->src_field = get_str(r);
	in->src_field_neg = (int)get_num(r);
	if (get_num(r))
		in->call = get_call(r);
}

static void get_vars(struct reader *r, struct ir_func *fn)
{
	size_t i;

	fn->nvars = fn->vars_cap = get_count(r);
	fn->vars = xcalloc(fn->nvars + 1, sizeof(*fn->vars));
	for (i = 0; i < fn->nvars && !r->bad; i++) {
		struct ir_var *v = &fn->vars[i];

		v->name = get_str(r);
		v->param = (int)get_num(r);
		v->assigned = (int)get_num(r);
		v->stores = (int)get_num(r);
		v->tests = (int)get_num(r);
		v->is_integer = (int)get_num(r);
		v->is_temp = (int)get_num(r);
		v->type = get_str(r);
		v->value_key = get_str(r);
		v->stored_through = (int)get_num(r);
	}
	fn->nscope = fn->scope_cap = get_count(r);
	fn->scope = xcalloc(fn->nscope + 1, sizeof(*fn->scope));
	for (i = 0; i < fn->nscope && !r->bad; i++) {
		fn->scope[i].name = get_str(r);
		fn->scope[i].type = get_str(r);
		fn->scope[i].is_pointer = (int)get_num(r);
	}
}

/* Indices must stay inside the function: nothing read is trusted. */
static int valid(const struct ir_func *fn)
{
	size_t i;
	int j, n = (int)fn->ninstrs, nv = (int)fn->nvars;

	for (i = 0; i < fn->ninstrs; i++) {
		const struct ir_instr *in = &fn->instrs[i];

		for (j = 0; j < 2; j++)
			if (in->succ[j] < -1 || in->succ[j] >= n + 1)
				return 0;
		if (in->var < -1 || in->var >= nv || in->ret_var < -1 ||
		    in->ret_var >= nv || in->src_var < -1 || in->src_var >= nv ||
		    (unsigned)in->op > IR_NORETURN ||
		    (unsigned)in->atom > ATOM_HOLDS)
			return 0;
		if (in->call && (in->call->result_var < -1 ||
				 in->call->result_var >= nv))
			return 0;
		if (in->call && (in->call->fn_param < 0 ||
				 in->call->fn_param > fn->nparams))
			return 0;
		if (in->op == IR_CALL && !in->call)
			return 0;
		/* the lowering assigns only to a variable, and negates only one */
		if (in->op == IR_ASSIGN &&
		    (in->var < 0 || (in->negate && in->src_var < 0)))
			return 0;
	}
	return fn->name && fn->usr;
}

struct ir_func *ir_decode(const char *text, size_t len)
{
	struct reader r = { text, text + len, 0 };
	struct ir_func *fn;
	char *declared;
	size_t i;

	if (len < 6 || memcmp(text, "wbir4;", 6))
		return NULL;
	r.p += 6;
	fn = xcalloc(1, sizeof(*fn));
	fn->name = get_str(&r);
	fn->usr = get_str(&r);
	get_loc(&r, &fn->loc);
	fn->is_static = (int)get_num(&r);
	fn->in_main_file = (int)get_num(&r);
	fn->sets_param_flag = (int)get_num(&r);
	fn->fnparams_called = (unsigned long long)get_num(&r);
	fn->nparams = (int)get_num(&r);
	declared = get_str(&r);
	fn->declared = declared ? intern(declared) : NULL;
	free(declared);
	get_vars(&r, fn);
	fn->ninstrs = fn->instrs_cap = get_count(&r);
	fn->instrs = xcalloc(fn->ninstrs + 1, sizeof(*fn->instrs));
	for (i = 0; i < fn->ninstrs && !r.bad; i++)
		get_instr(&r, &fn->instrs[i]);
	fn->ncopies = fn->copies_cap = get_count(&r);
	fn->copies = xcalloc(fn->ncopies + 1, sizeof(*fn->copies));
	for (i = 0; i < fn->ncopies && !r.bad; i++) {
		fn->copies[i].dst = get_str(&r);
		fn->copies[i].src = get_str(&r);
		if (!fn->copies[i].dst || !fn->copies[i].src)
			r.bad = 1;
	}
	if (r.bad || r.p != r.end || !valid(fn)) {
		ir_func_free(fn);
		return NULL;
	}
	return fn;
}

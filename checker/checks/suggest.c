/*
 * checks: suggestions.  Where the 2008 path_* helper is declared, the exact
 * replacement call; the directory argument's struct path comes from its
 * shape (nd.path.dentry->d_inode is &nd.path), and where it has none the
 * suggestion names the struct path to build and the mount in scope to
 * build it from.  Elsewhere, the bracket itself on a mount in scope, or
 * the kernel helper the rules name.
 */
#include "checks/suggest.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int helper_declared(const struct ir_func *fn,
			   const struct rule_template *t)
{
	char *needle;
	int yes;

	if (!t->helper || !fn->declared)
		return 0;
	needle = xasprintf(" %s ", t->helper);
	yes = strstr(fn->declared, needle) != NULL;
	free(needle);
	return yes;
}

static int in_scope(const struct ir_func *fn, const char *name)
{
	size_t i;

	for (i = 0; i < fn->nvars; i++)
		if (!strcmp(fn->vars[i].name, name))
			return 1;
	return 0;
}

/* The dentry behind a directory argument: x->d_inode and d_inode(x)
 * give x; a dentry is itself; an inode alone has no expression. */
static char *dentry_of(const struct ir_arg *a)
{
	const char *t = a->text;
	size_t n = strlen(t);

	if (n > 9 && !strcmp(t + n - 9, "->d_inode"))
		return xstrndup(t, n - 9);
	if (!strncmp(t, "d_inode(", 8) && t[n - 1] == ')')
		return xstrndup(t + 8, n - 9);
	if (strstr(a->type, "dentry"))
		return xstrdup(t);
	return xasprintf("<the dentry of %s>", t);
}

/* A name for the struct path of argument A: old_dir -> old_dir_path. */
static char *path_var_name(const struct ir_func *fn, const struct ir_arg *a)
{
	const char *t = a->text, *end = t + strlen(t), *start;
	char *base, *name;

	if (end - t > 9 && !strcmp(end - 9, "->d_inode"))
		end -= 9;
	start = end;
	while (start > t && (isalnum((unsigned char)start[-1]) || start[-1] == '_'))
		start--;
	base = start < end ? xstrndup(start, end - start) : xstrdup("dir");
	name = xasprintf("%s_path", base);
	if (in_scope(fn, name)) {
		free(name);
		name = xasprintf("%s_wpath", base);
	}
	free(base);
	return name;
}

struct expansion {
	struct strbuf call;	/* the replacement call */
	struct strbuf decls;	/* the struct paths it needs built */
	const struct ir_func *fn;
	const char *mnt;
};

static void expand_path_arg(struct expansion *x, const struct ir_arg *a)
{
	char *name, *dentry;

	if (a->path_of) {
		sb_add(&x->call, a->path_of);
		return;
	}
	name = path_var_name(x->fn, a);
	dentry = dentry_of(a);
	sb_addf(&x->call, "&%s", name);
	sb_addf(&x->decls, "%sstruct path %s = { .mnt = %s, .dentry = %s }",
		x->decls.len ? "; " : "", name,
		x->mnt ? x->mnt : "<the vfsmount it lives on>", dentry);
	free(dentry);
	free(name);
}

static void expand(struct expansion *x, const struct rule_template *t,
		   const struct ir_call *call)
{
	const struct tmpl_piece *pc;
	size_t i;

	for (i = 0; i < t->all.n; i++) {
		pc = &t->all.v[i];
		if (pc->kind == TMPL_TEXT)
			sb_add(&x->call, pc->text);
		else if (pc->arg > call->nargs)
			sb_add(&x->call, "?");
		else if (pc->kind == TMPL_ARG)
			sb_add(&x->call, call->args[pc->arg - 1].text);
		else
			expand_path_arg(x, &call->args[pc->arg - 1]);
	}
}

static const struct ir_scope_obj *scope_obj_named(const struct ir_func *fn,
						  const char *text)
{
	size_t i;

	for (i = 0; i < fn->nscope; i++) {
		size_t n = strlen(fn->scope[i].name);

		if (!strncmp(text, fn->scope[i].name, n) &&
		    !isalnum((unsigned char)text[n]) && text[n] != '_')
			return &fn->scope[i];
	}
	return NULL;
}

/* A mount expression in scope: a struct path the call's arguments
 * start from, else any struct path, vfsmount, nameidata or file. */
static char *mount_in_scope(const struct ir_func *fn, const struct ir_call *call)
{
	const struct ir_scope_obj *best = NULL;
	size_t i;
	int j;

	for (j = 0; j < call->nargs && !best; j++) {
		best = scope_obj_named(fn, call->args[j].text);
		if (best && !strstr(best->type, "struct path"))
			best = NULL;
	}
	for (i = 0; i < fn->nscope && !best; i++)
		if (strstr(fn->scope[i].type, "struct path") ||
		    strstr(fn->scope[i].type, "struct vfsmount"))
			best = &fn->scope[i];
	for (i = 0; i < fn->nscope && !best; i++)
		best = &fn->scope[i];
	if (!best)
		return NULL;
	if (strstr(best->type, "struct vfsmount"))
		return xstrdup(best->name);
	if (strstr(best->type, "struct nameidata"))
		return xasprintf("%s%spath.mnt", best->name,
				 best->is_pointer ? "->" : ".");
	if (strstr(best->type, "struct file"))
		return xasprintf("%s->f_path.mnt", best->name);
	return xasprintf("%s%smnt", best->name, best->is_pointer ? "->" : ".");
}

/*
 * The variable the function keeps errors in: the one the guarded call's
 * result goes to, else a local integer named as kernel code names them,
 * else "err" (for a function that has none yet).
 */
static const char *error_var(const struct ir_func *fn,
			     const struct ir_call *call)
{
	static const char *const names[] = {
		"err", "error", "ret", "rc", "retval", "status", "res", NULL,
	};
	const struct ir_var *v;
	size_t i, k;

	if (call->result_var >= 0 && (size_t)call->result_var < fn->nvars) {
		v = &fn->vars[call->result_var];
		if (v->is_integer && !v->is_temp && !v->param)
			return v->name;
	}
	for (k = 0; names[k]; k++)
		for (i = 0; i < fn->nvars; i++) {
			v = &fn->vars[i];
			if (v->is_integer && !v->is_temp && !v->param &&
			    !strcmp(v->name, names[k]))
				return v->name;
		}
	return "err";
}

static char *bracket_advice(const struct ir_func *fn, const struct ir_call *call,
			    const struct rule_guard *rule,
			    const struct rules *rules)
{
	const struct rule_acquire *first = rules_first_acquire(rules);
	const char *acq = first ? first->name : "acquire";
	const char *rel = first ? first->release : "release";
	char *mnt = mount_in_scope(fn, call);
	char *r;

	/* the err = acquire(); if (err) pattern is for zero-success acquires */
	if (mnt && first && first->success == SUCCESS_ZERO)
		r = xasprintf("take the bracket around the call: %s = %s(%s); if (%s) ...; then %s(%s) after it",
			      error_var(fn, call), acq, mnt, error_var(fn, call),
			      rel, mnt);
	else if (rule && rule->helper && first && first->success == SUCCESS_ALWAYS)
		r = xasprintf("hold %s around the call: %s", rules->names.resource,
			      rule->helper);
	else if (rule && rule->helper && !strstr(rule->helper, acq))
		r = xasprintf("use %s, which take the bracket themselves, or take %s()/%s() on the object's mount around the call",
			      rule->helper, acq, rel);
	else if (!rules->names.resource || strstr(rules->names.resource, "mount"))
		r = xasprintf("take %s()/%s() on the object's mount around the call",
			      acq, rel);
	else
		r = xasprintf("take %s()/%s() around the call, for %s", acq, rel,
			      rules->names.resource);
	free(mnt);
	return r;
}

char *suggest_call(const struct ir_func *fn, const struct ir_call *call,
		   const struct rule_guard *rule, const struct rules *rules)
{
	struct expansion x = { .fn = fn };
	char *mnt, *r;

	if (!rule || !rule->tmpl || !helper_declared(fn, rule->tmpl))
		return bracket_advice(fn, call, rule, rules);
	mnt = mount_in_scope(fn, call);
	x.mnt = mnt;
	sb_init(&x.call);
	sb_init(&x.decls);
	expand(&x, rule->tmpl, call);
	if (x.decls.len)
		r = xasprintf("%s, with %s", x.call.buf, x.decls.buf);
	else
		r = xstrdup(x.call.buf);
	sb_free(&x.call);
	sb_free(&x.decls);
	free(mnt);
	return r;
}

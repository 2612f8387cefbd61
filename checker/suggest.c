/*
 * Suggestions.  Where the 2008 path_* helper is declared, the exact
 * replacement call; the directory argument's struct path comes from its
 * shape (nd.path.dentry->d_inode is &nd.path).  Elsewhere, the bracket
 * itself on a mount in scope, or the kernel helper the rules name.
 */
#include "suggest.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static int helper_declared(const struct ir_func *fn, const char *tmpl)
{
	const char *paren = strchr(tmpl, '(');
	char *name, *needle;
	int yes;

	if (!paren || !fn->declared)
		return 0;
	name = xstrndup(tmpl, paren - tmpl);
	needle = xasprintf(" %s ", name);
	yes = strstr(fn->declared, needle) != NULL;
	free(needle);
	free(name);
	return yes;
}

/* Expand the template; *missing gets the first @N with no struct path. */
static char *expand(const char *tmpl, const struct ir_call *call, int *missing)
{
	struct strbuf sb;
	const char *p;

	*missing = 0;
	sb_init(&sb);
	for (p = tmpl; *p; p++) {
		char *end;
		long n;
		const struct ir_arg *a;

		if ((*p != '$' && *p != '@') || p[1] < '0' || p[1] > '9') {
			sb_addc(&sb, *p);
			continue;
		}
		n = strtol(p + 1, &end, 10);
		a = n >= 1 && n <= call->nargs ? &call->args[n - 1] : NULL;
		if (!a)
			sb_add(&sb, "?");
		else if (*p == '$')
			sb_add(&sb, a->text);
		else if (a->path_of)
			sb_add(&sb, a->path_of);
		else {
			if (!*missing)
				*missing = (int)n;
			sb_add(&sb, "&path");
		}
		p = end - 1;
	}
	return sb_detach(&sb);
}

/* A mount expression in scope, preferring a struct path the call's
 * arguments mention. */
static char *mount_in_scope(const struct ir_func *fn, const struct ir_call *call)
{
	const struct ir_scope_obj *best = NULL;
	size_t i;
	int j;

	for (i = 0; i < fn->nscope && !best; i++) {
		const struct ir_scope_obj *o = &fn->scope[i];

		for (j = 0; j < call->nargs; j++)
			if (strstr(call->args[j].text, o->name) &&
			    strstr(o->type, "struct path"))
				best = o;
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

static char *bracket_advice(const struct ir_func *fn, const struct ir_call *call,
			    const struct rule_guard *rule,
			    const struct rules *rules)
{
	const char *acq = rules->nacquires ? rules->acquires[0].name : "acquire";
	const char *rel = rules->nacquires ? rules->acquires[0].release : "release";
	char *mnt = mount_in_scope(fn, call);
	char *r;

	if (mnt)
		r = xasprintf("take the bracket around the call: err = %s(%s); if (err) ...; then %s(%s) after it",
			      acq, mnt, rel, mnt);
	else if (rule && rule->helper)
		r = xasprintf("use %s, which take the bracket, or %s()/%s() on the mount of the object",
			      rule->helper, acq, rel);
	else
		r = xasprintf("take %s()/%s() on the mount of the object around the call",
			      acq, rel);
	free(mnt);
	return r;
}

/* The dentry behind a directory inode argument: x->d_inode, d_inode(x). */
static char *dentry_of(const char *arg)
{
	size_t n = strlen(arg);

	if (n > 9 && !strcmp(arg + n - 9, "->d_inode"))
		return xstrndup(arg, n - 9);
	if (!strncmp(arg, "d_inode(", 8) && arg[n - 1] == ')')
		return xstrndup(arg + 8, n - 9);
	return xstrdup(arg);
}

char *suggest_call(const struct ir_func *fn, const struct ir_call *call,
		   const struct rule_guard *rule, const struct rules *rules)
{
	char *text, *mnt, *dentry, *r;
	int missing;

	if (!rule || !rule->replace || !helper_declared(fn, rule->replace))
		return bracket_advice(fn, call, rule, rules);
	text = expand(rule->replace, call, &missing);
	if (!missing)
		return text;
	mnt = mount_in_scope(fn, call);
	dentry = dentry_of(call->args[missing - 1].text);
	r = xasprintf("%s, with struct path path = { .mnt = %s, .dentry = %s }",
		      text, mnt ? mnt : "<the vfsmount it lives on>", dentry);
	free(dentry);
	free(mnt);
	free(text);
	return r;
}

/*
 * analysis: the key algebra.  A key is the normalised text of an object
 * expression ("$2->fh_dentry", "&nd.path"); these pure string functions
 * compare keys, rewrite a callee's keys in its caller's terms and find
 * the variable a key is rooted in.  frontend/expr_keys.c makes the keys.
 */
#include "analysis/keys.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int is_simple(const char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '.' && *s != '$' &&
		    *s != '>' && *s != '-' && *s != '[' && *s != ']')
			return 0;
	return 1;
}

char *key_substitute(const char *key, char *const *args, int nargs)
{
	struct strbuf sb;
	const char *p;

	sb_init(&sb);
	for (p = key; *p; p++) {
		char *end;
		long n;

		if (*p != '$') {
			sb_addc(&sb, *p);
			continue;
		}
		n = strtol(p + 1, &end, 10);
		if (n < 1 || n > nargs || !args[n - 1]) {
			sb_free(&sb);
			return NULL;
		}
		/* $1->x with &obj passed: obj.x */
		if (args[n - 1][0] == '&' && !strncmp(end, "->", 2) &&
		    is_simple(args[n - 1] + 1)) {
			sb_add(&sb, args[n - 1] + 1);
			sb_addc(&sb, '.');
			end += 2;
		} else if (is_simple(args[n - 1]) || !*end) {
			sb_add(&sb, args[n - 1]);
		} else {
			sb_addf(&sb, "(%s)", args[n - 1]);
		}
		p = end - 1;
	}
	return sb_detach(&sb);
}

const char *key_norm(const char *key)
{
	return key[0] == '&' ? key + 1 : key;
}

int key_under(const char *key, const char *prefix)
{
	size_t n;

	key = key_norm(key);
	prefix = key_norm(prefix);
	n = strlen(prefix);
	return !strncmp(key, prefix, n) &&
	       (!key[n] || key[n] == '.' || key[n] == '-' || key[n] == '[');
}
/* Locals the body writes (=, op=, ++, --, &): a key may stand a local
 * for its initialiser only if nothing else is ever stored in it. */

int key_param(const char *key)
{
	char *end;
	long n;

	if (!key || key[0] != '$' || !isdigit((unsigned char)key[1]))
		return 0;
	n = strtol(key + 1, &end, 10);
	return *end || n > 1000 ? 0 : (int)n;
}

/* The identifier KEY is rooted in, through &, * and the single argument
 * of accessor calls (d_inode(x)): its start and length. */
static const char *key_root(const char *key, size_t *len, int depth)
{
	const char *p = key, *id;
	int level = 0;

	while (*p == '&' || *p == '*' || *p == '(')
		p++;
	id = p;
	if (*p == '$' || c_ident_start((unsigned char)*p))
		p++;
	while (c_ident_char((unsigned char)*p))
		p++;
	if (p == id || depth > 4)
		return NULL;
	if (*p != '(') {
		*len = (size_t)(p - id);
		return id;
	}
	/* a call: only one argument, or the root is unclear */
	for (key = p; *key; key++) {
		if (*key == '(')
			level++;
		else if (*key == ')' && --level == 0)
			break;
		else if (*key == ',' && level == 1)
			return NULL;
	}
	return key_root(p + 1, len, depth + 1);
}

int key_root_var(const struct ir_func *fn, const char *key)
{
	const char *r;
	size_t len, v;

	if (!key || !(r = key_root(key, &len, 0)))
		return -1;
	if (r[0] == '$') {
		long n = strtol(r + 1, NULL, 10);

		for (v = 0; v < fn->nvars; v++)
			if (fn->vars[v].param == n)
				return (int)v;
		return -1;
	}
	for (v = 0; v < fn->nvars; v++)
		if (!fn->vars[v].is_temp && strlen(fn->vars[v].name) == len &&
		    !strncmp(fn->vars[v].name, r, len))
			return (int)v;
	return -1;	/* a global, or a field of nothing we know */
}

/* The variable KEY comes from, through locals set once. */
int key_origin_var(const struct ir_func *fn, const char *key)
{
	int v = key_root_var(fn, key), depth;

	for (depth = 0; v >= 0 && depth < 6; depth++) {
		const struct ir_var *var = &fn->vars[v];

		if (var->param || !var->value_key || var->value_multi)
			return v;
		v = key_root_var(fn, var->value_key);
	}
	return depth < 6 ? v : -1;
}

/* The key as the function spells it: each $N becomes the parameter's
 * name, the way a caller's arguments replace them (key_substitute). */
char *key_text(const struct ir_func *fn, const char *key)
{
	char **names;
	char *text;
	int nparams = 0;
	size_t v;

	for (v = 0; v < fn->nvars; v++)
		if (fn->vars[v].param > nparams)
			nparams = fn->vars[v].param;
	names = xcalloc((size_t)nparams + 1, sizeof(*names));
	for (v = 0; v < fn->nvars; v++)
		if (fn->vars[v].param > 0)
			names[fn->vars[v].param - 1] = fn->vars[v].name;
	text = key_substitute(key, names, nparams);
	free(names);
	return text ? text : xstrdup(key);
}

char *key_origin(const struct ir_func *fn, const char *key)
{
	char *k = xstrdup(key_norm(key));
	int depth;

	for (depth = 0; depth < 6; depth++) {
		size_t len = 0, v;
		char *next;

		while (c_ident_char((unsigned char)k[len]) &&
		       (len || c_ident_start((unsigned char)k[len])))
			len++;
		if (!len)
			break;
		for (v = 0; v < fn->nvars; v++)
			if (!fn->vars[v].is_temp && !fn->vars[v].param &&
			    strlen(fn->vars[v].name) == len &&
			    !strncmp(fn->vars[v].name, k, len))
				break;
		if (v == fn->nvars || !fn->vars[v].value_key ||
		    fn->vars[v].value_multi)
			break;
		next = xasprintf("%s%s", key_norm(fn->vars[v].value_key), k + len);
		free(k);
		k = next;
	}
	return k;
}

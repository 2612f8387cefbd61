/*
 * input: a small Kconfig reader for --kernel-tree.  It is no kconfig: it reads
 * the symbols of the core directories (their types, defaults, depends,
 * selects and choices), starts from the tree's defconfig and iterates
 * to a fixpoint.  Menus' own dependencies, ranges and macros ($(...))
 * are ignored.  What it gets wrong only costs precision: the values
 * decide which branches of the headers are parsed.
 */
#define _GNU_SOURCE	/* FTW_ACTIONRETVAL */
#include "input/kconfig.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <ctype.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum ktype { K_UNKNOWN, K_BOOL, K_TRISTATE, K_INT, K_HEX, K_STRING };

struct kattr {
	char *val;	/* a value or a symbol */
	char *cond;	/* NULL: always */
};

struct kattrs {
	struct kattr *a;
	size_t n, cap;
};

struct ksym {
	char *name;
	enum ktype type;
	struct kattrs defs, selects;
	struct strbuf depends;	/* "(A) && (B)", empty: none */
	long choice;		/* index + 1 of its choice, 0: none */
	char *value;		/* NULL: n */
	int fixed;		/* set by the defconfig */
	int prompt;		/* a user can set it (allyesconfig would) */
	int forced;		/* on because a checked file needs it */
	char *kconfig;		/* where it is declared first, in the tree */
};

struct kchoice {
	struct kattrs defs;
	struct strbuf depends;
	long *members;
	size_t n, cap;
};

struct kconf {
	struct ksym *syms;
	size_t n, cap;
	struct strmap index;	/* name -> index + 1 */
	struct kchoice *choices;
	size_t nchoices, choices_cap;
};

static struct ksym *sym(struct kconf *kc, const char *name, size_t len)
{
	char *key = xstrndup(name, len);
	long *v = strmap_get(&kc->index, key);
	struct ksym *s;

	if (v) {
		free(key);
		return &kc->syms[*v - 1];
	}
	s = ARRAY_PUSH(kc->syms, kc->n, kc->cap);
	memset(s, 0, sizeof(*s));
	sb_init(&s->depends);
	s->name = key;
	strmap_put(&kc->index, key, (long)kc->n);
	return s;
}

static const char *value_of(const struct kconf *kc, const char *name,
			    size_t len)
{
	char *key = xstrndup(name, len);
	long *v = strmap_get(&kc->index, key);

	free(key);
	if (!v || !kc->syms[*v - 1].value)
		return "n";
	return kc->syms[*v - 1].value;
}

/* --- expressions ------------------------------------------------------- */

struct lexer {
	const struct kconf *kc;
	const char *p;
};

static void skip_ws(struct lexer *lx)
{
	while (*lx->p == ' ' || *lx->p == '\t')
		lx->p++;
}

static int tri_of(const char *v)
{
	return !strcmp(v, "y") ? 2 : !strcmp(v, "m") ? 1 : 0;
}

/* An operand's string value: a symbol's value, a literal, or (for a
 * macro) something that equals nothing. */
static char *operand(struct lexer *lx)
{
	const char *s;

	skip_ws(lx);
	s = lx->p;
	if (*s == '"' || *s == '\'') {
		char q = *s++;
		const char *e = strchr(s, q);

		if (!e)
			e = s + strlen(s);
		lx->p = *e ? e + 1 : e;
		return xstrndup(s, e - s);
	}
	if (*s == '$') {
		int depth = 0;

		do {
			if (*lx->p == '(')
				depth++;
			else if (*lx->p == ')')
				depth--;
			lx->p++;
		} while (*lx->p && depth > 0);
		return xstrdup("\001");
	}
	while (c_ident_char((unsigned char)*lx->p))
		lx->p++;
	if (lx->p == s) {
		if (*lx->p)
			lx->p++;	/* unknown character: skip it */
		return xstrdup("n");
	}
	if (lx->p - s == 1 && strchr("ynm", *s))
		return xstrndup(s, 1);
	if (isdigit((unsigned char)*s)) {
		char *end;

		strtol(s, &end, 0);
		if (end == lx->p)
			return xstrndup(s, lx->p - s);	/* a number, not 64BIT */
	}
	return xstrdup(value_of(lx->kc, s, lx->p - s));
}

static int expr_or(struct lexer *lx);

static int compare(const char *a, const char *b, const char *op)
{
	char *ea, *eb;
	long x = strtol(a, &ea, 0), y = strtol(b, &eb, 0);
	int c = (*a && *b && !*ea && !*eb) ? (x > y) - (x < y) : strcmp(a, b);

	if (!strcmp(op, "="))
		return c == 0;
	if (!strcmp(op, "!="))
		return c != 0;
	if (!strcmp(op, "<"))
		return c < 0;
	if (!strcmp(op, ">"))
		return c > 0;
	if (!strcmp(op, "<="))
		return c <= 0;
	return c >= 0;
}

static int expr_primary(struct lexer *lx)
{
	char *a, *b, op[3] = "";
	int r;

	skip_ws(lx);
	if (*lx->p == '!') {
		lx->p++;
		return 2 - expr_primary(lx);
	}
	if (*lx->p == '(') {
		lx->p++;
		r = expr_or(lx);
		skip_ws(lx);
		if (*lx->p == ')')
			lx->p++;
		return r;
	}
	a = operand(lx);
	skip_ws(lx);
	if ((lx->p[0] == '!' && lx->p[1] == '=') ||
	    ((lx->p[0] == '<' || lx->p[0] == '>') && lx->p[1] == '=')) {
		op[0] = lx->p[0];
		op[1] = '=';
		lx->p += 2;
	} else if (*lx->p == '=' || *lx->p == '<' || *lx->p == '>') {
		op[0] = *lx->p++;
	}
	if (!op[0]) {
		r = tri_of(a);
		free(a);
		return r;
	}
	b = operand(lx);
	r = compare(a, b, op) ? 2 : 0;
	free(a);
	free(b);
	return r;
}

static int expr_and(struct lexer *lx)
{
	int r = expr_primary(lx), v;

	for (;;) {
		skip_ws(lx);
		if (lx->p[0] != '&' || lx->p[1] != '&')
			return r;
		lx->p += 2;
		v = expr_primary(lx);
		r = v < r ? v : r;
	}
}

static int expr_or(struct lexer *lx)
{
	int r = expr_and(lx), v;

	for (;;) {
		skip_ws(lx);
		if (lx->p[0] != '|' || lx->p[1] != '|')
			return r;
		lx->p += 2;
		v = expr_and(lx);
		r = v > r ? v : r;
	}
}

/* 0 (n), 1 (m) or 2 (y); an empty or absent condition holds. */
static int eval(const struct kconf *kc, const char *e)
{
	struct lexer lx = { kc, e };

	if (!e || !*e)
		return 2;
	return expr_or(&lx);
}

/* --- reading Kconfig files ------------------------------------------------ */

struct reader {
	struct kconf *kc;
	struct ksym *cur;
	struct kchoice *choice;	/* attributes go to it before its first config */
	long in_choice;		/* index + 1 */
	char *ifs[64];		/* the enclosing "if" conditions */
	int nifs;
	int help_indent;	/* >= 0: inside help text */
	const char *path;	/* the Kconfig file, relative to the tree */
};

/* "VALUE if COND": split at the last " if " outside quotes. */
static void split_if(const char *s, char **val, char **cond)
{
	const char *p, *at = NULL;
	int q = 0;

	for (p = s; *p; p++) {
		if (*p == '"')
			q = !q;
		else if (!q && (p[0] == ' ' || p[0] == '\t') && !strncmp(p + 1, "if", 2) &&
			 (p[3] == ' ' || p[3] == '\t'))
			at = p;
	}
	if (at) {
		*val = xstrndup(s, at - s);
		*cond = xstrdup(at + 4);
	} else {
		*val = xstrdup(s);
		*cond = NULL;
	}
	/* trim */
	for (p = *val + strlen(*val); p > *val && isspace((unsigned char)p[-1]); p--)
		;
	(*val)[p - *val] = '\0';
}

static void add_attr(struct kattrs *l, const char *rest)
{
	struct kattr *a = ARRAY_PUSH(l->a, l->n, l->cap);

	split_if(rest, &a->val, &a->cond);
}

static void add_dep(struct strbuf *deps, const char *e)
{
	if (deps->len)
		sb_add(deps, " && ");
	sb_addf(deps, "(%s)", e);
}

static int indent_of(const char *line)
{
	int w = 0;

	for (; *line == ' ' || *line == '\t'; line++)
		w = *line == '\t' ? (w + 8) & ~7 : w + 1;
	return w;
}

static void read_line(struct reader *rd, char *line)
{
	char *s = line, *kw, *rest, *hash;
	int ind = indent_of(line), i;
	size_t n;
	struct ksym *cur = rd->cur;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	if (rd->help_indent >= 0) {
		if (!*s || ind > rd->help_indent)
			return;
		rd->help_indent = -1;
	}
	if (!*s || *s == '#')
		return;
	hash = strstr(s, " #");
	if (hash && !strchr(s, '"'))
		*hash = '\0';
	kw = s;
	while (*s && *s != ' ' && *s != '\t')
		s++;
	if (*s)
		*s++ = '\0';
	while (*s == ' ' || *s == '\t')
		s++;
	rest = s;

	if (!strcmp(kw, "config") || !strcmp(kw, "menuconfig")) {
		rd->cur = sym(rd->kc, rest, strcspn(rest, " \t"));
		rd->choice = NULL;
		if (!rd->cur->kconfig)
			rd->cur->kconfig = xstrdup(rd->path);
		for (i = 0; i < rd->nifs; i++)
			add_dep(&rd->cur->depends, rd->ifs[i]);
		if (rd->in_choice && !rd->cur->choice) {
			struct kchoice *c = &rd->kc->choices[rd->in_choice - 1];

			rd->cur->choice = rd->in_choice;
			*ARRAY_PUSH(c->members, c->n, c->cap) =
				rd->cur - rd->kc->syms;
		}
	} else if (!strcmp(kw, "choice")) {
		struct kchoice *c = ARRAY_PUSH(rd->kc->choices, rd->kc->nchoices,
					       rd->kc->choices_cap);

		memset(c, 0, sizeof(*c));
		sb_init(&c->depends);
		for (i = 0; i < rd->nifs; i++)
			add_dep(&c->depends, rd->ifs[i]);
		rd->in_choice = (long)rd->kc->nchoices;
		rd->choice = c;
		rd->cur = NULL;
	} else if (!strcmp(kw, "endchoice")) {
		rd->in_choice = 0;
		rd->choice = NULL;
		rd->cur = NULL;
	} else if (!strcmp(kw, "if")) {
		if (rd->nifs < 64)
			rd->ifs[rd->nifs] = xstrdup(rest);
		rd->nifs++;
		rd->cur = NULL;
	} else if (!strcmp(kw, "endif")) {
		if (rd->nifs > 0 && --rd->nifs < 64)
			free(rd->ifs[rd->nifs]);
		rd->cur = NULL;
	} else if (!strcmp(kw, "help") || !strcmp(kw, "---help---")) {
		rd->help_indent = ind;
	} else if (!strcmp(kw, "menu") || !strcmp(kw, "endmenu") ||
		   !strcmp(kw, "comment") || !strcmp(kw, "source") ||
		   !strcmp(kw, "mainmenu")) {
		rd->cur = NULL;
		rd->choice = NULL;
	} else if (cur) {
		if (!strcmp(kw, "prompt") ||
		    (*rest == '"' && (!strcmp(kw, "bool") || !strcmp(kw, "boolean") ||
				      !strcmp(kw, "tristate"))))
			cur->prompt = 1;
		if (!strcmp(kw, "bool") || !strcmp(kw, "boolean"))
			cur->type = K_BOOL;
		else if (!strcmp(kw, "tristate"))
			cur->type = K_TRISTATE;
		else if (!strcmp(kw, "int"))
			cur->type = K_INT;
		else if (!strcmp(kw, "hex"))
			cur->type = K_HEX;
		else if (!strcmp(kw, "string"))
			cur->type = K_STRING;
		if (!strcmp(kw, "def_bool") || !strcmp(kw, "def_tristate")) {
			cur->type = kw[4] == 'b' ? K_BOOL : K_TRISTATE;
			add_attr(&cur->defs, rest);
		} else if (!strcmp(kw, "default")) {
			add_attr(&cur->defs, rest);
		} else if (!strcmp(kw, "depends") && !strncmp(rest, "on", 2)) {
			add_dep(&cur->depends, rest + 2);
		} else if (!strcmp(kw, "select")) {
			add_attr(&cur->selects, rest);
		}
	} else if (rd->choice) {
		if (!strcmp(kw, "default"))
			add_attr(&rd->choice->defs, rest);
		else if (!strcmp(kw, "depends") && !strncmp(rest, "on", 2))
			add_dep(&rd->choice->depends, rest + 2);
	}
}

static void read_kconfig(struct kconf *kc, const char *tree, const char *path)
{
	struct reader rd = { kc, NULL, NULL, 0, { 0 }, 0, -1,
			     path + strlen(tree) + 1 };
	size_t len;
	char *text = read_file(path, &len), *line, *next;
	int i;

	if (!text)
		return;
	for (line = text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		/* continuation lines */
		while (next && line[0] && line[strlen(line) - 1] == '\\') {
			char *nl = strchr(next, '\n');

			line[strlen(line) - 1] = ' ';
			memmove(line + strlen(line), next, strlen(next) + 1);
			next = nl ? strchr(line, '\n') : NULL;
			if (next)
				*next++ = '\0';
		}
		read_line(&rd, line);
	}
	for (i = 0; i < rd.nifs && i < 64; i++)
		free(rd.ifs[i]);
	free(text);
}

/* nftw has no closure */
static struct kconf *walk_kc;
static const char *walk_tree;

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	(void)st;
	if (type == FTW_D && path[ftw->base] == '.' && ftw->level > 0)
		return FTW_SKIP_SUBTREE;
	if (type == FTW_F && !strncmp(path + ftw->base, "Kconfig", 7))
		read_kconfig(walk_kc, walk_tree, path);
	return 0;
}

static void read_dir(struct kconf *kc, const char *tree, const char *dir)
{
	char *p = xasprintf("%s/%s", tree, dir);

	walk_kc = kc;
	walk_tree = tree;
	nftw(p, visit, 16, FTW_PHYS | FTW_ACTIONRETVAL);
	free(p);
}

static void read_one(struct kconf *kc, const char *tree, const char *file)
{
	char *p = xasprintf("%s/%s", tree, file);

	read_kconfig(kc, tree, p);
	free(p);
}

/* --- the defconfig ----------------------------------------------------- */

static void read_defconfig(struct kconf *kc, const char *path)
{
	size_t len;
	char *text = read_file(path, &len), *line, *next;

	if (!text)
		return;
	for (line = text; line && *line; line = next) {
		char *eq;
		struct ksym *s;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!strncmp(line, "# CONFIG_", 9) && strstr(line, " is not set")) {
			s = sym(kc, line + 9, strcspn(line + 9, " "));
			s->fixed = 1;
			free(s->value);
			s->value = NULL;
			continue;
		}
		if (strncmp(line, "CONFIG_", 7) || !(eq = strchr(line, '=')))
			continue;
		s = sym(kc, line + 7, eq - line - 7);
		s->fixed = 1;
		free(s->value);
		s->value = strcmp(eq + 1, "n") ? xstrdup(eq + 1) : NULL;
		if (eq[1] == '"' && !s->type)
			s->type = K_STRING;
	}
	free(text);
}

/* --- evaluation -------------------------------------------------------- */

static int is_literal(const char *v)
{
	char *end;

	if (*v == '"')
		return 1;
	if (!isdigit((unsigned char)*v) && !(*v == '-' && isdigit((unsigned char)v[1])))
		return 0;
	strtoll(v, &end, 0);
	return !*end;
}

/* The value a default gives a symbol of type T, or NULL for n. */
static char *default_value(const struct kconf *kc, enum ktype t,
			   const char *v, int dep)
{
	int r;

	if (t == K_STRING || t == K_INT || t == K_HEX) {
		if (*v == '"') {
			size_t n = strlen(v);

			return xstrndup(v + 1, n > 1 && v[n - 1] == '"' ? n - 2 : n - 1);
		}
		if (is_literal(v))
			return xstrdup(v);
		v = value_of(kc, v, strlen(v));
		return strcmp(v, "n") ? xstrdup(v) : NULL;
	}
	r = eval(kc, v);
	r = r < dep ? r : dep;
	if (t == K_BOOL && r == 1)
		r = 2;
	return r == 2 ? xstrdup("y") : r == 1 ? xstrdup("m") : NULL;
}

static char *compute(const struct kconf *kc, const struct ksym *s)
{
	int dep = eval(kc, s->depends.buf);
	size_t i;

	if (!dep)
		return NULL;
	for (i = 0; i < s->defs.n; i++)
		if (eval(kc, s->defs.a[i].cond))
			return default_value(kc, s->type, s->defs.a[i].val, dep);
	/* numbers must have a value for the headers to parse at all */
	if (s->type == K_INT || s->type == K_HEX)
		for (i = 0; i < s->defs.n; i++)
			if (is_literal(s->defs.a[i].val))
				return xstrdup(s->defs.a[i].val);
	return NULL;
}

static int same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void choose(const struct kconf *kc, const struct kchoice *c,
		   char **next)
{
	size_t i, j;
	long pick = -1;

	if (!eval(kc, c->depends.buf))
		return;
	for (i = 0; i < c->n; i++)
		if (kc->syms[c->members[i]].fixed && kc->syms[c->members[i]].value)
			return;
	for (i = 0; i < c->defs.n && pick < 0; i++) {
		if (!eval(kc, c->defs.a[i].cond))
			continue;
		for (j = 0; j < c->n; j++) {
			const struct ksym *m = &kc->syms[c->members[j]];

			if (!strcmp(m->name, c->defs.a[i].val) &&
			    eval(kc, m->depends.buf))
				pick = c->members[j];
		}
	}
	for (i = 0; i < c->n && pick < 0; i++)
		if (eval(kc, kc->syms[c->members[i]].depends.buf))
			pick = c->members[i];
	for (i = 0; i < c->n; i++) {
		long m = c->members[i];

		if (kc->syms[m].fixed)
			continue;
		free(next[m]);
		next[m] = m == pick ? xstrdup("y") : NULL;
	}
}

static void solve(struct kconf *kc)
{
	char **next = xcalloc(kc->n + 1, sizeof(*next));
	size_t i, j;
	int pass, changed = 1;

	for (pass = 0; pass < 16 && changed; pass++) {
		for (i = 0; i < kc->n; i++)
			next[i] = kc->syms[i].fixed ?
				  (kc->syms[i].value ? xstrdup(kc->syms[i].value) : NULL) :
				  compute(kc, &kc->syms[i]);
		for (i = 0; i < kc->nchoices; i++)
			choose(kc, &kc->choices[i], next);
		for (i = 0; i < kc->n; i++) {
			const struct ksym *s = &kc->syms[i];

			if (!s->value || !tri_of(s->value))
				continue;
			for (j = 0; j < s->selects.n; j++) {
				const char *t = s->selects.a[j].val;
				long *v;

				if (!eval(kc, s->selects.a[j].cond))
					continue;
				v = strmap_get(&kc->index, t);
				if (!v || kc->syms[*v - 1].fixed ||
				    (next[*v - 1] && !strcmp(next[*v - 1], "y")))
					continue;
				free(next[*v - 1]);
				next[*v - 1] = xstrdup(s->value);
			}
		}
		changed = 0;
		for (i = 0; i < kc->n; i++) {
			if (!same(kc->syms[i].value, next[i]))
				changed = 1;
			free(kc->syms[i].value);
			kc->syms[i].value = next[i];
			next[i] = NULL;
		}
	}
	free(next);
}

/* --- what the checked files need ------------------------------------ */

static struct ksym *lookup(struct kconf *kc, const char *name, size_t len)
{
	char *key = xstrndup(name, len);
	long *v = strmap_get(&kc->index, key);

	free(key);
	return v ? &kc->syms[*v - 1] : NULL;
}

static int is_ident(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return 0;
	return n > 0;
}

static void turn_on(struct kconf *kc, struct ksym *s, int depth);

/*
 * What a "depends on" E asks for without a choice: each symbol of its
 * top-level conjunction, inside parentheses too.  A disjunction, a
 * negation or a comparison is left to hold by itself or not.
 */
static void turn_on_conjuncts(struct kconf *kc, const char *e, size_t n,
			      int depth)
{
	size_t i, start, level = 0;

	while (n && isspace((unsigned char)*e))
		e++, n--;
	while (n && isspace((unsigned char)e[n - 1]))
		n--;
	if (is_ident(e, n)) {
		struct ksym *s = lookup(kc, e, n);

		if (s)
			turn_on(kc, s, depth);
		return;
	}
	for (i = 0, start = 0; i <= n; i++) {
		if (i < n && e[i] == '(')
			level++;
		else if (i < n && e[i] == ')')
			level--;
		if (i < n && (level || e[i] != '&' || e[i + 1] != '&'))
			continue;
		if (start == 0 && i == n) {
			/* one conjunct: (E) */
			if (n > 1 && e[0] == '(' && e[n - 1] == ')')
				turn_on_conjuncts(kc, e + 1, n - 2, depth);
			return;
		}
		turn_on_conjuncts(kc, e + start, i - start, depth);
		start = i + 2;
		i++;
	}
}

static void turn_on(struct kconf *kc, struct ksym *s, int depth)
{
	if (depth > 16 || s->forced || s->choice || !s->prompt ||
	    (s->type != K_BOOL && s->type != K_TRISTATE))
		return;
	s->forced = 1;
	s->fixed = 1;
	free(s->value);
	s->value = xstrdup("y");
	turn_on_conjuncts(kc, s->depends.buf, s->depends.len, depth + 1);
}

/* Forced symbols whose dependencies still do not hold go back off. */
static int drop_unmet(struct kconf *kc)
{
	size_t i;
	int dropped = 0;

	for (i = 0; i < kc->n; i++) {
		struct ksym *s = &kc->syms[i];

		if (!s->forced || eval(kc, s->depends.buf))
			continue;
		s->forced = 0;
		s->fixed = 0;
		dropped = 1;
	}
	return dropped;
}

static void apply_wants(struct kconf *kc, const struct kconfig_want *w,
			size_t nw)
{
	size_t i;

	for (i = 0; i < nw; i++) {
		struct ksym *s = lookup(kc, w[i].name, strlen(w[i].name));

		if (s && (!w[i].under || (s->kconfig &&
		    !strncmp(s->kconfig, w[i].under, strlen(w[i].under)))))
			turn_on(kc, s, 0);
	}
}

/* Say what was turned on, and which needed symbols stayed off. */
static void tell_wants(struct kconf *kc, const struct kconfig_want *w,
		       size_t nw, struct kconfig_said *said)
{
	size_t i;

	for (i = 0; i < kc->n; i++)
		if (kc->syms[i].forced)
			said->nturned_on++;
	for (i = 0; i < nw; i++) {
		struct ksym *s = lookup(kc, w[i].name, strlen(w[i].name));

		if (w[i].under || (s && s->value))
			continue;
		sb_addf(&said->left_out, "%s%s needs CONFIG_%s (%s)",
			said->left_out.len ? "; " : "", w[i].why, w[i].name,
			!s ? "not in the Kconfig files read" :
			!s->prompt ? "no prompt: set only by what selects it" :
			"its dependencies do not hold");
	}
}

static void free_attrs(struct kattrs *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->a[i].val);
		free(l->a[i].cond);
	}
	free(l->a);
}

static void kconf_free(struct kconf *kc)
{
	size_t i;

	for (i = 0; i < kc->n; i++) {
		free(kc->syms[i].name);
		free(kc->syms[i].value);
		free(kc->syms[i].kconfig);
		free_attrs(&kc->syms[i].defs);
		free_attrs(&kc->syms[i].selects);
		sb_free(&kc->syms[i].depends);
	}
	for (i = 0; i < kc->nchoices; i++) {
		free_attrs(&kc->choices[i].defs);
		sb_free(&kc->choices[i].depends);
		free(kc->choices[i].members);
	}
	free(kc->syms);
	free(kc->choices);
	strmap_free(&kc->index);
}

char *kconfig_autoconf(const char *tree, const char *srcarch, int bits,
		       const char *defconfig, const struct kconfig_want *want,
		       size_t nwant, char *const *dirs_more,
		       struct kconfig_said *said)
{
	static const char *const dirs[] = { "init", "kernel", "mm", "lib",
					    "block", "fs", "security", "net", "crypto",
					    NULL };
	static const char *const files[] = { "arch/Kconfig", NULL };
	struct kconf kc = { 0 };
	struct strbuf out;
	char *archdir = xasprintf("arch/%s", srcarch);
	size_t i;

	/* in kbuild's order: the arch's defaults come before the generic ones */
	read_dir(&kc, tree, archdir);
	for (i = 0; files[i]; i++)
		read_one(&kc, tree, files[i]);
	for (i = 0; dirs[i]; i++)
		read_dir(&kc, tree, dirs[i]);
	for (i = 0; dirs_more && dirs_more[i]; i++)
		read_dir(&kc, tree, dirs_more[i]);
	free(archdir);
	/* what the host's word size decides, from $(ARCH) in kbuild */
	if (bits == 64) {
		struct ksym *s = sym(&kc, "64BIT", 5);

		s->fixed = 1;
		s->value = xstrdup("y");
	}
	if (defconfig)
		read_defconfig(&kc, defconfig);
	apply_wants(&kc, want, nwant);
	solve(&kc);
	for (i = 0; i < 4 && drop_unmet(&kc); i++)
		solve(&kc);
	tell_wants(&kc, want, nwant, said);
	sb_init(&out);
	sb_add(&out, "/* wbcheck --kernel-tree: a stand-in, not this tree's configuration */\n");
	for (i = 0; i < kc.n; i++) {
		const struct ksym *s = &kc.syms[i];

		if (!s->value)
			continue;
		if (!strcmp(s->value, "y"))
			sb_addf(&out, "#define CONFIG_%s 1\n", s->name);
		else if (!strcmp(s->value, "m"))
			sb_addf(&out, "#define CONFIG_%s_MODULE 1\n", s->name);
		else if (s->type == K_STRING && s->value[0] != '"')
			sb_addf(&out, "#define CONFIG_%s \"%s\"\n", s->name, s->value);
		else if (s->type == K_INT || s->type == K_HEX || s->type == K_STRING ||
			 is_literal(s->value))
			sb_addf(&out, "#define CONFIG_%s %s\n", s->name, s->value);
	}
	kconf_free(&kc);
	return sb_detach(&out);
}

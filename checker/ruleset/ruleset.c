/* ruleset: the rules file parser and the look-ups the engine makes in it.
 * rules/README.md is the reference for the format; the grammar here must
 * stay in step with it.
 *
 * A file is parsed into a private rule set and merged into the caller's
 * only when the whole file is good, so a bad file leaves the caller's
 * rules exactly as they were (and always freeable). */
#include "ruleset/ruleset.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Tokens quoted in error messages are cut to this many bytes, so that a
 * megabyte of garbage on one line does not become a megabyte message. */
#define SHOW_MAX 64
#define Q "'%.*s%s'"
#define SHOW(s) show_len(s), (s), (strlen(s) > SHOW_MAX ? "..." : "")

static const char *const default_names[] = {
	"missing-write-bracket",
	"write-bracket-leak",
	"write-bracket-double-drop",
	NULL,
	NULL,
	NULL,
	"a write bracket on the mount",
};

/* The order of the keys of the checks directive, then the resource. */
enum {
	NAME_MISSING, NAME_LEAK, NAME_DOUBLE, NAME_MISMATCH, NAME_WRONG,
	NAME_NESTED, NAME_RESOURCE, NR_NAMES
};

/* One word of a line: KEY=VALUE, or a positional VALUE (key NULL). */
struct token {
	char *key;
	char *val;
};

struct line {
	struct token *toks;
	size_t ntoks, cap;
};

struct parser {
	const struct rules *base;	/* rules loaded before this file */
	struct rules base_view;	/* base as seen by this file's discipline */
	int disc;		/* discipline of this file's rules */
	char *disc_name;	/* set by a discipline directive */
	int disc_new;		/* it names a discipline not loaded yet */
	int directives;		/* directives parsed so far */
	struct rules add;		/* what this file adds */
	char *names[NR_NAMES];		/* new names, or NULL: keep base's */
	char *file;			/* owned copy of the file name */
	int line;
	char *err;
};

static char **name_slot(struct rule_names *n, int i)
{
	switch (i) {
	case NAME_MISSING:
		return &n->missing;
	case NAME_LEAK:
		return &n->leak;
	case NAME_DOUBLE:
		return &n->double_release;
	case NAME_MISMATCH:
		return &n->mismatch;
	case NAME_WRONG:
		return &n->wrong_object;
	case NAME_NESTED:
		return &n->nested;
	default:
		return &n->resource;
	}
}

static int show_len(const char *s)
{
	size_t n = strlen(s);

	if (n <= SHOW_MAX)
		return (int)n;
	/* Do not cut a UTF-8 sequence in half. */
	n = SHOW_MAX;
	while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	return (int)n;
}

static char *vformat(const char *fmt, va_list ap)
{
	va_list aq;
	char *s;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return xstrdup("");
	s = xmalloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	return s;
}

/* Record "FILE:LINE: reason" (the first error wins) and return -1. */
static int __attribute__((format(printf, 2, 3)))
fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = vformat(fmt, ap);
	va_end(ap);
	if (!p->err)
		p->err = xasprintf("%s:%d: %s", p->file, p->line, msg);
	free(msg);
	return -1;
}

/* ---- Byte level ---------------------------------------------------- */

/* Length of the well-formed UTF-8 sequence at S, 0 if it is not one. */
/* A line is text: no control characters but tab, and valid UTF-8.
 * Checking up front means no later stage ever sees a NUL byte. */
static int check_bytes(struct parser *p, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, k;

	while (i < n) {
		if (u[i] >= 0x80) {
			k = utf8_seq(u + i, n - i);
			if (!k)
				return fail(p, "invalid UTF-8 (byte 0x%02x)",
					    u[i]);
			i += k;
			continue;
		}
		if ((u[i] < 0x20 && u[i] != '\t') || u[i] == 0x7f)
			return fail(p, "invalid byte 0x%02x", u[i]);
		i++;
	}
	return 0;
}

/* ---- Tokens -------------------------------------------------------- */

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int is_word_char(char c)
{
	return !is_blank(c) && c != '#' && c != '"' && c != '=';
}

static void line_free(struct line *l)
{
	size_t i;

	for (i = 0; i < l->ntoks; i++) {
		free(l->toks[i].key);
		free(l->toks[i].val);
	}
	free(l->toks);
}

/* Read "..." at s[*i]; the opening quote is s[*i]. */
static int lex_quoted(struct parser *p, const char *s, size_t n, size_t *i,
		      char **out)
{
	struct strbuf sb;
	size_t j = *i + 1;

	sb_init(&sb);
	for (; j < n && s[j] != '"'; j++) {
		if (s[j] != '\\') {
			sb_addc(&sb, s[j]);
			continue;
		}
		if (++j == n)
			break;
		if (s[j] != '"' && s[j] != '\\') {
			sb_free(&sb);
			return fail(p, "unknown escape '\\%c' in quoted value",
				    s[j]);
		}
		sb_addc(&sb, s[j]);
	}
	if (j >= n) {
		sb_free(&sb);
		return fail(p, "unterminated quote");
	}
	*i = j + 1;
	*out = sb_detach(&sb);
	return 0;
}

static char *lex_word(const char *s, size_t n, size_t *i)
{
	size_t j = *i;

	while (j < n && is_word_char(s[j]))
		j++;
	s += *i;
	n = j - *i;
	*i = j;
	return xstrndup(s, n);
}

static int lex_value(struct parser *p, const char *s, size_t n, size_t *i,
		     char **out)
{
	if (*i < n && s[*i] == '"')
		return lex_quoted(p, s, n, i, out);
	*out = lex_word(s, n, i);
	return 0;
}

/* One token at s[*i] (not blank, not a comment) into T. */
static int lex_token(struct parser *p, const char *s, size_t n, size_t *i,
		     struct token *t)
{
	if (s[*i] == '=')
		return fail(p, "unexpected '='");
	if (s[*i] != '"') {
		t->val = lex_word(s, n, i);
		if (*i < n && s[*i] == '"')
			return fail(p, "unexpected '\"' after " Q,
				    SHOW(t->val));
		if (*i < n && s[*i] == '=') {
			t->key = t->val;
			t->val = NULL;
			(*i)++;
			if (lex_value(p, s, n, i, &t->val))
				return -1;
		}
	} else if (lex_quoted(p, s, n, i, &t->val)) {
		return -1;
	}
	if (*i < n && !is_blank(s[*i]) && s[*i] != '#')
		return fail(p, "unexpected '%c' after a value", s[*i]);
	if (!*t->val)
		return t->key ? fail(p, "empty value for key " Q, SHOW(t->key))
			      : fail(p, "empty quoted value");
	return 0;
}

static int lex_line(struct parser *p, const char *s, size_t n,
		    struct line *l)
{
	struct token *t;
	size_t i = 0;

	for (;;) {
		while (i < n && is_blank(s[i]))
			i++;
		if (i == n || s[i] == '#')
			return 0;
		t = ARRAY_PUSH(l->toks, l->ntoks, l->cap);
		if (lex_token(p, s, n, &i, t))
			return -1;
	}
}

/* ---- Values -------------------------------------------------------- */

/* A positive decimal integer that fits an int: digits only, not 0. */
static int parse_num(const char *s, size_t n, int *out)
{
	long v = 0;
	size_t i;

	if (n == 0)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > INT_MAX)
			return -1;
	}
	if (v == 0)
		return -1;
	*out = (int)v;
	return 0;
}

static int get_num(struct parser *p, const char *key, const char *s,
		   size_t n, int *out)
{
	if (parse_num(s, n, out) == 0)
		return 0;
	return fail(p, "bad number '%.*s%s' for %s (expected a positive decimal integer)",
		    n > SHOW_MAX ? SHOW_MAX : (int)n, s,
		    n > SHOW_MAX ? "..." : "", key);
}

static int is_ident(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
	      *s == '_'))
		return 0;
	for (s++; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			return 0;
	return 1;
}

static int get_ident(struct parser *p, const char *s)
{
	if (is_ident(s))
		return 0;
	return fail(p, "bad identifier " Q " (expected a C identifier)",
		    SHOW(s));
}

/* STRUCT.MEMBER, both C identifiers */
static int get_member(struct parser *p, const char *s)
{
	const char *dot = strchr(s, '.');
	char *rec;
	int ok;

	if (!dot)
		return fail(p, "bad member " Q " (expected STRUCT.MEMBER)",
			    SHOW(s));
	rec = xstrndup(s, dot - s);
	ok = is_ident(rec) && is_ident(dot + 1);
	free(rec);
	if (ok)
		return 0;
	return fail(p, "bad member " Q " (expected STRUCT.MEMBER, both C identifiers)",
		    SHOW(s));
}

static int is_check_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') ||
		      *s == '-'))
			return 0;
	return 1;
}

/* ---- Arguments of a directive ------------------------------------- */

static const char *directive(const struct line *l)
{
	return l->toks[0].val;
}

/* Fill VALS[i] with the value of KEYS[i]; refuse other keys and keys
 * given twice.  Positional tokens are left to the caller. */
static int get_keys(struct parser *p, const struct line *l,
		    const char *const keys[], const char *vals[])
{
	const struct token *t;
	size_t i, k;

	for (i = 1; i < l->ntoks; i++) {
		t = &l->toks[i];
		if (!t->key)
			continue;
		for (k = 0; keys[k] && strcmp(keys[k], t->key); k++)
			;
		if (!keys[k])
			return fail(p, "%s: unknown key " Q, directive(l),
				    SHOW(t->key));
		if (vals[k])
			return fail(p, "%s: duplicate key " Q, directive(l),
				    SHOW(t->key));
		vals[k] = t->val;
	}
	return 0;
}

static int require(struct parser *p, const struct line *l,
		   const char *const keys[], const char *vals[],
		   unsigned int mask)
{
	size_t k;

	for (k = 0; keys[k]; k++)
		if ((mask & (1u << k)) && !vals[k])
			return fail(p, "%s: missing required key '%s'",
				    directive(l), keys[k]);
	return 0;
}

static size_t count_pos(const struct line *l)
{
	size_t i, n = 0;

	for (i = 1; i < l->ntoks; i++)
		n += !l->toks[i].key;
	return n;
}

/* The Nth (0-based) positional value. */
static const char *nth_pos(const struct line *l, size_t nth)
{
	size_t i;

	for (i = 1; i < l->ntoks; i++)
		if (!l->toks[i].key && nth-- == 0)
			return l->toks[i].val;
	return NULL;
}

/* Exactly one positional value, which the directive is about. */
static int one_pos(struct parser *p, const struct line *l, const char *what,
		   const char **out)
{
	size_t n = count_pos(l);

	if (n == 0)
		return fail(p, "%s: missing %s", directive(l), what);
	if (n > 1)
		return fail(p, "%s: unexpected argument " Q " (one %s only)",
			    directive(l), SHOW(nth_pos(l, 1)), what);
	*out = nth_pos(l, 0);
	return 0;
}

static int no_pos(struct parser *p, const struct line *l)
{
	if (!count_pos(l))
		return 0;
	return fail(p, "%s: unexpected argument " Q, directive(l),
		    SHOW(nth_pos(l, 0)));
}

static void set_name(struct parser *p, int i, const char *val)
{
	free(p->names[i]);
	p->names[i] = xstrdup(val);
}

/* ---- Directives ---------------------------------------------------- */

static int parse_checks(struct parser *p, struct line *l)
{
	static const char *const keys[] = {
		"missing", "leak", "double-release", "mismatch", "wrong-object",
		"nested", NULL
	};
	const char *v[NR_NAMES] = { NULL };
	int i;

	if (get_keys(p, l, keys, v) || no_pos(p, l))
		return -1;
	for (i = 0; keys[i]; i++) {
		if (!v[i])
			continue;
		if (!is_check_name(v[i]))
			return fail(p, "checks: bad check name " Q " for %s (expected [a-z0-9-]+)",
				    SHOW(v[i]), keys[i]);
		set_name(p, i, v[i]);
	}
	return 0;
}

static int parse_resource(struct parser *p, struct line *l)
{
	static const char *const keys[] = { NULL };
	const char *text;

	if (get_keys(p, l, keys, NULL) || one_pos(p, l, "text", &text))
		return -1;
	set_name(p, NAME_RESOURCE, text);
	return 0;
}

static int parse_success(struct parser *p, const char *s,
			 enum success_kind *out)
{
	if (!strcmp(s, "zero"))
		*out = SUCCESS_ZERO;
	else if (!strcmp(s, "not-err-ptr"))
		*out = SUCCESS_NOT_ERR_PTR;
	else if (!strcmp(s, "always"))
		*out = SUCCESS_ALWAYS;
	else if (!strcmp(s, "nonzero"))
		*out = SUCCESS_NONZERO;
	else if (!strcmp(s, "unless-err-ptr"))
		*out = SUCCESS_UNLESS_ERR_PTR;
	else
		return fail(p, "bad success " Q " (expected zero, nonzero, not-err-ptr, unless-err-ptr or always)",
			    SHOW(s));
	return 0;
}

/*
 * scope=guarded: the primitive serves objects outside the discipline
 * too (inode_lock() locks a regular file as readily as a directory), so
 * a leak or a stray release of it is the discipline's business only in
 * a function that makes a guarded call.
 */
static int parse_scope(struct parser *p, const char *s, int *guarded)
{
	*guarded = 0;
	if (!s || !strcmp(s, "all"))
		return 0;
	if (!strcmp(s, "guarded")) {
		*guarded = 1;
		return 0;
	}
	return fail(p, "bad scope " Q " (expected all or guarded)", SHOW(s));
}

/*
 * reentrant=yes: the acquire may be taken again while it is held without
 * deadlocking (mnt_get_write_access() counts a writer; it takes no
 * freeze protection that a freeze could be waiting behind).
 */
static int parse_yes_no(struct parser *p, const char *key, const char *s,
			int *out)
{
	*out = 0;
	if (!s || !strcmp(s, "no"))
		return 0;
	if (!strcmp(s, "yes")) {
		*out = 1;
		return 0;
	}
	return fail(p, "bad %s " Q " (expected yes or no)", key, SHOW(s));
}

static const struct rule_acquire *find_acquire(struct parser *p,
					       const char *name)
{
	const struct rule_acquire *a = rules_find_acquire(p->base, name);

	return a ? a : rules_find_acquire(&p->add, name);
}

static const struct rule_release *find_release(struct parser *p,
					       const char *name)
{
	const struct rule_release *r = rules_find_release(p->base, name);

	return r ? r : rules_find_release(&p->add, name);
}

static int parse_acquire(struct parser *p, struct line *l)
{
	static const char *const keys[] = {
		"arg", "success", "release", "member", "scope", "reentrant",
		"reentrant-before", NULL
	};
	const char *v[7] = { NULL };
	const struct rule_acquire *old;
	struct rule_acquire a = { 0 };
	const char *name;

	if (get_keys(p, l, keys, v) || one_pos(p, l, "name", &name) ||
	    get_ident(p, name) || require(p, l, keys, v, 0x7) ||
	    get_num(p, "arg", v[0], strlen(v[0]), &a.arg) ||
	    parse_success(p, v[1], &a.success) || get_ident(p, v[2]) ||
	    (v[3] && get_ident(p, v[3])) ||
	    parse_scope(p, v[4], &a.scope_guarded) ||
	    parse_yes_no(p, "reentrant", v[5], &a.reentrant))
		return -1;
	old = find_acquire(p, name);
	if (old)
		return fail(p, "duplicate acquire rule for %s (first at %s:%d)",
			    name, old->file, old->line);
	a.name = xstrdup(name);
	a.release = xstrdup(v[2]);
	a.member = v[3] ? xstrdup(v[3]) : NULL;
	a.reentrant_before = v[6] ? xstrdup(v[6]) : NULL;
	a.disc = p->disc;
	a.file = p->file;
	a.line = p->line;
	*ARRAY_PUSH(p->add.acquires, p->add.nacquires, p->add.acquires_cap) = a;
	return 0;
}

static int parse_release(struct parser *p, struct line *l)
{
	static const char *const keys[] = { "arg", "member", "scope", NULL };
	const char *v[3] = { NULL };
	const struct rule_release *old;
	struct rule_release r = { 0 };
	const char *name;

	if (get_keys(p, l, keys, v) || one_pos(p, l, "name", &name) ||
	    get_ident(p, name) || require(p, l, keys, v, 1) ||
	    get_num(p, "arg", v[0], strlen(v[0]), &r.arg) ||
	    (v[1] && get_ident(p, v[1])) ||
	    parse_scope(p, v[2], &r.scope_guarded))
		return -1;
	old = find_release(p, name);
	if (old)
		return fail(p, "duplicate release rule for %s (first at %s:%d)",
			    name, old->file, old->line);
	r.name = xstrdup(name);
	r.member = v[1] ? xstrdup(v[1]) : NULL;
	r.disc = p->disc;
	r.file = p->file;
	r.line = p->line;
	*ARRAY_PUSH(p->add.releases, p->add.nreleases, p->add.releases_cap) = r;
	return 0;
}

static int parse_names(struct parser *p, struct line *l, const char *what,
		       int (*valid)(struct parser *, const char *),
		       int (*known)(const struct rules *, const char *),
		       char ***arr, size_t *n, size_t *cap)
{
	static const char *const keys[] = { NULL };
	size_t i, count = count_pos(l);
	const char *name;

	if (get_keys(p, l, keys, NULL))
		return -1;
	if (count == 0)
		return fail(p, "%s: missing name", what);
	for (i = 0; i < count; i++)
		if (valid(p, nth_pos(l, i)))
			return -1;
	for (i = 0; i < count; i++) {
		name = nth_pos(l, i);
		/* Saying it twice is harmless. */
		if (known(p->base, name) || known(&p->add, name))
			continue;
		*ARRAY_PUSH(*arr, *n, *cap) = xstrdup(name);
	}
	return 0;
}

static int has_marker(const struct rules *rules, const char *prefix)
{
	size_t i;

	for (i = 0; i < rules->nexport_markers; i++)
		if (!strcmp(rules->export_markers[i], prefix))
			return 1;
	return 0;
}

static int parse_export_marker(struct parser *p, struct line *l)
{
	return parse_names(p, l, "export-marker", get_ident, has_marker,
			   &p->add.export_markers, &p->add.nexport_markers,
			   &p->add.export_markers_cap);
}

static int parse_noreturn(struct parser *p, struct line *l)
{
	return parse_names(p, l, "noreturn", get_ident, rules_is_noreturn,
			   &p->add.noreturns, &p->add.nnoreturns,
			   &p->add.noreturns_cap);
}

/*
 * kernels=V[,V...]: the kernel versions an assertion about one named
 * function was checked on (6.1,6.12; 2.6.26).  Outside them it does not
 * apply: the function may be different there (rules_set_kernel()).
 */
static int get_kernels(struct parser *p, const char *v, char **out)
{
	const char *s;

	if (!v)
		return 0;
	for (s = v; *s; s++)
		if (!((*s >= '0' && *s <= '9') || *s == '.' || *s == ','))
			break;
	if (!*v || *s || *v == ',' || *v == '.' || s[-1] == ',' ||
	    s[-1] == '.' || strstr(v, ",,") || strstr(v, ".."))
		return fail(p, "kernels: " Q " is no list of versions (6.1,6.12)",
			    SHOW(v));
	*out = xstrdup(v);
	return 0;
}

/*
 * callback-holds STRUCT.MEMBER...: functions stored in MEMBER start with
 * the resource.  caller-holds FUNC...: every caller of FUNC holds it, by
 * an invariant of the subsystem's own data the analysis cannot see (nfsd
 * truncates for an OPEN only once the open's file holds write access).
 * One table for both; IS_FUNC tells them apart.
 */
static int parse_holds_names(struct parser *p, struct line *l,
			     const char *what,
			     int (*valid)(struct parser *, const char *),
			     int is_func)
{
	static const char *const keys[] = { "kernels", NULL };
	const char *v[1] = { NULL };
	size_t i, count = count_pos(l);
	struct rule_callback_holds *h;
	char *kernels = NULL;

	if (get_keys(p, l, keys, v))
		return -1;
	if (count == 0)
		return fail(p, "%s: missing name", what);
	for (i = 0; i < count; i++)
		if (valid(p, nth_pos(l, i)))
			return -1;
	if (get_kernels(p, v[0], &kernels))
		return -1;
	for (i = 0; i < count; i++) {
		h = ARRAY_PUSH(p->add.callback_holds, p->add.ncallback_holds,
			       p->add.callback_holds_cap);
		h->member = xstrdup(nth_pos(l, i));
		h->disc = p->disc;
		h->is_func = is_func;
		h->kernels = kernels ? xstrdup(kernels) : NULL;
	}
	free(kernels);
	return 0;
}

static int parse_callback_holds(struct parser *p, struct line *l)
{
	return parse_holds_names(p, l, "callback-holds", get_member, 0);
}

static int parse_caller_holds(struct parser *p, struct line *l)
{
	return parse_holds_names(p, l, "caller-holds", get_ident, 1);
}

static int parse_holds(struct parser *p, struct line *l)
{
	static const char *const keys[] = { "member", NULL };
	const char *v[1] = { NULL };
	struct rule_holds h = { 0 };
	const char *flag;

	if (get_keys(p, l, keys, v) || one_pos(p, l, "flag", &flag) ||
	    get_ident(p, flag) || require(p, l, keys, v, 1) ||
	    get_ident(p, v[0]))
		return -1;
	if (rules_find_holds(p->base, flag) || rules_find_holds(&p->add, flag))
		return fail(p, "duplicate holds rule for %s", flag);
	h.flag = xstrdup(flag);
	h.member = xstrdup(v[0]);
	h.disc = p->disc;
	h.file = p->file;
	h.line = p->line;
	*ARRAY_PUSH(p->add.holds, p->add.nholds, p->add.holds_cap) = h;
	return 0;
}

/* holds-if FUNC arg=N: on the true edge of a test of FUNC(...), its
 * argument N holds the resource (a subsystem's own invariant: xfs scrub
 * takes the bracket for the whole scrub whenever repair is asked). */
static int parse_holds_if(struct parser *p, struct line *l)
{
	static const char *const keys[] = { "arg", "kernels", NULL };
	const char *v[2] = { NULL };
	struct rule_holds h = { 0 };
	const char *func;

	if (get_keys(p, l, keys, v) || one_pos(p, l, "function", &func) ||
	    get_ident(p, func) || require(p, l, keys, v, 1) ||
	    get_num(p, "arg", v[0], strlen(v[0]), &h.arg))
		return -1;
	if (rules_find_holds_if(p->base, func) ||
	    rules_find_holds_if(&p->add, func))
		return fail(p, "duplicate holds-if rule for %s", func);
	if (get_kernels(p, v[1], &h.kernels))
		return -1;
	h.flag = xstrdup(func);
	h.disc = p->disc;
	h.file = p->file;
	h.line = p->line;
	*ARRAY_PUSH(p->add.holds, p->add.nholds, p->add.holds_cap) = h;
	return 0;
}

/* ---- guard --------------------------------------------------------- */

/* A guard being parsed; type_match points into the line's tokens until
 * the guard is stored. */
struct guard_args {
	const char *name;
	int nargs;
	int objects[RULE_MAX_OBJECTS];
	int nobjects;
	int type_arg;
	const char *type_match;
	const char *replace;
	struct rule_template *tmpl;	/* replace= parsed, until stored */
	const char *helper;
};

static int check_arg_range(struct parser *p, const struct guard_args *g,
			   const char *key, int n)
{
	if (g->nargs < 0 || n <= g->nargs)
		return 0;
	return fail(p, "guard %s: %s names argument %d but nargs=%d",
		    g->name, key, n, g->nargs);
}

/* object=N or object=N,N */
static int parse_objects(struct parser *p, struct guard_args *g,
			 const char *s)
{
	const char *comma;
	size_t len;
	int n;

	for (;;) {
		comma = strchr(s, ',');
		len = comma ? (size_t)(comma - s) : strlen(s);
		if (g->nobjects == RULE_MAX_OBJECTS)
			return fail(p, "guard %s: object lists more than %d arguments",
				    g->name, RULE_MAX_OBJECTS);
		if (get_num(p, "object", s, len, &n) ||
		    check_arg_range(p, g, "object", n))
			return -1;
		if (g->nobjects && g->objects[0] == n)
			return fail(p, "guard %s: object lists argument %d twice",
				    g->name, n);
		g->objects[g->nobjects++] = n;
		if (!comma)
			return 0;
		s = comma + 1;
	}
}

/* argtype=N:ALT|ALT... */
static int parse_argtype(struct parser *p, struct guard_args *g,
			 const char *s)
{
	const char *colon = strchr(s, ':');
	const char *t;

	if (!colon)
		return fail(p, "guard %s: bad argtype " Q " (expected N:TYPE[|TYPE...])",
			    g->name, SHOW(s));
	if (get_num(p, "argtype", s, (size_t)(colon - s), &g->type_arg) ||
	    check_arg_range(p, g, "argtype", g->type_arg))
		return -1;
	t = colon + 1;
	/* An empty alternative would match every type. */
	if (!*t || *t == '|' || t[strlen(t) - 1] == '|' || strstr(t, "||"))
		return fail(p, "guard %s: argtype " Q " has an empty type alternative",
			    g->name, SHOW(s));
	g->type_match = t;
	return 0;
}

/* ---- replace= templates ------------------------------------------ */

static void tmpl_add(struct tmpl_pieces *ps, enum tmpl_kind kind,
		     const char *text, size_t len, int arg)
{
	struct tmpl_piece *pc = ARRAY_PUSH(ps->v, ps->n, ps->cap);

	pc->kind = kind;
	pc->text = kind == TMPL_TEXT ? xstrndup(text, len) : NULL;
	pc->arg = arg;
}

/*
 * S[0, LEN) in pieces: runs of text, $N and @N.  Every $N and @N must
 * name an argument the call has.  The helper's arguments are pieces of
 * text the whole template was split from, so they fail only where it did.
 */
static int tmpl_split(struct parser *p, const struct guard_args *g,
		      const char *s, size_t len, struct tmpl_pieces *out)
{
	size_t i = 0, j;
	int n;

	while (i < len) {
		for (j = i; j < len && s[j] != '$' && s[j] != '@'; j++)
			;
		if (j > i) {
			tmpl_add(out, TMPL_TEXT, s + i, j - i, 0);
			i = j;
			continue;
		}
		for (j = i + 1; j < len && s[j] >= '0' && s[j] <= '9'; j++)
			;
		if (j == i + 1)
			return fail(p, "guard %s: replace: '%c' must be followed by an argument number",
				    g->name, s[i]);
		if (get_num(p, "replace", s + i + 1, j - i - 1, &n) ||
		    check_arg_range(p, g, "replace", n))
			return -1;
		tmpl_add(out, s[i] == '$' ? TMPL_ARG : TMPL_PATH, NULL, 0, n);
		i = j;
	}
	return 0;
}

/*
 * The helper's arguments: the text after the first '(' up to the ')'
 * that closes it, split at the commas outside parentheses, leading
 * spaces dropped (the fix lays the call out again).
 */
static void tmpl_args(struct parser *p, const struct guard_args *g,
		      struct rule_template *t, const char *open)
{
	const char *arg = open + 1, *q;
	int depth = 0;

	for (q = arg; *q; q++) {
		if (*q == '(') {
			depth++;
		} else if (*q == ')' && depth) {
			depth--;
		} else if ((*q == ',' && !depth) || *q == ')') {
			while (arg < q && *arg == ' ')
				arg++;
			memset(ARRAY_PUSH(t->args, t->nargs, t->args_cap), 0,
			       sizeof(*t->args));
			tmpl_split(p, g, arg, (size_t)(q - arg),
				   &t->args[t->nargs - 1]);
			if (*q == ')')
				return;
			arg = q + 1;
		}
	}
}

static void tmpl_pieces_free(struct tmpl_pieces *ps)
{
	size_t i;

	for (i = 0; i < ps->n; i++)
		free(ps->v[i].text);
	free(ps->v);
}

static void tmpl_free(struct rule_template *t)
{
	size_t i;

	if (!t)
		return;
	free(t->helper);
	tmpl_pieces_free(&t->all);
	for (i = 0; i < t->nargs; i++)
		tmpl_pieces_free(&t->args[i]);
	free(t->args);
	free(t);
}

/* replace=TEXT: a call of the helper it names, when it is one. */
static int parse_template(struct parser *p, struct guard_args *g)
{
	const char *s = g->replace, *open = strchr(s, '(');
	struct rule_template *t = xcalloc(1, sizeof(*t));
	char *name;

	if (tmpl_split(p, g, s, strlen(s), &t->all)) {
		tmpl_free(t);
		return -1;
	}
	g->tmpl = t;
	if (!open)
		return 0;
	name = xstrndup(s, (size_t)(open - s));
	if (!is_ident(name)) {
		free(name);
		return 0;
	}
	t->helper = name;
	tmpl_args(p, g, t, open);
	return 0;
}

static int same_str(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

static const struct rule_guard *find_form(const struct rules *r,
					  const struct guard_args *g)
{
	const struct rule_guard *f;
	size_t i;

	for (i = 0; i < r->nguards; i++) {
		f = &r->guards[i];
		if (r->active >= 0 && f->disc != r->active)
			continue;
		if (!strcmp(f->name, g->name) && f->nargs == g->nargs &&
		    f->type_arg == g->type_arg &&
		    same_str(f->type_match, g->type_match))
			return f;
	}
	return NULL;
}

static int check_dup_form(struct parser *p, const struct guard_args *g)
{
	const struct rule_guard *f = find_form(p->base, g);
	struct strbuf sb;
	int ret;

	if (!f)
		f = find_form(&p->add, g);
	if (!f)
		return 0;
	sb_init(&sb);
	sb_add(&sb, g->name);
	if (g->nargs >= 0)
		sb_addf(&sb, " nargs=%d", g->nargs);
	if (g->type_match)
		sb_addf(&sb, " argtype=%d:%s", g->type_arg, g->type_match);
	ret = fail(p, "duplicate guard form %s (first at %s:%d)", sb.buf,
		   f->file, f->line);
	sb_free(&sb);
	return ret;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void store_guard(struct parser *p, const struct guard_args *g)
{
	struct rule_guard *f;

	f = ARRAY_PUSH(p->add.guards, p->add.nguards, p->add.guards_cap);
	memset(f, 0, sizeof(*f));
	f->name = xstrdup(g->name);
	f->nargs = g->nargs;
	memcpy(f->objects, g->objects, sizeof(f->objects));
	f->nobjects = g->nobjects;
	f->type_arg = g->type_arg;
	f->type_match = dup_or_null(g->type_match);
	f->replace = dup_or_null(g->replace);
	f->tmpl = g->tmpl;
	f->helper = dup_or_null(g->helper);
	f->disc = p->disc;
	f->file = p->file;
	f->line = p->line;
}

static int parse_guard(struct parser *p, struct line *l)
{
	static const char *const keys[] = {
		"nargs", "object", "argtype", "replace", "helper", NULL
	};
	const char *v[5] = { NULL };
	struct guard_args g = { .nargs = -1 };

	if (get_keys(p, l, keys, v) || one_pos(p, l, "name", &g.name) ||
	    get_ident(p, g.name) || require(p, l, keys, v, 1u << 1))
		return -1;
	if (v[0] && get_num(p, "nargs", v[0], strlen(v[0]), &g.nargs))
		return -1;
	if (parse_objects(p, &g, v[1]))
		return -1;
	if (v[2] && parse_argtype(p, &g, v[2]))
		return -1;
	g.replace = v[3];
	g.helper = v[4];
	if (g.replace && parse_template(p, &g))
		return -1;
	if (check_dup_form(p, &g)) {
		tmpl_free(g.tmpl);
		return -1;
	}
	store_guard(p, &g);
	return 0;
}

/* ---- Disciplines, orders, fills ------------------------------------ */

/* discipline NAME: this file's rules belong to the discipline NAME (a
 * new one, or one an earlier file named).  It must come first, so that
 * every rule of the file is read in its discipline. */
static int parse_discipline(struct parser *p, struct line *l)
{
	static const char *const keys[] = { NULL };
	const struct rules *b = p->base;
	const char *name;
	int d;

	if (get_keys(p, l, keys, NULL) || one_pos(p, l, "name", &name))
		return -1;
	if (!is_check_name(name))
		return fail(p, "discipline: bad name " Q " (expected [a-z0-9-]+)",
			    SHOW(name));
	if (p->directives > 1)
		return fail(p, "discipline: must come before any other directive");
	d = rules_find_disc(b, name);
	if (d < 0 && b->ndiscs == 1 && !b->discs[0].name && !b->nacquires &&
	    !b->nreleases && !b->nguards) {
		d = 0;		/* the default discipline, still empty: claim it */
		p->disc_new = 1;
	} else if (d < 0) {
		d = (int)b->ndiscs;
		p->disc_new = 1;
	}
	p->disc = d;
	p->base_view.active = d;
	free(p->disc_name);
	p->disc_name = xstrdup(name);
	return 0;
}

/* order before=DISC check=CHECK: this discipline must not be taken while
 * DISC is held.  DISC may be loaded later, or never (then it is inert). */
static int parse_order(struct parser *p, struct line *l)
{
	static const char *const keys[] = { "before", "check", NULL };
	const char *v[2] = { NULL };
	struct rule_order o = { 0 };

	if (get_keys(p, l, keys, v) || no_pos(p, l) ||
	    require(p, l, keys, v, 0x3))
		return -1;
	if (!is_check_name(v[0]))
		return fail(p, "order: bad discipline name " Q, SHOW(v[0]));
	if (!is_check_name(v[1]))
		return fail(p, "order: bad check name " Q, SHOW(v[1]));
	o.disc = p->disc;
	o.before = xstrdup(v[0]);
	o.check = xstrdup(v[1]);
	o.file = p->file;
	o.line = p->line;
	*ARRAY_PUSH(p->add.orders, p->add.norders, p->add.orders_cap) = o;
	return 0;
}

static const struct rule_arg *find_arg(const struct rule_arg *a, size_t n,
				       const char *name)
{
	size_t i;

	for (i = 0; name && i < n; i++)
		if (!strcmp(a[i].name, name))
			return &a[i];
	return NULL;
}

/* NAME arg=N, one rule per NAME: fills and returns. */
static int parse_arg_rule(struct parser *p, struct line *l, const char *what,
			  struct rule_arg **arr, size_t *n, size_t *cap,
			  const struct rule_arg *base, size_t nbase)
{
	static const char *const keys[] = { "arg", "kernels", NULL };
	const char *v[2] = { NULL };
	struct rule_arg r = { 0 };
	const char *name;

	if (get_keys(p, l, keys, v) || one_pos(p, l, "name", &name) ||
	    get_ident(p, name) || require(p, l, keys, v, 1) ||
	    get_num(p, "arg", v[0], strlen(v[0]), &r.arg))
		return -1;
	if (find_arg(base, nbase, name) || find_arg(*arr, *n, name))
		return fail(p, "duplicate %s rule for %s", what, name);
	if (get_kernels(p, v[1], &r.kernels))
		return -1;
	r.name = xstrdup(name);
	*ARRAY_PUSH(*arr, *n, *cap) = r;
	return 0;
}

/* fills NAME arg=N: NAME fills the object its argument N points to. */
static int parse_fills(struct parser *p, struct line *l)
{
	return parse_arg_rule(p, l, "fills", &p->add.fills, &p->add.nfills,
			      &p->add.fills_cap, p->base->fills,
			      p->base->nfills);
}

/* returns NAME arg=N: NAME returns its argument N. */
static int parse_returns(struct parser *p, struct line *l)
{
	return parse_arg_rule(p, l, "returns", &p->add.returns,
			      &p->add.nreturns, &p->add.returns_cap,
			      p->base->returns, p->base->nreturns);
}

/* clears NAME arg=N field=F: after NAME, the F member of what its
 * argument N points to is NULL. */
static int parse_clears(struct parser *p, struct line *l)
{
	static const char *const keys[] = { "arg", "field", "kernels", NULL };
	const char *v[3] = { NULL };
	struct rule_clears c = { 0 };
	const char *name;

	if (get_keys(p, l, keys, v) || one_pos(p, l, "name", &name) ||
	    get_ident(p, name) || require(p, l, keys, v, 0x3) ||
	    get_num(p, "arg", v[0], strlen(v[0]), &c.arg) ||
	    get_ident(p, v[1]))
		return -1;
	if (rules_find_clears(p->base, name, v[1]) ||
	    rules_find_clears(&p->add, name, v[1]))
		return fail(p, "duplicate clears rule for %s field=%s", name,
			    v[1]);
	if (get_kernels(p, v[2], &c.kernels))
		return -1;
	c.name = xstrdup(name);
	c.field = xstrdup(v[1]);
	*ARRAY_PUSH(p->add.clears, p->add.nclears, p->add.clears_cap) = c;
	return 0;
}


/* filled TYPE check=CHECK: a local of TYPE must be filled before it is
 * read. */
static int parse_filled(struct parser *p, struct line *l)
{
	static const char *const keys[] = { "check", NULL };
	const char *v[1] = { NULL };
	const char *type;

	if (get_keys(p, l, keys, v) || one_pos(p, l, "type", &type) ||
	    require(p, l, keys, v, 1))
		return -1;
	if (!is_check_name(v[0]))
		return fail(p, "filled: bad check name " Q, SHOW(v[0]));
	if (p->base->filled_type || p->add.filled_type)
		return fail(p, "filled: only one filled rule is allowed");
	p->add.filled_type = xstrdup(type);
	p->add.filled_check = xstrdup(v[0]);
	return 0;
}

/* same NAME args=N,M: arguments N and M of NAME must lie on the same
 * object (reported under the discipline's wrong-object check). */
static int parse_same(struct parser *p, struct line *l)
{
	static const char *const keys[] = { "args", NULL };
	const char *v[1] = { NULL };
	struct rule_same s = { 0 };
	const char *name, *comma;

	if (get_keys(p, l, keys, v) || one_pos(p, l, "name", &name) ||
	    get_ident(p, name) || require(p, l, keys, v, 1))
		return -1;
	comma = strchr(v[0], ',');
	if (!comma || get_num(p, "args", v[0], (size_t)(comma - v[0]), &s.a) ||
	    get_num(p, "args", comma + 1, strlen(comma + 1), &s.b))
		return comma ? -1 : fail(p, "same: args needs two arguments N,M");
	if (s.a == s.b)
		return fail(p, "same: args names argument %d twice", s.a);
	s.name = xstrdup(name);
	s.disc = p->disc;
	*ARRAY_PUSH(p->add.sames, p->add.nsames, p->add.sames_cap) = s;
	return 0;
}

/* ---- Lines and files ----------------------------------------------- */

static const struct {
	const char *name;
	int (*parse)(struct parser *p, struct line *l);
} directives[] = {
	{ "checks", parse_checks },
	{ "resource", parse_resource },
	{ "acquire", parse_acquire },
	{ "release", parse_release },
	{ "guard", parse_guard },
	{ "noreturn", parse_noreturn },
	{ "export-marker", parse_export_marker },
	{ "holds", parse_holds },
	{ "holds-if", parse_holds_if },
	{ "callback-holds", parse_callback_holds },
	{ "caller-holds", parse_caller_holds },
	{ "discipline", parse_discipline },
	{ "order", parse_order },
	{ "fills", parse_fills },
	{ "clears", parse_clears },
	{ "returns", parse_returns },
	{ "filled", parse_filled },
	{ "same", parse_same },
};

static int parse_directive(struct parser *p, struct line *l)
{
	const struct token *t = &l->toks[0];
	size_t i;

	if (t->key)
		return fail(p, "expected a directive name, got key " Q,
			    SHOW(t->key));
	p->directives++;
	for (i = 0; i < sizeof(directives) / sizeof(directives[0]); i++)
		if (!strcmp(directives[i].name, t->val))
			return directives[i].parse(p, l);
	return fail(p, "unknown directive " Q, SHOW(t->val));
}

static int parse_line(struct parser *p, const char *s, size_t n)
{
	struct line l = { 0 };
	int ret;

	/* Accept CRLF files: a CR just before the newline is dropped. */
	if (n && s[n - 1] == '\r')
		n--;
	if (check_bytes(p, s, n))
		return -1;
	ret = lex_line(p, s, n, &l);
	if (!ret && l.ntoks)
		ret = parse_directive(p, &l);
	line_free(&l);
	return ret;
}

/* Releases may be declared after the acquires that name them, and in an
 * earlier file, so the pairing is checked once the file is read. */
static int check_releases(struct parser *p)
{
	const struct rule_acquire *a;
	size_t i;

	for (i = 0; i < p->add.nacquires; i++) {
		a = &p->add.acquires[i];
		if (find_release(p, a->release))
			continue;
		p->line = a->line;
		return fail(p, "acquire %s: release=%s names no release rule",
			    a->name, a->release);
	}
	return 0;
}

#define MOVE_ALL(dst, src, arr, n, cap)					\
	do {								\
		size_t i_;						\
		for (i_ = 0; i_ < (src)->n; i_++)			\
			*ARRAY_PUSH((dst)->arr, (dst)->n, (dst)->cap) =	\
				(src)->arr[i_];				\
		free((src)->arr);					\
		(src)->arr = NULL;					\
		(src)->n = (src)->cap = 0;				\
	} while (0)

/* The names of discipline D. */
static struct rule_names *disc_names(struct rules *r, int d)
{
	return d ? &r->discs[d].names : &r->names;
}

static void merge_disc(struct rules *r, struct parser *p)
{
	struct rule_disc *nd;
	int i;

	if (!p->disc_new)
		return;
	if (p->disc == 0) {
		r->discs[0].name = p->disc_name;
		p->disc_name = NULL;
		return;
	}
	nd = ARRAY_PUSH(r->discs, r->ndiscs, r->discs_cap);
	memset(nd, 0, sizeof(*nd));
	nd->name = p->disc_name;
	p->disc_name = NULL;
	for (i = 0; i < NR_NAMES; i++)
		if (default_names[i])
			*name_slot(&nd->names, i) = xstrdup(default_names[i]);
}

static void merge(struct rules *r, struct parser *p)
{
	char **slot;
	int i;

	MOVE_ALL(r, &p->add, guards, nguards, guards_cap);
	MOVE_ALL(r, &p->add, acquires, nacquires, acquires_cap);
	MOVE_ALL(r, &p->add, releases, nreleases, releases_cap);
	MOVE_ALL(r, &p->add, noreturns, nnoreturns, noreturns_cap);
	MOVE_ALL(r, &p->add, export_markers, nexport_markers,
		 export_markers_cap);
	MOVE_ALL(r, &p->add, holds, nholds, holds_cap);
	MOVE_ALL(r, &p->add, callback_holds, ncallback_holds,
		 callback_holds_cap);
	MOVE_ALL(r, &p->add, orders, norders, orders_cap);
	MOVE_ALL(r, &p->add, fills, nfills, fills_cap);
	MOVE_ALL(r, &p->add, clears, nclears, clears_cap);
	MOVE_ALL(r, &p->add, returns, nreturns, returns_cap);
	MOVE_ALL(r, &p->add, sames, nsames, sames_cap);
	if (p->add.filled_type) {
		r->filled_type = p->add.filled_type;
		r->filled_check = p->add.filled_check;
		p->add.filled_type = p->add.filled_check = NULL;
	}
	merge_disc(r, p);
	*ARRAY_PUSH(r->files, r->nfiles, r->files_cap) = p->file;
	p->file = NULL;
	for (i = 0; i < NR_NAMES; i++) {
		if (!p->names[i])
			continue;
		slot = name_slot(disc_names(r, p->disc), i);
		free(*slot);
		*slot = p->names[i];
		p->names[i] = NULL;
	}
}

static void parser_free(struct parser *p)
{
	int i;

	rules_free(&p->add);
	for (i = 0; i < NR_NAMES; i++)
		free(p->names[i]);
	free(p->file);
	free(p->disc_name);
}

static int parse_text(struct parser *p, const char *text, size_t len)
{
	const char *nl;
	size_t start = 0, n;

	while (start < len) {
		nl = memchr(text + start, '\n', len - start);
		n = nl ? (size_t)(nl - text) - start : len - start;
		if (p->line == INT_MAX)
			return fail(p, "too many lines");
		p->line++;
		if (parse_line(p, text + start, n))
			return -1;
		start += n + 1;
	}
	return check_releases(p);
}

int rules_parse(struct rules *rules, const char *name, const char *text,
		size_t len, char **err)
{
	struct parser p;
	int ret;

	memset(&p, 0, sizeof(p));
	p.base_view = *rules;
	p.base_view.active = 0;
	p.base = &p.base_view;
	p.add.active = -1;
	p.file = xstrdup(name ? name : "<rules>");
	ret = parse_text(&p, text, text ? len : 0);
	if (!ret)
		merge(rules, &p);
	if (err)
		*err = p.err;
	else
		free(p.err);
	parser_free(&p);
	return ret;
}

int rules_load(struct rules *rules, const char *file, char **err)
{
	struct stat st;
	char *text;
	size_t len;
	int ret;

	if (stat(file, &st) == 0 && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		text = NULL;
	} else {
		text = read_file(file, &len);
	}
	if (!text) {
		ret = errno;
		if (err)
			*err = xasprintf("%s: cannot read: %s", file,
					 strerror(ret));
		return -1;
	}
	ret = rules_parse(rules, file, text, len, err);
	free(text);
	return ret;
}

/* ---- Set up and tear down ----------------------------------------- */

void rules_init(struct rules *rules)
{
	int i;

	memset(rules, 0, sizeof(*rules));
	for (i = 0; i < NR_NAMES; i++)
		*name_slot(&rules->names, i) = dup_or_null(default_names[i]);
	rules->active = -1;
	ARRAY_PUSH(rules->discs, rules->ndiscs, rules->discs_cap)->name = NULL;
}

void rules_free(struct rules *rules)
{
	size_t i;
	int k;

	for (i = 0; i < rules->nguards; i++) {
		free(rules->guards[i].name);
		free(rules->guards[i].type_match);
		free(rules->guards[i].replace);
		tmpl_free(rules->guards[i].tmpl);
		free(rules->guards[i].helper);
	}
	for (i = 0; i < rules->nacquires; i++) {
		free(rules->acquires[i].name);
		free(rules->acquires[i].release);
		free(rules->acquires[i].reentrant_before);
		free(rules->acquires[i].member);
	}
	for (i = 0; i < rules->nreleases; i++) {
		free(rules->releases[i].name);
		free(rules->releases[i].member);
	}
	for (i = 0; i < rules->nnoreturns; i++)
		free(rules->noreturns[i]);
	for (i = 0; i < rules->ncallback_holds; i++) {
		free(rules->callback_holds[i].member);
		free(rules->callback_holds[i].kernels);
	}
	free(rules->callback_holds);
	for (i = 0; i < rules->nfiles; i++)
		free(rules->files[i]);
	for (k = 0; k < NR_NAMES; k++)
		free(*name_slot(&rules->names, k));
	free(rules->guards);
	free(rules->acquires);
	free(rules->releases);
	free(rules->noreturns);
	for (i = 0; i < rules->nexport_markers; i++)
		free(rules->export_markers[i]);
	free(rules->export_markers);
	for (i = 0; i < rules->nholds; i++) {
		free(rules->holds[i].flag);
		free(rules->holds[i].member);
		free(rules->holds[i].kernels);
	}
	for (i = 0; i < rules->ndiscs; i++) {
		free(rules->discs[i].name);
		for (k = 0; k < NR_NAMES; k++)
			free(*name_slot(&rules->discs[i].names, k));
	}
	free(rules->discs);
	for (i = 0; i < rules->norders; i++) {
		free(rules->orders[i].before);
		free(rules->orders[i].check);
	}
	free(rules->orders);
	for (i = 0; i < rules->nfills; i++) {
		free(rules->fills[i].name);
		free(rules->fills[i].kernels);
	}
	free(rules->fills);
	for (i = 0; i < rules->nclears; i++) {
		free(rules->clears[i].name);
		free(rules->clears[i].field);
		free(rules->clears[i].kernels);
	}
	free(rules->clears);
	for (i = 0; i < rules->nreturns; i++) {
		free(rules->returns[i].name);
		free(rules->returns[i].kernels);
	}
	free(rules->returns);
	for (i = 0; i < rules->nsames; i++)
		free(rules->sames[i].name);
	free(rules->sames);
	free(rules->filled_type);
	free(rules->filled_check);
	free(rules->holds);
	free(rules->files);
	memset(rules, 0, sizeof(*rules));
}

/* ---- Look-ups ------------------------------------------------------ */

static int in_view(const struct rules *rules, int disc)
{
	return rules->active < 0 || rules->active == disc;
}

static int contains(const char *hay, const char *needle, size_t n)
{
	for (; *hay; hay++)
		if (!strncmp(hay, needle, n))
			return 1;
	return n == 0;
}

static int type_matches(const struct rule_guard *g, int nargs,
			const char *(*argtype)(void *ctx, int n), void *ctx)
{
	const char *type, *alt, *bar;
	size_t n;

	if (!argtype || (nargs >= 0 && g->type_arg > nargs))
		return 0;
	type = argtype(ctx, g->type_arg);
	if (!type)
		return 0;
	for (alt = g->type_match;; alt = bar + 1) {
		bar = strchr(alt, '|');
		n = bar ? (size_t)(bar - alt) : strlen(alt);
		if (contains(type, alt, n))
			return 1;
		if (!bar)
			return 0;
	}
}

/* How well form G fits a call with NARGS arguments: -1 not at all; an
 * exact argument count beats a "any count" form, and a matching argtype
 * beats no argtype. */
static int guard_score(const struct rule_guard *g, int nargs,
		       const char *(*argtype)(void *ctx, int n), void *ctx)
{
	int score;

	if (g->nargs == nargs)
		score = 2;
	else if (g->nargs == -1)
		score = 0;
	else
		return -1;
	if (!g->type_arg)
		return score;
	return type_matches(g, nargs, argtype, ctx) ? score + 1 : -1;
}

const struct rule_guard *rules_find_guard(const struct rules *rules,
					  const char *name, int nargs,
					  const char *(*argtype)(void *ctx, int n),
					  void *ctx)
{
	const struct rule_guard *best = NULL;
	int best_score = -1, score;
	size_t i;

	for (i = 0; i < rules->nguards; i++) {
		if (strcmp(rules->guards[i].name, name) ||
		    !in_view(rules, rules->guards[i].disc))
			continue;
		score = guard_score(&rules->guards[i], nargs, argtype, ctx);
		if (score > best_score) {
			best = &rules->guards[i];
			best_score = score;
		}
	}
	return best;
}

int rules_is_guarded_name(const struct rules *rules, const char *name)
{
	size_t i;

	for (i = 0; i < rules->nguards; i++)
		if (!strcmp(rules->guards[i].name, name) &&
		    in_view(rules, rules->guards[i].disc))
			return 1;
	return 0;
}

const struct rule_acquire *rules_find_acquire(const struct rules *rules,
					      const char *name)
{
	size_t i;

	for (i = 0; i < rules->nacquires; i++)
		if (!strcmp(rules->acquires[i].name, name) &&
		    in_view(rules, rules->acquires[i].disc))
			return &rules->acquires[i];
	return NULL;
}

const struct rule_release *rules_find_release(const struct rules *rules,
					      const char *name)
{
	size_t i;

	for (i = 0; i < rules->nreleases; i++)
		if (!strcmp(rules->releases[i].name, name) &&
		    in_view(rules, rules->releases[i].disc))
			return &rules->releases[i];
	return NULL;
}

int rules_is_export_marker(const struct rules *rules, const char *var)
{
	size_t i;

	for (i = 0; i < rules->nexport_markers; i++)
		if (!strncmp(var, rules->export_markers[i],
			     strlen(rules->export_markers[i])))
			return 1;
	return 0;
}

int rules_is_noreturn(const struct rules *rules, const char *name)
{
	size_t i;

	for (i = 0; i < rules->nnoreturns; i++)
		if (!strcmp(rules->noreturns[i], name))
			return 1;
	return 0;
}

unsigned long rules_callback_holds(const struct rules *rules,
				   const char *member)
{
	unsigned long discs = 0;
	size_t i;

	for (i = 0; i < rules->ncallback_holds; i++)
		if (in_view(rules, rules->callback_holds[i].disc) &&
		    !rules->callback_holds[i].is_func &&
		    !strcmp(rules->callback_holds[i].member, member))
			discs |= 1UL << rules->callback_holds[i].disc;
	return discs;
}

int rules_caller_holds(const struct rules *rules, const char *name)
{
	size_t i;

	for (i = 0; i < rules->ncallback_holds; i++)
		if (in_view(rules, rules->callback_holds[i].disc) &&
		    rules->callback_holds[i].is_func &&
		    !strcmp(rules->callback_holds[i].member, name))
			return 1;
	return 0;
}

/* Both kinds share the table: a holds-if rule has no member. */
static const struct rule_holds *find_holds(const struct rules *rules,
					   const char *name, int is_if)
{
	size_t i;

	for (i = 0; i < rules->nholds; i++)
		if ((rules->holds[i].member == NULL) == is_if &&
		    !strcmp(rules->holds[i].flag, name) &&
		    in_view(rules, rules->holds[i].disc))
			return &rules->holds[i];
	return NULL;
}

const struct rule_holds *rules_find_holds(const struct rules *rules,
					  const char *flag)
{
	return find_holds(rules, flag, 0);
}

const struct rule_holds *rules_find_holds_if(const struct rules *rules,
					     const char *func)
{
	return find_holds(rules, func, 1);
}

void rules_view(const struct rules *rules, int d, struct rules *view)
{
	*view = *rules;
	view->active = d;
	if (d > 0 && (size_t)d < rules->ndiscs)
		view->names = rules->discs[d].names;
}

int rules_find_disc(const struct rules *rules, const char *name)
{
	size_t i;

	for (i = 0; i < rules->ndiscs; i++)
		if (rules->discs[i].name && !strcmp(rules->discs[i].name, name))
			return (int)i;
	return -1;
}

int rules_has_holds(const struct rules *rules)
{
	size_t i;

	for (i = 0; i < rules->nholds; i++)
		if (in_view(rules, rules->holds[i].disc))
			return 1;
	return 0;
}

const struct rule_acquire *rules_first_acquire(const struct rules *rules)
{
	size_t i;

	for (i = 0; i < rules->nacquires; i++)
		if (in_view(rules, rules->acquires[i].disc))
			return &rules->acquires[i];
	return NULL;
}

int rules_fills_arg(const struct rules *rules, const char *name)
{
	const struct rule_arg *a = find_arg(rules->fills, rules->nfills, name);

	return a ? a->arg : 0;
}

const struct rule_clears *rules_find_clears(const struct rules *rules,
					    const char *name, const char *field)
{
	size_t i;

	for (i = 0; name && field && i < rules->nclears; i++)
		if (!strcmp(rules->clears[i].name, name) &&
		    !strcmp(rules->clears[i].field, field))
			return &rules->clears[i];
	return NULL;
}

int rules_returns_arg(const struct rules *rules, const char *name)
{
	const struct rule_arg *a = find_arg(rules->returns, rules->nreturns,
					    name);

	return a ? a->arg : 0;
}

/* The name a replace template calls ("path_mkdir(@1, $2, $3)"). */
int rules_is_replacement_helper(const struct rules *r, const char *callee)
{
	size_t i;

	for (i = 0; i < r->nguards; i++) {
		const struct rule_template *t = r->guards[i].tmpl;

		if (t && t->helper && !strcmp(t->helper, callee))
			return 1;
	}
	return 0;
}

/* Does a call of CALLEE read what its argument ARG (1-based) points to? */
int rules_reads_pointee(const struct rules *r, const char *callee, int arg)
{
	if (!callee || rules_fills_arg(r, callee) == arg)
		return 0;
	return rules_find_acquire(r, callee) || rules_find_release(r, callee) ||
	       rules_is_guarded_name(r, callee) || rules_is_replacement_helper(r, callee);
}

int rules_call_fills(const struct rules *rules, const char *callee, int arg)
{
	struct rules all;

	rules_view(rules, -1, &all);
	return !rules_reads_pointee(&all, callee, arg);
}

/* Does the list of versions KERNELS (NULL: any) name VERSION's line
 * ("6.12" names 6.12.118, "2.6.26" names 2.6.26)? */
static int kernel_matches(const char *kernels, const char *version)
{
	const char *s = kernels;

	if (!kernels || !version)
		return 1;
	while (*s) {
		size_t n = strcspn(s, ",");

		if (!strncmp(version, s, n) &&
		    (version[n] == '.' || !version[n]))
			return 1;
		s += n;
		if (*s == ',')
			s++;
	}
	return 0;
}

static void note_dropped(struct strbuf *sb, const char *what,
			 const char *name, const char *kernels)
{
	sb_addf(sb, "%s%s %s (checked on %s)", sb->len ? "; " : "", what, name,
		kernels);
}

static size_t drop_args(struct rule_arg *a, size_t n, const char *what,
			const char *version, struct strbuf *dropped)
{
	size_t i, out;

	for (i = out = 0; i < n; i++) {
		if (kernel_matches(a[i].kernels, version)) {
			a[out++] = a[i];
			continue;
		}
		note_dropped(dropped, what, a[i].name, a[i].kernels);
		free(a[i].name);
		free(a[i].kernels);
	}
	return out;
}

/* Is dotted VERSION ("2.6.26") older than BEFORE ("3.6")? */
static int version_older(const char *version, const char *before)
{
	const char *a = version, *b = before;

	while (*a || *b) {
		long x = strtol(a, (char **)&a, 10), y = strtol(b, (char **)&b, 10);

		if (x != y)
			return x < y;
		if (!*b)
			return 0;
		if (*a == '.')
			a++;
		if (*b == '.')
			b++;
		if (!*a && *b)
			return 1;
	}
	return 0;
}

/* The assertions about named functions that hold for VERSION only. */
void rules_set_kernel(struct rules *r, const char *version,
		      struct strbuf *dropped)
{
	size_t i, out;

	for (i = 0; version && i < r->nacquires; i++)
		if (r->acquires[i].reentrant_before &&
		    version_older(version, r->acquires[i].reentrant_before))
			r->acquires[i].reentrant = 1;

	for (i = out = 0; i < r->ncallback_holds; i++) {
		struct rule_callback_holds *h = &r->callback_holds[i];

		if (kernel_matches(h->kernels, version)) {
			r->callback_holds[out++] = *h;
			continue;
		}
		note_dropped(dropped, h->is_func ? "caller-holds" :
			     "callback-holds", h->member, h->kernels);
		free(h->member);
		free(h->kernels);
	}
	r->ncallback_holds = out;
	for (i = out = 0; i < r->nholds; i++) {
		struct rule_holds *h = &r->holds[i];

		if (kernel_matches(h->kernels, version)) {
			r->holds[out++] = *h;
			continue;
		}
		note_dropped(dropped, h->member ? "holds" : "holds-if",
			     h->flag, h->kernels);
		free(h->flag);
		free(h->member);
		free(h->kernels);
	}
	r->nholds = out;
	for (i = out = 0; i < r->nclears; i++) {
		struct rule_clears *c = &r->clears[i];

		if (kernel_matches(c->kernels, version)) {
			r->clears[out++] = *c;
			continue;
		}
		note_dropped(dropped, "clears", c->name, c->kernels);
		free(c->name);
		free(c->field);
		free(c->kernels);
	}
	r->nclears = out;
	r->nreturns = drop_args(r->returns, r->nreturns, "returns", version,
				dropped);
	r->nfills = drop_args(r->fills, r->nfills, "fills", version, dropped);
}

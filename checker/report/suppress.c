/* report: the --suppress file (suppress.h). */
#include "report/suppress.h"
#include "lib/util.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#define SUPPRESS_HEADER "# wbcheck suppressions v"
#define SHOW_MAX 64

static int fail(char **err, const char *name, unsigned line, char *msg)
{
	*err = xasprintf("%s:%u: %s", name, line, msg);
	free(msg);
	return -1;
}

static char *quoted(const char *s, size_t n)
{
	return xasprintf("'%.*s%s'", (int)(n > SHOW_MAX ? SHOW_MAX : n), s,
			 n > SHOW_MAX ? "..." : "");
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

static char **slot(struct suppression *sp, const char *key, size_t n)
{
	if (n == 5 && !memcmp(key, "check", 5))
		return &sp->check;
	if (n == 4 && !memcmp(key, "file", 4))
		return &sp->file;
	if (n == 8 && !memcmp(key, "function", 8))
		return &sp->function;
	if (n == 6 && !memcmp(key, "callee", 6))
		return &sp->callee;
	return NULL;
}

static void clear(struct suppression *sp)
{
	free(sp->check);
	free(sp->file);
	free(sp->function);
	free(sp->callee);
	free(sp->reason);
	memset(sp, 0, sizeof(*sp));
}

static int known_check(const char *const *checks, const char *c)
{
	size_t i;

	if (!checks)
		return 1;
	for (i = 0; checks[i]; i++)
		if (!strcmp(checks[i], c))
			return 1;
	return 0;
}

static char *check_list(const char *const *checks)
{
	struct strbuf sb;
	size_t i;

	sb_init(&sb);
	for (i = 0; checks[i]; i++)
		sb_addf(&sb, "%s%s", i ? ", " : "", checks[i]);
	return sb_detach(&sb);
}

/* One line of N bytes at P, not blank nor a comment. */
static int parse_line(struct suppressions *s, const char *name, unsigned lineno,
		      const char *p, size_t n, const char *const *checks,
		      char **err)
{
	struct suppression sp = { 0 };
	const char *end = p + n;
	char *msg = NULL;

	sp.line = lineno;
	while (p < end) {
		const char *w = p, *eq;
		char **dst;

		while (p < end && !blank(*p))
			p++;
		eq = memchr(w, '=', p - w);
		if (!eq) {
			char *q = quoted(w, p - w);

			msg = xasprintf("%s is not KEY=VALUE (keys: check, file, function, callee, reason)", q);
			free(q);
			goto bad;
		}
		if (eq - w == 6 && !memcmp(w, "reason", 6)) {
			const char *r = eq + 1, *re = end;

			while (r < re && blank(*r))
				r++;
			while (re > r && blank(re[-1]))
				re--;
			if (r == re) {
				msg = xstrdup("empty reason: say why the finding is fine");
				goto bad;
			}
			sp.reason = xstrndup(r, re - r);
			break;
		}
		dst = slot(&sp, w, eq - w);
		if (!dst) {
			char *q = quoted(w, eq - w);

			msg = xasprintf("unknown key %s (keys: check, file, function, callee, reason)", q);
			free(q);
			goto bad;
		}
		if (*dst) {
			msg = xasprintf("%.*s given twice", (int)(eq - w), w);
			goto bad;
		}
		if (eq + 1 == p) {
			msg = xasprintf("empty value for %.*s", (int)(eq - w), w);
			goto bad;
		}
		*dst = xstrndup(eq + 1, p - eq - 1);
		while (p < end && blank(*p))
			p++;
	}
	if (!sp.reason) {
		msg = xstrdup("no reason: every suppression ends with reason=WHY");
		goto bad;
	}
	if (!sp.check && !sp.file && !sp.function && !sp.callee) {
		msg = xstrdup("a suppression needs at least one of check=, file=, function=, callee=");
		goto bad;
	}
	if (sp.check && !known_check(checks, sp.check)) {
		char *q = quoted(sp.check, strlen(sp.check));
		char *l = check_list(checks);

		msg = xasprintf("unknown check %s (checks: %s)", q, l);
		free(q);
		free(l);
		goto bad;
	}
	*ARRAY_PUSH(s->items, s->n, s->cap) = sp;
	return 0;
bad:
	clear(&sp);
	return fail(err, name, lineno, msg);
}

int suppress_parse(struct suppressions *s, const char *name, const char *text,
		   size_t len, const char *const *checks, char **err)
{
	const char *p = text, *end = text + len;
	const char *nul = len ? memchr(text, '\0', len) : NULL;
	unsigned lineno = 0;

	if (nul) {
		for (; p < nul; p++)
			lineno += *p == '\n';
		return fail(err, name, lineno + 1,
			    xstrdup("a NUL byte: not a text file"));
	}
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		const char *e = nl ? nl : end;
		size_t hl = strlen(SUPPRESS_HEADER);

		lineno++;
		if (e > p && e[-1] == '\r')
			e--;
		while (p < e && blank(*p))
			p++;
		if (lineno == 1 && (size_t)(e - p) >= hl &&
		    !memcmp(p, SUPPRESS_HEADER, hl) &&
		    !(e - p == (long)hl + 1 && p[hl] == '1')) {
			char *q = quoted(p + hl, e - p - hl);

			fail(err, name, 1, xasprintf(
				"suppressions version %s is not supported (this wbcheck reads v1)", q));
			free(q);
			return -1;
		}
		if (p < e && *p != '#' &&
		    parse_line(s, name, lineno, p, e - p, checks, err))
			return -1;
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;
}

int suppress_load(struct suppressions *s, const char *path,
		  const char *const *checks, char **err)
{
	size_t len;
	char *text = read_file(path, &len);
	int rc;

	if (!text) {
		*err = xasprintf("%s: cannot read the suppressions: %s", path,
				 strerror(errno));
		return -1;
	}
	rc = suppress_parse(s, path, text, len, checks, err);
	free(text);
	return rc;
}

static int glob_ok(const char *pat, const char *s)
{
	return !pat || fnmatch(pat, s ? s : "", 0) == 0;
}

struct suppression *suppress_match(struct suppressions *s,
				   const struct finding *f, const char *file)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		struct suppression *sp = &s->items[i];

		if (sp->check && strcmp(sp->check, f->check))
			continue;
		if (!glob_ok(sp->file, file) || !glob_ok(sp->function, f->function) ||
		    !glob_ok(sp->callee, f->callee))
			continue;
		sp->hits++;
		return sp;
	}
	return NULL;
}

void suppress_free(struct suppressions *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		clear(&s->items[i]);
	free(s->items);
	memset(s, 0, sizeof(*s));
}

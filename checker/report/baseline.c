/* report: the --baseline file (baseline.h). */
#include "report/baseline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Tokens quoted in messages are cut, as in ruleset/ruleset.c. */
#define SHOW_MAX 64

static char *quoted(const char *s, size_t n)
{
	return xasprintf("'%.*s%s'", (int)(n > SHOW_MAX ? SHOW_MAX : n), s,
			 n > SHOW_MAX ? "..." : "");
}

static int fail(char **err, const char *name, unsigned line, char *msg)
{
	*err = xasprintf("%s:%u: %s", name, line, msg);
	free(msg);
	return -1;
}

static int is_fp(const char *s, size_t n)
{
	size_t i;

	if (n != FP_HEX)
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return 1;
}

/* Check names as the rules allow them: lowercase words and '-'. */
static int is_check(const char *s, size_t n)
{
	size_t i;

	if (!n)
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		      s[i] == '-' || s[i] == '_' || s[i] == '.'))
			return 0;
	return 1;
}

static const char *const field_names[] = {
	"fingerprint", "check", "file", "function", "callee",
};

/* One entry line of N bytes at S (no newline). */
static int parse_entry(struct baseline *b, const char *name, unsigned lineno,
		       const char *s, size_t n, char **err)
{
	const char *f[5];
	size_t flen[5];
	struct baseline_entry *e;
	size_t i, nf = 0, start = 0;
	long *count;

	for (i = 0; i <= n; i++) {
		if (i < n && s[i] != '\t')
			continue;
		if (nf == 5)
			return fail(err, name, lineno, xasprintf(
				"more than 5 tab-separated fields (fingerprint, check, file, function, callee)"));
		f[nf] = s + start;
		flen[nf++] = i - start;
		start = i + 1;
	}
	if (nf < 5)
		return fail(err, name, lineno, xasprintf(
			"%zu tab-separated field%s, expected 5 (fingerprint, check, file, function, callee)",
			nf, nf == 1 ? "" : "s"));
	for (i = 0; i < 5; i++)
		if (!flen[i])
			return fail(err, name, lineno,
				    xasprintf("empty %s field", field_names[i]));
	if (!is_fp(f[0], flen[0])) {
		char *q = quoted(f[0], flen[0]);

		fail(err, name, lineno, xasprintf(
			"bad fingerprint %s: expected %d lowercase hex digits", q, FP_HEX));
		free(q);
		return -1;
	}
	if (!is_check(f[1], flen[1])) {
		char *q = quoted(f[1], flen[1]);

		fail(err, name, lineno, xasprintf("bad check name %s", q));
		free(q);
		return -1;
	}
	e = ARRAY_PUSH(b->items, b->n, b->cap);
	memcpy(e->fp, f[0], FP_HEX);
	e->fp[FP_HEX] = '\0';
	e->check = xstrndup(f[1], flen[1]);
	e->file = xstrndup(f[2], flen[2]);
	e->function = xstrndup(f[3], flen[3]);
	e->callee = xstrndup(f[4], flen[4]);
	e->line = lineno;
	count = strmap_get(&b->left, e->fp);
	if (count)
		++*count;
	else
		strmap_put(&b->left, e->fp, 1);
	return 0;
}

int baseline_parse(struct baseline *b, const char *name, const char *text,
		   size_t len, char **err)
{
	const char *p = text, *end = text + len;
	const char *nul = len ? memchr(text, '\0', len) : NULL;
	unsigned lineno = 0;

	if (nul) {
		for (p = text; p < nul; p++)
			lineno += *p == '\n';
		return fail(err, name, lineno + 1,
			    xstrdup("a NUL byte: not a text file"));
	}
	while (p < end || lineno == 0) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		lineno++;
		if (n && p[n - 1] == '\r')
			n--;
		if (lineno == 1) {
			size_t hl = strlen(BASELINE_HEADER);

			if (n != hl || memcmp(p, BASELINE_HEADER, hl)) {
				if (n > 20 && !memcmp(p, "# wbcheck baseline v", 20)) {
					char *q = quoted(p + 20, n - 20);

					fail(err, name, 1, xasprintf(
						"baseline version %s is not supported (this wbcheck reads v1)", q));
					free(q);
					return -1;
				}
				return fail(err, name, 1, xasprintf(
					"not a wbcheck baseline: the first line must be '%s'",
					BASELINE_HEADER));
			}
		} else if (n && p[0] != '#') {
			if (parse_entry(b, name, lineno, p, n, err))
				return -1;
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	return 0;
}

int baseline_load(struct baseline *b, const char *path, char **err)
{
	size_t len;
	char *text = read_file(path, &len);
	int rc;

	if (!text) {
		if (errno == ENOENT)
			return 1;
		*err = xasprintf("%s: cannot read the baseline: %s", path,
				 strerror(errno));
		return -1;
	}
	rc = baseline_parse(b, path, text, len, err);
	free(text);
	return rc;
}

int baseline_take(struct baseline *b, const char *fp)
{
	long *count = strmap_get(&b->left, fp);

	if (!count || *count <= 0)
		return 0;
	--*count;
	return 1;
}

void baseline_free(struct baseline *b)
{
	size_t i;

	for (i = 0; i < b->n; i++) {
		free(b->items[i].check);
		free(b->items[i].file);
		free(b->items[i].function);
		free(b->items[i].callee);
	}
	free(b->items);
	strmap_free(&b->left);
	memset(b, 0, sizeof(*b));
}

/* A field as written: no tab or line break can split the line. */
static void add_field(struct strbuf *sb, const char *s)
{
	if (!s || !*s)
		s = "-";
	for (; *s; s++)
		sb_addc(sb, (*s == '\t' || *s == '\n' || *s == '\r') ? ' ' : *s);
}

/* Entry lines sort by file, function, check, callee: a finding keeps
 * its place when lines move. */
static int cmp_line(const void *pa, const void *pb)
{
	const char *a = *(char *const *)pa, *b = *(char *const *)pb;
	const char *ta = strchr(a, '\t'), *tb = strchr(b, '\t');
	int c = strcmp(ta, tb);

	return c ? c : strcmp(a, b);
}

int baseline_write(const char *path, const struct findings *fs,
		   char *const *fps, const char *(*name)(const char *file),
		   char **err)
{
	char **lines = xcalloc(fs->n + 1, sizeof(*lines));
	char *tmp = xasprintf("%s.tmp", path);
	FILE *out;
	size_t i;
	int rc = 0;

	for (i = 0; i < fs->n; i++) {
		const struct finding *f = &fs->items[i];
		struct strbuf sb;

		sb_init(&sb);
		sb_add(&sb, fps[i]);
		/* sorted as file, function, check, callee: the key first */
		sb_addc(&sb, '\t');
		add_field(&sb, name ? name(f->loc.file) : f->loc.file);
		sb_addc(&sb, '\t');
		add_field(&sb, f->function);
		sb_addc(&sb, '\t');
		add_field(&sb, f->check);
		sb_addc(&sb, '\t');
		add_field(&sb, f->callee);
		lines[i] = sb_detach(&sb);
	}
	if (fs->n)
		qsort(lines, fs->n, sizeof(*lines), cmp_line);
	out = fopen(tmp, "w");
	if (!out) {
		*err = xasprintf("%s: cannot write the baseline: %s", path,
				 strerror(errno));
		rc = -1;
		goto done;
	}
	fprintf(out, "%s\n", BASELINE_HEADER);
	fputs("# Findings accepted for now: wbcheck --baseline=FILE reports only findings\n"
	      "# not listed here.  One a line: fingerprint, check, file, function, callee\n"
	      "# (tab-separated); delete a line once its finding is fixed.\n", out);
	for (i = 0; i < fs->n; i++) {
		/* stored as file, function, check, callee: print in field order */
		char *l = lines[i], *fp = l, *file, *fn, *check, *callee;

		file = strchr(fp, '\t');
		*file++ = '\0';
		fn = strchr(file, '\t');
		*fn++ = '\0';
		check = strchr(fn, '\t');
		*check++ = '\0';
		callee = strchr(check, '\t');
		*callee++ = '\0';
		fprintf(out, "%s\t%s\t%s\t%s\t%s\n", fp, check, file, fn, callee);
	}
	if (ferror(out) | fclose(out) || rename(tmp, path)) {
		*err = xasprintf("%s: cannot write the baseline: %s", path,
				 strerror(errno));
		unlink(tmp);
		rc = -1;
	}
done:
	for (i = 0; i < fs->n; i++)
		free(lines[i]);
	free(lines);
	free(tmp);
	return rc;
}

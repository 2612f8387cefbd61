/* report: one file of a finding's path (html_source.h). */
#include "report/html_source.h"
#include "report/html_text.h"
#include "report/text.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Lines shown around a step, and the longest run of lines worth
 * hiding: a gap of a few lines costs more to read than the lines. */
#define BEFORE 6
#define AFTER 4
#define GAP_MIN 4
/* A file this short is shown whole. */
#define SHORT_FILE 60

struct lines {
	char *buf;
	size_t len;
	size_t *start;		/* start[i]: offset of line i + 1 */
	size_t n;
};

static int in_file(const struct html_step *st, const char *file)
{
	if (!file || !st->loc.file)
		return !file && !st->loc.file;
	return !strcmp(st->loc.file, file);
}

static int load(struct lines *l, const char *file)
{
	size_t i, cap = 0;

	memset(l, 0, sizeof(*l));
	l->buf = read_file(file, &l->len);
	if (!l->buf)
		return -1;
	for (i = 0; i < l->len; i++)
		if (i == 0 || l->buf[i - 1] == '\n')
			*ARRAY_PUSH(l->start, l->n, cap) = i;
	return 0;
}

/* Line NO (1-based) without its newline or carriage return. */
static void line_text(const struct lines *l, size_t no, const char **s,
		      size_t *n)
{
	size_t b = l->start[no - 1];
	size_t e = no < l->n ? l->start[no] : l->len;

	while (e > b && (l->buf[e - 1] == '\n' || l->buf[e - 1] == '\r'))
		e--;
	*s = l->buf + b;
	*n = e - b;
}

static void show_range(char *shown, size_t n, long from, long to)
{
	long i;

	for (i = from < 1 ? 1 : from; i <= to && i <= (long)n; i++)
		shown[i] = 1;
}

/* Which lines to show: shown[1..n]. */
static char *choose(const struct lines *l, const char *file,
		    const struct html_steps *s)
{
	char *shown = xcalloc(l->n + 2, 1);
	size_t i, run = 0;

	if (l->n <= SHORT_FILE) {
		memset(shown, 1, l->n + 1);
		return shown;
	}
	for (i = 0; i < s->n; i++) {
		const struct html_step *st = &s->items[i];

		if (!in_file(st, file))
			continue;
		show_range(shown, l->n, (long)st->loc.line - BEFORE,
			   (long)st->loc.line + AFTER);
		/* where the function starts, so the reader knows which */
		if (st->fn && st->fn->loc.file &&
		    !strcmp(st->fn->loc.file, file))
			show_range(shown, l->n, st->fn->loc.line,
				   st->fn->loc.line);
	}
	for (i = 1; i <= l->n + 1; i++) {
		if (i <= l->n && !shown[i]) {
			run++;
			continue;
		}
		if (run && run < GAP_MIN)
			memset(shown + i - run, 1, run);
		run = 0;
	}
	return shown;
}

void html_step_place(FILE *out, const struct html_step *st, int full)
{
	const char *f = st->loc.file, *base = f ? strrchr(f, '/') : NULL;

	if (full && f)
		html_put(out, output_name(f));
	else
		html_put(out, base ? base + 1 : f ? f : "unknown place");
	if (f)
		fprintf(out, ":%u", st->loc.line);
}

static void step_link(FILE *out, const struct html_steps *s, size_t k,
		      const char *rel, const char *arrow_before,
		      const char *arrow_after)
{
	fprintf(out, " <a class=\"%s\" rel=\"%s\" href=\"#step-%zu\">%sstep %zu, ",
		rel, rel, k + 1, arrow_before, k + 1);
	html_step_place(out, &s->items[k], 0);
	fprintf(out, "%s</a>", arrow_after);
}

/* The note of step K, in a row of its own under its line. */
static void bubble(FILE *out, const struct html_steps *s, size_t k)
{
	const struct html_step *st = &s->items[k];

	fprintf(out, "<tr class=\"note%s\" id=\"step-%zu\"><td class=\"ln\"></td><td><div class=\"bubble\"><span class=\"num\">%zu</span> ",
		st->is_finding ? " finding" : "", k + 1, k + 1);
	html_put(out, st->msg);
	if (st->fn) {
		fputs(" <span class=\"in\">in ", out);
		html_put(out, st->fn->name);
		fputs("()</span>", out);
	}
	if (k > 0 || k + 1 < s->n)
		fputs("<span class=\"links\">", out);
	if (k > 0)
		step_link(out, s, k - 1, "prev", "\xe2\x86\x90 ", "");
	if (k + 1 < s->n)
		step_link(out, s, k + 1, "next", "", " \xe2\x86\x92");
	if (k > 0 || k + 1 < s->n)
		fputs("</span>", out);
	fputs("</div></td></tr>\n", out);
}

static void gap(FILE *out, size_t from, size_t to)
{
	if (from == to)
		fprintf(out, "<tr class=\"gap\"><td class=\"ln\"></td><td>\xe2\x8b\xaf line %zu not shown</td></tr>\n",
			from);
	else
		fprintf(out, "<tr class=\"gap\"><td class=\"ln\"></td><td>\xe2\x8b\xaf lines %zu\xe2\x80\x93%zu not shown</td></tr>\n",
			from, to);
}

static int has_step(const struct html_steps *s, const char *file, size_t line)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (in_file(&s->items[i], file) && s->items[i].loc.line == line)
			return 1;
	return 0;
}

static void source_row(FILE *out, const struct lines *l, size_t no,
		       int fileno, int at)
{
	const char *t;
	size_t n;

	line_text(l, no, &t, &n);
	fprintf(out, "<tr id=\"f%d-L%zu\" data-line=\"%zu\"%s><td class=\"ln\">%zu</td><td class=\"src\">",
		fileno, no, no, at ? " class=\"at\"" : "", no);
	html_putn(out, t, n);
	fputs("</td></tr>\n", out);
}

/* Steps past the end of the file (it changed since), or with no file. */
static void bubbles_off_file(FILE *out, const struct html_steps *s,
			     const char *file, size_t nlines)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (in_file(&s->items[i], file) &&
		    (!file || s->items[i].loc.line > nlines ||
		     !s->items[i].loc.line))
			bubble(out, s, i);
}

static void listing(FILE *out, const struct lines *l, const char *file,
		    int fileno, const struct html_steps *s)
{
	char *shown = choose(l, file, s);
	size_t no, from = 0, i;

	fputs("<table class=\"src\">\n", out);
	for (no = 1; no <= l->n; no++) {
		if (!shown[no]) {
			if (!from)
				from = no;
			continue;
		}
		if (from)
			gap(out, from, no - 1);
		from = 0;
		source_row(out, l, no, fileno, has_step(s, file, no));
		for (i = 0; i < s->n; i++)
			if (in_file(&s->items[i], file) &&
			    s->items[i].loc.line == no)
				bubble(out, s, i);
	}
	if (from)
		gap(out, from, l->n);
	bubbles_off_file(out, s, file, l->n);
	fputs("</table>\n", out);
	free(shown);
}

void html_source_listing(FILE *out, const char *file, const char *shown,
			 int fileno, const struct html_steps *s)
{
	struct lines l;
	int err;

	fprintf(out, "<section class=\"file\" id=\"file-%d\" data-file=\"", fileno);
	html_put(out, shown ? shown : "");
	fputs("\">\n<h3>", out);
	html_put(out, shown ? shown : "(place not known)");
	fputs("</h3>\n", out);
	if (!file) {
		fputs("<table class=\"src\">\n", out);
		bubbles_off_file(out, s, NULL, 0);
		fputs("</table>\n</section>\n", out);
		return;
	}
	if (load(&l, file)) {
		err = errno;
		fputs("<p class=\"missing\">The source could not be read: ", out);
		html_put(out, strerror(err));
		fputs(".</p>\n<table class=\"src\">\n", out);
		bubbles_off_file(out, s, file, 0);
		fputs("</table>\n</section>\n", out);
		return;
	}
	listing(out, &l, file, fileno, s);
	fputs("</section>\n", out);
	free(l.buf);
	free(l.start);
}

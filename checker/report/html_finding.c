/* report: one finding's page (html_finding.h). */
#include "report/html_finding.h"
#include "report/html_chain.h"
#include "report/html_source.h"
#include "report/html_steps.h"
#include "report/html_text.h"
#include "report/text.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

char *html_finding_page(size_t i, size_t n)
{
	int width = 3;
	size_t m;

	for (m = n; m >= 1000; m /= 10)
		width++;
	return xasprintf("finding-%0*zu.html", width, i + 1);
}

static void nav(FILE *out, const struct html_page *p)
{
	char *page;

	fputs("<nav class=\"top\"><a href=\"index.html\">all findings</a> ", out);
	if (p->index > 0) {
		page = html_finding_page(p->index - 1, p->count);
		fprintf(out, "<a rel=\"prev\" href=\"%s\">\xe2\x86\x90 previous</a> ", page);
		free(page);
	}
	if (p->index + 1 < p->count) {
		page = html_finding_page(p->index + 1, p->count);
		fprintf(out, "<a rel=\"next\" href=\"%s\">next \xe2\x86\x92</a> ", page);
		free(page);
	}
	fprintf(out, "finding %zu of %zu</nav>\n", p->index + 1, p->count);
}

static void fact(FILE *out, const char *name, const char *value,
		 const char *suffix)
{
	if (!value)
		return;
	fprintf(out, "<tr><th>%s</th><td class=\"mono\">", name);
	html_put(out, value);
	fprintf(out, "%s</td></tr>\n", suffix);
}

static void facts(FILE *out, const struct finding *f)
{
	fputs("<table class=\"facts\">\n<tr><th>check</th><td><a href=\"index.html#check=", out);
	html_put_url_value(out, f->check);
	fputs("\">", out);
	html_put(out, f->check);
	fputs("</a></td></tr>\n<tr><th>where</th><td class=\"mono\">", out);
	html_put(out, output_name(f->loc.file));
	fprintf(out, ":%u:%u</td></tr>\n", f->loc.line, f->loc.col);
	fact(out, "function", f->function, "()");
	fact(out, "callee", f->callee, "()");
	fputs("</table>\n", out);
}

static void step_list(FILE *out, const struct html_steps *s)
{
	size_t i;

	fputs("<ol class=\"steps\">\n", out);
	for (i = 0; i < s->n; i++) {
		const struct html_step *st = &s->items[i];

		fprintf(out, "<li%s><a href=\"#step-%zu\">",
			st->is_finding ? " class=\"finding\"" : "", i + 1);
		html_step_place(out, st, 1);
		fputs("</a> ", out);
		html_put(out, st->msg);
		fputs("</li>\n", out);
	}
	fputs("</ol>\n", out);
}

static void listings(FILE *out, const struct html_steps *s)
{
	const char **files = xcalloc(s->n + 1, sizeof(*files));
	size_t i, j, n = 0;
	int unknown = 0;

	for (i = 0; i < s->n; i++) {
		const char *file = s->items[i].loc.file;

		if (!file) {
			unknown = 1;
			continue;
		}
		for (j = 0; j < n && strcmp(files[j], file); j++)
			;
		if (j == n)
			files[n++] = file;
	}
	for (j = 0; j < n; j++)
		html_source_listing(out, files[j], output_name(files[j]),
				    (int)j + 1, s);
	if (unknown)
		html_source_listing(out, NULL, NULL, (int)n + 1, s);
	free(files);
}

static void diff(FILE *out, const char *d)
{
	const char *line = d, *end;

	fputs("<h2>Fix</h2>\n<p>What <code>wbcheck --fix</code> does here:</p>\n<pre class=\"diff\">", out);
	while (*line) {
		const char *cls = NULL;

		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		if (!strncmp(line, "+++", 3) || !strncmp(line, "---", 3))
			cls = "head";
		else if (!strncmp(line, "@@", 2))
			cls = "hunk";
		else if (*line == '+')
			cls = "add";
		else if (*line == '-')
			cls = "del";
		if (cls)
			fprintf(out, "<span class=\"%s\">", cls);
		html_putn(out, line, end - line);
		fputs(cls ? "</span>\n" : "\n", out);
		line = *end ? end + 1 : end;
	}
	fputs("</pre>\n", out);
}

void html_finding_write(FILE *out, const struct html_page *p)
{
	const struct finding *f = p->f;
	struct html_steps s;
	char *title = xasprintf("%s:%u: %s [%s]", output_name(f->loc.file),
				f->loc.line, f->message, f->check);

	html_steps_of(&s, f, p->prog);
	html_head(out, title, "finding");
	free(title);
	nav(out, p);
	fputs("<h1>", out);
	html_put(out, f->message);
	fputs("</h1>\n", out);
	facts(out, f);
	if (f->suggestion) {
		fputs("<h2>Suggestion</h2>\n<div class=\"suggestion\"><code>", out);
		html_put(out, f->suggestion);
		fputs("</code></div>\n", out);
	}
	fputs("<h2>Path</h2>\n", out);
	step_list(out, &s);
	if (html_chain_wanted(&s)) {
		fputs("<h2>Call chain</h2>\n", out);
		html_chain_svg(out, &s);
	}
	fputs("<h2>Source</h2>\n", out);
	listings(out, &s);
	if (p->diff)
		diff(out, p->diff);
	html_foot(out, p->version, NULL);
	html_steps_free(&s);
}

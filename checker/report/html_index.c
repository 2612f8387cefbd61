/* report: the report's index.html (html_index.h). */
#include "report/html_index.h"
#include "report/html_assets.h"
#include "report/html_finding.h"
#include "report/html_text.h"
#include "report/text.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct count {
	const char *name;
	size_t n;
};

struct counts {
	struct count *items;
	size_t n, cap;
};

static void count(struct counts *c, const char *name)
{
	struct count *e;
	size_t i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->items[i].name, name)) {
			c->items[i].n++;
			return;
		}
	e = ARRAY_PUSH(c->items, c->n, c->cap);
	e->name = name;
	e->n = 1;
}

static int by_count(const void *pa, const void *pb)
{
	const struct count *a = pa, *b = pb;

	if (a->n != b->n)
		return a->n > b->n ? -1 : 1;
	return strcmp(a->name, b->name);
}

static int by_name(const void *pa, const void *pb)
{
	const struct count *a = pa, *b = pb;

	return strcmp(a->name, b->name);
}

/* One table of counts, each name a link that filters the findings. */
static void count_table(FILE *out, const char *title, const char *what,
			const char *key, const struct counts *c)
{
	size_t i, most = 0;

	for (i = 0; i < c->n; i++)
		if (c->items[i].n > most)
			most = c->items[i].n;
	fprintf(out, "<div>\n<h2>%s</h2>\n<table class=\"counts\">\n<tr><th>%s</th><th>findings</th><th></th></tr>\n",
		title, what);
	for (i = 0; i < c->n; i++) {
		fprintf(out, "<tr><td class=\"mono\"><a href=\"#%s=", key);
		html_put_url_value(out, c->items[i].name);
		fputs("\">", out);
		html_put(out, c->items[i].name);
		fprintf(out, "</a></td><td class=\"n\">%zu</td><td class=\"bar\"><span style=\"width: %zu%%\"></span></td></tr>\n",
			c->items[i].n, c->items[i].n * 100 / most);
	}
	fputs("</table>\n</div>\n", out);
}

static void options(FILE *out, const struct counts *c)
{
	size_t i;

	for (i = 0; i < c->n; i++) {
		fputs("<option value=\"", out);
		html_put(out, c->items[i].name);
		fputs("\">", out);
		html_put(out, c->items[i].name);
		fprintf(out, " (%zu)</option>", c->items[i].n);
	}
}

/* Hidden until the script shows it: without the script it does nothing. */
static void filter_form(FILE *out, const struct counts *checks,
			const struct counts *dirs)
{
	fputs("<form class=\"filter\" id=\"filter\" hidden>\n<label>check <select name=\"check\"><option value=\"\">all</option>", out);
	options(out, checks);
	fputs("</select></label>\n<label>directory <select name=\"dir\"><option value=\"\">all</option>", out);
	options(out, dirs);
	fputs("</select></label>\n<label>text <input type=\"search\" name=\"q\" size=\"24\"></label>\n<span id=\"shown\"></span>\n</form>\n", out);
}

static void cell(FILE *out, const char *cls, const char *text,
		 const char *link)
{
	fprintf(out, "<td%s%s%s>", cls ? " class=\"" : "", cls ? cls : "",
		cls ? "\"" : "");
	if (link)
		fprintf(out, "<a href=\"%s\">", link);
	html_put(out, text);
	fputs(link ? "</a></td>" : "</td>", out);
}

static void row(FILE *out, const struct finding *f, size_t i, size_t n)
{
	const char *file = output_name(f->loc.file);
	char *page = html_finding_page(i, n), *dir = html_dir_of(file);

	fputs("<tr data-check=\"", out);
	html_put(out, f->check);
	fputs("\" data-dir=\"", out);
	html_put(out, dir);
	fputs("\" data-file=\"", out);
	html_put(out, file);
	fprintf(out, "\" data-line=\"%u\" data-col=\"%u\">", f->loc.line,
		f->loc.col);
	cell(out, "mono", file, page);
	fprintf(out, "<td class=\"n\">%u</td>", f->loc.line);
	cell(out, "mono", f->function, NULL);
	cell(out, NULL, f->check, NULL);
	cell(out, "mono", f->callee, NULL);
	cell(out, NULL, f->message, page);
	fputs("</tr>\n", out);
	free(dir);
	free(page);
}

static void table(FILE *out, const struct findings *fs)
{
	size_t i;

	fputs("<table class=\"findings\" id=\"findings\">\n<thead><tr><th>file</th><th data-type=\"number\">line</th><th>function</th><th>check</th><th>callee</th><th>message</th></tr></thead>\n<tbody>\n",
	      out);
	for (i = 0; i < fs->n; i++)
		row(out, &fs->items[i], i, fs->n);
	fputs("</tbody>\n</table>\n", out);
}

static size_t nfiles(const struct findings *fs)
{
	size_t i, n = 0;

	for (i = 0; i < fs->n; i++)
		n += i == 0 || strcmp(fs->items[i].loc.file ? fs->items[i].loc.file : "",
				      fs->items[i - 1].loc.file ? fs->items[i - 1].loc.file : "");
	return n;
}

void html_index_write(FILE *out, const struct findings *fs,
		      const char *version, int failed)
{
	struct counts checks = { 0 }, dirs = { 0 };
	char **dir_names = xcalloc(fs->n + 1, sizeof(*dir_names));
	size_t i;

	for (i = 0; i < fs->n; i++) {
		dir_names[i] = html_dir_of(output_name(fs->items[i].loc.file));
		count(&checks, fs->items[i].check);
		count(&dirs, dir_names[i]);
	}
	if (checks.n)
		qsort(checks.items, checks.n, sizeof(*checks.items), by_count);
	if (dirs.n)
		qsort(dirs.items, dirs.n, sizeof(*dirs.items), by_name);
	html_head(out, "wbcheck report", "index");
	fputs("<h1>wbcheck report</h1>\n<p class=\"meta\">", out);
	fprintf(out, "%zu finding%s in %zu file%s.", fs->n, fs->n == 1 ? "" : "s",
		nfiles(fs), nfiles(fs) == 1 ? "" : "s");
	if (failed)
		fputs(" <span class=\"warn\">Some input could not be read or parsed: findings may be missing (wbcheck named it on stderr).</span>", out);
	fputs("</p>\n", out);
	if (fs->n) {
		fputs("<div class=\"summary\">\n", out);
		count_table(out, "By check", "check", "check", &checks);
		count_table(out, "By directory", "directory", "dir", &dirs);
		fputs("</div>\n", out);
	}
	fputs("<h2>Findings</h2>\n", out);
	filter_form(out, &checks, &dirs);
	table(out, fs);
	if (!fs->n)
		fputs("<p>No findings.</p>\n", out);
	html_foot(out, version, HTML_SCRIPT);
	for (i = 0; i < fs->n; i++)
		free(dir_names[i]);
	free(dir_names);
	free(checks.items);
	free(dirs.items);
}

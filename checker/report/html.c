/* report: the HTML report (html.h). */
#include "report/html.h"
#include "report/html_assets.h"
#include "report/html_dir.h"
#include "report/html_finding.h"
#include "report/html_fixes.h"
#include "report/html_index.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int html_check(const char *dir, char **err)
{
	return html_dir_check(dir, err);
}

struct writer {
	const char *tmp;
	const struct html_report *r;
	const struct findings *fs;
	char **diffs;
	size_t i;
};

typedef void (*page_fn)(FILE *out, const struct writer *w);

static void marker(FILE *out, const struct writer *w)
{
	(void)w;
	fputs("A report written by wbcheck --html: the next run with this\n"
	      "directory replaces everything in it.\n", out);
}

static void index_page(FILE *out, const struct writer *w)
{
	html_index_write(out, w->fs, w->r->version, w->r->failed);
}

static void finding_page(FILE *out, const struct writer *w)
{
	struct html_page p = {
		.f = &w->fs->items[w->i], .index = w->i, .count = w->fs->n,
		.prog = w->r->prog, .diff = w->diffs[w->i],
		.version = w->r->version,
	};

	html_finding_write(out, &p);
}

static int write_file(const struct writer *w, const char *name, page_fn fn,
		      char **err)
{
	char *path = xasprintf("%s/%s", w->tmp, name);
	FILE *out = fopen(path, "w");
	int rc = 0;

	if (!out) {
		rc = -1;
	} else {
		fn(out, w);
		if (ferror(out))
			rc = -1;
		if (fclose(out))
			rc = -1;
	}
	if (rc)
		*err = xasprintf("--html=%s: cannot write %s: %s",
				 w->r->o->html, path, strerror(errno));
	free(path);
	return rc;
}

static int write_all(struct writer *w, char **err)
{
	char *page;
	int rc;

	if (write_file(w, HTML_MARKER, marker, err))
		return -1;
	if (html_assets_write(w->tmp)) {
		*err = xasprintf("--html=%s: cannot write in %s: %s",
				 w->r->o->html, w->tmp, strerror(errno));
		return -1;
	}
	if (write_file(w, "index.html", index_page, err))
		return -1;
	for (w->i = 0; w->i < w->fs->n; w->i++) {
		page = html_finding_page(w->i, w->fs->n);
		rc = write_file(w, page, finding_page, err);
		free(page);
		if (rc)
			return -1;
	}
	return 0;
}

int html_write(const struct html_report *r, const struct findings *fs,
	       char **err)
{
	struct writer w = { .r = r, .fs = fs };
	char *tmp = html_dir_begin(r->o->html, err);
	int rc = -1;

	if (!tmp)
		return -1;
	w.tmp = tmp;
	w.diffs = html_fixes_collect(r->o, fs, r->prog, r->rules);
	if (!write_all(&w, err))
		rc = html_dir_commit(tmp, r->o->html, err);
	if (rc)
		html_dir_abort(tmp);
	html_fixes_free(w.diffs, fs->n);
	free(tmp);
	return rc;
}

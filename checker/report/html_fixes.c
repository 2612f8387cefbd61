/* report: each finding's --fix diff (html_fixes.h). */
#include "report/html_fixes.h"
#include "report/text.h"
#include "fix/fix.h"
#include "fix/unified_diff.h"
#include "lib/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int same_file(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	if (!a || !b)
		return 0;
	if (!strcmp(a, b))
		return 1;
	return realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb);
}

static int same_site(const struct loc *a, const struct loc *b)
{
	return a->line == b->line && a->col == b->col && a->file && b->file &&
	       !strcmp(a->file, b->file);
}

/* Only the files with a site to fix are parsed again. */
static size_t jobs_with_sites(const struct options *o,
			      const struct findings *fs,
			      const struct rules *rules, struct job *jobs)
{
	size_t i, j, n = 0;

	for (i = 0; i < o->ninputs; i++)
		for (j = 0; j < fs->n; j++) {
			const struct finding *f = &fs->items[j];

			if (strcmp(f->check, rules->names.missing) ||
			    !same_file(f->loc.file, o->inputs[i]))
				continue;
			jobs[n].file = o->inputs[i];
			jobs[n].flags = o->cflags;
			jobs[n].nflags = o->ncflags;
			n++;
			break;
		}
	return n;
}

/* The byte offset of LINE:COL (1-based) in BUF, clamped to its end. */
static size_t offset_of(const char *buf, size_t len, unsigned line,
			unsigned col)
{
	size_t off = 0;

	while (line > 1 && off < len)
		if (buf[off++] == '\n')
			line--;
	off += col ? col - 1 : 0;
	return off < len ? off : len;
}

/* The diff of the edits of E made at F's site, or NULL. */
static char *diff_of(const struct fix_edits *e, const struct finding *f)
{
	struct edit_list edits = { 0 };
	struct strbuf diff;
	const char *file = NULL;
	char *buf;
	size_t len, i;

	for (i = 0; i < e->n; i++)
		if (same_site(&e->items[i].site, &f->loc))
			file = e->items[i].file;
	if (!file || !(buf = read_file(file, &len)))
		return NULL;
	for (i = 0; i < e->n; i++) {
		const struct fix_edit *x = &e->items[i];

		if (!same_site(&x->site, &f->loc) || strcmp(x->file, file))
			continue;
		edit_add(&edits,
			 offset_of(buf, len, x->start_line, x->start_col),
			 offset_of(buf, len, x->end_line, x->end_col), x->text,
			 0);
	}
	edits_sort(&edits, NULL);
	sb_init(&diff);
	diff_render(&diff, output_name(file), buf, len, &edits);
	edit_list_free(&edits);
	free(buf);
	if (!diff.len) {
		sb_free(&diff);
		return NULL;
	}
	return sb_detach(&diff);
}

char **html_fixes_collect(const struct options *o, const struct findings *fs,
			  const struct program *prog,
			  const struct rules *rules)
{
	char **diffs = xcalloc(fs->n + 1, sizeof(*diffs));
	struct fix_edits edits = { 0 };
	struct job *jobs;
	size_t i, njobs;

	if (!fs->n || !o->ninputs || o->build_dir || o->compdb_dir ||
	    o->report || !rules->names.missing)
		return diffs;
	jobs = xcalloc(o->ninputs + 1, sizeof(*jobs));
	njobs = jobs_with_sites(o, fs, rules, jobs);
	if (njobs)
		fix_collect_quiet(fs, prog, rules, jobs, njobs, &edits);
	for (i = 0; i < fs->n && edits.n; i++)
		diffs[i] = diff_of(&edits, &fs->items[i]);
	fix_edits_free(&edits);
	free(jobs);
	return diffs;
}

void html_fixes_free(char **diffs, size_t n)
{
	size_t i;

	for (i = 0; diffs && i < n; i++)
		free(diffs[i]);
	free(diffs);
}

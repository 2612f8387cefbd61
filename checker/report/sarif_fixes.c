/*
 * report: SARIF results carry the fix a reviewer can apply from the code
 * scanning page: the same edits --fix prints as a diff, grouped by the
 * finding they fix (an edit's site is the finding's location).
 */
#include "report/sarif_fixes.h"
#include "fix/fix.h"
#include "frontend/parse_pool.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static int same_site(const struct loc *a, const struct loc *b)
{
	return a->line == b->line && a->col == b->col && a->file && b->file &&
	       !strcmp(a->file, b->file);
}

/*
 * Each finding gets the edits made for its site.  Two findings at one
 * site (the write bracket and the directory lock at the same call) share
 * them, so there may be more replacements than edits.
 */
static void group(struct sarif_fixes *sf, const struct findings *fs)
{
	const struct fix_edits *e = sf->edits;
	size_t i, j, k = 0, total = 0;

	for (i = 0; i < fs->n; i++)
		for (j = 0; j < e->n; j++)
			total += same_site(&e->items[j].site, &fs->items[i].loc);
	sf->fixes = xcalloc(fs->n + 1, sizeof(*sf->fixes));
	sf->repl = xcalloc(total + 1, sizeof(*sf->repl));
	for (i = 0; i < fs->n; i++) {
		sf->fixes[i].description =
			"What wbcheck --fix does here";
		sf->fixes[i].edits = &sf->repl[k];
		for (j = 0; j < e->n; j++) {
			const struct fix_edit *x = &e->items[j];

			if (!same_site(&x->site, &fs->items[i].loc))
				continue;
			sf->repl[k++] = (struct sarif_replacement){
				.file = x->file, .line = x->start_line,
				.col = x->start_col, .end_line = x->end_line,
				.end_col = x->end_col, .text = x->text,
			};
			sf->fixes[i].n++;
		}
	}
}

void sarif_fixes_collect(struct sarif_fixes *sf, const struct options *o,
			 const struct findings *fs, const struct program *prog,
			 const struct rules *rules, const char *root)
{
	struct job *jobs;
	size_t i;

	memset(sf, 0, sizeof(*sf));
	if (!fs->n || !o->ninputs || o->build_dir || o->compdb_dir ||
	    o->report)
		return;
	jobs = xcalloc(o->ninputs + 1, sizeof(*jobs));
	for (i = 0; i < o->ninputs; i++) {
		jobs[i].file = o->inputs[i];
		jobs[i].flags = o->cflags;
		jobs[i].nflags = o->ncflags;
	}
	sf->edits = xcalloc(1, sizeof(*sf->edits));
	fix_collect(FIX_SITES, fs, prog, rules, jobs, o->ninputs, root,
		    sf->edits, NULL);
	free(jobs);
	group(sf, fs);
}

void sarif_fixes_free(struct sarif_fixes *sf)
{
	if (sf->edits)
		fix_edits_free(sf->edits);
	free(sf->edits);
	free(sf->fixes);
	free(sf->repl);
	memset(sf, 0, sizeof(*sf));
}

/*
 * wbcheck --db=FILE --merge PART.db...: the databases that --db runs on
 * other machines wrote, added to FILE (model/db_merge.c), so that
 * --report on FILE sees the whole program.  Nothing is parsed or
 * analysed here, so any other option is a mistake, said at once rather
 * than ignored.
 */
#include "run_merge.h"
#include "model/program_db.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first option given that --merge cannot take, or NULL. */
static const char *other_option(const struct options *o)
{
	const struct {
		int given;
		const char *name;
	} opts[] = {
		{ o->report, "--report" },
		{ o->build_dir != NULL, "-B" },
		{ o->compdb_dir != NULL, "-p" },
		{ o->diff, "--diff" },
		{ o->fix == 1, "--fix" },
		{ o->fix == 2, "--convert" },
		{ o->print_flags, "--print-flags" },
		{ o->baseline != NULL, "--baseline" },
		{ o->suppress != NULL, "--suppress" },
		{ o->kernel_tree != NULL, "--kernel-tree" },
		{ o->kernel_version != NULL, "--kernel-version" },
		{ o->nrules_files > 0, "--rules" },
		{ o->format != FORMAT_TEXT, "--format" },
		{ o->error_exitcode != 0, "--error-exitcode" },
		{ o->no_prefilter, "--no-prefilter" },
		{ o->all_bodies, "--parse-all-bodies" },
		{ o->ncflags > 0 || o->kbuild, "compiler flags" },
	};
	size_t i;

	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (opts[i].given)
			return opts[i].name;
	return NULL;
}

static int usage_error(char *msg)
{
	fprintf(stderr, "wbcheck: %s\nTry 'wbcheck --help'.\n", msg);
	free(msg);
	return 2;
}

/* Each line of NOTES, as a note. */
static void print_notes(const struct strbuf *notes)
{
	const char *s = notes->buf, *nl;

	while (s && *s && (nl = strchr(s, '\n'))) {
		fprintf(stderr, "wbcheck: note: %.*s\n", (int)(nl - s), s);
		s = nl + 1;
	}
}

int run_merge(const struct options *o)
{
	struct strbuf notes;
	const char *other = other_option(o);
	char *err = NULL;

	if (!o->db)
		return usage_error(xstrdup("--merge needs --db=FILE, the database to merge into"));
	if (!o->ninputs)
		return usage_error(xstrdup("--merge needs the databases to merge, after it"));
	if (other)
		return usage_error(xasprintf("--merge takes no %s: it only joins databases (then --db=FILE --report)",
					     other));
	sb_init(&notes);
	if (db_merge(o->db, o->inputs, o->ninputs, &notes, &err)) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		sb_free(&notes);
		return 2;
	}
	print_notes(&notes);
	sb_free(&notes);
	return 0;
}

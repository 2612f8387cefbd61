/*
 * --fix and --convert: the edits that turn missing-write-bracket sites
 * (and, for --convert, correctly bracketed guarded calls) into the 2008
 * path_* calls, or that put a bracket around them where there is no
 * path_* helper, and the unified diff they make.
 */
#ifndef WBCHECK_FIX_FIX_H
#define WBCHECK_FIX_FIX_H

#include <stdio.h>
#include "model/findings.h"
#include "frontend/parse_pool.h"
#include "ruleset/ruleset.h"
#include "model/program.h"

enum fix_mode {
	FIX_SITES,	/* --fix: the missing-write-bracket sites */
	FIX_CONVERT,	/* --convert: also the bracketed calls, brackets dropped */
};

/* One edit of one fix, in source terms: replace [start, end) (1-based
 * lines and byte columns, end exclusive) of FILE with TEXT.  SITE is
 * where the fixed call is (a finding's location for --fix). */
struct fix_edit {
	const char *file;
	char *function;		/* the function the edit is in */
	struct loc site;
	unsigned start_line, start_col, end_line, end_col;
	char *text;
};

struct fix_edits {
	struct fix_edit *items;
	size_t n, cap;
};

/*
 * Re-parse the files of JOBS that need it with their own flags, and
 * collect the edits (OUT may be NULL) and the diff (DIFF may be NULL;
 * names relative to ROOT when given).  Sites that cannot be fixed
 * safely are named on stderr with the reason.  Returns 0, or 1 when a
 * file could not be re-parsed.
 */
int fix_collect(enum fix_mode mode, const struct findings *fs,
		const struct program *prog, const struct rules *rules,
		const struct job *jobs, size_t njobs, const char *root,
		struct fix_edits *out, struct strbuf *diff);
/* The same, leaving out the functions SKIP names ("FILE\tFUNCTION",
 * FILE as the findings name it; NULL: none); QUIET says nothing of the
 * sites left alone. */
int fix_collect_skipping(enum fix_mode mode, const struct findings *fs,
			 const struct program *prog, const struct rules *rules,
			 const struct job *jobs, size_t njobs, const char *root,
			 const struct strmap *skip, int quiet,
			 struct fix_edits *out, struct strbuf *diff);
/* The edits of --fix alone, for a report that shows each finding's fix
 * beside it: the sites left alone are not named on stderr. */
int fix_collect_quiet(const struct findings *fs, const struct program *prog,
		      const struct rules *rules, const struct job *jobs,
		      size_t njobs, struct fix_edits *out);
void fix_edits_free(struct fix_edits *e);

#endif

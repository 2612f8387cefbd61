/*
 * --format=sarif: SARIF 2.1.0 (the OASIS standard for static analysis
 * results), as GitHub code scanning, GitLab and IDE viewers read it:
 * one run, a reporting descriptor per check, one result per finding
 * with its fingerprint, its notes as a code flow, and its fixes.
 */
#ifndef WBCHECK_REPORT_SARIF_H
#define WBCHECK_REPORT_SARIF_H

#include <stddef.h>
#include <stdio.h>
#include "model/findings.h"
#include "ruleset/ruleset.h"

/* One edit of a fix: replace the text from (line, col) up to, not
 * including, (end_line, end_col) in FILE with TEXT.  1-based, bytes. */
struct sarif_replacement {
	const char *file;	/* as a finding's loc.file */
	unsigned line, col, end_line, end_col;
	const char *text;
};

/* What --fix would do for one finding: edits that go together. */
struct sarif_fix {
	const char *description;
	const struct sarif_replacement *edits;
	size_t n;
};

struct sarif_run {
	const char *version;		/* wbcheck's */
	const char *root;		/* relative names are under it (NULL: cwd) */
	const struct rules *rules;	/* the check names */
	char *const *fps;		/* per finding, report/fingerprint.h */
	/* per finding, or NULL; a fix with n == 0 is no fix */
	const struct sarif_fix *fixes;
	int failed;			/* some input could not be read or parsed */
};

void output_sarif(FILE *out, const struct findings *fs,
		  const struct sarif_run *run);

#endif

/*
 * --baseline=FILE: the findings a project has accepted for now, so a
 * CI gate fails only on new ones.  A text file, one finding a line,
 * sorted so that it diffs well in git:
 *
 *	# wbcheck baseline v1
 *	FINGERPRINT<TAB>CHECK<TAB>FILE<TAB>FUNCTION<TAB>CALLEE
 *
 * Only the fingerprint (32 lowercase hex digits, report/fingerprint.h) is
 * matched; the other fields are for the people reading the diff.
 * Lines starting with '#' after the first and empty lines are ignored.
 */
#ifndef WBCHECK_REPORT_BASELINE_H
#define WBCHECK_REPORT_BASELINE_H

#include <stddef.h>
#include "model/findings.h"
#include "report/fingerprint.h"
#include "lib/util.h"

#define BASELINE_HEADER "# wbcheck baseline v1"

struct baseline_entry {
	char fp[FP_HEX + 1];
	char *check, *file, *function, *callee;
	unsigned line;		/* in the baseline file */
};

struct baseline {
	struct baseline_entry *items;
	size_t n, cap;
	struct strmap left;	/* fingerprint -> entries not yet matched */
};

/* Parse LEN bytes of TEXT (NAME in messages) into B, which must be
 * zeroed.  Returns 0, or -1 with *err = "NAME:LINE: reason". */
int baseline_parse(struct baseline *b, const char *name, const char *text,
		   size_t len, char **err);
/* Read PATH.  Returns 0, 1 when PATH does not exist (B stays empty),
 * or -1 with *err set. */
int baseline_load(struct baseline *b, const char *path, char **err);
/* Whether a finding with fingerprint FP is in B; each entry matches
 * one finding only. */
int baseline_take(struct baseline *b, const char *fp);
void baseline_free(struct baseline *b);

/* Write every finding of FS (FPS: their fingerprints, NAME: printed
 * file names) to PATH, replacing it atomically.  0, or -1 with *err. */
int baseline_write(const char *path, const struct findings *fs,
		   char *const *fps, const char *(*name)(const char *file),
		   char **err);

#endif

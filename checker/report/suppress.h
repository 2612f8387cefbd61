/*
 * --suppress=FILE: findings a project has looked at and decided are
 * fine, each with the reason, kept outside the kernel source.  One
 * suppression a line, KEY=VALUE words:
 *
 *	# wbcheck suppressions v1
 *	check=missing-write-bracket file=fs/nfsd/vfs.c function=nfsd_create_locked reason=the caller holds it (fh_want_write)
 *
 * check (a check name), file, function and callee (fnmatch(3) globs;
 * '*' also matches '/'; file is matched against the name as printed),
 * at least one of them, each at most once; reason= is mandatory, comes
 * last and runs to the end of the line.  A finding is suppressed by
 * the first line all of whose keys match it.  '#' starts a comment
 * line; the header line is optional.
 */
#ifndef WBCHECK_REPORT_SUPPRESS_H
#define WBCHECK_REPORT_SUPPRESS_H

#include <stddef.h>
#include "model/findings.h"

struct suppression {
	char *check, *file, *function, *callee;	/* NULL: any */
	char *reason;
	unsigned line;
	unsigned long hits;
};

struct suppressions {
	struct suppression *items;
	size_t n, cap;
};

/* Parse LEN bytes of TEXT (NAME in messages) into S, which must be
 * zeroed.  CHECKS, when not NULL, lists the check names that exist
 * (NULL-terminated); another name is an error.  Returns 0, or -1 with
 * *err = "NAME:LINE: reason". */
int suppress_parse(struct suppressions *s, const char *name, const char *text,
		   size_t len, const char *const *checks, char **err);
int suppress_load(struct suppressions *s, const char *path,
		  const char *const *checks, char **err);
/* The first suppression matching F, whose file prints as FILE; it
 * counts the hit.  NULL when none does. */
struct suppression *suppress_match(struct suppressions *s,
				   const struct finding *f, const char *file);
void suppress_free(struct suppressions *s);

#endif

/*
 * report: the page of one finding: the message and the suggestion, the
 * steps of its path in order, the call chain when it crosses functions,
 * the path drawn over the source of every file it visits, and the fix.
 */
#ifndef WBCHECK_REPORT_HTML_FINDING_H
#define WBCHECK_REPORT_HTML_FINDING_H

#include <stdio.h>
#include "model/findings.h"
#include "model/program.h"

struct html_page {
	const struct finding *f;
	size_t index, count;		/* finding INDEX (0-based) of COUNT */
	const struct program *prog;	/* where the steps are, or NULL */
	const char *diff;		/* what --fix does there, or NULL */
	const char *version;
};

/* The file name of finding I of N ("finding-007.html"; malloc'd). */
char *html_finding_page(size_t i, size_t n);
void html_finding_write(FILE *out, const struct html_page *p);

#endif

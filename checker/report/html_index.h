/*
 * report: index.html, the report's first page: how many findings per
 * check and per directory, and the table of every finding (file, line,
 * function, check, callee, message) linked to its page.  Its script
 * sorts the table and filters it by check, directory and text.
 */
#ifndef WBCHECK_REPORT_HTML_INDEX_H
#define WBCHECK_REPORT_HTML_INDEX_H

#include <stdio.h>
#include "model/findings.h"

/* FAILED: some input did not parse, so findings may be missing. */
void html_index_write(FILE *out, const struct findings *fs,
		      const char *version, int failed);

#endif

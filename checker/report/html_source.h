/*
 * report: one file of a finding's path, as its page shows it: the lines
 * around the steps in that file (all of a short file), numbered, each
 * step's line highlighted with its note beside it, the note linked to
 * the step before and after it, wherever they are.
 */
#ifndef WBCHECK_REPORT_HTML_SOURCE_H
#define WBCHECK_REPORT_HTML_SOURCE_H

#include <stdio.h>
#include "report/html_steps.h"

/*
 * The listing of FILE (SHOWN: its name as the report prints it) for the
 * steps of S that are in it; FILE NULL for the steps whose place is not
 * known.  FILENO numbers the file on its page (row ids f<FILENO>-L<N>).
 */
void html_source_listing(FILE *out, const char *file, const char *shown,
			 int fileno, const struct html_steps *s);
/* How a step is named in links and lists: "fs/helper.c:8", or with
 * FULL 0 "helper.c:8". */
void html_step_place(FILE *out, const struct html_step *st, int full);

#endif

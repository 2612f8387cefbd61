/*
 * report: the directory an HTML report goes to.  A report is written
 * beside it, in a directory of its own, and put in its place only once
 * it is whole, so a run that fails leaves the earlier report as it was.
 * A directory that holds anything but an earlier report (the marker
 * file says which do) is never written into or removed.
 */
#ifndef WBCHECK_REPORT_HTML_DIR_H
#define WBCHECK_REPORT_HTML_DIR_H

/* The file in a report's top directory that marks it as one. */
#define HTML_MARKER ".wbcheck-report"

/*
 * Before the analysis, so that a run over a whole tree is not wasted:
 * DIR is missing (its parents are made), empty, or an earlier report,
 * and the directory it is in can be written.  0, or -1 with *err set.
 */
int html_dir_check(const char *dir, char **err);
/* A new empty directory beside DIR to write the report in (malloc'd
 * path), or NULL with *err set. */
char *html_dir_begin(const char *dir, char **err);
/* Put the report written in TMP in DIR's place, removing what DIR held
 * (an earlier report, checked again).  0, or -1 with *err set. */
int html_dir_commit(const char *tmp, const char *dir, char **err);
/* Remove TMP and everything in it (a report not finished). */
void html_dir_abort(const char *tmp);

#endif

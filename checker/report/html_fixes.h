/*
 * report: the patch --fix would make for each finding, for its page:
 * the edits made at the finding's site, as a unified diff of their own.
 */
#ifndef WBCHECK_REPORT_HTML_FIXES_H
#define WBCHECK_REPORT_HTML_FIXES_H

#include "model/findings.h"
#include "model/options.h"
#include "model/program.h"
#include "ruleset/ruleset.h"

/*
 * One diff per finding of FS (NULL where --fix leaves the site alone or
 * makes no edit), in an array of FS->n.  As --fix, only for the files
 * named on the command line: all NULL for -B, -p and --report runs.
 */
char **html_fixes_collect(const struct options *o, const struct findings *fs,
			  const struct program *prog,
			  const struct rules *rules);
void html_fixes_free(char **diffs, size_t n);

#endif

/*
 * report: --html=DIR, a static report a person reads in a browser, next
 * to the usual output: index.html and a page per finding, with the
 * style sheet and script beside them; nothing outside DIR is referred
 * to, so it reads from file:// and from any static web server
 * (docs/html.md).
 */
#ifndef WBCHECK_REPORT_HTML_H
#define WBCHECK_REPORT_HTML_H

#include "model/findings.h"
#include "model/options.h"
#include "model/program.h"
#include "ruleset/ruleset.h"

struct html_report {
	const struct options *o;	/* o->html names DIR */
	const struct rules *rules;
	const struct program *prog;
	const char *version;
	int failed;			/* some input did not parse */
};

/* Before the analysis: may DIR be written?  0, or -1 with *err set. */
int html_check(const char *dir, char **err);
/* Write the report of FS in DIR, replacing an earlier one.  0, or -1
 * with *err set (nothing in DIR changed). */
int html_write(const struct html_report *r, const struct findings *fs,
	       char **err);

#endif

/* SARIF "fixes" from what --fix would do (report/sarif_fixes.c). */
#ifndef WBCHECK_REPORT_SARIF_FIXES_H
#define WBCHECK_REPORT_SARIF_FIXES_H

#include "model/options.h"
#include "model/findings.h"
#include "ruleset/ruleset.h"
#include "report/sarif.h"
#include "model/program.h"

struct sarif_fixes {
	struct sarif_fix *fixes;	/* one per finding, n == 0: none */
	struct sarif_replacement *repl;	/* all edits, in finding order */
	struct fix_edits *edits;
};

/*
 * The fixes of FS (findings as finally reported) for the files named on
 * the command line; NULL fixes when there are none to give (-B/-p runs,
 * --report).  Sites --fix leaves alone get no fix.
 */
void sarif_fixes_collect(struct sarif_fixes *sf, const struct options *o,
			 const struct findings *fs, const struct program *prog,
			 const struct rules *rules, const char *root);
void sarif_fixes_free(struct sarif_fixes *sf);

#endif

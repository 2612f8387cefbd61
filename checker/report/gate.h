/*
 * The CI gate between the analysis and the output: drop the findings
 * the suppressions file accepts (--suppress) and those recorded in the
 * baseline (--baseline), or record them all when the baseline does not
 * exist yet, and say on stderr how many were left out.
 */
#ifndef WBCHECK_REPORT_GATE_H
#define WBCHECK_REPORT_GATE_H

#include "model/options.h"
#include "report/baseline.h"
#include "model/findings.h"
#include "ruleset/ruleset.h"
#include "report/suppress.h"

struct gate {
	const char *suppress_path, *baseline_path;
	struct suppressions sup;
	struct baseline base;
	int base_exists;
};

/* Read the files the options name, before any parsing, so that a bad
 * one stops the run at once.  0, or -1 with *err set (exit 2). */
int gate_load(struct gate *g, const struct options *o,
	      const struct rules *rules, char **err);

/*
 * Filter FS in place.  *FPS gets the fingerprints of the findings left
 * (free with fingerprints_free(*fps, fs->n)).  FAILED: some input did
 * not parse, so a new baseline is not written (it would miss findings).
 * 0, or -1 with *err set when the baseline cannot be written.
 */
int gate_apply(struct gate *g, struct findings *fs, char ***fps, int failed,
	       char **err);
void gate_free(struct gate *g);

#endif

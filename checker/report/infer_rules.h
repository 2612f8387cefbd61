/* report: --infer's proposals as a rules file (rules/README.md), one
 * guard or callback-holds line each, best first, each under a comment
 * with its counts and the calls that do not hold the resource. */
#ifndef WBCHECK_REPORT_INFER_RULES_H
#define WBCHECK_REPORT_INFER_RULES_H

#include <stdio.h>

#include "checks/infer_rank.h"
#include "ruleset/ruleset.h"

void output_infer_rules(FILE *out, const struct infer_result *r,
			const struct rules *rules, int disc);
/* One line for stderr: what was counted, and how much was proposed. */
void output_infer_summary(FILE *out, const struct infer_result *r,
			  const struct rules *rules, int disc);

/* --verbose: each function and member held at some call and not
 * proposed, by name, with why (sorts R's list). */
void output_infer_left(FILE *out, struct infer_result *r);

#endif

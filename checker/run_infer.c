/*
 * --infer: rules proposed from the program (docs/infer.md).  The
 * program is analysed for where its calls hold the resource
 * (checks/infer_sites.c), the functions and ops-table members held far
 * more often than chance are ranked (checks/infer_rank.c), and printed
 * as a rules file (report/infer_rules.c).  The first discipline loaded
 * is the one inferred.
 */
#include "run_infer.h"
#include "checks/infer_rank.h"
#include "checks/infer_sites.h"
#include "report/infer_rules.h"

#include <stdio.h>

int run_infer(struct program *prog, const struct rules *rules, int failed,
	      const struct strmap *unseen, int verbose)
{
	struct infer_sites sites;
	struct infer_result r;

	if (failed < 0)
		return 2;
	infer_sites_collect(prog, rules, &sites);
	infer_rank(prog, rules, &sites, unseen, &r);
	output_infer_rules(stdout, &r, rules, sites.disc);
	if (verbose)
		output_infer_left(stderr, &r);
	output_infer_summary(stderr, &r, rules, sites.disc);
	infer_result_free(&r);
	infer_sites_free(&sites);
	return failed ? 2 : 0;
}

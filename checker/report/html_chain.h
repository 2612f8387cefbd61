/*
 * report: the call chain of an interprocedural finding, drawn as an
 * inline SVG picture: a box per function the steps visit and per
 * function they call, an arrow per call a step is at, labelled with the
 * step's number and place; callers above callees.
 */
#ifndef WBCHECK_REPORT_HTML_CHAIN_H
#define WBCHECK_REPORT_HTML_CHAIN_H

#include <stdio.h>
#include "report/html_steps.h"

/* Whether the steps visit more than one function. */
int html_chain_wanted(const struct html_steps *s);
/* The <svg> element, links to the steps' anchors (#step-N) in it. */
void html_chain_svg(FILE *out, const struct html_steps *s);

#endif

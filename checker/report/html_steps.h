/*
 * report: the steps of a finding's path for its HTML page: the finding
 * and its notes, each with the function it is in and the call it is at,
 * in the order the code runs them as far as the notes tell: the notes
 * that lead to the finding (where the bracket was taken, dropped or
 * left unchecked, the callers that call without it), the finding, the
 * notes about its own call (a macro it is spelt in), then the calls
 * below it, down the chain of helpers to the guarded call.
 */
#ifndef WBCHECK_REPORT_HTML_STEPS_H
#define WBCHECK_REPORT_HTML_STEPS_H

#include "model/findings.h"
#include "model/ir.h"
#include "model/program.h"

struct html_step {
	struct loc loc;
	const char *msg;		/* the note, or the finding's message */
	int is_finding;
	const struct ir_func *fn;	/* the function it is in, or NULL */
	const char *call;		/* the function it calls there, or NULL */
};

struct html_steps {
	struct html_step *items;
	size_t n;
};

/* PROG may be NULL: the steps then keep the notes' order, finding first. */
void html_steps_of(struct html_steps *s, const struct finding *f,
		   const struct program *prog);
void html_steps_free(struct html_steps *s);

#endif

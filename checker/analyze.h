/* Bracket-state analysis of one function (one variant of its flag
 * parameters): a forward dataflow over the IR, then the checks. */
#ifndef WBCHECK_ANALYZE_H
#define WBCHECK_ANALYZE_H

#include "findings.h"
#include "ir.h"
#include "rules.h"
#include "summary.h"

/* A site in this function that needs the caller's bracket. */
struct needs_site {
	struct loc loc;
	char *callee;		/* what is called there */
	char *guarded;		/* the guarded function at the end of the chain */
	struct note_list chain;	/* notes below this site (empty: direct) */
	char *call_text;
	char *suggestion;
};

struct needs_list {
	struct needs_site *items;
	size_t n, cap;
};

struct disc_trace;

struct analysis_ctx {
	const struct program *prog;
	const struct rules *rules;
	const struct ir_func *fn;
	const struct summary *flags;	/* which parameters are flags */
	int variant;			/* bit i: flag i is true */
	int escapes;			/* its address is taken: no caller takes over a bracket */
	struct findings *findings;	/* NULL: summarise only */
	struct needs_list *needs;	/* sites needing the caller's bracket */
	struct disc_trace *trace;	/* report pass: record for order rules, or NULL */
	int disc;			/* the discipline being solved */
};

/* Analyse and fill OUT (one variant's summary). */
void analyse_function(const struct analysis_ctx *ctx,
		      struct variant_summary *out);

/* Parameters of FN that are flags (see summary.h). */
/* LOCALS: split on local flags too.  Summaries split on parameters only
 * (callers choose those); findings also on locals, for precision. */
void find_flag_params(const struct program *prog, const struct ir_func *fn,
		      struct summary *s, int locals);
/* Field flags (summary.h): any in S; drop them all; add those FROM has
 * (a report splits as its summary did). */
int has_field_flags(const struct summary *s);
void drop_field_flags(struct summary *s);
void add_field_flags_of(struct summary *s, const struct summary *from);

void needs_list_free(struct needs_list *l);

#endif

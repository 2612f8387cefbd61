/* The libclang front end: parse a translation unit, report what could
 * not be parsed, lower every function body into the program, and let
 * the translation unit go. */
#ifndef WBCHECK_FRONTEND_PARSE_H
#define WBCHECK_FRONTEND_PARSE_H

#include <stddef.h>
#include "ruleset/ruleset.h"
#include "model/program.h"
#include "lib/util.h"

struct tufilter;
struct shared_pch;

struct frontend {
	void *index;			/* CXIndex */
	struct strmap flag_ok;		/* compiler flags libclang accepted */
	struct strmap flag_bad;		/* and those it did not */
	/* the files that did not parse cleanly, in order, for the last line */
	char **failed_files;
	size_t nfailed_files, failed_files_cap;
	const struct rules *rules;
	struct program *prog;
	/* the run's index while files are parsed (prefilter/tu_select.c);
	 * parse_jobs() makes one for its files when there is none */
	struct tufilter *live;
	int all_bodies;			/* --parse-all-bodies: skip none */
	int verbose;			/* --verbose */
	int quiet;			/* no parse messages (a re-check) */
	/* the headers most files share, precompiled once (frontend/shared_pch.c) */
	struct shared_pch *pch;
	int pch_tried;			/* tried once, or not wanted (--no-prefilter) */
};

void frontend_init(struct frontend *fe, const struct rules *rules,
		   struct program *prog);
void frontend_free(struct frontend *fe);

/* Remove flags libclang does not accept, with a note for each. */
void frontend_drop_unknown_flags(struct frontend *fe, char **flags,
				 size_t *nflags);

/* What one translation unit gives the program, kept apart so that files
 * parsed in parallel are merged in one fixed order. */
struct tu_result {
	struct ir_func **funcs;
	size_t nfuncs, funcs_cap;
	struct strmap escaped;		/* USRs whose address it takes */
	struct strmap held;		/* USRs entered with the resource held */
	struct strbuf messages;		/* for stderr, printed at the merge */
	int with_pch;			/* parsed with the shared headers loaded */
	int status;			/* 0 parsed cleanly; 1 with errors (the functions
				 * that parsed are still analysed); -1 not at
				 * all */
};

/* Where a file is in its round's merge: lower_claims_dropped() (with
 * CLAIMS NULL, or no place at all, every copy is kept). */
struct lower_claims;
struct claim_place {
	struct lower_claims *claims;
	size_t order;
};

/* Thread-safe given an INDEX of the caller's own.  LIVE (may be NULL):
 * the run's index, which says which names matter across its files; a
 * header function that calls one is lowered too, and the bodies of
 * those that cannot matter are skipped (prefilter/skip_bodies.c).  VERBOSE: say
 * in OUT's messages why a file is parsed again with every body.  With
 * PCH (may be NULL) and PCH_INDEX (a CXIndex that leaves out what a
 * precompiled header declares), FILE is parsed with PCH loaded first when
 * it can be (shared_pch_fits()), and without it should it not parse
 * cleanly so. */
int frontend_parse_tu(void *index, const struct rules *rules,
		      const struct tufilter *live, const char *file,
		      char *const *flags, size_t nflags, int verbose,
		      const struct claim_place *at,
		      const struct shared_pch *pch, void *pch_index,
		      struct tu_result *out);
/* Parse HEADER, with FLAGS, as a header set to precompile into P->path;
 * lower its functions into OUT, and note in P the headers it holds and
 * the helpers they declare.  0 if it parsed cleanly and was saved. */
int frontend_parse_pch(void *index, const struct rules *rules,
		       const struct tufilter *live, const char *header,
		       char *const *flags, size_t nflags,
		       struct shared_pch *p, struct tu_result *out);
/* Prints R's messages, moves its functions into PROG, frees R. */
void tu_result_merge(struct program *prog, struct tu_result *r);

#endif

/* Which translation units of a multi-file run can matter
 * (prefilter/tu_select.c). */
#ifndef WBCHECK_PREFILTER_TU_SELECT_H
#define WBCHECK_PREFILTER_TU_SELECT_H

#include <stddef.h>
#include "ruleset/ruleset.h"

struct tufilter;
struct strmap;
struct macroidx;

struct tufilter *tufilter_new(const struct rules *rules);
void tufilter_free(struct tufilter *tf);

/* Index FILE and the headers its FLAGS make it include; TUs are
 * numbered in the order they are added. */
void tufilter_add(struct tufilter *tf, const char *file, char *const *flags,
		  size_t nflags);

/* With WBCHECK_STATS: what the index holds, on stderr. */
void tufilter_print_stats(const struct tufilter *tf);

/* Decide, from what is known now; returns how many TUs must be parsed. */
size_t tufilter_solve(struct tufilter *tf);
/* Does NAME lead to a rule's function by calls, as far as known now?
 * In FILE's TU, if FILE is one of the index's (else anywhere). */
int tufilter_name_matters(const struct tufilter *tf, const char *file,
			  const char *name);
int tufilter_needed(const struct tufilter *tf, size_t tu);
/* After the first solve, for a caller that parses only the TUs needed:
 * let go of what only the others would need (none ever will be). */
void tufilter_forget_unneeded(struct tufilter *tf);
/* Needed whatever the files not parsed yet turn out to hold: its text
 * names something that leads to a rule through names that are no .c
 * file's, or whose one .c file is parsed and its summary not empty. */
int tufilter_settled(const struct tufilter *tf, size_t tu);
/* How many calls the nearest name TU mentions is from a rule's function. */
long tufilter_dist(const struct tufilter *tf, size_t tu);
/* Why TU was last found needed, for --verbose to end "for ..." with: the
 * name of its own text found nearest to a rule's function or, with no
 * name near, a struct path local not shown filled or an #include it
 * cannot resolve.  NULL if it was not needed, or reasons are not kept.
 * Valid until the next solve. */
const char *tufilter_reason(const struct tufilter *tf, size_t tu);
/* Keep those reasons from the next solve on (else none is kept). */
void tufilter_keep_reasons(struct tufilter *tf);
/* The bytes of its text and of all it includes: what parsing it costs,
 * roughly (clang reads them all). */
size_t tufilter_bytes(const struct tufilter *tf, size_t tu);
/* The identifiers TU's own files name, each once, as tufilter_solve()
 * found them (--infer asks which files call what it counts). */
const char *const *tufilter_idents(const struct tufilter *tf, size_t tu,
				   size_t *n);

/* After parsing some TUs: the functions whose summaries came out empty
 * stop the spreading, until forgotten (the next round recomputes them). */
void tufilter_mark_parsed(struct tufilter *tf, size_t tu);
void tufilter_known_empty(struct tufilter *tf, const char *name);
/* ... and those whose summaries only take and give back a bracket stop
 * it through the TUs that only store their address (not for --infer,
 * which counts ops-table members). */
void tufilter_known_takes_only(struct tufilter *tf, const char *name);
void tufilter_forget_empty(struct tufilter *tf);
/*
 * Before a round, its files marked parsed, right after tufilter_solve()
 * (nothing blocked in between: its solve is kept): skip the header
 * bodies that matter through no file parsed by its end, and return how
 * many TUs already parsed must be parsed again (their numbers in AGAIN,
 * room for every TU) to lower a body or an invocation left out then
 * that matters now; WHY[i] says which.
 */
struct tufilter_why {
	const char *name;	/* the function, or the macro invoked */
	int invocation;		/* NAME is a macro, and an invocation of it
				 * was left out */
};
size_t tufilter_round_skips(struct tufilter *tf, size_t *again,
			    struct tufilter_why *why);

/*
 * Header bodies the parser may skip (prefilter/skip_bodies.c), and declarations
 * the TU never names (prefilter/prune_decls.c): after the first solve, build
 * what FILE's TU needs (not thread-safe), then, from any thread, get the
 * texts: headers named as the index resolved them, each a copy of the
 * file as long as it is.  Every header is given, changed or not: the
 * parser then opens and reads none of a few hundred files for each TU,
 * and frontend/cursor_text.c finds each text by its name (bench/ measures
 * what it saves).  The headers LEAVE_OUT names (paths; may be NULL) are not
 * given: a precompiled header holds them.  tufilter_texts_free() frees *OUT.
 */
struct tufilter_text {
	const char *path, *text;
	size_t len;
	char *owned;		/* TEXT, when it was made for this TU alone */
	int changed;		/* TEXT is not the file's as it is */
	long file;		/* its number in tufilter_macros() */
};

void tufilter_prepare_skips(struct tufilter *tf, const char *file);
size_t tufilter_skipped(const struct tufilter *tf, const char *file,
			const struct strmap *leave_out,
			struct tufilter_text **out);
void tufilter_texts_free(struct tufilter_text *texts, size_t n);
/* The macros of the texts given, filed by tufilter_prepare_skips() (by
 * the files' numbers, fewer than tufilter_nfiles()). */
const struct macroidx *tufilter_macros(const struct tufilter *tf);
size_t tufilter_nfiles(const struct tufilter *tf);

/*
 * For a header set precompiled once for the run (frontend/shared_pch.c):
 * FN with each include of FILE's .c file, in order; the texts shared by
 * the TUs (what one TU is given may leave out more), of every header
 * built so far; a path's number (-1 if never read); and whether FILE's
 * TU can take FILES (N, by number) before its own text: of them, those
 * its own includes do not reach #define none of the names its own files
 * mention.
 */
void tufilter_each_include(const struct tufilter *tf, const char *file,
			   void (*fn)(void *ctx, const char *name, int quoted),
			   void *ctx);
size_t tufilter_shared_texts(const struct tufilter *tf,
			     struct tufilter_text **out);
long tufilter_file_no(const struct tufilter *tf, const char *path);
int tufilter_takes_headers(const struct tufilter *tf, const char *file,
			   const long *files, size_t n);
/* Does FILE's TU include header HDR (by number), as the index reads it? */
int tufilter_includes(const struct tufilter *tf, const char *file, long hdr);

#endif

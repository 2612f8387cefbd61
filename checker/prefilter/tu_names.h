/* The identifiers of each TU's own files, gathered on a thread
 * (prefilter/tu_names.c). */
#ifndef WBCHECK_PREFILTER_TU_NAMES_H
#define WBCHECK_PREFILTER_TU_NAMES_H

#include <stddef.h>

struct tuidents;

/* What one TU's own files (the .c file, and any .c it includes) name. */
struct tuidents_tu {
	const char **idents;	/* each once; interned, alive until freed */
	size_t nidents;
	/* by ident: every mention is a value a file-scope initialiser
	 * stores, not a call (prefilter/init_spans.h) */
	unsigned char *only_stored;
	int unreadable;		/* some file could not be read */
	int filled;		/* some file declares a local of the tag */
	int *file_filled;	/* that, file by file */
};

/* FILLED_TAG: "path" for "struct path name", or NULL. */
struct tuidents *tuidents_new(const char *filled_tag);
/*
 * Gather, in the background, what TU number TU names: the files PATHS
 * (N of them; the strings must live until tuidents_wait()).  TUs are
 * queued in the order of their numbers, from one thread.
 */
void tuidents_queue(struct tuidents *ti, size_t tu, const char *const *paths,
		    size_t n);
/* Wait until every TU queued is done; then tuidents_of() may be asked. */
void tuidents_wait(struct tuidents *ti);
/* TU's result, or NULL if it was never queued. */
const struct tuidents_tu *tuidents_of(const struct tuidents *ti, size_t tu);
/*
 * After tuidents_wait(): forget what the TUs KEEP does not mark (N of
 * them) named, and, unless most TUs stay, the names only they named.
 * The others' idents stay where they are, each pointing to a name of
 * the map kept, or of the new copy when one is made.
 */
void tuidents_keep_only(struct tuidents *ti, const unsigned char *keep,
			size_t n);
/* After tuidents_wait(): FN with each name the TUs' idents point to
 * (and maybe some no TU kept names). */
void tuidents_each_name(const struct tuidents *ti,
			void (*fn)(void *ctx, const char *name), void *ctx);
/* After tuidents_wait(): the copy of NAME the TUs' idents point to, or
 * NULL if none names it. */
const char *tuidents_interned(const struct tuidents *ti, const char *name);
void tuidents_free(struct tuidents *ti);

#endif

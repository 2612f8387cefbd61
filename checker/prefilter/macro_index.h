#ifndef WBCHECK_PREFILTER_MACRO_INDEX_H
#define WBCHECK_PREFILTER_MACRO_INDEX_H

#include <stddef.h>

/*
 * The #defines of texts shared by the TUs of a run, by name, filed once
 * for all of them (prefilter/macro_index.c says why).
 */
struct macroidx;

struct macro_def {
	long file;		/* the number the text was filed under */
	const char *text;	/* after the name, to the end of its line */
	size_t len;
	long next;		/* the next of the same name, or -1 */
};

/* Each "#define NAME..." of B, as prefilter/header_funcs.c reads a header's
 * macros. */
void macroidx_scan(const char *b, size_t size,
		   void (*found)(void *ctx, const char *name, size_t name_len,
				 const char *text, size_t len),
		   void *ctx);

struct macroidx *macroidx_new(void);
void macroidx_free(struct macroidx *mi);
/* File TEXT's macros under FILE; TEXT must outlive MI. */
void macroidx_add(struct macroidx *mi, long file, const char *text,
		  size_t len);
/* The first definition of NAME (macroidx_def()), or -1: from any thread
 * once no more is added. */
long macroidx_find(const struct macroidx *mi, const char *name);
const struct macro_def *macroidx_def(const struct macroidx *mi, long at);

#endif

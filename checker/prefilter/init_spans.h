/* Where a file's text initialises a file-scope object
 * (prefilter/init_spans.c). */
#ifndef WBCHECK_PREFILTER_INIT_SPANS_H
#define WBCHECK_PREFILTER_INIT_SPANS_H

#include <stddef.h>

/* [START, END) of a text. */
struct text_span {
	size_t start, end;
};

/*
 * The initialisers of TEXT's file-scope objects, LEN bytes: each from
 * just after its "=" to its ";" or ",", in order, directive lines left
 * out.  Returns their number and sets *SPANS (NULL if none; the caller
 * frees it).  A text whose braces, parentheses or brackets do not
 * balance as written, or with a ";" inside an initialiser's braces, has
 * none: it cannot be told where its functions' bodies are.
 */
size_t init_spans(const char *text, size_t len, struct text_span **spans);

/* Is OFFSET inside one of the N SPANS?  *AT is where to start looking:
 * 0 at first, then the value it was left with, for offsets that only
 * grow. */
int in_init_span(const struct text_span *spans, size_t n, size_t *at,
		 size_t offset);

#endif

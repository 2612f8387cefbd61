/*
 * libFuzzer target for the spans of file-scope initialisers: any bytes,
 * read as a .c file, give spans in order, inside the text, none empty
 * or overlapping another, the same twice, and found by in_init_span()
 * at their first and not at their last byte, without reading outside
 * the text (ASan).
 *
 *   make fuzz && build/fuzz/fuzz_init_spans -max_total_time=30 fuzz/corpus/fuzz_init_spans
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "prefilter/init_spans.h"

static void check(const struct text_span *sp, size_t n, size_t size)
{
	size_t i, at = 0;

	for (i = 0; i < n; i++) {
		if (sp[i].start >= sp[i].end || sp[i].end > size ||
		    (i && sp[i].start < sp[i - 1].end))
			abort();
		if (!in_init_span(sp, n, &at, sp[i].start) ||
		    in_init_span(sp, n, &at, sp[i].end) != (i + 1 < n &&
							    sp[i + 1].start == sp[i].end))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* a copy of exactly SIZE bytes, so ASan sees any read past it */
	char *text = malloc(size ? size : 1);
	struct text_span *a, *b;
	size_t na, nb;

	if (!text)
		abort();
	memcpy(text, data, size);
	na = init_spans(text, size, &a);
	nb = init_spans(text, size, &b);
	if (na != nb || (na && memcmp(a, b, na * sizeof(*a))))
		abort();
	check(a, na, size);
	free(a);
	free(b);
	free(text);
	return 0;
}

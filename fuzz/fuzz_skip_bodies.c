/*
 * libFuzzer target for the skipping of header bodies: any bytes, read
 * as a header, give bodies that lie inside the text with their braces
 * at both ends, and blanking them moves no byte, keeps every newline
 * and continuation, and touches nothing outside them.
 *
 *   make fuzz && build/fuzz/fuzz_skip_bodies -max_total_time=30 fuzz/corpus/fuzz_skip_bodies
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "prefilter/skip_bodies.h"

struct found {
	struct body_range r[64];
	size_t n;
	size_t last_end;
};

static void note(void *ctx, size_t start, size_t end)
{
	struct found *f = ctx;

	/* in order, not overlapping, braces at both ends */
	if (start < f->last_end || end <= start)
		abort();
	f->last_end = end;
	if (f->n < 64)
		f->r[f->n++] = (struct body_range){ start, end };
}

static void called(void *ctx, const char *name, size_t n)
{
	(void)ctx;
	if (!n || name[0] == '(')
		abort();
}

static void check_blank(const char *text, size_t size, const struct found *f)
{
	char *out = bodyskip_blank(text, size, f->r, f->n);
	size_t i, k = 0;

	for (i = 0; i < size; i++) {
		int inside;

		while (k < f->n && f->r[k].end <= i)
			k++;
		inside = k < f->n && f->r[k].start <= i && i < f->r[k].end;
		if (!inside && out[i] != text[i])
			abort();
		if (text[i] == '\n' && out[i] != '\n')
			abort();
		if (inside && i != f->r[k].start && out[i] != text[i] &&
		    out[i] != ' ')
			abort();
	}
	if (out[size] != '\0')
		abort();
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct found f = { .n = 0 };
	size_t i;

	bodyskip_macro_bodies(text, 0, size, note, &f);
	for (i = 0; i < f.n; i++) {
		if (text[f.r[i].start] != '{' || text[f.r[i].end - 1] != '}')
			abort();
		bodyskip_scan(text, size, f.r[i].start, f.r[i].end, called,
			      NULL);
	}
	/* every "{" to the end, as a header's body may be given */
	for (i = 0; i < size; i++)
		if (text[i] == '{')
			bodyskip_scan(text, size, i, size, called, NULL);
	check_blank(text, size, &f);
	return 0;
}

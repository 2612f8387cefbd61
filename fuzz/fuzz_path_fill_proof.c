/*
 * libFuzzer target for the proof that struct path locals are filled
 * before anything reads them: any bytes, read as a .c file, give an
 * answer, 0 or 1, without reading outside the text (ASan) and the same
 * answer twice.
 *
 *   make fuzz && build/fuzz/fuzz_path_fill_proof -max_total_time=30 fuzz/corpus/fuzz_path_fill_proof
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "prefilter/path_fill_proof.h"

static int is_macro(void *ctx, const char *name)
{
	(void)ctx;
	return name[0] >= 'A' && name[0] <= 'Z';
}

static int macro_names(void *ctx, const char *macro, const char *ident)
{
	(void)ctx;
	return strlen(macro) == strlen(ident);
}

static int call_fills(void *ctx, const char *callee, int arg)
{
	(void)ctx;
	return strncmp(callee, "mnt_", 4) && arg > 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct fillproof_env env = {
		"path", NULL, is_macro, macro_names, call_fills,
	};
	/* a copy of exactly SIZE bytes, so ASan sees any read past it */
	char *text = malloc(size ? size : 1);
	int a, b;

	if (!text)
		abort();
	memcpy(text, data, size);
	a = fillproof_text(text, size, &env);
	b = fillproof_text(text, size, &env);
	if ((a != 0 && a != 1) || a != b)
		abort();
	free(text);
	return 0;
}

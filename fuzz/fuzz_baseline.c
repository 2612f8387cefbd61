/*
 * libFuzzer target for the --baseline reader (checker/baseline.c): any
 * bytes must give either a baseline or a "NAME:LINE: reason" error,
 * never a crash, a leak or undefined behaviour.  Parsed entries must
 * each match one fingerprint lookup.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report/baseline.h"
#include "lib/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct baseline b = { 0 };
	char *err = NULL;
	size_t i;

	if (baseline_parse(&b, "fuzz", (const char *)data, size, &err) == 0) {
		for (i = 0; i < b.n; i++)
			if (!baseline_take(&b, b.items[i].fp))
				abort();
		if (b.n && baseline_take(&b, b.items[0].fp))
			abort();	/* every entry used up */
	} else if (!err || strncmp(err, "fuzz:", 5)) {
		abort();		/* an error must name the input */
	}
	free(err);
	baseline_free(&b);
	return 0;
}

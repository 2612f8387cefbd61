/*
 * libFuzzer target for the --diff parser: any bytes are either a diff
 * or refused with a message, never a crash, a leak or a range outside
 * the lines the input could have named.
 *
 *   clang-19 -g -O1 -fsanitize=fuzzer,address,undefined -Ichecker \
 *	fuzz/fuzz_git_diff.c checker/input/git_diff.c checker/util.c checker/findings.c \
 *	-o build/fuzz_git_diff && build/fuzz_git_diff -max_total_time=30
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/git_diff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diff_set ds;
	char *err = NULL;
	size_t i, j;

	if (gitdiff_parse((const char *)data, size, &ds, &err)) {
		if (!err || strncmp(err, "git diff output, line ", 22))
			abort();
		free(err);
		return 0;
	}
	for (i = 0; i < ds.n; i++) {
		const struct diff_file *f = &ds.files[i];

		for (j = 0; j < f->n; j++) {
			/* sorted, merged, non-empty */
			if (f->ranges[j].start > f->ranges[j].end ||
			    (j && f->ranges[j].start <= f->ranges[j - 1].end + 1))
				abort();
			if (!diff_file_has_line(f, f->ranges[j].start) ||
			    !diff_file_has_line(f, f->ranges[j].end))
				abort();
		}
		/* carrying over any file's hunks must stay in bounds too */
		if (f->path && i + 1 < ds.n)
			diff_file_map(&ds.files[i], &ds.files[i + 1]);
	}
	diff_set_free(&ds);
	return 0;
}

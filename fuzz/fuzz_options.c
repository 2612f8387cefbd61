/*
 * libFuzzer target: the command line.  The input is split into words at
 * NUL bytes and newlines and given to args_parse() as argv; when it
 * parses, the compiler flags go through the filter kbuild lines meet.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "lib/util.h"

#define MAX_WORDS 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[MAX_WORDS + 2], *copy = xmalloc(size + 1);
	struct options o;
	char *err = NULL;
	size_t i, start = 0;
	int argc = 1;

	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[0] = "wbcheck";
	for (i = 0; i <= size && argc < MAX_WORDS; i++) {
		if (i < size && copy[i] != '\n' && copy[i] != '\0')
			continue;
		copy[i] = '\0';
		argv[argc++] = copy + start;
		start = i + 1;
	}
	argv[argc] = NULL;
	if (args_parse(&o, argc, argv, &err) < 0) {
		if (!err || !*err)
			abort();	/* a usage error says what is wrong */
		free(err);
	} else {
		size_t before = o.ncflags;

		args_filter_cflags(&o);
		if (o.ncflags > before)
			abort();
		for (i = 0; i < o.ncflags; i++)
			if (!o.cflags[i])
				abort();
		for (i = 0; i < o.ninputs; i++)
			if (!o.inputs[i])
				abort();
	}
	args_free(&o);
	free(copy);
	return 0;
}

/*
 * A main() for the fuzz targets without libFuzzer: runs
 * LLVMFuzzerTestOneInput once over each file named, so that make check
 * (with the compiler and the sanitizers of the build) replays the seed
 * corpus and every input that once crashed (fuzz/regress/).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "lib/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

int main(int argc, char **argv)
{
	int i;

	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		size_t len;
		char *data = read_file(argv[i], &len);

		if (!data) {
			perror(argv[i]);
			return 2;
		}
		LLVMFuzzerTestOneInput((const uint8_t *)data, len);
		free(data);
		printf("replayed %s\n", argv[i]);
	}
	return 0;
}

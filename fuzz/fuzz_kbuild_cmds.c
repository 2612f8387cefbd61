/*
 * libFuzzer target: kbuild .o.cmd files.  The input is written to a
 * file and read by cmdfile_parse(), as -B reads a build tree; it is
 * also split as one shell line, and the words taken as a compiler
 * invocation, as compile_commands.json entries are.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input/kbuild_cmds.h"
#include "lib/util.h"

static char path[64];

static void cleanup(void)
{
	if (path[0])
		unlink(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* $TMPDIR when the tests set it; else memory, which is faster */
	const char *dir = getenv("TMPDIR") ? tmp_dir() :
			  access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	int fd;

	(void)argc;
	(void)argv;
	snprintf(path, sizeof(path), "%s/.fuzz_kbuild_cmds.XXXXXX", dir);
	fd = mkstemp(path);
	if (fd < 0)
		abort();
	close(fd);
	atexit(cleanup);
	return 0;
}

static void check_cmd(const struct compile_cmd *c)
{
	size_t i;

	if (!c->source || !*c->source)
		abort();
	for (i = 0; i < c->nflags; i++)
		if (!c->flags[i])
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct compile_cmd c;
	char *err = NULL, *line, **words;
	size_t n;
	FILE *f = fopen(path, "w");
	int rc;

	if (!f)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);
	rc = cmdfile_parse("/build", path, &c, &err);
	unlink(path);
	if (rc < 0) {
		if (!err || strncmp(err, path, strlen(path)))
			abort();	/* an error names the file */
		free(err);
	} else if (rc > 0) {
		check_cmd(&c);
	}
	compile_cmd_free(&c);

	line = xstrndup((const char *)data, size);
	if (shell_split(line, &words, &n) == 0) {
		if (n && compile_cmd_from_words(NULL, words, n, &c) == 0) {
			check_cmd(&c);
			compile_cmd_free(&c);
		}
		if (n && compile_cmd_from_words("/build", words, n, &c) == 0) {
			check_cmd(&c);
			compile_cmd_free(&c);
		}
		free_words(words, n);
	} else if (words || n) {
		abort();
	}
	free(line);
	return 0;
}

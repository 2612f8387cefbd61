/*
 * input: the kernel version a run checks.  A rule that asserts a fact
 * about one named function (caller-holds, holds-if, clears, returns)
 * was checked on some versions; this says which version the code at
 * hand is, from what the run was given.
 */
#include "input/kernel_version.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kernel_makefile_version(const char *dir, int v[3])
{
	static const char *const keys[] = { "VERSION", "PATCHLEVEL", "SUBLEVEL" };
	char *path = xasprintf("%s/Makefile", dir), *text, *line;
	size_t len;
	int k, lines = 0;

	v[0] = v[1] = v[2] = 0;
	text = read_file(path, &len);
	free(path);
	if (!text)
		return;
	for (line = text; line && lines < 20; line = strchr(line, '\n'), lines++) {
		if (*line == '\n')
			line++;
		for (k = 0; k < 3; k++) {
			size_t n = strlen(keys[k]);

			if (!strncmp(line, keys[k], n) && strchr(" =", line[n])) {
				const char *eq = strchr(line, '=');

				if (eq)
					v[k] = atoi(eq + 1);
			}
		}
	}
	free(text);
}

static char *from_makefile(const char *dir)
{
	int v[3];

	kernel_makefile_version(dir, v);
	if (!v[0])
		return NULL;
	return xasprintf("%d.%d.%d", v[0], v[1], v[2]);
}

/* LINUX_VERSION_CODE of a generated version.h: (a << 16) + (b << 8) + c. */
static char *from_version_h(const char *path)
{
	size_t len;
	char *text = read_file(path, &len), *p, *r = NULL;
	long code;

	if (!text)
		return NULL;
	p = strstr(text, "LINUX_VERSION_CODE ");
	if (p) {
		code = strtol(p + strlen("LINUX_VERSION_CODE "), NULL, 10);
		if (code > 0)
			r = xasprintf("%ld.%ld.%ld", code >> 16,
				      (code >> 8) & 0xff, code & 0xff);
	}
	free(text);
	return r;
}

/* A build directory: its version.h, else its tree's Makefile. */
static char *from_build(const char *dir)
{
	char *p = xasprintf("%s/include/generated/uapi/linux/version.h", dir);
	char *r = from_version_h(p);

	free(p);
	if (!r) {
		p = xasprintf("%s/source", dir);
		r = from_makefile(p);
		free(p);
	}
	return r ? r : from_makefile(dir);
}

/* kbuild's -I DIR/include and -I DIR/include/generated/uapi. */
static char *from_include_flags(const struct options *o)
{
	static const char *const tails[] = { "/include/generated/uapi",
					     "/include" };
	size_t i, k, n;
	char *dir, *r = NULL;

	for (i = 0; i + 1 < o->ncflags && !r; i++) {
		const char *inc = o->cflags[i];

		if (!strcmp(inc, "-I"))
			inc = o->cflags[++i];
		else if (!strncmp(inc, "-I", 2))
			inc += 2;
		else
			continue;
		n = strlen(inc);
		for (k = 0; k < 2 && !r; k++) {
			size_t t = strlen(tails[k]);

			if (n < t || strcmp(inc + n - t, tails[k]))
				continue;
			dir = xstrndup(inc, n - t);
			r = from_build(dir);
			free(dir);
		}
	}
	return r;
}

char *kernel_version_of_run(const struct options *o)
{
	if (o->kernel_version)
		return xstrdup(o->kernel_version);
	if (o->build_dir)
		return from_build(o->build_dir);
	if (o->kernel_tree)
		return from_makefile(o->kernel_tree);
	return from_include_flags(o);
}

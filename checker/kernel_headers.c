/*
 * --kernel-tree: bounds.h and asm-offsets.h, as kbuild makes them, from
 * kernel/bounds.c and asm-offsets.c of the tree itself.  Their values
 * depend on the version and the configuration, so no fixed stand-in is
 * right for every tree: v2.6.26 needs MAX_NR_ZONES 4 where a 6.12
 * x86_64 defconfig has 5, and mmzone.h stops at an #error when it is
 * wrong.  This is the one place input/ (which wrote the stand-ins) and
 * frontend/ (which evaluates) meet.
 */
#include "kernel_headers.h"
#include "frontend/kbuild_defines.h"
#include "input/kernel_tree.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *guard_of(const char *header)
{
	const char *base = strrchr(header, '/');
	char *g = xasprintf("__WBCHECK_%s", base ? base + 1 : header), *s;

	for (s = g; *s; s++)
		*s = isalnum((unsigned char)*s) ? toupper((unsigned char)*s) : '_';
	return g;
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static void compute_one(const struct kt_computed *c, char **flags,
			size_t nflags, int verbose)
{
	char *guard = guard_of(c->header), *err = NULL, *text;
	size_t nmissed = 0;

	text = kbuild_defines_header(c->source, flags, nflags, guard,
				     &nmissed, &err);
	if (!text) {
		fprintf(stderr, "wbcheck: --kernel-tree: %s: left empty: %s\n",
			c->header, err);
		free(err);
	} else if (write_text(c->header, text) < 0) {
		fprintf(stderr, "wbcheck: --kernel-tree: cannot write %s\n",
			c->header);
	} else if (nmissed) {
		fprintf(stderr, "wbcheck: --kernel-tree: %s: %zu DEFINE()s of %s could not be evaluated\n",
			c->header, nmissed, c->source);
	} else if (verbose) {
		fprintf(stderr, "wbcheck: --kernel-tree: computed %s from %s\n",
			c->header, c->source);
	}
	free(text);
	free(guard);
}

void kernel_headers_compute(const struct options *o)
{
	const struct kt_computed *list;
	size_t n = kerneltree_computed(&list), i, j;
	char **flags;

	if (!o->kernel_tree || !n)
		return;
	flags = xcalloc(o->ncflags + 2, sizeof(*flags));
	for (i = 0; i < n; i++) {
		flags[0] = "-I";
		flags[1] = list[i].kbuild_dir;
		for (j = 0; j < o->ncflags; j++)
			flags[j + 2] = o->cflags[j];
		compute_one(&list[i], flags, o->ncflags + 2, o->verbose);
	}
	free(flags);
}

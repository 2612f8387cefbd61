/* input: the CONFIG_ options a file of a kernel tree needs, read from
 * kbuild's Makefiles and the file itself (kbuild_needs.c). */
#ifndef WBCHECK_INPUT_KBUILD_NEEDS_H
#define WBCHECK_INPUT_KBUILD_NEEDS_H

#include "input/kconfig.h"

#include <stddef.h>

struct kbuild_wants {
	struct kconfig_want *w;	/* strings owned */
	size_t n, cap;
};

/*
 * Add to WANTS what REL (a .c file relative to TREE, or a directory, for
 * each .c file under it) needs: the options on the Makefile lines that
 * build it, up through the composite objects and the parent directories'
 * "obj-$(CONFIG_X) += dir/" lines; and the options its text tests, to be
 * turned on only when declared under its own directory.  Returns 0 when
 * REL is a .c file no Makefile line builds (kbuild never compiles it).
 */
int kbuild_wants_add(struct kbuild_wants *wants, const char *tree,
		      const char *rel);

void kbuild_wants_free(struct kbuild_wants *wants);

/* The text of DIR's Makefile, else of its Kbuild file, continuation
 * lines joined; NULL if it has neither. */
char *kbuild_makefile_text(const char *dir);

#endif

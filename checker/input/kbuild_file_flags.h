/* input: the flags a kernel Makefile gives one file (kbuild_file_flags.c). */
#ifndef WBCHECK_INPUT_KBUILD_FILE_FLAGS_H
#define WBCHECK_INPUT_KBUILD_FILE_FLAGS_H

#include <stddef.h>

/*
 * Append to FLAGS the -I and -D flags the Makefile of FILE's directory
 * gives it (ccflags-y, subdir-ccflags-y, EXTRA_CFLAGS, CFLAGS_base.o),
 * with $(src), $(obj) and $(srctree) read as kbuild would for a build
 * in the tree TREE.  FILE may be outside TREE: nothing is added.
 */
void kbuild_file_flags(const char *tree, const char *file, char ***flags,
		       size_t *nflags, size_t *cap);

#endif

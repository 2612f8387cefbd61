/* A stand-in autoconf.h for a kernel tree that was never configured:
 * an approximation of what "make defconfig" would give, good enough
 * for the headers to parse. */
#ifndef WBCHECK_INPUT_KCONFIG_H
#define WBCHECK_INPUT_KCONFIG_H

#include <stddef.h>

/*
 * TREE is the kernel source, SRCARCH its arch/ directory name, BITS the
 * host's word size, DEFCONFIG a .config-style file of the tree (NULL if
 * none).  Values come from DEFCONFIG first, then from the Kconfig files
 * of the core directories: defaults whose conditions hold, selects,
 * choices.  Returns the text of the header (malloc'd).
 */
char *kconfig_autoconf(const char *tree, const char *srcarch, int bits,
		       const char *defconfig);

#endif

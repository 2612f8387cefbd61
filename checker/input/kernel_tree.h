/* --kernel-tree=DIR: compiler flags for the files of a kernel tree that
 * has no build at hand. */
#ifndef WBCHECK_INPUT_KERNEL_TREE_H
#define WBCHECK_INPUT_KERNEL_TREE_H

#include <stddef.h>

/*
 * Appends to FLAGS what kbuild would give a file of the tree DIR for the
 * host's architecture: include paths (arch/ARCH/include on modern
 * trees, include/asm-ARCH on 2.6-era ones), the config header forced in
 * (input/kconfig.h, or autoconf.h on old trees), -D__KERNEL__, the language.
 * Generated headers the tree lacks get stand-ins in a directory of
 * wbcheck's own under $TMPDIR, removed at exit, and one line on stderr
 * names them.  DIR is never written to.  Returns 0, or -1 with *err set.
 */
int kerneltree_flags(const char *dir, char ***flags, size_t *nflags,
		     size_t *cap, char **err);

/* Remove the stand-ins now (also done at exit and on a fatal signal). */
void kerneltree_cleanup(void);

#endif

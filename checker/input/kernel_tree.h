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
 * names them.  The stand-in configuration turns on what INPUTS (the
 * files and directories checked) need to be compiled at all
 * (input/kbuild_needs.h).  DIR is never written to.  Returns 0, or -1 with *err set.
 */
int kerneltree_flags(const char *dir, char *const *inputs, size_t ninputs,
		     char ***flags, size_t *nflags, size_t *cap, char **err);

/*
 * A generated header kbuild computes by compiling a file of the tree:
 * HEADER (a stand-in, written empty) is to be rewritten with the values
 * of SOURCE's DEFINE()s, read with KBUILD_DIR searched first (its
 * linux/kbuild.h makes each an enumerator).  In the order kbuild makes
 * them: a later one may include an earlier.
 */
struct kt_computed {
	char *header;
	char *source;
	char *kbuild_dir;
};

/* The headers the last kerneltree_flags() left to compute. */
size_t kerneltree_computed(const struct kt_computed **list);

/* The inputs of the last kerneltree_flags() that no Makefile of the
 * tree builds: kbuild never compiles them, so neither do we. */
size_t kerneltree_unbuilt(const char *const **list);

/* Remove the stand-ins now (also done at exit and on a fatal signal). */
void kerneltree_cleanup(void);

#endif

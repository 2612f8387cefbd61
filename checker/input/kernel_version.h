/* input: which kernel a run checks (kernel_version.c), for the rules'
 * assertions that hold on some versions only (kernels=). */
#ifndef WBCHECK_INPUT_KERNEL_VERSION_H
#define WBCHECK_INPUT_KERNEL_VERSION_H

#include "model/options.h"

/* VERSION, PATCHLEVEL and SUBLEVEL of DIR/Makefile; all 0 if unknown. */
void kernel_makefile_version(const char *dir, int v[3]);

/*
 * The version of the kernel the run checks, malloc'd ("6.12.118"), or
 * NULL when nothing says: --kernel-version, else the tree of -B or
 * --kernel-tree (its Makefile), else the generated version.h or the
 * Makefile found through the -I flags (kbuild's CHECK).
 */
char *kernel_version_of_run(const struct options *o);

#endif

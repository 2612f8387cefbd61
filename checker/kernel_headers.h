/* The generated headers of a --kernel-tree, computed from the tree
 * (kernel_headers.c). */
#ifndef WBCHECK_KERNEL_HEADERS_H
#define WBCHECK_KERNEL_HEADERS_H

#include "model/options.h"

/* Fill in the headers input/kernel_tree.c left to compute, in order,
 * with O's flags.  Says on stderr what could not be computed; never
 * fails the run (the files then report their own parse errors). */
void kernel_headers_compute(const struct options *o);

#endif

/* wbcheck -B BUILD [SRC-PATH...]: check what kbuild built, each file
 * with its own command line. */
#ifndef WBCHECK_BUILDDIR_H
#define WBCHECK_BUILDDIR_H

#include "args.h"
#include "frontend.h"

/* Parses every selected file into FE's program.  *ROOT gets the source
 * tree (malloc'd) for printing names relative to it.  Returns 0, 1 when
 * some file could not be parsed, -1 when the build directory cannot be
 * read at all. */
int builddir_parse(struct frontend *fe, const struct options *o, char **root);

#endif

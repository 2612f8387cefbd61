/* frontend: the values kbuild's DEFINE()s print, read by evaluation
 * (kbuild_defines.c). */
#ifndef WBCHECK_FRONTEND_KBUILD_DEFINES_H
#define WBCHECK_FRONTEND_KBUILD_DEFINES_H

#include <stddef.h>

/*
 * Parse SOURCE (kernel/bounds.c, an asm-offsets.c) with FLAGS, and
 * return the header kbuild would make of it: "#define SYM VALUE" for each
 * DEFINE(SYM, VALUE) whose value the front end could evaluate, with
 * GUARD around.  FLAGS must make DEFINE() declare an enumerator
 * __wbcheck_define_SYM (input/kernel_tree.c's linux/kbuild.h).
 * *NMISSED counts the DEFINE()s that could not be evaluated.  NULL, with
 * *ERR set, when SOURCE does not parse at all.
 */
char *kbuild_defines_header(const char *source, char *const *flags,
			    size_t nflags, const char *guard, size_t *nmissed,
			    char **err);

#endif

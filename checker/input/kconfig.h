/* A stand-in autoconf.h for a kernel tree that was never configured:
 * an approximation of what "make defconfig" would give, good enough
 * for the headers to parse. */
#ifndef WBCHECK_INPUT_KCONFIG_H
#define WBCHECK_INPUT_KCONFIG_H

#include "lib/util.h"

#include <stddef.h>

/* A symbol a checked file needs on to be compiled at all (UNDER NULL:
 * its Makefile line), or whose branches its code tests (only when
 * declared in a Kconfig file under UNDER: the subsystem's own options,
 * not every debug option a file mentions).  WHY names the file. */
struct kconfig_want {
	const char *name;	/* without CONFIG_ */
	const char *under;
	const char *why;
};

struct kconfig_said {
	size_t nturned_on;
	struct strbuf left_out;	/* "FILE needs CONFIG_X (why not)", "; "-separated */
};

/*
 * TREE is the kernel source, SRCARCH its arch/ directory name, BITS the
 * host's word size, DEFCONFIG a .config-style file of the tree (NULL if
 * none).  Values come from DEFCONFIG first, then from the Kconfig files
 * of the core directories and DIRS_MORE (NULL-terminated, may be NULL):
 * defaults whose conditions hold, selects, choices.  WANT's symbols are
 * turned on over DEFCONFIG, with the symbols their dependencies name in
 * a conjunction, as allyesconfig would for those files; SAID (sb_init'd
 * by the caller) tells what was done and what could not be.  Returns the
 * text of the header (malloc'd).
 */
char *kconfig_autoconf(const char *tree, const char *srcarch, int bits,
		       const char *defconfig, const struct kconfig_want *want,
		       size_t nwant, char *const *dirs_more,
		       struct kconfig_said *said);

#endif

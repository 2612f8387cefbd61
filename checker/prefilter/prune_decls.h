/* Header declarations one translation unit can do without
 * (prefilter/prune_decls.c). */
#ifndef WBCHECK_PREFILTER_PRUNE_DECLS_H
#define WBCHECK_PREFILTER_PRUNE_DECLS_H

#include <stddef.h>
#include "lib/util.h"

/*
 * A top-level statement of a header that declares one function and
 * nothing else: a prototype ("int f(int);") or a definition whose body
 * prefilter/skip_bodies.c could skip: skipped, or kept only because it may be a
 * pure predicate, which frontend/stable_tests.c reads where it is called. 
 * [START, END) runs from its first token to its ";" or closing brace.
 */
struct decl_site {
	size_t start, end;
	long name;		/* number of the function's name */
	int keep;		/* the rules may need it: never dropped */
};

/*
 * The names of the declarations that may be dropped, numbered, and
 * counts of them made one header at a time.  Looked up by a pointer
 * and a length, straight from the text: a header's every identifier is
 * looked up, and most are no such name.
 */
struct name_counter {
	size_t *slots;		/* number + 1, 0 = empty */
	size_t nslots;		/* a power of two */
	char *pool;		/* the names, each NUL-terminated */
	size_t pool_len, pool_cap;
	size_t *at;		/* by number: where in pool */
	size_t n, at_cap;
	unsigned *count;	/* by number: this header's count so far */
	size_t count_cap;
	long *seen;		/* numbers counted in this header */
	size_t nseen, seen_cap;
};

/* NAME's number, given one if it has none. */
long declprune_id(struct name_counter *nc, const char *name, size_t len);
/* NAME's number, or -1; reads only, so any thread may ask. */
long declprune_lookup(const struct name_counter *nc, const char *name,
		      size_t len);
/* The name numbered ID. */
const char *declprune_name(const struct name_counter *nc, long id);

/* How often each numbered name appears in TEXT (comments and literals
 * left out, and the names of directives that name no function), each
 * once: *ID and *COUNT are the caller's to free. */
size_t declprune_count(struct name_counter *nc, const char *text, size_t len,
		       long **id, unsigned **count);

/* A copy of TEXT with the statements of SITES whose DROP is set turned
 * into blanks; newlines stay, so nothing else moves. */
char *declprune_blank(const char *text, size_t len,
		      const struct decl_site *sites, size_t n,
		      const unsigned char *drop);

void declprune_counter_free(struct name_counter *nc);

#endif

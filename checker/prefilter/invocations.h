/* Top-level macro invocations of a header that a translation unit can
 * do without (prefilter/invocations.c). */
#ifndef WBCHECK_PREFILTER_INVOCATIONS_H
#define WBCHECK_PREFILTER_INVOCATIONS_H

#include <stddef.h>

/*
 * "DEFINE_INODE_EVENT(xfs_dir_fsync);" at the top of a header: a whole
 * statement that is one macro's invocation.  [START, END) runs from the
 * macro's name to after the ";", [ARGS, ARGS_END) is inside its
 * parentheses.
 */
struct inv_site {
	size_t start, end;
	size_t args, args_end;
	const char *macro;	/* interned, as the names below */
	const char **idents;	/* every name in the arguments */
	size_t nidents, idents_cap;
	const char **lone;	/* the arguments that are one name each */
	size_t nlone, lone_cap;
	/* nothing it names matters (decided as header bodies are); a TU
	 * parsed without it (-1: none); one given it while it matters */
	int skip;
	long dropped_in;
	int given;
	long *keys;		/* numbers of its lone names in struct inv_keys */
	size_t nkeys;
	unsigned *own;		/* per key: how often its own text holds it */
};

/* The lone arguments of the invocations that may be dropped: names to
 * find inside the identifiers of a text, pasted in or not. */
struct inv_keys;

struct inv_keys *invkeys_new(void);
void invkeys_free(struct inv_keys *k);
/* NAME's number (its first one if added before); N at least
 * INVKEYS_MIN_LEN. */
long invkeys_add(struct inv_keys *k, const char *name, size_t n);
size_t invkeys_count(const struct inv_keys *k);
#define INVKEYS_MIN_LEN 4

/* Each key found inside an identifier of TEXT[FROM, TO) (comments and
 * literals left out), once per place, in the order of the text:
 * FOUND(CTX, number, where the identifier starts). */
void invkeys_scan(const struct inv_keys *k, const char *text, size_t from,
		  size_t to, void (*found)(void *ctx, long key, size_t at),
		  void *ctx);

/* The identifiers of TEXT[FROM, TO), comments and literals left out:
 * EACH(CTX, at, length, lone), LONE when the identifier is a whole
 * argument (between the commas at the top of [FROM, TO)). */
void invocation_each_ident(const char *text, size_t from, size_t to,
			   void (*each)(void *ctx, size_t at, size_t n,
					int lone),
			   void *ctx);

void inv_site_free(struct inv_site *s);

#endif

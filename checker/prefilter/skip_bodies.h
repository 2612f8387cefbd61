/* Header function bodies the parser may skip (prefilter/skip_bodies.c). */
#ifndef WBCHECK_PREFILTER_SKIP_BODIES_H
#define WBCHECK_PREFILTER_SKIP_BODIES_H

#include <stddef.h>

/* A body's braces, both included: text[start] is '{', text[end - 1] '}'. */
struct body_range {
	size_t start, end;
};

enum body_kind {
	BODY_KEEP,	/* cannot be blanked safely: must be parsed */
	BODY_MAYBE_PURE,	/* could be blanked, unless it is pure */
	BODY_IMPURE,	/* could be blanked; certainly not pure */
};

/*
 * What the text of the body at [START, END) of TEXT allows.  Its braces
 * must match in every branch of the conditionals between them, and no
 * other directive may sit there (a #define would outlive the body).
 * The analysis reads a pure predicate's body (frontend/stable_tests.c), so it
 * matters whether the body can be pure: a member access, a subscript,
 * asm or a builtin call says it is not.  CALLED is given each name the
 * body puts before "(" (a call, unless the name is a macro, a keyword
 * or a type: the caller knows which); it may be NULL.
 */
enum body_kind bodyskip_scan(const char *text, size_t len, size_t start,
			     size_t end,
			     void (*called)(void *ctx, const char *name,
					    size_t n),
			     void *ctx);

/*
 * The bodies of the functions a macro's replacement text [FROM, TO)
 * (after its parameters) defines ("static inline void trace_##name(proto) { ...
 * }"), each given to FOUND; not those of "if (x) { ... }", "do { ... }", an
 * initialiser or a structure.
 */
void bodyskip_macro_bodies(const char *text, size_t from, size_t to,
			   void (*found)(void *ctx, size_t start, size_t end),
			   void *ctx);

/*
 * A copy of TEXT with each body of R (sorted, not overlapping) turned
 * into ";" and blanks: the function is then only declared.  Newlines
 * and every other byte's offset stay, so lines and columns of the rest
 * are those of the file.
 */
char *bodyskip_blank(const char *text, size_t len,
		     const struct body_range *r, size_t n);

#endif

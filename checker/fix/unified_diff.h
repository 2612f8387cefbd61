/* Text edits on a source buffer, and the unified diff they make.  The
 * edits of a fix are few and local, so the diff is built from them
 * directly rather than by comparing two files. */
#ifndef WBCHECK_FIX_UNIFIED_DIFF_H
#define WBCHECK_FIX_UNIFIED_DIFF_H

#include <stddef.h>
#include <stdio.h>
#include "lib/util.h"

struct text_edit {
	size_t start, end;	/* byte offsets in the original, end exclusive */
	char *text;		/* what replaces them (owned) */
	int site;		/* the fix it belongs to: a fix's edits stand or fall together */
};

struct edit_list {
	struct text_edit *items;
	size_t n, cap;
};

void edit_add(struct edit_list *l, size_t start, size_t end, const char *text,
	      int site);
void edit_list_free(struct edit_list *l);

/* Sort by position; where edits overlap, every edit of the later site
 * is dropped and that site's number stored in DROPPED (if not NULL). */
void edits_sort(struct edit_list *l, struct edit_list *dropped_sites);

/* BUF with the sorted, disjoint EDITS applied (malloc'd, *NEWLEN set). */
char *edits_apply(const char *buf, size_t len, const struct edit_list *l,
		  size_t *newlen);

/* A unified diff (3 lines of context) of BUF against BUF with EDITS
 * applied, for "patch -p1": the names are a/NAME and b/NAME.  Appends
 * to OUT; nothing when the edits change nothing. */
void diff_render(struct strbuf *out, const char *name, const char *buf,
		 size_t len, const struct edit_list *edits);

#endif

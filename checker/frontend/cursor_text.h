/* Source text of cursors, as the user wrote them. */
#ifndef WBCHECK_FRONTEND_CURSOR_TEXT_H
#define WBCHECK_FRONTEND_CURSOR_TEXT_H

#include <clang-c/Index.h>

struct srctext;

/* GIVEN: the texts the parse was given (read, not copied; they must
 * outlive ST), or NULL. */
struct srctext *srctext_new(CXTranslationUnit tu,
			    const struct CXUnsavedFile *given, unsigned ngiven);
void srctext_free(struct srctext *st);

/* Whitespace-normalised, malloc'd. */
char *srctext_written(struct srctext *st, CXCursor c);
char *srctext_spelt(struct srctext *st, CXCursor c);
char *srctext_token_at(struct srctext *st, CXCursor c);

/* Without copying: the whole buffer of FILE, and the written text of C.
 * Return 0 when there is none. */
int srctext_file(struct srctext *st, CXFile file, const char **buf,
		 size_t *size);
int srctext_raw(struct srctext *st, CXCursor c, const char **text,
		size_t *len);
/* FILE's index among the texts the parse was given, or -1. */
long srctext_given(struct srctext *st, CXFile file);

#endif

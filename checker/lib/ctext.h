/*
 * lib: the C-text primitives every text scanner shares (the prefilter
 * reads sources without preprocessing them): what an identifier is made
 * of, and the comments, literals and directives a scan steps over.
 */
#ifndef WBCHECK_LIB_CTEXT_H
#define WBCHECK_LIB_CTEXT_H

#include <stddef.h>

static inline int c_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline int c_ident_char(int c)
{
	return c_ident_start(c) || (c >= '0' && c <= '9');
}

#endif

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

/* Where the run of identifier characters at I of B ends (END at most). */
static inline size_t c_ident_end(const char *b, size_t i, size_t end)
{
	while (i < end && c_ident_char((unsigned char)b[i]))
		i++;
	return i;
}

/* Length of the C comment, string or character literal at S (N bytes
 * left), 0 if none: text scanners skip them when looking for names. */
size_t c_noise_len(const char *s, size_t n);
/* End of the preprocessor directive at I of B (N bytes): its line, with
 * backslash continuations and comments that go on over further lines. */
size_t c_directive_end(const char *b, size_t i, size_t n);
/* I of B (N bytes) past the spaces and tabs there: within a line. */
size_t c_skip_line_blanks(const char *b, size_t i, size_t n);
/* I past the blanks there (line ends and backslashes of continued lines
 * too) and the comments: where the next token starts, or N. */
size_t c_next_token(const char *b, size_t i, size_t n);
/* Where the word of the directive whose "#" is at I of B (N bytes)
 * starts ("# define" too), its length in *LEN (0 if none). */
size_t c_directive_word(const char *b, size_t i, size_t n, size_t *len);
/* Are the N bytes at S the word W? */
int c_word_is(const char *s, size_t n, const char *w);

#endif

/* lib: the C-text primitives every text scanner shares (ctext.h). */
#include "lib/ctext.h"

#include <string.h>

size_t c_noise_len(const char *s, size_t n)
{
	size_t i;

	if (n > 1 && s[0] == '/' && s[1] == '/') {
		for (i = 2; i < n && s[i] != '\n'; i += s[i] == '\\' ? 2 : 1)
			;
		return i < n ? i : n;
	}
	if (n > 1 && s[0] == '/' && s[1] == '*') {
		for (i = 2; i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'); i++)
			;
		return i + 2 < n ? i + 2 : n;
	}
	if (n && (s[0] == '"' || s[0] == '\'')) {
		for (i = 1; i < n && s[i] != s[0] && s[i] != '\n'; i++)
			if (s[i] == '\\')
				i++;
		return i < n ? i + 1 : n;
	}
	return 0;
}

/*
 * End of the directive at I: backslash continuations are joined, and a
 * comment that starts on its line and goes on over the next lines ends
 * it only where the comment ends, as for the preprocessor.
 */
size_t c_directive_end(const char *b, size_t i, size_t n)
{
	while (i < n && b[i] != '\n') {
		if (b[i] == '"' || b[i] == '\'') {
			char q = b[i++];

			while (i < n && b[i] != q && b[i] != '\n')
				i += b[i] == '\\' && i + 1 < n && b[i + 1] != '\n' ? 2 : 1;
			if (i < n && b[i] == q)
				i++;
			continue;
		}
		if (b[i] == '/' && i + 1 < n && b[i + 1] == '*') {
			i += c_noise_len(b + i, n - i);
			continue;
		}
		if (b[i] == '\\' && i + 1 < n && b[i + 1] == '\n')
			i++;
		i++;
	}
	return i;
}

size_t c_skip_line_blanks(const char *b, size_t i, size_t n)
{
	while (i < n && (b[i] == ' ' || b[i] == '\t'))
		i++;
	return i;
}

/* A backslash is taken for a blank anywhere: out of a literal, C has
 * one only before a line end, and a scan must not stop at it. */
static int blank_or_splice(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v' || c == '\\';
}

size_t c_next_token(const char *b, size_t i, size_t n)
{
	while (i < n) {
		if (blank_or_splice(b[i]))
			i++;
		else if (b[i] == '/' && i + 1 < n &&
			 (b[i + 1] == '*' || b[i + 1] == '/'))
			i += c_noise_len(b + i, n - i);
		else
			break;
	}
	return i;
}

size_t c_directive_word(const char *b, size_t i, size_t n, size_t *len)
{
	size_t w = c_skip_line_blanks(b, i + 1, n), e;

	for (e = w; e < n && c_ident_char((unsigned char)b[e]); e++)
		;
	*len = e - w;
	return w;
}

int c_word_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && !strncmp(s, w, n);
}

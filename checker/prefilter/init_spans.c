/*
 * prefilter: where a file's text initialises its file-scope objects.
 * Nothing runs there, for C wants a constant: a function named there
 * (an ops table's ".unlocked_ioctl = ext4_ioctl") has its address
 * taken and is not called.  prefilter/tu_names.c asks which names a TU
 * mentions only so (docs/design/prefilter.md, "Names only stored").
 *
 * The text is read as written, every branch of an #if at once.  An #if
 * that opens a function in two ways leaves the braces unbalanced; then
 * no span is given, and every name of the file counts as called.
 */
#include "prefilter/init_spans.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct scan {
	long braces, parens;	/* parens: ( and [ */
	int in_init;
	int bad;
	size_t start;		/* of the span being made */
	struct text_span *v;
	size_t n, cap;
};

static void close_span(struct scan *s, size_t end)
{
	struct text_span *sp;

	if (end <= s->start)
		return;
	sp = ARRAY_PUSH(s->v, s->n, s->cap);
	sp->start = s->start;
	sp->end = end;
}

/* "=" at I starts an initialiser: not "==", "<=", "!=", "+=" ... */
static int is_init_equals(const char *b, size_t i, size_t n)
{
	if (i + 1 < n && b[i + 1] == '=')
		return 0;
	return !i || !strchr("=!<>+-*/%&|^", b[i - 1]);
}

static void step_punct(struct scan *s, const char *b, size_t i, size_t n)
{
	int top = !s->braces && !s->parens;

	switch (b[i]) {
	case '{':
		s->braces++;
		break;
	case '}':
		s->bad |= --s->braces < 0;
		break;
	case '(':
	case '[':
		s->parens++;
		break;
	case ')':
	case ']':
		s->bad |= --s->parens < 0;
		break;
	case '=':
		if (top && !s->in_init && is_init_equals(b, i, n)) {
			s->in_init = 1;
			s->start = i + 1;
		}
		break;
	case ';':
		if (s->in_init && !top)
			s->bad = 1;	/* a statement: not an initialiser */
		/* fall through */
	case ',':
		if (s->in_init && top) {
			close_span(s, i);
			s->in_init = 0;
		}
		break;
	}
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

size_t init_spans(const char *b, size_t n, struct text_span **spans)
{
	struct scan s = { 0 };
	size_t i = 0, noise;
	int line_start = 1;

	while (i < n && !s.bad) {
		noise = c_noise_len(b + i, n - i);
		if (noise) {
			line_start &= b[i] == '/';	/* a comment, not a literal */
			i += noise;
		} else if (b[i] == '\n') {
			line_start = 1;
			i++;
		} else if (is_blank(b[i])) {
			i++;
		} else if (b[i] == '#' && line_start) {
			size_t end = c_directive_end(b, i, n);

			if (s.in_init) {
				close_span(&s, i);
				s.start = end;
			}
			i = end;
		} else if (c_ident_char((unsigned char)b[i])) {
			line_start = 0;
			while (i < n && c_ident_char((unsigned char)b[i]))
				i++;
		} else {
			line_start = 0;
			step_punct(&s, b, i, n);
			i++;
		}
	}
	if (s.bad || s.braces || s.parens || s.in_init) {
		free(s.v);
		*spans = NULL;
		return 0;
	}
	*spans = s.v;
	return s.n;
}

int in_init_span(const struct text_span *spans, size_t n, size_t *at,
		 size_t offset)
{
	while (*at < n && spans[*at].end <= offset)
		(*at)++;
	return *at < n && spans[*at].start <= offset;
}

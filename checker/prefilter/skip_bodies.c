/*
 * prefilter: skip the bodies of header functions that cannot matter.
 * The parser is given, for each header, a copy in which the bodies that
 * lead to no rule's name (tu_select.c knows them) become ";": every
 * function is still declared, nothing else moves.  frontend/parse.c
 * parses again from the files should a copy not parse, or should a
 * function a macro defines lose a body it needed
 * (docs/design/prefilter.md).
 */
#include "prefilter/skip_bodies.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <string.h>

/* Builtins that look like calls and are not CallExprs. */
static int builtin_call(const char *s, size_t n)
{
	static const char *const not_calls[] = {
		"__builtin_offsetof", "__builtin_types_compatible_p",
		"__builtin_choose_expr", "__builtin_va_arg",
		"__builtin_convertvector", "__builtin_shufflevector",
	};
	size_t i;

	if (n < 10 || strncmp(s, "__builtin_", 10))
		return 0;
	for (i = 0; i < sizeof(not_calls) / sizeof(not_calls[0]); i++)
		if (c_word_is(s, n, not_calls[i]))
			return 0;
	return 1;
}

/* A '#' first on its line: a directive. */
static int directive_at(const char *t, size_t i, size_t start)
{
	while (i > start && (t[i - 1] == ' ' || t[i - 1] == '\t'))
		i--;
	return i == start || t[i - 1] == '\n';
}

struct body_lexer {
	const char *t;
	size_t i, end;
	int depth;		/* of braces, the body's own being 1 */
	int cond[64];		/* brace depth at each open #if */
	int ncond;
	char prev;		/* the last significant character */
};

/* The directive at the cursor keeps the braces of its branches apart. */
static int directive_ok(struct body_lexer *lx)
{
	const char *t = lx->t;
	size_t n, w = c_directive_word(t, lx->i, lx->end, &n), i = w + n;

	if (c_word_is(t + w, n, "if") || c_word_is(t + w, n, "ifdef") ||
	    c_word_is(t + w, n, "ifndef")) {
		if (lx->ncond == 64)
			return 0;
		lx->cond[lx->ncond++] = lx->depth;
	} else if (c_word_is(t + w, n, "elif") ||
		   c_word_is(t + w, n, "else")) {
		if (!lx->ncond || lx->cond[lx->ncond - 1] != lx->depth)
			return 0;
	} else if (c_word_is(t + w, n, "endif")) {
		if (!lx->ncond || lx->cond[--lx->ncond] != lx->depth)
			return 0;
	} else {
		return 0;
	}
	/* to the end of the line, continuations included */
	for (; i < lx->end && t[i] != '\n'; i++)
		if (t[i] == '\\')
			i++;
	lx->i = i;
	return 1;
}

/* An identifier at the cursor: a name before "(" is told to CALLED. */
static int identifier(struct body_lexer *lx,
		      void (*called)(void *, const char *, size_t), void *ctx)
{
	const char *t = lx->t;
	size_t w = lx->i, j;
	int impure = 0;

	while (lx->i < lx->end && c_ident_char((unsigned char)t[lx->i]))
		lx->i++;
	j = c_next_token(t, lx->i, lx->end);
	if (c_word_is(t + w, lx->i - w, "asm") ||
	    c_word_is(t + w, lx->i - w, "__asm__") ||
	    c_word_is(t + w, lx->i - w, "__asm"))
		impure = 1;
	else if (j < lx->end && t[j] == '(' && builtin_call(t + w, lx->i - w))
		impure = 1;
	else if (j < lx->end && t[j] == '(' && called)
		called(ctx, t + w, lx->i - w);
	lx->prev = 'a';
	return impure;
}

/* A preprocessing number (1, 0x1fUL, 1.5e-3): its dots are no members. */
static void number(struct body_lexer *lx)
{
	const char *t = lx->t;

	while (lx->i < lx->end && (c_ident_char((unsigned char)t[lx->i]) ||
				   t[lx->i] == '.' ||
				   ((t[lx->i] == '+' || t[lx->i] == '-') &&
				    (t[lx->i - 1] == 'e' || t[lx->i - 1] == 'E' ||
				     t[lx->i - 1] == 'p' || t[lx->i - 1] == 'P'))))
		lx->i++;
	lx->prev = '0';
}

/* After a name, ")" or "]": "." and "[" then reach into memory. */
static int after_operand(char prev)
{
	return prev == 'a' || prev == ')' || prev == ']';
}

enum body_kind bodyskip_scan(const char *text, size_t len, size_t start,
			     size_t end,
			     void (*called)(void *ctx, const char *name,
					    size_t n),
			     void *ctx)
{
	struct body_lexer lx = { .t = text, .i = start + 1, .end = end - 1,
				 .depth = 1 };
	int impure = 0;

	if (end > len || end < start + 2 || text[start] != '{' ||
	    text[end - 1] != '}')
		return BODY_KEEP;
	while (lx.i < lx.end) {
		char c = text[lx.i];
		size_t skip = c_noise_len(text + lx.i, lx.end - lx.i);

		if (skip) {
			if (c == '"' || c == '\'')
				lx.prev = 'a';	/* an operand: "abc"[1] */
			lx.i += skip;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\f' || c == '\\') {
			lx.i++;
			continue;
		}
		if (c == '#' && directive_at(text, lx.i, start)) {
			if (!directive_ok(&lx))
				return BODY_KEEP;
			continue;
		}
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
			impure |= identifier(&lx, called, ctx);
			continue;
		}
		if (c >= '0' && c <= '9') {
			number(&lx);
			continue;
		}
		if (c == '{') {
			lx.depth++;
		} else if (c == '}' && --lx.depth == 0) {
			return BODY_KEEP;	/* the body ends before END */
		} else if (c == '-' && text[lx.i + 1] == '>') {
			impure = 1;
		} else if ((c == '.' || c == '[') && after_operand(lx.prev) &&
			   text[lx.i + 1] != '.') {
			impure = 1;
		}
		lx.prev = c;
		lx.i++;
	}
	if (lx.depth != 1 || lx.ncond)
		return BODY_KEEP;
	return impure ? BODY_IMPURE : BODY_MAYBE_PURE;
}

/* ---- Functions a macro defines ------------------------------------ */

static int statement_word(const char *s, size_t n)
{
	static const char *const words[] = {
		"if", "while", "for", "switch", "return", "sizeof", "typeof",
		"__typeof__", "__typeof", "_Generic", "do", "else", "case",
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (c_word_is(s, n, words[i]))
			return 1;
	return 0;
}

/* Names that take parentheses after a function's parameters. */
static int attribute_word(const char *s, size_t n)
{
	static const char *const words[] = {
		"__attribute__", "__attribute", "__acquires", "__releases",
		"__must_hold", "__cond_acquires", "__cond_releases", "__section",
		"__alloc_size", "__printf",
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (c_word_is(s, n, words[i]))
			return 1;
	return 0;
}

/* What a statement of the replacement text looks like so far. */
struct macro_stmt {
	size_t words;		/* identifiers seen */
	int named;		/* a name with words before it, then "(" */
	int params;		/* its parentheses just closed */
	int attr;		/* the group open is an attribute's */
	int assigned;
	int parens;
};

/* Position after the brace matching the one at I; 0 if none does. */
static size_t macro_block_end(const char *t, size_t i, size_t to)
{
	int depth = 0;

	while (i < to) {
		size_t skip = c_noise_len(t + i, to - i);

		if (skip) {
			i += skip;
			continue;
		}
		if (t[i] == '{')
			depth++;
		else if (t[i] == '}' && --depth == 0)
			return i + 1;
		i++;
	}
	return 0;
}

static size_t macro_word(const char *t, size_t i, size_t to,
			 struct macro_stmt *st)
{
	size_t w = i, j;

	while (i < to && c_ident_char((unsigned char)t[i]))
		i++;
	j = c_next_token(t, i, to);
	if (!st->parens) {
		int call = j < to && t[j] == '(';

		if (call && st->params && attribute_word(t + w, i - w)) {
			st->attr = 1;
		} else {
			st->params = 0;
			st->named = call && st->words &&
				    !statement_word(t + w, i - w);
		}
	}
	st->words += !st->parens;
	return i;
}

void bodyskip_macro_bodies(const char *text, size_t from, size_t to,
			   void (*found)(void *ctx, size_t start, size_t end),
			   void *ctx)
{
	struct macro_stmt st = { 0 };
	size_t i = from, end;

	while (i < to) {
		char c = text[i];
		size_t skip = c_noise_len(text + i, to - i);

		if (skip) {
			i += skip;
			continue;
		}
		if (c_ident_char((unsigned char)c) && !(c >= '0' && c <= '9')) {
			i = macro_word(text, i, to, &st);
			continue;
		}
		if (c == '(') {
			st.parens++;
		} else if (c == ')') {
			if (st.parens && !--st.parens) {
				st.params = st.named || st.attr;
				st.attr = 0;
			}
		} else if (c == '{' && !st.parens) {
			end = macro_block_end(text, i, to);
			if (!end)
				return;	/* braces the text does not close */
			if (st.params && !st.assigned)
				found(ctx, i, end);
			memset(&st, 0, sizeof(st));
			i = end;
			continue;
		} else if (!st.parens && c == ';') {
			memset(&st, 0, sizeof(st));
		} else if (!st.parens && c == '=') {
			st.assigned = 1;
		} else if (!st.parens && c != ' ' && c != '\t' && c != '\n' &&
			   c != '\\' && c != '#') {
			st.params = 0;	/* "x) *", "x) ,": no body follows */
		}
		i++;
	}
}

char *bodyskip_blank(const char *text, size_t len,
		     const struct body_range *r, size_t n)
{
	char *copy = xmalloc(len + 1);
	size_t i, j;

	memcpy(copy, text, len);
	copy[len] = '\0';
	for (i = 0; i < n; i++) {
		if (r[i].end > len || r[i].start >= r[i].end)
			continue;
		copy[r[i].start] = ';';
		/* a macro's continuation lines stay continued */
		for (j = r[i].start + 1; j < r[i].end; j++)
			if (copy[j] != '\n' &&
			    !(copy[j] == '\\' && j + 1 < len && copy[j + 1] == '\n'))
				copy[j] = ' ';
	}
	return copy;
}

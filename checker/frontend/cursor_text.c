/*
 * frontend: source text of cursors, cut from the files' own buffers.
 *
 * libclang can tokenize a range, but building a range from a file and
 * an offset (clang_getLocationForOffset) looks the file up among every
 * source-location entry of the translation unit, macro expansions
 * included: on a kernel file that is milliseconds a call.  Offsets into
 * a buffer fetched once per file cost nothing.
 */
#include "frontend/cursor_text.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct file_buf {
	CXFile file;
	const char *buf;
	size_t size;
	long given;		/* its index among the texts given, or -1 */
};

struct srctext {
	CXTranslationUnit tu;
	struct file_buf *files;
	size_t n, cap;
	size_t *slots;		/* by CXFile hash: index in files + 1 */
	size_t nslots;		/* a power of two */
	/* the texts the parse was given, by path */
	const struct CXUnsavedFile *given;
	struct strmap given_at;
};

struct srctext *srctext_new(CXTranslationUnit tu,
			    const struct CXUnsavedFile *given, unsigned ngiven)
{
	struct srctext *st = xcalloc(1, sizeof(*st));
	unsigned i;

	st->tu = tu;
	st->given = given;
	for (i = 0; i < ngiven; i++)
		strmap_put(&st->given_at, given[i].Filename, (long)i);
	return st;
}

void srctext_free(struct srctext *st)
{
	if (!st)
		return;
	free(st->files);
	free(st->slots);
	strmap_free(&st->given_at);
	free(st);
}

static size_t file_hash(CXFile file, size_t mask)
{
	return (size_t)(((uintptr_t)file >> 4) * 0x9e3779b97f4a7c15ULL) & mask;
}

static void rehash(struct srctext *st)
{
	size_t i, h, mask;

	free(st->slots);
	st->nslots = st->nslots ? st->nslots * 2 : 64;
	st->slots = xcalloc(st->nslots, sizeof(*st->slots));
	mask = st->nslots - 1;
	for (i = 0; i < st->n; i++) {
		for (h = file_hash(st->files[i].file, mask); st->slots[h];
		     h = (h + 1) & mask)
			;
		st->slots[h] = i + 1;
	}
}

/*
 * FILE's text.  clang_getFileContents() looks the file up among every
 * source-location entry of the TU, macro expansions included (a kernel
 * file has tens of thousands): the texts the parse was given are
 * looked up by name instead.
 */
static void contents_of(struct srctext *st, struct file_buf *fb)
{
	CXString name = clang_getFileName(fb->file);
	const char *path = clang_getCString(name);
	long *at = path ? strmap_get(&st->given_at, path) : NULL;

	fb->given = at ? *at : -1;
	if (at) {
		fb->buf = st->given[*at].Contents;
		fb->size = st->given[*at].Length;
	} else {
		fb->buf = clang_getFileContents(st->tu, fb->file, &fb->size);
	}
	clang_disposeString(name);
	if (!fb->buf)
		fb->size = 0;
}

static const struct file_buf *buffer_of(struct srctext *st, CXFile file)
{
	struct file_buf *fb;
	size_t h, mask = st->nslots - 1;

	for (h = st->nslots ? file_hash(file, mask) : 0;
	     st->nslots && st->slots[h]; h = (h + 1) & mask)
		if (st->files[st->slots[h] - 1].file == file)
			return &st->files[st->slots[h] - 1];
	fb = ARRAY_PUSH(st->files, st->n, st->cap);
	fb->file = file;
	contents_of(st, fb);
	if (2 * st->n > st->nslots)
		rehash(st);
	else
		st->slots[h] = st->n;
	return fb;
}

static size_t skip_quoted(const char *b, size_t size, size_t i)
{
	char q = b[i++];

	while (i < size && b[i] != q) {
		if (b[i] == '\\')
			i++;
		i++;
	}
	return i < size ? i + 1 : size;
}

/* Offset just past the token that starts at OFF. */
static size_t token_end(const char *b, size_t size, size_t off)
{
	static const char *const puncts[] = {
		"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=",
		"==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=",
		"|=", "^=", "##", NULL,
	};
	size_t i;

	if (off >= size)
		return size;
	if (c_ident_char(b[off])) {
		while (off < size && (c_ident_char(b[off]) || b[off] == '.'))
			off++;
		return off;
	}
	if (b[off] == '"' || b[off] == '\'')
		return skip_quoted(b, size, off);
	for (i = 0; puncts[i]; i++) {
		size_t n = strlen(puncts[i]);

		if (off + n <= size && !memcmp(b + off, puncts[i], n))
			return off + n;
	}
	return off + 1;
}

/* After a function-like macro's name, its parenthesised arguments. */
static size_t macro_use_end(const char *b, size_t size, size_t off)
{
	size_t end = token_end(b, size, off), i = end;
	int depth = 0;

	if (off >= size || !c_ident_char(b[off]))
		return end;
	i = c_skip_line_blanks(b, i, size);
	if (i >= size || b[i] != '(')
		return end;
	for (; i < size; i++) {
		if (b[i] == '"' || b[i] == '\'') {
			i = skip_quoted(b, size, i) - 1;
			continue;
		}
		if (b[i] == '(')
			depth++;
		else if (b[i] == ')' && --depth == 0)
			return i + 1;
	}
	return end;
}

static size_t skip_comment(const char *b, size_t end, size_t i)
{
	if (b[i + 1] == '*') {
		for (i += 2; i + 1 < end; i++)
			if (b[i] == '*' && b[i + 1] == '/')
				return i + 2;
		return end;
	}
	while (i < end && b[i] != '\n')
		i++;
	return i;
}

/* Whitespace and comments out, except one space between two words and
 * after each comma: the way kernel code is written. */
static char *normalise(const char *b, size_t start, size_t end)
{
	struct strbuf sb;
	size_t i = start;
	int pending_space = 0;

	sb_init(&sb);
	while (i < end) {
		char c = b[i];

		if (c == '/' && i + 1 < end && (b[i + 1] == '*' || b[i + 1] == '/')) {
			i = skip_comment(b, end, i);
			pending_space = 1;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\') {
			pending_space = 1;
			i++;
			continue;
		}
		if (pending_space && sb.len && c_ident_char(sb.buf[sb.len - 1]) &&
		    c_ident_char(c))
			sb_addc(&sb, ' ');
		if (sb.len && sb.buf[sb.len - 1] == ',')
			sb_addc(&sb, ' ');
		pending_space = 0;
		if (c == '"' || c == '\'') {
			size_t q = skip_quoted(b, end, i);

			sb_addn(&sb, b + i, q - i);
			i = q;
			continue;
		}
		sb_addc(&sb, c);
		i++;
	}
	return sb_detach(&sb);
}

struct place {
	CXFile file;
	unsigned off;
};

static struct place expansion(CXSourceLocation l)
{
	struct place p;

	clang_getExpansionLocation(l, &p.file, NULL, NULL, &p.off);
	return p;
}

static struct place spelling(CXSourceLocation l)
{
	struct place p;

	clang_getSpellingLocation(l, &p.file, NULL, NULL, &p.off);
	return p;
}

static int same_place(struct place a, struct place b)
{
	return a.file == b.file && a.off == b.off;
}

static char *cut(struct srctext *st, CXFile file, size_t start, size_t end)
{
	const struct file_buf *fb = buffer_of(st, file);

	if (!fb->buf || start >= fb->size || end <= start)
		return xstrdup("");
	if (end > fb->size)
		end = fb->size;
	return normalise(fb->buf, start, end);
}

/*
 * As written at the use site.  A range's end is one past its last
 * character when it lies in the file itself; when it lies in a macro
 * its expansion is where the last macro use starts, so that use (its
 * name, and its arguments if it has some) is measured from the buffer.
 */
char *srctext_written(struct srctext *st, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation s = clang_getRangeStart(r), e = clang_getRangeEnd(r);
	struct place ps = expansion(s), pe = expansion(e);
	const struct file_buf *fb;
	size_t end = pe.off;

	if (!ps.file || ps.file != pe.file)
		return xstrdup("");
	if (!same_place(pe, spelling(e))) {
		fb = buffer_of(st, pe.file);
		end = macro_use_end(fb->buf, fb->size, pe.off);
	} else if (!same_place(ps, spelling(s)) && pe.off <= ps.off) {
		fb = buffer_of(st, ps.file);
		end = macro_use_end(fb->buf, fb->size, ps.off);
	}
	return cut(st, ps.file, ps.off, end);
}

/* Where an argument spelt at START ends: at the comma or parenthesis
 * that closes it, or the end of its (unescaped) line. */
static size_t argument_end(const char *b, size_t size, size_t start)
{
	size_t i = start;
	int depth = 0;

	while (i < size) {
		char c = b[i];

		if (c == '"' || c == '\'') {
			i = skip_quoted(b, size, i);
			continue;
		}
		if (c == '\n' && (i == 0 || b[i - 1] != '\\'))
			break;
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && depth-- == 0)
			break;
		else if ((c == ',' || c == ';') && depth == 0)
			break;
		i++;
	}
	return i;
}

/*
 * A call argument as spelt: inside the macro body for a call a macro
 * contains (where a macro parameter shows as its name).  The end of an
 * extent that ends in a macro argument is spelt at the use site, so the
 * argument is measured from its start instead.
 */
char *srctext_spelt(struct srctext *st, CXCursor c)
{
	struct place ps = spelling(clang_getRangeStart(clang_getCursorExtent(c)));
	const struct file_buf *fb;

	if (!ps.file)
		return srctext_written(st, c);
	fb = buffer_of(st, ps.file);
	return cut(st, ps.file, ps.off, argument_end(fb->buf, fb->size, ps.off));
}

/* The token where C's expansion starts: the name of the macro it is in. */
char *srctext_token_at(struct srctext *st, CXCursor c)
{
	struct place p = expansion(clang_getCursorLocation(c));
	const struct file_buf *fb;

	if (!p.file)
		return xstrdup("");
	fb = buffer_of(st, p.file);
	if (!fb->buf || p.off >= fb->size)
		return xstrdup("");
	return xstrndup(fb->buf + p.off, token_end(fb->buf, fb->size, p.off) - p.off);
}

int srctext_file(struct srctext *st, CXFile file, const char **buf,
		 size_t *size)
{
	const struct file_buf *fb = buffer_of(st, file);

	*buf = fb->buf;
	*size = fb->size;
	return fb->buf != NULL;
}

long srctext_given(struct srctext *st, CXFile file)
{
	return buffer_of(st, file)->given;
}

int srctext_raw(struct srctext *st, CXCursor c, const char **text,
		size_t *len)
{
	CXSourceRange r = clang_getCursorExtent(c);
	struct place ps = expansion(clang_getRangeStart(r));
	struct place pe = expansion(clang_getRangeEnd(r));
	const struct file_buf *fb;

	if (!ps.file || ps.file != pe.file || pe.off < ps.off)
		return 0;
	fb = buffer_of(st, ps.file);
	if (!fb->buf || pe.off > fb->size)
		return 0;
	*text = fb->buf + ps.off;
	*len = pe.off - ps.off;
	return 1;
}

/*
 * prefilter: the #defines of the headers given to the parser, filed by
 * name once for the run (those texts are shared by every TU), so that
 * header_funcs.c looks up only the names a TU reaches.
 */
#include "prefilter/macro_index.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct macroidx {
	struct strmap first;		/* name -> its newest definition */
	struct macro_def *defs;
	size_t n, cap;
};

/* "#define NAME" at I, "# define" too; past "define" and its blanks */
static size_t define_at(const char *b, size_t i, size_t size)
{
	if (i + 7 >= size || b[i] != '#')
		return 0;
	i = c_skip_line_blanks(b, i + 1, size);
	if (i + 6 >= size || strncmp(b + i, "define", 6) ||
	    (b[i + 6] != ' ' && b[i + 6] != '\t'))
		return 0;
	return c_skip_line_blanks(b, i + 6, size);
}

static size_t name_end(const char *b, size_t i, size_t size)
{
	while (i < size && c_ident_char((unsigned char)b[i]))
		i++;
	return i;
}

/* The end of the line at I, continuation lines included. */
static size_t line_end(const char *b, size_t i, size_t size)
{
	while (i < size && b[i] != '\n')
		i += (b[i] == '\\' && i + 1 < size) ? 2 : 1;
	return i;
}

void macroidx_scan(const char *b, size_t size,
		   void (*found)(void *ctx, const char *name, size_t name_len,
				 const char *text, size_t len),
		   void *ctx)
{
	size_t i = 0, name, end;
	const char *nl;

	while (i < size) {
		i = c_skip_line_blanks(b, i, size);
		name = define_at(b, i, size);
		if (name) {
			i = name_end(b, name, size);
			end = line_end(b, i, size);
			if (i > name && i - name < 128)
				found(ctx, b + name, i - name, b + i, end - i);
			i = end;
		}
		/* most lines are not directives: to the next line at once */
		nl = i < size ? memchr(b + i, '\n', size - i) : NULL;
		i = nl ? (size_t)(nl - b) + 1 : size;
	}
}

struct macroidx *macroidx_new(void)
{
	return xcalloc(1, sizeof(struct macroidx));
}

void macroidx_free(struct macroidx *mi)
{
	if (!mi)
		return;
	strmap_free(&mi->first);
	free(mi->defs);
	free(mi);
}

struct filing {
	struct macroidx *mi;
	long file;
};

static void file_one(void *ctx, const char *name, size_t name_len,
		     const char *text, size_t len)
{
	struct filing *f = ctx;
	struct macroidx *mi = f->mi;
	struct macro_def *d;
	char key[128];
	long *have;

	memcpy(key, name, name_len);	/* macroidx_scan: under 128 */
	key[name_len] = '\0';
	have = strmap_get(&mi->first, key);
	d = ARRAY_PUSH(mi->defs, mi->n, mi->cap);
	d->file = f->file;
	d->text = text;
	d->len = len;
	d->next = have ? *have : -1;
	if (have)
		*have = (long)mi->n - 1;
	else
		strmap_put(&mi->first, key, (long)mi->n - 1);
}

void macroidx_add(struct macroidx *mi, long file, const char *text,
		  size_t len)
{
	struct filing f = { mi, file };

	macroidx_scan(text, len, file_one, &f);
}

long macroidx_find(const struct macroidx *mi, const char *name)
{
	long *at = strmap_get(&mi->first, name);

	return at ? *at : -1;
}

const struct macro_def *macroidx_def(const struct macroidx *mi, long at)
{
	return at >= 0 && (size_t)at < mi->n ? &mi->defs[at] : NULL;
}

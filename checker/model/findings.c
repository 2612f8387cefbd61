/* model: findings and their notes, sorted for output (findings.h). */
#include "model/findings.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

void note_add(struct note_list *l, struct loc loc, char *msg)
{
	struct note *n = ARRAY_PUSH(l->items, l->n, l->cap);

	n->loc = loc;
	n->msg = msg;
}

void note_list_copy(struct note_list *dst, const struct note_list *src)
{
	size_t i;

	for (i = 0; i < src->n; i++)
		note_add(dst, src->items[i].loc, xstrdup(src->items[i].msg));
}

void note_list_free(struct note_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->items[i].msg);
	free(l->items);
	l->items = NULL;
	l->n = l->cap = 0;
}

void findings_add(struct findings *fs, struct finding *f)
{
	*ARRAY_PUSH(fs->items, fs->n, fs->cap) = *f;
	memset(f, 0, sizeof(*f));
}

static int strcmp_null(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int compare(const void *pa, const void *pb)
{
	const struct finding *a = pa, *b = pb;
	int c = loc_cmp(&a->loc, &b->loc);

	if (c)
		return c;
	c = strcmp(a->check, b->check);
	if (c)
		return c;
	c = strcmp_null(a->callee, b->callee);
	if (c)
		return c;
	return strcmp_null(a->message, b->message);
}

void finding_free(struct finding *f)
{
	free(f->function);
	free(f->callee);
	free(f->message);
	free(f->suggestion);
	free(f->call_text);
	note_list_free(&f->notes);
}

static int same_place(const struct finding *a, const struct finding *b)
{
	return !strcmp_null(a->loc.file, b->loc.file) &&
	       a->loc.line == b->loc.line && a->loc.col == b->loc.col &&
	       !strcmp(a->check, b->check);
}

void findings_finish(struct findings *fs)
{
	size_t i, out = 0;

	if (fs->n)
		qsort(fs->items, fs->n, sizeof(*fs->items), compare);
	for (i = 0; i < fs->n; i++) {
		if (out && same_place(&fs->items[out - 1], &fs->items[i])) {
			finding_free(&fs->items[i]);
			continue;
		}
		fs->items[out++] = fs->items[i];
	}
	fs->n = out;
}

void findings_free(struct findings *fs)
{
	size_t i;

	for (i = 0; i < fs->n; i++)
		finding_free(&fs->items[i]);
	free(fs->items);
	fs->items = NULL;
	fs->n = fs->cap = 0;
}

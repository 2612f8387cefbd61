/*
 * fix: edits and unified diffs.  Each edit is widened to the whole lines it
 * touches; touching edits make one block; the lines a block leaves as
 * they were are trimmed off its ends; blocks closer than twice the
 * context share a hunk.  The result is the diff "diff -u" would print
 * for these local changes, and the same for the same edits every time.
 */
#include "fix/unified_diff.h"

#include <stdlib.h>
#include <string.h>

#define CONTEXT 3

void edit_add(struct edit_list *l, size_t start, size_t end, const char *text,
	      int site)
{
	struct text_edit *e = ARRAY_PUSH(l->items, l->n, l->cap);

	e->start = start;
	e->end = end;
	e->text = xstrdup(text);
	e->site = site;
}

void edit_list_free(struct edit_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->items[i].text);
	free(l->items);
	memset(l, 0, sizeof(*l));
}

static int cmp_edit(const void *a, const void *b)
{
	const struct text_edit *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return x->site - y->site;
}

static int site_dropped(const struct edit_list *d, int site)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->items[i].site == site)
			return 1;
	return 0;
}

void edits_sort(struct edit_list *l, struct edit_list *dropped)
{
	struct edit_list local = { 0 };
	struct edit_list *d = dropped ? dropped : &local;
	size_t i, out;
	int again = 1;

	if (!l->n)
		return;
	qsort(l->items, l->n, sizeof(*l->items), cmp_edit);
	/* dropping a site can clear an overlap further on: repeat */
	while (again) {
		size_t last_end = 0;
		int have = 0;

		again = 0;
		for (i = 0; i < l->n; i++) {
			struct text_edit *e = &l->items[i];

			if (site_dropped(d, e->site))
				continue;
			if (have && e->start < last_end) {
				edit_add(d, 0, 0, "", e->site);
				again = 1;
				break;
			}
			last_end = e->end;
			have = 1;
		}
	}
	for (i = out = 0; i < l->n; i++) {
		if (site_dropped(d, l->items[i].site))
			free(l->items[i].text);
		else
			l->items[out++] = l->items[i];
	}
	l->n = out;
	edit_list_free(&local);
}

char *edits_apply(const char *buf, size_t len, const struct edit_list *l,
		  size_t *newlen)
{
	struct strbuf sb;
	size_t i, pos = 0;

	sb_init(&sb);
	for (i = 0; i < l->n; i++) {
		const struct text_edit *e = &l->items[i];

		sb_addn(&sb, buf + pos, e->start - pos);
		sb_add(&sb, e->text);
		pos = e->end;
	}
	sb_addn(&sb, buf + pos, len - pos);
	*newlen = sb.len;
	return sb_detach(&sb);
}

/* Offsets where each line starts, plus LEN at the end. */
struct lines {
	const char *buf;
	size_t *start;
	size_t n, cap;
};

static void lines_split(struct lines *ln, const char *buf, size_t len)
{
	size_t i;

	memset(ln, 0, sizeof(*ln));
	ln->buf = buf;
	for (i = 0; i < len; i++)
		if (i == 0 || buf[i - 1] == '\n')
			*ARRAY_PUSH(ln->start, ln->n, ln->cap) = i;
	/* the sentinel */
	*ARRAY_PUSH(ln->start, ln->n, ln->cap) = len;
	ln->n--;
}

/* The line holding byte OFF (OFF may be the end of the buffer). */
static size_t line_of(const struct lines *ln, size_t off)
{
	size_t lo = 0, hi = ln->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (ln->start[mid + 1] <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int line_eq(const struct lines *a, size_t i, const struct lines *b,
		   size_t j)
{
	size_t la = a->start[i + 1] - a->start[i];
	size_t lb = b->start[j + 1] - b->start[j];

	return la == lb && !memcmp(a->buf + a->start[i], b->buf + b->start[j], la);
}

struct change {
	size_t o0, o1, n0, n1;	/* old lines [o0, o1) became new lines [n0, n1) */
};

static void put_line(struct strbuf *out, char mark, const struct lines *ln,
		     size_t i)
{
	size_t s = ln->start[i], e = ln->start[i + 1];

	sb_addc(out, mark);
	sb_addn(out, ln->buf + s, e - s);
	if (e == s || ln->buf[e - 1] != '\n')
		sb_add(out, "\n\\ No newline at end of file\n");
}

static void hunk_range(struct strbuf *out, char sign, size_t start, size_t n)
{
	if (n == 1)
		sb_addf(out, "%c%zu", sign, start + 1);
	else
		sb_addf(out, "%c%zu,%zu", sign, n ? start + 1 : start, n);
}

static void render_hunks(struct strbuf *out, const struct lines *ol,
			 const struct lines *nl, const struct change *ch,
			 size_t nch)
{
	size_t i = 0;

	while (i < nch) {
		size_t j = i, k, os, oe, ns, ne, o;

		while (j + 1 < nch && ch[j + 1].o0 - ch[j].o1 <= 2 * CONTEXT)
			j++;
		os = ch[i].o0 > CONTEXT ? ch[i].o0 - CONTEXT : 0;
		oe = ch[j].o1 + CONTEXT < ol->n ? ch[j].o1 + CONTEXT : ol->n;
		ns = ch[i].n0 - (ch[i].o0 - os);
		ne = ch[j].n1 + (oe - ch[j].o1);
		sb_add(out, "@@ ");
		hunk_range(out, '-', os, oe - os);
		sb_addc(out, ' ');
		hunk_range(out, '+', ns, ne - ns);
		sb_add(out, " @@\n");
		o = os;
		for (k = i; k <= j; k++) {
			size_t x;

			for (; o < ch[k].o0; o++)
				put_line(out, ' ', ol, o);
			for (x = ch[k].o0; x < ch[k].o1; x++)
				put_line(out, '-', ol, x);
			for (x = ch[k].n0; x < ch[k].n1; x++)
				put_line(out, '+', nl, x);
			o = ch[k].o1;
		}
		for (; o < oe; o++)
			put_line(out, ' ', ol, o);
		i = j + 1;
	}
}

/* Whole-line start and end of the old text an edit touches. */
static void widen(const char *buf, size_t len, const struct text_edit *e,
		  size_t *ls, size_t *le)
{
	size_t s = e->start, t = e->end;

	while (s > 0 && buf[s - 1] != '\n')
		s--;
	if (!(t > e->start && buf[t - 1] == '\n')) {
		while (t < len && buf[t] != '\n')
			t++;
		if (t < len)
			t++;
	}
	*ls = s;
	*le = t;
}

void diff_render(struct strbuf *out, const char *name, const char *buf,
		 size_t len, const struct edit_list *edits)
{
	struct lines ol, nl;
	struct change *ch = NULL;
	size_t nch = 0, chcap = 0, i = 0, newlen;
	long delta = 0;
	char *nbuf = edits_apply(buf, len, edits, &newlen);

	lines_split(&ol, buf, len);
	lines_split(&nl, nbuf, newlen);
	while (i < edits->n) {
		size_t bs, be, s2, e2, j = i;
		long before = delta;
		struct change c;

		widen(buf, len, &edits->items[i], &bs, &be);
		delta += (long)strlen(edits->items[i].text) -
			 (long)(edits->items[i].end - edits->items[i].start);
		while (j + 1 < edits->n) {
			widen(buf, len, &edits->items[j + 1], &s2, &e2);
			if (s2 > be)
				break;
			if (e2 > be)
				be = e2;
			j++;
			delta += (long)strlen(edits->items[j].text) -
				 (long)(edits->items[j].end - edits->items[j].start);
		}
		c.o0 = line_of(&ol, bs);
		c.o1 = be >= len ? ol.n : line_of(&ol, be);
		c.n0 = line_of(&nl, (size_t)((long)bs + before));
		c.n1 = (size_t)((long)be + delta) >= newlen ? nl.n :
		       line_of(&nl, (size_t)((long)be + delta));
		while (c.o0 < c.o1 && c.n0 < c.n1 && line_eq(&ol, c.o0, &nl, c.n0)) {
			c.o0++;
			c.n0++;
		}
		while (c.o0 < c.o1 && c.n0 < c.n1 &&
		       line_eq(&ol, c.o1 - 1, &nl, c.n1 - 1)) {
			c.o1--;
			c.n1--;
		}
		if (c.o0 < c.o1 || c.n0 < c.n1)
			*ARRAY_PUSH(ch, nch, chcap) = c;
		i = j + 1;
	}
	if (nch) {
		sb_addf(out, "--- a/%s\n+++ b/%s\n", name, name);
		render_hunks(out, &ol, &nl, ch, nch);
	}
	free(ch);
	free(ol.start);
	free(nl.start);
	free(nbuf);
}

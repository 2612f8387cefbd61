/* report: the call chain as SVG (html_chain.h). */
#include "report/html_chain.h"
#include "report/html_text.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* Monospace at 13px: about 7.8px a character. */
#define CHAR_W 7.8
#define BOX_H 26
#define BOX_PAD 12
#define ROW_H 72
#define COL_GAP 28
#define MARGIN 10
/* The arrows' labels, at 11px. */
#define LABEL_CHAR_W 6.7

struct node {
	const struct ir_func *fn;	/* a function the steps visit, or */
	const char *name;		/* only called by one */
	int step;			/* the step its link goes to */
	int rank, x, w;
};

struct edge {
	int from, to, step;
};

struct chain {
	struct node *nodes;
	size_t nnodes, nodes_cap;
	struct edge *edges;
	size_t nedges, edges_cap;
};

int html_chain_wanted(const struct html_steps *s)
{
	const struct ir_func *first = NULL;
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (!s->items[i].fn)
			continue;
		if (first && s->items[i].fn != first)
			return 1;
		first = s->items[i].fn;
	}
	return 0;
}

static int fn_node(struct chain *c, const struct ir_func *fn, int step)
{
	struct node *n;
	size_t i;

	for (i = 0; i < c->nnodes; i++)
		if (c->nodes[i].fn == fn)
			return (int)i;
	n = ARRAY_PUSH(c->nodes, c->nnodes, c->nodes_cap);
	memset(n, 0, sizeof(*n));
	n->fn = fn;
	n->name = fn->name;
	n->step = step;
	return (int)(c->nnodes - 1);
}

/* A callee: a function the steps visit if one has its name. */
static int callee_node(struct chain *c, const char *name, int step)
{
	struct node *n;
	size_t i;

	for (i = 0; i < c->nnodes; i++)
		if (!strcmp(c->nodes[i].name, name))
			return (int)i;
	n = ARRAY_PUSH(c->nodes, c->nnodes, c->nodes_cap);
	memset(n, 0, sizeof(*n));
	n->name = name;
	n->step = step;
	return (int)(c->nnodes - 1);
}

static void add_edge(struct chain *c, int from, int to, int step)
{
	size_t i;

	for (i = 0; i < c->nedges; i++)
		if (c->edges[i].from == from && c->edges[i].to == to)
			return;
	*ARRAY_PUSH(c->edges, c->nedges, c->edges_cap) =
		(struct edge){ .from = from, .to = to, .step = step };
}

static void build(struct chain *c, const struct html_steps *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->items[i].fn)
			fn_node(c, s->items[i].fn, (int)i + 1);
	for (i = 0; i < s->n; i++) {
		const struct html_step *st = &s->items[i];
		int from, to;

		if (!st->fn || !st->call)
			continue;
		from = fn_node(c, st->fn, (int)i + 1);
		to = callee_node(c, st->call, (int)i + 1);
		if (from != to)
			add_edge(c, from, to, (int)i + 1);
	}
}

/* A callee a row below its lowest caller; a recursion stops the
 * climb after as many rounds as there are nodes. */
static int rank_nodes(struct chain *c)
{
	size_t round, i;
	int changed = 1, nranks = 0;

	for (round = 0; changed && round < c->nnodes; round++) {
		changed = 0;
		for (i = 0; i < c->nedges; i++) {
			struct node *a = &c->nodes[c->edges[i].from];
			struct node *b = &c->nodes[c->edges[i].to];

			if (b->rank < a->rank + 1) {
				b->rank = a->rank + 1;
				changed = 1;
			}
		}
	}
	for (i = 0; i < c->nnodes; i++)
		if (c->nodes[i].rank + 1 > nranks)
			nranks = c->nodes[i].rank + 1;
	return nranks;
}

/* Each row centred; returns the picture's width. */
static int place(struct chain *c, int nranks)
{
	int *row_w = xcalloc(nranks, sizeof(*row_w)), width = 0, r;
	size_t i;

	for (i = 0; i < c->nnodes; i++) {
		struct node *n = &c->nodes[i];

		n->w = (int)((strlen(n->name) + 2) * CHAR_W) + 2 * BOX_PAD;
		row_w[n->rank] += (row_w[n->rank] ? COL_GAP : 0) + n->w;
	}
	for (r = 0; r < nranks; r++)
		if (row_w[r] > width)
			width = row_w[r];
	for (r = 0; r < nranks; r++) {
		int x = MARGIN + (width - row_w[r]) / 2;

		for (i = 0; i < c->nnodes; i++) {
			if (c->nodes[i].rank != r)
				continue;
			c->nodes[i].x = x;
			x += c->nodes[i].w + COL_GAP;
		}
	}
	free(row_w);
	return width + 2 * MARGIN;
}

static int top_of(const struct node *n)
{
	return MARGIN + n->rank * ROW_H;
}

struct arrow {
	int x1, y1, x2, y2;
	char *label;		/* "2: helper.c:8" */
};

static void arrow_of(struct arrow *a, const struct chain *c,
		     const struct edge *e, const struct html_steps *s)
{
	const struct node *from = &c->nodes[e->from], *to = &c->nodes[e->to];
	const struct loc *l = &s->items[e->step - 1].loc;
	const char *base = l->file ? strrchr(l->file, '/') : NULL;

	a->x1 = from->x + from->w / 2;
	a->y1 = top_of(from) + BOX_H;
	a->x2 = to->x + to->w / 2;
	a->y2 = top_of(to) - 2;
	if (to->rank <= from->rank) {	/* a recursion: back up the side */
		a->x2 = to->x + to->w;
		a->y2 = top_of(to) + BOX_H / 2;
	}
	a->label = xasprintf("%d: %s:%u", e->step,
			     base ? base + 1 : l->file ? l->file : "?", l->line);
}

static int label_x(const struct arrow *a)
{
	return (a->x1 + a->x2) / 2 + 6;
}

static int label_end(const struct arrow *a)
{
	return label_x(a) + (int)(strlen(a->label) * LABEL_CHAR_W) + MARGIN;
}

static void draw_arrow(FILE *out, const struct arrow *a, int step)
{
	fprintf(out, "<g class=\"call\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" marker-end=\"url(#arrow)\"/>",
		a->x1, a->y1, a->x2, a->y2);
	fprintf(out, "<a href=\"#step-%d\"><text x=\"%d\" y=\"%d\">", step,
		label_x(a), (a->y1 + a->y2) / 2 + 4);
	html_put(out, a->label);
	fputs("</text></a></g>\n", out);
}

static void draw_node(FILE *out, const struct node *n)
{
	fprintf(out, "<a href=\"#step-%d\"><g class=\"%s\"><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\"/>",
		n->step, n->fn ? "fn" : "fn callee", n->x, top_of(n), n->w,
		BOX_H);
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
		n->x + n->w / 2, top_of(n) + BOX_H / 2 + 5);
	html_put(out, n->name);
	fputs("()</text></g></a>\n", out);
}

static void title(FILE *out, const struct chain *c)
{
	size_t i;

	fputs("<title>Call chain: ", out);
	for (i = 0; i < c->nedges; i++) {
		fputs(i ? ", " : "", out);
		html_put(out, c->nodes[c->edges[i].from].name);
		fputs("() calls ", out);
		html_put(out, c->nodes[c->edges[i].to].name);
		fputs("()", out);
	}
	fputs("</title>\n", out);
}

void html_chain_svg(FILE *out, const struct html_steps *s)
{
	struct chain c = { 0 };
	struct arrow *arrows;
	int nranks, width, height;
	size_t i;

	build(&c, s);
	nranks = rank_nodes(&c);
	width = place(&c, nranks);
	arrows = xcalloc(c.nedges + 1, sizeof(*arrows));
	for (i = 0; i < c.nedges; i++) {
		arrow_of(&arrows[i], &c, &c.edges[i], s);
		if (label_end(&arrows[i]) > width)
			width = label_end(&arrows[i]);
	}
	height = 2 * MARGIN + (nranks - 1) * ROW_H + BOX_H;
	fprintf(out, "<svg class=\"chain\" role=\"img\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		width, height, width, height);
	title(out, &c);
	fputs("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\"/></marker></defs>\n",
	      out);
	for (i = 0; i < c.nedges; i++) {
		draw_arrow(out, &arrows[i], c.edges[i].step);
		free(arrows[i].label);
	}
	for (i = 0; i < c.nnodes; i++)
		draw_node(out, &c.nodes[i]);
	fputs("</svg>\n", out);
	free(arrows);
	free(c.nodes);
	free(c.edges);
}

/*
 * prefilter: which header functions of one translation unit can matter,
 * as name_graph.c decides it, but solved only for the functions asked
 * about: macros are filed by name (macro_index.c) and a text is read
 * only when a function asked about reaches it.  A function's answer
 * depends only on what it reaches, so it is the one name_graph.c would
 * give (docs/design/prefilter.md).
 */
#include "prefilter/header_funcs.h"
#include "prefilter/macro_index.h"
#include "prefilter/name_graph.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct tl_node {
	long name;		/* its name's id */
	const char *text;
	size_t len;
	long next;		/* the next node of the same name, or -1 */
	int asked, visited, live;
	long *mentions;		/* ids of the names it mentions */
	size_t nmentions, mentions_cap;
};

struct tl_name {
	long head;		/* its first node, or -1 */
	int seed, live;
	size_t *rev;		/* visited nodes that mention it */
	size_t nrev, rev_cap;
};

struct tulive {
	struct strmap ids;	/* name -> id */
	struct tl_name *names;
	size_t nnames, names_cap;
	struct tl_node *nodes;
	size_t n, cap;
	/* the macros of the files filed there that IN marks, read when
	 * their name is first met (tulive_use_macros) */
	const struct macroidx *macros;
	const unsigned char *in;
	size_t nin;
};

static size_t add_node(struct tulive *tl, long name, const char *text,
		       size_t len);

/* The first of NAME's macros in the files TL was given, or -1. */
static long given_macro(const struct tulive *tl, long at)
{
	const struct macro_def *d;

	for (; (d = macroidx_def(tl->macros, at)); at = d->next)
		if (d->file >= 0 && (size_t)d->file < tl->nin &&
		    tl->in[d->file])
			return at;
	return -1;
}

static void add_given_macros(struct tulive *tl, const char *name, long id)
{
	const struct macro_def *d;
	long at;

	if (!tl->macros)
		return;
	for (at = given_macro(tl, macroidx_find(tl->macros, name));
	     (d = macroidx_def(tl->macros, at)); at = given_macro(tl, d->next))
		add_node(tl, id, d->text, d->len);
}

static long name_id(struct tulive *tl, const char *name)
{
	long *v = strmap_get(&tl->ids, name);
	struct tl_name *nm;
	long id;

	if (v)
		return *v;
	nm = ARRAY_PUSH(tl->names, tl->nnames, tl->names_cap);
	memset(nm, 0, sizeof(*nm));
	nm->head = -1;
	id = (long)tl->nnames - 1;
	strmap_put(&tl->ids, name, id);
	add_given_macros(tl, name, id);
	return id;
}

static void seed(void *ctx, const char *name)
{
	struct tulive *tl = ctx;
	long id = name_id(tl, name);	/* may move tl->names */

	tl->names[id].seed = 1;
}

struct tulive *tulive_new(const struct rules *rules)
{
	struct tulive *tl = xcalloc(1, sizeof(*tl));

	prefilter_each_seed(rules, seed, tl);
	return tl;
}

void tulive_use_macros(struct tulive *tl, const struct macroidx *macros,
		       const unsigned char *in, size_t nin)
{
	size_t i;

	tl->macros = macros;
	tl->in = in;
	tl->nin = nin;
	/* the names met before: the rules', and those of the macros of
	 * headers read as they are (not given) */
	for (i = 0; i < tl->ids.n; i++)
		add_given_macros(tl, tl->ids.keys[i], tl->ids.vals[i]);
}

void tulive_free(struct tulive *tl)
{
	size_t i;

	if (!tl)
		return;
	for (i = 0; i < tl->n; i++)
		free(tl->nodes[i].mentions);
	for (i = 0; i < tl->nnames; i++)
		free(tl->names[i].rev);
	free(tl->nodes);
	free(tl->names);
	strmap_free(&tl->ids);
	free(tl);
}

static size_t add_node(struct tulive *tl, long name, const char *text,
		       size_t len)
{
	struct tl_node *nd = ARRAY_PUSH(tl->nodes, tl->n, tl->cap);

	memset(nd, 0, sizeof(*nd));
	nd->name = name;
	nd->text = text;
	nd->len = len;
	nd->next = tl->names[name].head;
	tl->names[name].head = (long)tl->n - 1;
	return tl->n - 1;
}

void tulive_add_macro(struct tulive *tl, const char *name, size_t name_len,
		      const char *text, size_t len)
{
	char buf[128];
	long id;

	if (name_len >= sizeof(buf))
		return;
	memcpy(buf, name, name_len);
	buf[name_len] = '\0';
	id = name_id(tl, buf);
	add_node(tl, id, text, len);
}

size_t tulive_add_function(struct tulive *tl, const char *name,
			   const char *text, size_t len)
{
	return add_node(tl, name_id(tl, name), text, len);
}

void tulive_ask(struct tulive *tl, size_t node)
{
	if (node < tl->n)
		tl->nodes[node].asked = 1;
}

/*
 * What NODE's text mentions that can carry "matters" to it, read as
 * prefilter/name_graph.c reads a text: every name, called or not (a function
 * handed to a helper may bring its needs to the call of the helper,
 * analysis/bound_callbacks.c). Names no text defines and no rule names cannot
 * matter and are left out.
 */
static void read_mentions(struct tulive *tl, size_t node)
{
	const char *text = tl->nodes[node].text;
	size_t i = 0, len = tl->nodes[node].len;
	char ident[128];

	while (i < len) {
		size_t start, n, skip = c_noise_len(text + i, len - i);
		long *id, mentioned;

		if (skip) {
			i += skip;
			continue;
		}
		if (!c_ident_start(text[i]) || (i && c_ident_char(text[i - 1]))) {
			i++;
			continue;
		}
		start = i;
		while (i < len && c_ident_char(text[i]))
			i++;
		n = i - start;
		if (n >= sizeof(ident))
			continue;
		memcpy(ident, text + start, n);
		ident[n] = '\0';
		id = strmap_get(&tl->ids, ident);
		if (id)
			mentioned = *id;
		else if (tl->macros &&
			 given_macro(tl, macroidx_find(tl->macros, ident)) >= 0)
			mentioned = name_id(tl, ident);
		else
			continue;
		*ARRAY_PUSH(tl->nodes[node].mentions, tl->nodes[node].nmentions,
			    tl->nodes[node].mentions_cap) = mentioned;
	}
}

/* Every node the asked ones reach, with what each mentions (reading a
 * text may file more nodes: the macros of a name met first there). */
static void visit(struct tulive *tl)
{
	size_t *queue = NULL, head = 0, tail = 0, queue_cap = 0, i;

	for (i = 0; i < tl->n; i++)
		if (tl->nodes[i].asked) {
			tl->nodes[i].visited = 1;
			*ARRAY_PUSH(queue, tail, queue_cap) = i;
		}
	while (head < tail) {
		size_t node = queue[head++];

		read_mentions(tl, node);
		for (i = 0; i < tl->nodes[node].nmentions; i++) {
			struct tl_name *nm = &tl->names[tl->nodes[node].mentions[i]];
			long d;

			*ARRAY_PUSH(nm->rev, nm->nrev, nm->rev_cap) = node;
			for (d = nm->head; d >= 0; d = tl->nodes[d].next) {
				if (tl->nodes[d].visited)
					continue;
				tl->nodes[d].visited = 1;
				*ARRAY_PUSH(queue, tail, queue_cap) = (size_t)d;
			}
		}
	}
	free(queue);
}

/* "Matters" back from the rules' names, over the visited nodes. */
void tulive_solve(struct tulive *tl)
{
	long *work = xcalloc(tl->nnames + 1, sizeof(*work));
	size_t nwork = 0, head = 0, i;

	visit(tl);
	for (i = 0; i < tl->nnames; i++)
		if (tl->names[i].seed) {
			tl->names[i].live = 1;
			work[nwork++] = (long)i;
		}
	while (head < nwork) {
		struct tl_name *nm = &tl->names[work[head++]];

		for (i = 0; i < nm->nrev; i++) {
			struct tl_node *nd = &tl->nodes[nm->rev[i]];

			if (nd->live)
				continue;
			nd->live = 1;
			if (!tl->names[nd->name].live) {
				tl->names[nd->name].live = 1;
				work[nwork++] = nd->name;
			}
		}
	}
	free(work);
}

int tulive_live(const struct tulive *tl, size_t node)
{
	return node < tl->n && tl->nodes[node].live;
}

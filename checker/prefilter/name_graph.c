/*
 * prefilter: the name graph.  A function or macro matters if its text
 * names, called or not, a name that matters, starting from the rules'
 * names; "matters" spreads through an index from each identifier to the
 * bodies and macros that mention it, linear in the text.  Functions of
 * the main file are always lowered.  What it can miss (names pasted by
 * ##, calls through pointers): docs/design/prefilter.md.
 */
#include "prefilter/name_graph.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	const char *name;	/* the function or macro it defines */
	int live;
	long dist;		/* calls away from a rule, once live */
};

struct prefilter {
	struct node *nodes;
	size_t n, cap;
	struct strmap by_name;	/* name -> node index */
	struct strmap mentions;	/* identifier -> index into lists */
	size_t **lists;		/* per identifier: nodes mentioning it */
	size_t *nlist, *list_cap;
	size_t nlists, lists_cap, nlist_cap, list_cap_cap;
	struct strmap seeds;	/* names that matter from the start */
	struct strmap live;	/* names known to matter */
	struct strmap blocked;	/* names known not to matter */
	/* while prefilter_solve_settled() runs: names that may still turn
	 * out not to matter */
	int (*unsettled)(void *ctx, const char *name);
	void *unsettled_ctx;
};

struct prefilter *prefilter_new(void)
{
	return xcalloc(1, sizeof(struct prefilter));
}

void prefilter_free(struct prefilter *pf)
{
	size_t i;

	if (!pf)
		return;
	for (i = 0; i < pf->nlists; i++)
		free(pf->lists[i]);
	free(pf->lists);
	free(pf->nlist);
	free(pf->list_cap);
	free(pf->nodes);
	strmap_free(&pf->by_name);
	strmap_free(&pf->mentions);
	strmap_free(&pf->seeds);
	strmap_free(&pf->live);
	strmap_free(&pf->blocked);
	free(pf);
}

void prefilter_seed(struct prefilter *pf, const char *name)
{
	strmap_put(&pf->seeds, name, 1);
}

void prefilter_each_seed(const struct rules *r,
			 void (*fn)(void *ctx, const char *name), void *ctx)
{
	size_t i;

	for (i = 0; i < r->nguards; i++)
		fn(ctx, r->guards[i].name);
	for (i = 0; i < r->nacquires; i++)
		fn(ctx, r->acquires[i].name);
	for (i = 0; i < r->nreleases; i++)
		fn(ctx, r->releases[i].name);
}

static void seed_one(void *pf, const char *name)
{
	prefilter_seed(pf, name);
}

void prefilter_seed_rules(struct prefilter *pf, const struct rules *r)
{
	prefilter_each_seed(r, seed_one, pf);
}

static size_t list_for(struct prefilter *pf, const char *ident)
{
	long *v = strmap_get(&pf->mentions, ident);

	if (v)
		return (size_t)*v;
	grow_array((void **)&pf->lists, &pf->lists_cap, pf->nlists + 1,
		   sizeof(*pf->lists));
	grow_array((void **)&pf->nlist, &pf->nlist_cap, pf->nlists + 1,
		   sizeof(*pf->nlist));
	grow_array((void **)&pf->list_cap, &pf->list_cap_cap, pf->nlists + 1,
		   sizeof(*pf->list_cap));
	strmap_put(&pf->mentions, ident, (long)pf->nlists);
	return pf->nlists++;
}

static void mention(struct prefilter *pf, const char *ident, size_t node)
{
	size_t l = list_for(pf, ident);

	if (pf->nlist[l] && pf->lists[l][pf->nlist[l] - 1] == node)
		return;
	*ARRAY_PUSH(pf->lists[l], pf->nlist[l], pf->list_cap[l]) = node;
}

static size_t add_node(struct prefilter *pf, const char *name,
		       const char *text, size_t len)
{
	size_t i = 0, node = pf->n;
	char ident[128];
	struct node *nd = ARRAY_PUSH(pf->nodes, pf->n, pf->cap);

	nd->name = strmap_put(&pf->by_name, name, (long)node);
	nd->live = 0;
	while (i < len) {
		size_t start, n, skip = c_noise_len(text + i, len - i);

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
		mention(pf, ident, node);
	}
	return node;
}

size_t prefilter_add(struct prefilter *pf, const char *name,
		     const char *text, size_t len)
{
	return add_node(pf, name, text, len);
}

/* Spread "matters" from a name to everything that mentions it. */
static void spread_list(struct prefilter *pf, const char *key, long dist,
			size_t **work, size_t *nwork, size_t *wcap)
{
	long *l = strmap_get(&pf->mentions, key);
	size_t i;

	if (!l)
		return;
	for (i = 0; i < pf->nlist[*l]; i++) {
		size_t node = pf->lists[*l][i];

		if (pf->nodes[node].live)
			continue;
		pf->nodes[node].live = 1;
		pf->nodes[node].dist = dist + 1;
		*ARRAY_PUSH(*work, *nwork, *wcap) = node;
	}
}

static void spread(struct prefilter *pf, const char *name, long dist,
		   size_t **work, size_t *nwork, size_t *wcap)
{
	if (strmap_get(&pf->live, name) ||
	    (dist && (strmap_get(&pf->blocked, name) ||
		      (pf->unsettled &&
		       pf->unsettled(pf->unsettled_ctx, name)))))
		return;
	strmap_put(&pf->live, name, dist + 1);
	spread_list(pf, name, dist, work, nwork, wcap);
}

/* Breadth first, so that each name gets its distance from the rules. */
void prefilter_solve(struct prefilter *pf)
{
	size_t *work = NULL, nwork = 0, wcap = 0, head = 0, i;

	strmap_free(&pf->live);
	memset(&pf->live, 0, sizeof(pf->live));
	for (i = 0; i < pf->n; i++)
		pf->nodes[i].live = 0;
	for (i = 0; i < pf->seeds.n; i++)
		spread(pf, pf->seeds.keys[i], 0, &work, &nwork, &wcap);
	while (head < nwork) {
		size_t node = work[head++];

		spread(pf, pf->nodes[node].name, pf->nodes[node].dist, &work,
		       &nwork, &wcap);
	}
	free(work);
}

void prefilter_block(struct prefilter *pf, const char *name)
{
	strmap_put(&pf->blocked, name, 1);
}

void prefilter_unblock_all(struct prefilter *pf)
{
	strmap_free(&pf->blocked);
	memset(&pf->blocked, 0, sizeof(pf->blocked));
}

int prefilter_live(const struct prefilter *pf, size_t node)
{
	return node < pf->n && pf->nodes[node].live;
}

long prefilter_name_dist(const struct prefilter *pf, const char *name)
{
	long *d = strmap_get(&pf->live, name);

	return d ? *d - 1 : -1;
}

int prefilter_name_live(const struct prefilter *pf, const char *name)
{
	return strmap_get(&pf->live, name) != NULL;
}

void prefilter_solve_settled(struct prefilter *pf,
			     int (*unsettled)(void *ctx, const char *name),
			     void *ctx)
{
	pf->unsettled = unsettled;
	pf->unsettled_ctx = ctx;
	prefilter_solve(pf);
	pf->unsettled = NULL;
}

void prefilter_each_mentioner(const struct prefilter *pf, const char *ident,
			      void (*fn)(void *ctx, const char *name),
			      void *ctx)
{
	long *l = strmap_get(&pf->mentions, ident);
	size_t i;

	for (i = 0; l && i < pf->nlist[*l]; i++)
		fn(ctx, pf->nodes[pf->lists[*l][i]].name);
}

/*
 * prefilter: the name graph.  A function or macro matters if its text
 * names, called or not, a definition that matters, starting from the
 * rules' names; "matters" spreads through an index from each identifier
 * to the bodies and macros that mention it, linear in the text.
 *
 * A name is not one definition: a kernel has hundreds of static
 * functions called handle() or show().  So what spreads is a
 * definition's, and only as far as C lets its name be seen
 * (docs/design/prefilter.md, "Linkage"): a function with external
 * linkage, everywhere; a header's function or macro, in the files that
 * include the header; a static function or a macro of a .c file, in
 * that file, and in the header macros expanded there, which are then
 * live only there (a "context": the .c file).  What it can miss (names
 * pasted by ##, calls through pointers): docs/design/prefilter.md.
 */
#include "prefilter/name_graph.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	const char *name;	/* the function or macro it defines */
	long file;		/* where, numbered by the caller */
	long dist;		/* calls away from a rule, once live */
	long ctx_dist;		/* the least in any context, or -1 */
	long via;		/* the node that made it live; -1: a rule's
				 * name */
	unsigned char scope;	/* enum pf_scope */
	unsigned char live;	/* everywhere its scope reaches */
	unsigned char blocked;
	unsigned char inert;	/* matters only where called */
	unsigned char macro;	/* never blocked: no summary says it is empty */
	unsigned char unconditional;	/* a .c file's, outside every #if */
};

/* Lists of node numbers, one per name. */
struct lists {
	struct strmap index;	/* name -> list */
	uint32_t **items;
	uint32_t *n, *cap;
	size_t nlists, items_cap, n_cap, cap_cap;
};

/* A header node live in the context of a .c file: (node, file) -> dist. */
struct ctx_set {
	uint64_t *keys;		/* node << 32 | file, + 1; 0 = empty */
	long *dist;
	size_t n, cap;		/* cap a power of two */
};

struct prefilter {
	struct node *nodes;
	size_t n, cap;
	struct lists named;	/* name -> the nodes defining it */
	struct lists mentions;	/* identifier -> the nodes mentioning it */
	struct strmap seeds;	/* names that matter from the start */
	struct ctx_set ctx;
	struct pf_files files;
	int has_files;
	/* while prefilter_solve_settled() runs: definitions that may still
	 * turn out not to matter */
	int (*unsettled)(void *ctx, enum pf_scope scope, long file);
	void *unsettled_ctx;
};

struct prefilter *prefilter_new(void)
{
	return xcalloc(1, sizeof(struct prefilter));
}

static void lists_free(struct lists *l)
{
	size_t i;

	for (i = 0; i < l->nlists; i++)
		free(l->items[i]);
	free(l->items);
	free(l->n);
	free(l->cap);
	strmap_free(&l->index);
}

void prefilter_free(struct prefilter *pf)
{
	if (!pf)
		return;
	lists_free(&pf->named);
	lists_free(&pf->mentions);
	free(pf->nodes);
	strmap_free(&pf->seeds);
	free(pf->ctx.keys);
	free(pf->ctx.dist);
	free(pf);
}

void prefilter_set_files(struct prefilter *pf, const struct pf_files *files)
{
	pf->files = *files;
	pf->has_files = 1;
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

/* ---- Lists and the context set --------------------------------------- */

static const uint32_t *list_of(const struct lists *l, const char *name,
			       size_t *n)
{
	long *v = strmap_get(&l->index, name);

	*n = v ? l->n[*v] : 0;
	return v ? l->items[*v] : NULL;
}

/* NODE onto NAME's list, once: a text names a word many times.
 * Returns the name as stored. */
static const char *list_add(struct lists *l, const char *name, size_t node)
{
	long *v = strmap_get(&l->index, name);
	const char *key;
	size_t k;

	if (!v) {
		k = l->nlists;
		grow_array((void **)&l->items, &l->items_cap, k + 1,
			   sizeof(*l->items));
		grow_array((void **)&l->n, &l->n_cap, k + 1, sizeof(*l->n));
		grow_array((void **)&l->cap, &l->cap_cap, k + 1,
			   sizeof(*l->cap));
		l->items[k] = NULL;
		l->n[k] = l->cap[k] = 0;
		key = strmap_put(&l->index, name, (long)k);
		l->nlists++;
	} else {
		k = (size_t)*v;
		key = l->index.keys[k];
		if (l->n[k] && l->items[k][l->n[k] - 1] == node)
			return key;
	}
	if (l->n[k] == l->cap[k]) {
		l->cap[k] = l->cap[k] ? l->cap[k] * 2 : 2;
		l->items[k] = xrealloc(l->items[k],
				       l->cap[k] * sizeof(**l->items));
	}
	l->items[k][l->n[k]++] = (uint32_t)node;
	return key;
}

static uint64_t ctx_key(size_t node, long file)
{
	return ((uint64_t)node << 32 | (uint32_t)file) + 1;
}

static size_t ctx_slot(const struct ctx_set *c, uint64_t key)
{
	size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 17) & (c->cap - 1);

	while (c->keys[i] && c->keys[i] != key)
		i = (i + 1) & (c->cap - 1);
	return i;
}

static long ctx_get(const struct ctx_set *c, size_t node, long file)
{
	size_t i;

	if (!c->n)
		return -1;
	i = ctx_slot(c, ctx_key(node, file));
	return c->keys[i] ? c->dist[i] : -1;
}

static void ctx_grow(struct ctx_set *c)
{
	struct ctx_set bigger = { NULL, NULL, c->n, c->cap ? c->cap * 2 : 64 };
	size_t i, j;

	bigger.keys = xcalloc(bigger.cap, sizeof(*bigger.keys));
	bigger.dist = xcalloc(bigger.cap, sizeof(*bigger.dist));
	for (i = 0; i < c->cap; i++) {
		if (!c->keys[i])
			continue;
		j = ctx_slot(&bigger, c->keys[i]);
		bigger.keys[j] = c->keys[i];
		bigger.dist[j] = c->dist[i];
	}
	free(c->keys);
	free(c->dist);
	*c = bigger;
}

static void ctx_put(struct ctx_set *c, size_t node, long file, long dist)
{
	size_t i;

	if (2 * (c->n + 1) > c->cap)
		ctx_grow(c);
	i = ctx_slot(c, ctx_key(node, file));
	if (!c->keys[i])
		c->n++;
	c->keys[i] = ctx_key(node, file);
	c->dist[i] = dist;
}

static void ctx_clear(struct ctx_set *c)
{
	free(c->keys);
	free(c->dist);
	memset(c, 0, sizeof(*c));
}

/* ---- Nodes ----------------------------------------------------------- */

#define MAX_PARAMS 32

/* The parameters of a macro's text, "(a, b, ...)": they name nothing.
 * *END is where its replacement starts. */
static size_t macro_params(const char *text, size_t len, size_t *at,
			   size_t *plen, size_t max, size_t *end)
{
	size_t i = 1, n = 0, start;

	*end = 0;
	if (!len || text[0] != '(')
		return 0;
	while (i < len && text[i] != ')') {
		if (!c_ident_start((unsigned char)text[i])) {
			i++;
			continue;
		}
		start = i;
		while (i < len && c_ident_char((unsigned char)text[i]))
			i++;
		if (n < max) {
			at[n] = start;
			plen[n++] = i - start;
		}
	}
	*end = i < len ? i + 1 : len;
	return n;
}

static int is_param(const char *text, const size_t *at, const size_t *plen,
		    size_t np, const char *word, size_t n)
{
	size_t k;

	if (n == 11 && !memcmp(word, "__VA_ARGS__", 11))
		return 1;
	for (k = 0; k < np; k++)
		if (plen[k] == n && !memcmp(text + at[k], word, n))
			return 1;
	return 0;
}

static size_t add_node(struct prefilter *pf, const char *name,
		       const char *text, size_t len, enum pf_scope scope,
		       long file, int macro)
{
	size_t i = 0, node = pf->n, at[MAX_PARAMS], plen[MAX_PARAMS], np = 0;
	char ident[128];
	struct node *nd = ARRAY_PUSH(pf->nodes, pf->n, pf->cap);

	memset(nd, 0, sizeof(*nd));
	nd->name = list_add(&pf->named, name, node);
	nd->scope = (unsigned char)scope;
	nd->file = file;
	nd->ctx_dist = -1;
	nd->macro = (unsigned char)macro;
	if (macro)
		np = macro_params(text, len, at, plen, MAX_PARAMS, &i);
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
		if (n >= sizeof(ident) ||
		    is_param(text, at, plen, np, text + start, n))
			continue;
		memcpy(ident, text + start, n);
		ident[n] = '\0';
		list_add(&pf->mentions, ident, node);
	}
	return node;
}

size_t prefilter_add(struct prefilter *pf, const char *name,
		     const char *text, size_t len, enum pf_scope scope,
		     long file)
{
	return add_node(pf, name, text, len, scope, file, 0);
}

size_t prefilter_add_macro(struct prefilter *pf, const char *name,
			   const char *text, size_t len, enum pf_scope scope,
			   long file)
{
	return add_node(pf, name, text, len, scope, file, 1);
}

size_t prefilter_nnodes(const struct prefilter *pf)
{
	return pf->n;
}

size_t prefilter_nmentions(const struct prefilter *pf)
{
	size_t i, n = 0;

	for (i = 0; i < pf->mentions.nlists; i++)
		n += pf->mentions.n[i];
	return n;
}

/*
 * Does .c file FILE define a function NAME outside every #if?  Then no
 * header's static function NAME is in a TU that FILE is in: C allows a
 * TU one definition of a name, and the tree builds.  So FILE's text,
 * and the TU whose main file it is, mean FILE's own NAME (security.c's
 * security_inode_killpriv(), not security.h's stub for
 * !CONFIG_SECURITY).  L: the N definitions of NAME.
 */
static int list_defines_unconditionally(const struct prefilter *pf,
					const uint32_t *l, size_t n, long file)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (pf->nodes[l[i]].unconditional &&
		    pf->nodes[l[i]].file == file)
			return 1;
	return 0;
}

/* ---- Spreading ------------------------------------------------------- */

struct item {
	uint32_t node;
	long ctx;		/* -1: live wherever its scope reaches */
	long dist;
};

/* An item being spread, and, if it is a header's function, the
 * definitions of its name: a .c file defining it outside every #if
 * shadows it (list_defines_unconditionally()).  Looked up once per
 * item, not once per file that names it. */
struct spreading {
	const struct node *from;
	long ctx, dist;
	const uint32_t *named;
	size_t nnamed;
};

/* FROM, a header's function, is not what a text of FILE names. */
static int shadowed(const struct prefilter *pf, const struct spreading *s,
		    long file)
{
	return s->named &&
	       list_defines_unconditionally(pf, s->named, s->nnamed, file);
}

struct work {
	struct item *items;
	size_t n, cap, head;
};

static int includes(const struct prefilter *pf, long file, long hdr)
{
	return !pf->has_files || pf->files.includes(pf->files.ctx, file, hdr);
}

static int same_unit(const struct prefilter *pf, long a, long b)
{
	return a == b || !pf->has_files ||
	       pf->files.same_unit(pf->files.ctx, a, b);
}

/* Can ND not matter after all (its summary empty, or maybe so)? */
static int held_back(const struct prefilter *pf, const struct node *nd)
{
	if (nd->macro)
		return 0;
	return nd->blocked ||
	       (pf->unsettled && pf->unsettled(pf->unsettled_ctx,
					       (enum pf_scope)nd->scope,
					       nd->file));
}

/* NODE becomes live, everywhere its scope reaches or only in CTX. */
static void reach(struct prefilter *pf, struct work *w, size_t node,
		  long ctx, long dist, long via)
{
	struct node *nd = &pf->nodes[node];
	struct item *it;

	if (nd->live)
		return;
	if (ctx < 0) {
		if (held_back(pf, nd))
			return;
		nd->live = 1;
		nd->dist = dist;
		nd->via = via;
	} else {
		if (ctx_get(&pf->ctx, node, ctx) >= 0)
			return;
		ctx_put(&pf->ctx, node, ctx, dist);
		if (nd->ctx_dist < 0 || dist < nd->ctx_dist)
			nd->ctx_dist = dist;
	}
	it = ARRAY_PUSH(w->items, w->n, w->cap);
	it->node = (uint32_t)node;
	it->ctx = ctx;
	it->dist = dist;
}

/*
 * FROM, live (in CTX if not -1), and M, whose text names FROM's name:
 * does M mean FROM there, and where does M become live?
 */
static void spread_to(struct prefilter *pf, struct work *w,
		      const struct spreading *s, size_t m)
{
	const struct node *from = s->from, *to = &pf->nodes[m];
	int to_header = to->scope == PF_HEADER;
	long via = from - pf->nodes, ctx = s->ctx, dist = s->dist;

	if (ctx >= 0) {
		/* a header's definition live as expanded in the .c file CTX */
		if (to_header) {
			if (includes(pf, ctx, to->file))
				reach(pf, w, m, ctx, dist + 1, via);
		} else if (same_unit(pf, to->file, ctx) &&
			   !shadowed(pf, s, to->file)) {
			reach(pf, w, m, -1, dist + 1, via);
		}
		return;
	}
	switch (from->scope) {
	case PF_EXTERN:
		reach(pf, w, m, -1, dist + 1, via);
		break;
	case PF_HEADER:
		if (to_header || (includes(pf, to->file, from->file) &&
				  !shadowed(pf, s, to->file)))
			reach(pf, w, m, -1, dist + 1, via);
		break;
	default:
		/* a header macro expanded in FROM's file may call it */
		if (to_header) {
			if (includes(pf, from->file, to->file))
				reach(pf, w, m, from->file, dist + 1, via);
		} else if (same_unit(pf, to->file, from->file)) {
			reach(pf, w, m, -1, dist + 1, via);
		}
	}
}

static void spread_item(struct prefilter *pf, struct work *w,
			const struct item *it)
{
	struct spreading s = { &pf->nodes[it->node], it->ctx, it->dist,
			       NULL, 0 };
	const uint32_t *l;
	size_t n, i;

	if (s.from->scope == PF_HEADER && !s.from->macro)
		s.named = list_of(&pf->named, s.from->name, &s.nnamed);
	l = list_of(&pf->mentions, s.from->name, &n);
	for (i = 0; i < n; i++)
		spread_to(pf, w, &s, l[i]);
}

/* A rule's name: whatever its text, what names it matters. */
static void spread_seed(struct prefilter *pf, struct work *w,
			const char *name)
{
	const uint32_t *l;
	size_t n, i;

	l = list_of(&pf->mentions, name, &n);
	for (i = 0; i < n; i++)
		reach(pf, w, l[i], -1, 1, -1);
}

/* Breadth first, so that each definition gets its distance from the
 * rules. */
void prefilter_solve(struct prefilter *pf)
{
	struct work w = { 0 };
	size_t i;

	ctx_clear(&pf->ctx);
	for (i = 0; i < pf->n; i++) {
		pf->nodes[i].live = 0;
		pf->nodes[i].ctx_dist = -1;
	}
	for (i = 0; i < pf->seeds.n; i++)
		spread_seed(pf, &w, pf->seeds.keys[i]);
	while (w.head < w.n) {
		struct item it = w.items[w.head++];

		spread_item(pf, &w, &it);
	}
	free(w.items);
}

/* The functions named NAME that DONE says were summarised: what their
 * summaries said, inert (only take and give back) or empty. */
static void mark_summarised(struct prefilter *pf, const char *name,
			    int (*done)(void *ctx, enum pf_scope scope,
					long file),
			    void *ctx, int inert)
{
	const uint32_t *l;
	size_t n, i;

	l = list_of(&pf->named, name, &n);
	for (i = 0; i < n; i++) {
		struct node *nd = &pf->nodes[l[i]];

		if (nd->macro || !done(ctx, (enum pf_scope)nd->scope, nd->file))
			continue;
		if (inert)
			nd->inert = 1;
		else
			nd->blocked = 1;
	}
}

void prefilter_block(struct prefilter *pf, const char *name,
		     int (*done)(void *ctx, enum pf_scope scope, long file),
		     void *ctx)
{
	mark_summarised(pf, name, done, ctx, 0);
}

void prefilter_unblock_all(struct prefilter *pf)
{
	size_t i;

	for (i = 0; i < pf->n; i++)
		pf->nodes[i].blocked = pf->nodes[i].inert = 0;
}

void prefilter_mark_inert(struct prefilter *pf, const char *name,
			  int (*done)(void *ctx, enum pf_scope scope, long file),
			  void *ctx)
{
	mark_summarised(pf, name, done, ctx, 1);
}

void prefilter_set_unconditional(struct prefilter *pf, size_t node)
{
	if (node < pf->n && pf->nodes[node].scope != PF_HEADER &&
	    !pf->nodes[node].macro)
		pf->nodes[node].unconditional = 1;
}

int prefilter_node_live(const struct prefilter *pf, size_t node)
{
	return node < pf->n &&
	       (pf->nodes[node].live || pf->nodes[node].ctx_dist >= 0);
}

void prefilter_each_alive_name(const struct prefilter *pf,
			       void (*fn)(void *ctx, const char *name),
			       void *ctx)
{
	size_t i;

	for (i = 0; i < pf->seeds.n; i++)
		fn(ctx, pf->seeds.keys[i]);
	for (i = 0; i < pf->n; i++)
		if (pf->nodes[i].name && prefilter_node_live(pf, i))
			fn(ctx, pf->nodes[i].name);
}

int prefilter_defines(const struct prefilter *pf, const char *name)
{
	size_t n;

	if (strmap_get(&pf->seeds, name))
		return 1;
	(void)list_of(&pf->named, name, &n);
	return n != 0;
}

const char *prefilter_node_name(const struct prefilter *pf, size_t node)
{
	return node < pf->n ? pf->nodes[node].name : NULL;
}

static void take_min(long *best, long d)
{
	if (d >= 0 && (*best < 0 || d < *best))
		*best = d;
}

long prefilter_name_dist(const struct prefilter *pf, const char *name)
{
	const uint32_t *l;
	size_t n, i;
	long best = -1;

	if (strmap_get(&pf->seeds, name))
		return 0;
	l = list_of(&pf->named, name, &n);
	for (i = 0; i < n; i++) {
		const struct node *nd = &pf->nodes[l[i]];

		if (nd->scope == PF_LOCAL)
			continue;
		if (nd->live)
			take_min(&best, nd->dist);
		take_min(&best, nd->ctx_dist);
	}
	return best;
}

int prefilter_name_local_in(const struct prefilter *pf, const char *name,
			    const long *files, size_t nfiles)
{
	const uint32_t *l;
	size_t n, i, k;

	l = list_of(&pf->named, name, &n);
	for (i = 0; i < n; i++) {
		const struct node *nd = &pf->nodes[l[i]];

		for (k = 0; nd->scope == PF_LOCAL && k < nfiles; k++)
			if (nd->file == files[k])
				return 1;
	}
	return 0;
}

long prefilter_name_dist_in(const struct prefilter *pf, const char *name,
			    const struct pf_view *v)
{
	const uint32_t *l;
	size_t n, i, k;
	long best = -1;
	int own_def;

	if (strmap_get(&pf->seeds, name))
		return 0;
	l = list_of(&pf->named, name, &n);
	own_def = v->nown && list_defines_unconditionally(pf, l, n, v->own[0]);
	for (i = 0; i < n; i++) {
		const struct node *nd = &pf->nodes[l[i]];

		if (!nd->live && nd->ctx_dist < 0)
			continue;
		if (v->only_stored && nd->inert)
			continue;
		if (own_def && nd->scope == PF_HEADER && !nd->macro)
			continue;
		if (!v->sees(v->ctx, (enum pf_scope)nd->scope, nd->file))
			continue;
		if (nd->live)
			take_min(&best, nd->dist);
		for (k = 0; nd->ctx_dist >= 0 && k < v->nown; k++)
			take_min(&best, ctx_get(&pf->ctx, l[i], v->own[k]));
	}
	return best;
}

void prefilter_solve_settled(struct prefilter *pf,
			     int (*unsettled)(void *ctx, enum pf_scope scope,
					      long file),
			     void *ctx)
{
	pf->unsettled = unsettled;
	pf->unsettled_ctx = ctx;
	prefilter_solve(pf);
	pf->unsettled = NULL;
}

/* What a solve leaves in each node, and the contexts. */
struct pf_solved {
	struct node_solve {
		long dist, ctx_dist, via;
		unsigned char live;
	} *nodes;
	struct ctx_set ctx;
};

struct pf_solved *prefilter_save_solve(const struct prefilter *pf)
{
	struct pf_solved *s = xcalloc(1, sizeof(*s));
	size_t i;

	s->nodes = xcalloc(pf->n + 1, sizeof(*s->nodes));
	for (i = 0; i < pf->n; i++) {
		s->nodes[i].dist = pf->nodes[i].dist;
		s->nodes[i].ctx_dist = pf->nodes[i].ctx_dist;
		s->nodes[i].via = pf->nodes[i].via;
		s->nodes[i].live = pf->nodes[i].live;
	}
	s->ctx = pf->ctx;
	if (pf->ctx.cap) {
		s->ctx.keys = xmalloc(pf->ctx.cap * sizeof(*s->ctx.keys));
		s->ctx.dist = xmalloc(pf->ctx.cap * sizeof(*s->ctx.dist));
		memcpy(s->ctx.keys, pf->ctx.keys,
		       pf->ctx.cap * sizeof(*s->ctx.keys));
		memcpy(s->ctx.dist, pf->ctx.dist,
		       pf->ctx.cap * sizeof(*s->ctx.dist));
	}
	return s;
}

void prefilter_restore_solve(struct prefilter *pf, struct pf_solved *s)
{
	size_t i;

	for (i = 0; i < pf->n; i++) {
		pf->nodes[i].dist = s->nodes[i].dist;
		pf->nodes[i].ctx_dist = s->nodes[i].ctx_dist;
		pf->nodes[i].via = s->nodes[i].via;
		pf->nodes[i].live = s->nodes[i].live;
	}
	ctx_clear(&pf->ctx);
	pf->ctx = s->ctx;
	free(s->nodes);
	free(s);
}

/* A copy of L with only the nodes KEEP says, and the names that have any:
 * each list sized once, each name stored once. */
static struct lists lists_filter(const struct lists *l,
				 const struct prefilter *pf,
				 int (*keep)(const struct prefilter *pf,
					     const struct node *nd))
{
	struct lists kept = { 0 };
	size_t k, i, m, j;

	for (k = 0; k < l->nlists; k++) {
		for (m = i = 0; i < l->n[k]; i++)
			m += keep(pf, &pf->nodes[l->items[k][i]]) != 0;
		if (!m)
			continue;
		j = kept.nlists++;
		grow_array((void **)&kept.items, &kept.items_cap, j + 1,
			   sizeof(*kept.items));
		grow_array((void **)&kept.n, &kept.n_cap, j + 1,
			   sizeof(*kept.n));
		grow_array((void **)&kept.cap, &kept.cap_cap, j + 1,
			   sizeof(*kept.cap));
		kept.items[j] = xmalloc(m * sizeof(**kept.items));
		kept.n[j] = kept.cap[j] = (uint32_t)m;
		for (m = i = 0; i < l->n[k]; i++)
			if (keep(pf, &pf->nodes[l->items[k][i]]))
				kept.items[j][m++] = l->items[k][i];
		strmap_put(&kept.index, l->index.keys[k], (long)j);
	}
	return kept;
}

static int node_alive(const struct prefilter *pf, const struct node *nd)
{
	(void)pf;
	return nd->live || nd->ctx_dist >= 0;
}

/* Not alive itself, but it tells the TUs of its file that a header's
 * function of its name, alive, is not the one they mean
 * (list_defines_unconditionally()). */
static int shadows_alive(const struct prefilter *pf, const struct node *nd)
{
	const uint32_t *l;
	size_t n, i;

	if (!nd->unconditional)
		return 0;
	l = list_of(&pf->named, nd->name, &n);
	for (i = 0; i < n; i++) {
		const struct node *h = &pf->nodes[l[i]];

		if (h->scope == PF_HEADER && !h->macro && node_alive(pf, h))
			return 1;
	}
	return 0;
}

static int node_named(const struct prefilter *pf, const struct node *nd)
{
	return node_alive(pf, nd) || shadows_alive(pf, nd);
}

void prefilter_keep_live(struct prefilter *pf)
{
	struct lists mentions = lists_filter(&pf->mentions, pf, node_alive);
	struct lists named = lists_filter(&pf->named, pf, node_named);
	size_t i;

	for (i = 0; i < pf->n; i++) {
		struct node *nd = &pf->nodes[i];

		/* a forgotten node's name goes with the old lists */
		nd->name = node_named(pf, nd) ?
			   named.index.keys[*strmap_get(&named.index, nd->name)] :
			   NULL;
	}
	lists_free(&pf->mentions);
	lists_free(&pf->named);
	pf->mentions = mentions;
	pf->named = named;
}

void prefilter_explain(const struct prefilter *pf, const char *name,
		       void (*step)(void *ctx, const char *name,
				    enum pf_scope scope, long file),
		       void *ctx)
{
	const uint32_t *l;
	size_t n, i;
	long at = -1, hops = 0;

	l = list_of(&pf->named, name, &n);
	for (i = 0; i < n && at < 0; i++)
		if (pf->nodes[l[i]].live)
			at = (long)l[i];
	while (at >= 0 && hops++ <= (long)pf->n) {
		const struct node *nd = &pf->nodes[at];

		step(ctx, nd->name, (enum pf_scope)nd->scope, nd->file);
		at = nd->via;
	}
}

void prefilter_each_macro_naming(const struct prefilter *pf, const char *ident,
				 void (*fn)(void *ctx, const char *name),
				 void *ctx)
{
	const uint32_t *l;
	size_t n, i;

	l = list_of(&pf->mentions, ident, &n);
	for (i = 0; i < n; i++)
		if (pf->nodes[l[i]].macro)
			fn(ctx, pf->nodes[l[i]].name);
}

/*
 * prefilter: the names a macro invocation's lone arguments are, found
 * inside the identifiers of a text.  A tracepoint header invokes a
 * macro hundreds of times ("DEFINE_INODE_EVENT(xfs_dir_fsync);"), each
 * declaring trace_xfs_dir_fsync() and a dozen other names pasted
 * together from the argument.  Whatever ## makes of it, a pasted name
 * holds the argument's characters in one piece, so a text where no
 * identifier holds them names nothing the invocation declares from it.
 * docs/design/prefilter.md says when an invocation is dropped.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/ctext.h"
#include "lib/util.h"
#include "prefilter/invocations.h"

#define GRAM_BITS 16

struct inv_keys {
	struct strmap ids;	/* name -> number */
	char **names;
	size_t n, cap;
	size_t *lens;
	size_t nlens, lens_cap;
	/* the keys by their first INVKEYS_MIN_LEN bytes: a bit per hash,
	 * then a chain per hash through next */
	uint64_t bits[(1u << GRAM_BITS) / 64];
	long *head;		/* by hash: first key, -1 none */
	long *next;
	size_t nnext, next_cap;
};

static uint32_t gram_hash(const char *s)
{
	uint32_t g;

	memcpy(&g, s, sizeof(g));
	return (g * 2654435761u) >> (32 - GRAM_BITS);
}

struct inv_keys *invkeys_new(void)
{
	struct inv_keys *k = xcalloc(1, sizeof(*k));
	size_t i;

	k->head = xmalloc(sizeof(*k->head) << GRAM_BITS);
	for (i = 0; i < (size_t)1 << GRAM_BITS; i++)
		k->head[i] = -1;
	return k;
}

void invkeys_free(struct inv_keys *k)
{
	size_t i;

	if (!k)
		return;
	for (i = 0; i < k->n; i++)
		free(k->names[i]);
	free(k->names);
	free(k->lens);
	free(k->head);
	free(k->next);
	strmap_free(&k->ids);
	free(k);
}

long invkeys_add(struct inv_keys *k, const char *name, size_t n)
{
	char *s = xstrndup(name, n);
	long *have = strmap_get(&k->ids, s), id;
	uint32_t h;

	if (have) {
		free(s);
		return *have;
	}
	id = (long)k->n;
	strmap_put(&k->ids, s, id);
	*ARRAY_PUSH(k->names, k->n, k->cap) = s;
	*ARRAY_PUSH(k->lens, k->nlens, k->lens_cap) = n;
	h = gram_hash(s);
	k->bits[h / 64] |= (uint64_t)1 << (h % 64);
	*ARRAY_PUSH(k->next, k->nnext, k->next_cap) = k->head[h];
	k->head[h] = id;
	return id;
}

size_t invkeys_count(const struct inv_keys *k)
{
	return k ? k->n : 0;
}

/* The keys held by the identifier [P, Q) of B. */
static void keys_in(const struct inv_keys *k, const char *b, size_t p,
		    size_t q, void (*found)(void *ctx, long key, size_t at),
		    void *ctx)
{
	size_t i;
	uint32_t h;
	long id;

	for (i = p; i + INVKEYS_MIN_LEN <= q; i++) {
		h = gram_hash(b + i);
		if (!(k->bits[h / 64] & ((uint64_t)1 << (h % 64))))
			continue;
		for (id = k->head[h]; id >= 0; id = k->next[id])
			if (k->lens[id] <= q - i &&
			    !memcmp(b + i, k->names[id], k->lens[id]))
				found(ctx, id, p);
	}
}

void invkeys_scan(const struct inv_keys *k, const char *text, size_t from,
		  size_t to, void (*found)(void *ctx, long key, size_t at),
		  void *ctx)
{
	size_t i = from, q, len;

	if (!k || !k->n)
		return;
	while (i < to) {
		len = c_noise_len(text + i, to - i);
		if (len) {
			i += len;
			continue;
		}
		if (!c_ident_char((unsigned char)text[i])) {
			i++;
			continue;
		}
		q = c_ident_end(text, i, to);
		keys_in(k, text, i, q, found, ctx);
		i = q;
	}
}

/* One argument, up to a top-level "," or the end: its first token, if
 * that is an identifier, waits to be told lone or not. */
struct arg_state {
	size_t at, n;
	int tokens;
};

static void arg_end(struct arg_state *a,
		    void (*each)(void *ctx, size_t at, size_t n, int lone),
		    void *ctx)
{
	if (a->n)
		each(ctx, a->at, a->n, a->tokens == 1);
	memset(a, 0, sizeof(*a));
}

static void arg_ident(struct arg_state *a, size_t at, size_t n, int depth,
		      void (*each)(void *ctx, size_t at, size_t n, int lone),
		      void *ctx)
{
	if (!depth && !a->tokens) {
		a->at = at;
		a->n = n;
	} else {
		each(ctx, at, n, 0);
	}
	a->tokens++;
}

void invocation_each_ident(const char *text, size_t from, size_t to,
			   void (*each)(void *ctx, size_t at, size_t n,
					int lone),
			   void *ctx)
{
	struct arg_state a = { 0 };
	size_t i = from, q, len;
	int depth = 0;
	char c;

	while (i < to) {
		c = text[i];
		len = c_noise_len(text + i, to - i);
		if (len) {
			/* a literal is a token; a comment is not */
			a.tokens += c == '"' || c == '\'';
			i += len;
			continue;
		}
		if (c_ident_char((unsigned char)c)) {
			q = c_ident_end(text, i, to);
			if (c_ident_start((unsigned char)c))
				arg_ident(&a, i, q - i, depth, each, ctx);
			else
				a.tokens++;
			i = q;
			continue;
		}
		if (c == ',' && !depth)
			arg_end(&a, each, ctx);
		else if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}')
			depth -= depth > 0;
		if (c != ',' && c != ' ' && c != '\t' && c != '\n' &&
		    c != '\r' && c != '\\')
			a.tokens++;
		i++;
	}
	arg_end(&a, each, ctx);
}


void inv_site_free(struct inv_site *s)
{
	free(s->idents);
	free(s->lone);
	free(s->keys);
	free(s->own);
	s->idents = s->lone = NULL;
	s->keys = NULL;
	s->own = NULL;
	s->nidents = s->nlone = s->nkeys = 0;
}

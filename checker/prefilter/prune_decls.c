/*
 * prefilter: blank the header declarations a translation unit never
 * names, before the parser sees them.  Only a statement that declares
 * one function and nothing else, named by no other token of the TU's
 * text, is dropped; never under C89, never a name the rules may look
 * for.  Why the result is the same: docs/design/prefilter.md.
 */
#include "prefilter/prune_decls.h"
#include "lib/ctext.h"

#include <stdlib.h>
#include <string.h>

static int in_word(const char *text, size_t i)
{
	return c_ident_char((unsigned char)text[i]);
}

/* The slot NAME is in, or the empty one where it would go. */
static size_t *slot_of(const struct name_counter *nc, const char *name,
		       size_t len)
{
	size_t h = hash_bytes(name, len) & (nc->nslots - 1);

	while (nc->slots[h]) {
		const char *have = nc->pool + nc->at[nc->slots[h] - 1];

		if (!strncmp(have, name, len) && !have[len])
			break;
		h = (h + 1) & (nc->nslots - 1);
	}
	return &nc->slots[h];
}

static void grow_slots(struct name_counter *nc)
{
	size_t i;

	free(nc->slots);
	nc->nslots = nc->nslots ? nc->nslots * 2 : 1024;
	nc->slots = xcalloc(nc->nslots, sizeof(*nc->slots));
	for (i = 0; i < nc->n; i++) {
		const char *name = nc->pool + nc->at[i];

		*slot_of(nc, name, strlen(name)) = i + 1;
	}
}

long declprune_id(struct name_counter *nc, const char *name, size_t len)
{
	size_t *slot;

	if ((nc->n + 1) * 2 >= nc->nslots)
		grow_slots(nc);
	slot = slot_of(nc, name, len);
	if (*slot)
		return (long)*slot - 1;
	grow_array((void **)&nc->pool, &nc->pool_cap, nc->pool_len + len + 1, 1);
	memcpy(nc->pool + nc->pool_len, name, len);
	nc->pool[nc->pool_len + len] = '\0';
	*ARRAY_PUSH(nc->at, nc->n, nc->at_cap) = nc->pool_len;
	nc->pool_len += len + 1;
	*slot = nc->n;
	return (long)nc->n - 1;
}

long declprune_lookup(const struct name_counter *nc, const char *name,
		      size_t len)
{
	size_t *slot;

	if (!nc->nslots)
		return -1;
	slot = slot_of(nc, name, len);
	return *slot ? (long)*slot - 1 : -1;
}

const char *declprune_name(const struct name_counter *nc, long id)
{
	return id >= 0 && (size_t)id < nc->n ? nc->pool + nc->at[id] : NULL;
}

size_t declprune_count(struct name_counter *nc, const char *text, size_t len,
		       long **id, unsigned **count)
{
	size_t i = 0, end, k;
	long n;

	nc->nseen = 0;
	if (nc->count_cap < nc->n + 1) {
		/* names noted since are counted from zero */
		free(nc->count);
		nc->count_cap = nc->n + 1;
		nc->count = xcalloc(nc->count_cap, sizeof(*nc->count));
	}
	while (i < len) {
		size_t skip = c_noise_len(text + i, len - i);

		if (skip) {
			i += skip;
			continue;
		}
		if (!c_ident_start((unsigned char)text[i])) {
			/* a number's letters are no name: 0x1fUL */
			for (i++; i < len && in_word(text, i - 1) &&
				  in_word(text, i); i++)
				;
			continue;
		}
		for (end = i; end < len && in_word(text, end); end++)
			;
		n = declprune_lookup(nc, text + i, end - i);
		if (n >= 0 && !nc->count[n]++)
			*ARRAY_PUSH(nc->seen, nc->nseen, nc->seen_cap) = n;
		i = end;
	}
	*id = xcalloc(nc->nseen + 1, sizeof(**id));
	*count = xcalloc(nc->nseen + 1, sizeof(**count));
	for (k = 0; k < nc->nseen; k++) {
		(*id)[k] = nc->seen[k];
		(*count)[k] = nc->count[nc->seen[k]];
		nc->count[nc->seen[k]] = 0;
	}
	return nc->nseen;
}

char *declprune_blank(const char *text, size_t len,
		      const struct decl_site *sites, size_t n,
		      const unsigned char *drop)
{
	char *copy = xmalloc(len + 1);
	size_t i, j;

	memcpy(copy, text, len);
	copy[len] = '\0';
	for (i = 0; i < n; i++) {
		if (!drop[i] || sites[i].end > len ||
		    sites[i].start >= sites[i].end)
			continue;
		for (j = sites[i].start; j < sites[i].end; j++)
			if (copy[j] != '\n')
				copy[j] = ' ';
	}
	return copy;
}

void declprune_counter_free(struct name_counter *nc)
{
	free(nc->slots);
	free(nc->pool);
	free(nc->at);
	free(nc->count);
	free(nc->seen);
	memset(nc, 0, sizeof(*nc));
}

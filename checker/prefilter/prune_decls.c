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

static size_t count_directive(struct name_counter *nc, const char *text,
			      size_t i, size_t len);

/*
 * Count the numbered names of TEXT from I to END, but SELF (SELF_LEN
 * bytes): a macro's own name in its replacement is expanded only where
 * something else names it, which counts.  With TOP, a directive's names
 * are counted as count_directive() says.
 */
static void count_span(struct name_counter *nc, const char *text, size_t i,
		       size_t end, const char *self, size_t self_len, int top)
{
	int bol = 1;
	size_t to, skip;
	long n;

	while (i < end) {
		if (text[i] == ' ' || text[i] == '\t') {
			i++;
			continue;
		}
		if (text[i] == '\n') {
			bol = !i || text[i - 1] != '\\';
			i++;
			continue;
		}
		if (top && bol && text[i] == '#') {
			to = count_directive(nc, text, i, end);
			bol = 0;
			i = to > i ? to : i + 1;
			continue;
		}
		bol = 0;
		skip = c_noise_len(text + i, end - i);
		if (skip) {
			i += skip;
			continue;
		}
		if (!c_ident_start((unsigned char)text[i])) {
			/* a number's letters are no name: 0x1fUL */
			for (i++; i < end && in_word(text, i - 1) &&
				  in_word(text, i); i++)
				;
			continue;
		}
		for (to = i; to < end && in_word(text, to); to++)
			;
		n = to - i == self_len && !strncmp(text + i, self, self_len) ?
		    -1 : declprune_lookup(nc, text + i, to - i);
		if (n >= 0 && !nc->count[n]++)
			*ARRAY_PUSH(nc->seen, nc->nseen, nc->seen_cap) = n;
		i = to;
	}
}

/*
 * The directive at I (its "#"): count what it names and return its end,
 * or return I to have it counted as text.  No function is named by a
 * conditional's or an #undef's names (macros, or 0), nor by the name a
 * #define defines or the parameters it takes.
 */
static size_t count_directive(struct name_counter *nc, const char *text,
			      size_t i, size_t len)
{
	static const char *const tests[] = {
		"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "undef",
	};
	size_t end = c_directive_end(text, i, len), w, wlen, name, name_end, p;

	w = c_directive_word(text, i, end, &wlen);
	for (p = 0; p < sizeof(tests) / sizeof(tests[0]); p++)
		if (c_word_is(text + w, wlen, tests[p]))
			return end;
	if (!c_word_is(text + w, wlen, "define"))
		return i;
	name = c_skip_line_blanks(text, w + wlen, end);
	for (name_end = name; name_end < end && in_word(text, name_end);
	     name_end++)
		;
	if (name_end == name)
		return i;
	p = name_end;
	if (p < end && text[p] == '(') {
		while (p < end && text[p] != ')')
			p++;
		if (p < end)
			p++;
	}
	count_span(nc, text, p, end, text + name, name_end - name, 0);
	return end;
}

size_t declprune_count(struct name_counter *nc, const char *text, size_t len,
		       long **id, unsigned **count)
{
	size_t k;

	nc->nseen = 0;
	if (nc->count_cap < nc->n + 1) {
		/* names noted since are counted from zero */
		free(nc->count);
		nc->count_cap = nc->n + 1;
		nc->count = xcalloc(nc->count_cap, sizeof(*nc->count));
	}
	count_span(nc, text, 0, len, NULL, 0, 1);
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

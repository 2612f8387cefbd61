/*
 * prefilter: the identifiers each TU's own files name, which decide
 * whether tu_select.c parses it.  Gathered on a thread of its own while
 * the index reads the headers: it needs nothing from them but the
 * files' names.  Only this thread touches the map of names until
 * tuidents_wait(); the results are read after it.
 */
#include "prefilter/tu_names.h"
#include "prefilter/init_spans.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct tu_job {
	size_t tu;
	const char **paths;
	size_t npaths;
	struct tuidents_tu res;
	size_t idents_cap;
	size_t nstored, stored_cap;
	struct tu_job *next;
};

struct tuidents {
	const char *filled_tag;
	struct strmap names;	/* interns every identifier (the thread's) */
	struct tu_job *first, *last, *todo;
	pthread_mutex_t lock;
	pthread_cond_t more;
	pthread_t thread;
	int started, closing, waited;
	struct tu_job **by_tu;
	size_t nby_tu;
};

/*
 * "struct TAG name" at END..I, the tag of the rules' filled type (a struct
 * path local): PREV is the state so far, 0 none, 1 after "struct", 2
 * after its tag, with only blanks since.
 */
static int filled_step(const char *tag, int prev, const char *ident,
		       const char *b, size_t end, size_t i)
{
	size_t j;

	for (j = end; prev && j < i; j++) {
		size_t skip = c_noise_len(b + j, i - j);

		if (skip)
			j += skip - 1;	/* a comment between */
		else if (b[j] != ' ' && b[j] != '\t' && b[j] != '\n')
			prev = 0;
	}
	if (prev == 2)
		return 3;
	if (prev == 1 && !strcmp(ident, tag))
		return 2;
	return !strcmp(ident, "struct");
}

/* IDENT, met in J: the first time, a name of the TU; STORED, whether
 * this mention is a value an initialiser stores (init_spans.c). */
static void note_ident(struct tuidents *ti, struct tu_job *j,
		       struct strmap *seen, const char *ident, int stored)
{
	long *at = strmap_get(seen, ident);

	if (at) {
		j->res.only_stored[*at - 1] &= (unsigned char)stored;
		return;
	}
	strmap_put(seen, ident, (long)j->res.nidents + 1);
	*ARRAY_PUSH(j->res.only_stored, j->nstored, j->stored_cap) =
		(unsigned char)stored;
	*ARRAY_PUSH(j->res.idents, j->res.nidents, j->idents_cap) =
		strmap_put(&ti->names, ident, 1);
}

/* Is the identifier ending at I called: is "(" the next token? */
static int called_at(const char *b, size_t i, size_t n)
{
	i = c_next_token(b, i, n);
	return i < n && b[i] == '(';
}

/* Each identifier of file K of J (outside comments and literals), once
 * per TU; whether it declares a local of the filled type. */
static int gather_file(struct tuidents *ti, struct tu_job *j, size_t k,
		       struct strmap *seen)
{
	size_t len, i = 0, end, prev_end = 0, noise, nspans, at = 0;
	char *text = read_file(j->paths[k], &len), ident[128];
	struct text_span *spans;
	int filled = 0, stored;

	if (!text) {
		j->res.unreadable = 1;	/* let the parser report it */
		return 0;
	}
	nspans = init_spans(text, len, &spans);
	while (i < len) {
		noise = c_noise_len(text + i, len - i);
		if (noise) {
			i += noise;
			continue;
		}
		if (!c_ident_start((unsigned char)text[i]) ||
		    (i && c_ident_char((unsigned char)text[i - 1]))) {
			i++;
			continue;
		}
		for (end = i; end < len && c_ident_char((unsigned char)text[end]);)
			end++;
		if (end - i < sizeof(ident)) {
			memcpy(ident, text + i, end - i);
			ident[end - i] = '\0';
			if (ti->filled_tag && filled < 3)
				filled = filled_step(ti->filled_tag, filled,
						     ident, text, prev_end, i);
			stored = in_init_span(spans, nspans, &at, i) &&
				 !called_at(text, end, len);
			note_ident(ti, j, seen, ident, stored);
		}
		prev_end = end;
		i = end;
	}
	free(spans);
	free(text);
	return filled == 3;
}

static void gather_tu(struct tuidents *ti, struct tu_job *j)
{
	struct strmap seen = { 0 };
	size_t k;

	j->res.file_filled = xcalloc(j->npaths + 1, sizeof(int));
	for (k = 0; k < j->npaths; k++) {
		j->res.file_filled[k] = gather_file(ti, j, k, &seen);
		j->res.filled |= j->res.file_filled[k];
	}
	strmap_free(&seen);
}

static void *gather(void *arg)
{
	struct tuidents *ti = arg;
	struct tu_job *j;

	for (;;) {
		pthread_mutex_lock(&ti->lock);
		while (!ti->todo && !ti->closing)
			pthread_cond_wait(&ti->more, &ti->lock);
		j = ti->todo;
		if (j)
			ti->todo = j->next;
		pthread_mutex_unlock(&ti->lock);
		if (!j)
			return NULL;
		gather_tu(ti, j);
	}
}

struct tuidents *tuidents_new(const char *filled_tag)
{
	struct tuidents *ti = xcalloc(1, sizeof(*ti));

	ti->filled_tag = filled_tag;
	pthread_mutex_init(&ti->lock, NULL);
	pthread_cond_init(&ti->more, NULL);
	return ti;
}

/* Where tuidents_of() finds J's result. */
static void file_job(struct tuidents *ti, struct tu_job *j)
{
	if (j->tu >= ti->nby_tu) {
		size_t n = j->tu + 1 > ti->nby_tu * 2 ? j->tu + 1 :
			   ti->nby_tu * 2;

		ti->by_tu = xrealloc(ti->by_tu, n * sizeof(*ti->by_tu));
		memset(ti->by_tu + ti->nby_tu, 0,
		       (n - ti->nby_tu) * sizeof(*ti->by_tu));
		ti->nby_tu = n;
	}
	ti->by_tu[j->tu] = j;
}

void tuidents_queue(struct tuidents *ti, size_t tu, const char *const *paths,
		    size_t n)
{
	struct tu_job *j = xcalloc(1, sizeof(*j));

	j->tu = tu;
	j->npaths = n;
	j->paths = xcalloc(n + 1, sizeof(*j->paths));
	memcpy(j->paths, paths, n * sizeof(*paths));
	if (!ti->started && !ti->waited)
		ti->started = !pthread_create(&ti->thread, NULL, gather, ti) ?
			      1 : -1;
	pthread_mutex_lock(&ti->lock);
	if (ti->last)
		ti->last->next = j;
	else
		ti->first = j;
	ti->last = j;
	if (!ti->todo)
		ti->todo = j;
	pthread_cond_signal(&ti->more);
	pthread_mutex_unlock(&ti->lock);
	/* no thread (none could be made, or the wait is over): do it here */
	if (ti->started != 1 || ti->waited) {
		ti->todo = NULL;
		gather_tu(ti, j);
	}
	if (ti->waited)
		file_job(ti, j);
}

void tuidents_wait(struct tuidents *ti)
{
	struct tu_job *j;

	if (ti->started == 1 && !ti->waited) {
		pthread_mutex_lock(&ti->lock);
		ti->closing = 1;
		pthread_cond_broadcast(&ti->more);
		pthread_mutex_unlock(&ti->lock);
		pthread_join(ti->thread, NULL);
	}
	if (ti->waited)
		return;
	ti->waited = 1;
	for (j = ti->first; j; j = j->next)
		file_job(ti, j);
}

const struct tuidents_tu *tuidents_of(const struct tuidents *ti, size_t tu)
{
	return tu < ti->nby_tu && ti->by_tu[tu] ? &ti->by_tu[tu]->res : NULL;
}

void tuidents_keep_only(struct tuidents *ti, const unsigned char *keep,
			size_t n)
{
	struct strmap names = { 0 };
	struct tu_job *j;
	size_t i, nkept = 0, nall = 0;

	for (j = ti->first; j; j = j->next) {
		nall++;
		if (j->tu >= n || keep[j->tu]) {
			nkept++;
			continue;
		}
		free(j->res.idents);
		j->res.idents = NULL;
		j->res.nidents = j->idents_cap = 0;
		free(j->res.only_stored);
		j->res.only_stored = NULL;
		j->nstored = j->stored_cap = 0;
	}
	/* when most TUs stay, the names only the others named are few, and
	 * a copy of the rest would cost more than it gives back */
	if (4 * nkept >= 3 * nall)
		return;
	for (j = ti->first; j; j = j->next)
		for (i = 0; i < j->res.nidents; i++)
			j->res.idents[i] = strmap_put(&names, j->res.idents[i], 1);
	strmap_free(&ti->names);
	ti->names = names;
}

void tuidents_each_name(const struct tuidents *ti,
			void (*fn)(void *ctx, const char *name), void *ctx)
{
	size_t i;

	for (i = 0; i < ti->names.n; i++)
		fn(ctx, ti->names.keys[i]);
}

const char *tuidents_interned(const struct tuidents *ti, const char *name)
{
	return strmap_key(&ti->names, name);
}

void tuidents_free(struct tuidents *ti)
{
	struct tu_job *j, *next;

	if (!ti)
		return;
	tuidents_wait(ti);
	for (j = ti->first; j; j = next) {
		next = j->next;
		free(j->paths);
		free(j->res.idents);
		free(j->res.file_filled);
		free(j->res.only_stored);
		free(j);
	}
	strmap_free(&ti->names);
	free(ti->by_tu);
	pthread_mutex_destroy(&ti->lock);
	pthread_cond_destroy(&ti->more);
	free(ti);
}

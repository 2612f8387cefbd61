/*
 * frontend: the headers most files of a round include, precompiled
 * once (docs/design/shared-pch.md).  Every file wbcheck parses spends
 * most of its parse on the kernel's common headers (fs.h alone reaches
 * some 470); loaded from a precompiled header they cost a fraction.
 *
 * The header set is the #include <...> lines a quarter or more of the
 * files name, built from the texts the prefilter shares between files
 * (bodies that cannot matter skipped), with the flags of the files that
 * share the most.  A file is parsed with it loaded first only when that
 * cannot change what its own text means:
 *
 * - its flags are the set's, but for its own directory's -I and the
 *   names kbuild gives it (-DKBUILD_MODNAME...), which no shared header
 *   reads;
 * - its .c file #defines, before one of its #includes, no name the
 *   set's headers mention (but pr_fmt, which printk.h only sets when
 *   unset), and the headers it reads that the set does not hold no
 *   name the set's conditionals test and do not define themselves:
 *   loaded first, the set would not see those;
 * - the set's headers it does not include itself #define no name its
 *   own files mention (tufilter_takes_headers()).
 *
 * What the set declares that the file never included is otherwise
 * unseen by it; a clash is an error, and a file that does not parse
 * cleanly with the set is parsed again without it.  The set's header
 * functions are lowered once, from the set's own parse.
 */
#define _GNU_SOURCE	/* memmem */
#include "frontend/shared_pch.h"
#include "frontend/parse.h"
#include "prefilter/macro_index.h"
#include "prefilter/tu_select.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Lines of the set: at most this many, each named by a quarter of the
 * files or more. */
#define MAX_LINES 16

/* FLAGS[I] (and *SKIP of them) are the file's own: where it is, what
 * kbuild calls it. */
static int own_flag(char *const *flags, size_t n, size_t i, size_t *skip)
{
	const char *f = flags[i];

	*skip = 1;
	if (!strcmp(f, "-I") || !strcmp(f, "-iquote")) {
		*skip = i + 1 < n ? 2 : 1;
		return 1;
	}
	return !strncmp(f, "-I", 2) || !strncmp(f, "-iquote", 7) ||
	       !strncmp(f, "-DKBUILD_", 9) || !strncmp(f, "-D__KBUILD_", 11);
}

static char *signature_of(char *const *flags, size_t n)
{
	struct strbuf sb;
	size_t i = 0, skip;

	sb_init(&sb);
	while (i < n) {
		if (!own_flag(flags, n, i, &skip)) {
			sb_add(&sb, flags[i]);
			sb_addc(&sb, '\n');
		}
		i += skip;
	}
	return sb.buf;
}

struct tested_hit {
	const struct shared_pch *p;
	int found;
};

/* Does B (N bytes) hold the word W (LEN)? */
static int holds_word(const char *b, size_t n, const char *w, size_t len)
{
	const char *at = b, *end = b + n;

	while ((at = memmem(at, (size_t)(end - at), w, len))) {
		if ((at == b || !c_ident_char((unsigned char)at[-1])) &&
		    (at + len == end || !c_ident_char((unsigned char)at[len])))
			return 1;
		at += len;
	}
	return 0;
}

/* Do P's headers mention NAME (comments too)?  A header it holds whose
 * text it did not keep might: yes. */
static int pch_mentions(const struct shared_pch *p, const char *name)
{
	size_t i, len = strlen(name);

	if (p->ntexts < p->nfiles)
		return 1;
	for (i = 0; i < p->ntexts; i++)
		if (holds_word(p->texts[i].text, p->texts[i].len, name, len))
			return 1;
	return 0;
}

/* The name a #define or #undef at W (its word, LEN long) of B names. */
static char *directive_name(const char *b, size_t w, size_t n)
{
	size_t i = c_skip_line_blanks(b, w, n), e = c_ident_end(b, i, n);

	return xstrndup(b + i, e - i);
}

/*
 * Does text B (N bytes) #define or #undef, before one of its #includes,
 * a name P's headers mention?  Loaded first, they would not see it.
 * pr_fmt aside: printk.h defines it only if unset, and the file's own
 * definition wins either way.
 */
static int defines_before_include(const struct shared_pch *p, const char *b,
				  size_t n)
{
	size_t i = 0, len, w, skip, first = n, last = 0;
	int bol = 1;

	while (i < n) {
		if ((skip = c_noise_len(b + i, n - i))) {
			i += skip;
			continue;
		}
		if (b[i] == '\n' || b[i] == ' ' || b[i] == '\t') {
			bol |= b[i++] == '\n';
			continue;
		}
		if (!bol || b[i] != '#') {
			bol = 0;
			i++;
			continue;
		}
		w = c_directive_word(b, i, n, &len);
		if (c_word_is(b + w, len, "include")) {
			last = i;
		} else if (first == n && (c_word_is(b + w, len, "define") ||
					  c_word_is(b + w, len, "undef"))) {
			char *name = directive_name(b, w + len, n);

			if (strcmp(name, "pr_fmt") &&
			    pch_mentions(p, name))
				first = i;
			free(name);
		}
		i = c_directive_end(b, i, n);
	}
	return first < last;
}

static int main_file_fits(const struct shared_pch *p, const char *file)
{
	size_t len;
	char *text = read_file(file, &len);
	int ok = text && !defines_before_include(p, text, len);

	free(text);
	return ok;
}

/* Each name of the #if, #ifdef, #ifndef or #elif at I of B (N bytes)
 * into MAP. */
static void note_tested(struct strmap *map, const char *b, size_t i,
			size_t n)
{
	size_t len, w = c_directive_word(b, i, n, &len), end, e;
	char *name;

	if (!c_word_is(b + w, len, "if") && !c_word_is(b + w, len, "ifdef") &&
	    !c_word_is(b + w, len, "ifndef") && !c_word_is(b + w, len, "elif"))
		return;
	end = c_directive_end(b, i, n);
	for (i = w + len; i < end; i = e) {
		e = i + 1;
		if (!c_ident_start((unsigned char)b[i]) ||
		    (i > 0 && c_ident_char((unsigned char)b[i - 1])))
			continue;
		e = c_ident_end(b, i, end);
		name = xstrndup(b + i, e - i);
		strmap_put(map, name, 1);
		free(name);
	}
}

/* A name the set #defines itself is not one a file's header is kept
 * from defining (drop_defined()'s caller says why). */
static void drop_defined(void *ctx, const char *name, size_t name_len,
			 const char *text, size_t len)
{
	struct strmap *tested = ctx;
	char *copy = xstrndup(name, name_len);
	long *at = strmap_get(tested, copy);

	(void)text;
	(void)len;
	if (at)
		*at = 0;
	free(copy);
}

/* The names P's headers test in their conditionals: what a header of a
 * file's own, read before them in its order, must not #define. */
static void note_conditionals(struct shared_pch *p)
{
	size_t k, i;

	for (k = 0; k < p->ntexts; k++) {
		const char *b = p->texts[k].text;
		size_t n = p->texts[k].len;
		int bol = 1;

		for (i = 0; i < n; i++) {
			if (b[i] == '#' && bol)
				note_tested(&p->tested, b, i, n);
			if (b[i] == '\n')
				bol = 1;
			else if (b[i] != ' ' && b[i] != '\t')
				bol = 0;
		}
	}
	/* a name the set defines itself it tests for its own sake (a
	 * tracepoint header's TRACE_EVENT, redefined after it) */
	for (k = 0; k < p->ntexts; k++)
		macroidx_scan(p->texts[k].text, p->texts[k].len, drop_defined,
			      &p->tested);
}

static void defines_tested(void *ctx, const char *name, size_t name_len,
			   const char *text, size_t len)
{
	struct tested_hit *hit = ctx;
	char *copy;
	const long *at;

	(void)text;
	(void)len;
	if (hit->found)
		return;
	copy = xstrndup(name, name_len);
	hit->found = (at = strmap_get(&hit->p->tested, copy)) && *at;
	free(copy);
}

int shared_pch_defines_tested(const struct shared_pch *p, const char *text,
			      size_t len)
{
	struct tested_hit hit = { p, 0 };

	macroidx_scan(text, len, defines_tested, &hit);
	return hit.found;
}

/* Headers that turned the set down, for the files still to parse: a
 * file that includes one would only parse twice.  Which file finds one
 * first, and so which files try the set at all, depends on the
 * workers' timing; the output does not (a file that tries it and is
 * turned down is parsed without it, as one that does not try). */
struct pch_down {
	pthread_mutex_t lock;
	struct down_header {
		long no;	/* the index's number */
		char *path;
	} *v;
	size_t n, cap;
};

void shared_pch_turned_down(const struct shared_pch *p, const char *header)
{
	long no = tufilter_file_no(p->live, header);
	size_t i;

	if (no < 0)
		return;
	pthread_mutex_lock(&p->down->lock);
	for (i = 0; i < p->down->n && p->down->v[i].no != no; i++)
		;
	if (i == p->down->n)
		*ARRAY_PUSH(p->down->v, p->down->n, p->down->cap) =
			(struct down_header){ no, xstrdup(header) };
	pthread_mutex_unlock(&p->down->lock);
}

const char *shared_pch_down_header(const struct shared_pch *p,
				   const char *file)
{
	const char *path = NULL;
	size_t i;

	pthread_mutex_lock(&p->down->lock);
	for (i = 0; i < p->down->n && !path; i++)
		if (tufilter_includes(p->live, file, p->down->v[i].no))
			path = p->down->v[i].path;
	pthread_mutex_unlock(&p->down->lock);
	return path;
}

int shared_pch_fits(const struct shared_pch *p, const struct tufilter *live,
		    const char *file, char *const *flags, size_t nflags)
{
	char *sig;
	int ok;

	if (!p || !live || live != p->live)
		return 0;
	sig = signature_of(flags, nflags);
	ok = !strcmp(sig, p->signature) && main_file_fits(p, file) &&
	     tufilter_takes_headers(live, file, p->files, p->nfiles);
	free(sig);
	return ok;
}

/* ---- Which headers ---- */

struct line_count {
	struct strmap count;	/* "<linux/fs.h>" -> files naming it */
	struct strmap seen;	/* in the file at hand */
};

static void count_line(void *ctx, const char *name, int quoted)
{
	struct line_count *lc = ctx;
	long *have;

	if (quoted || strmap_get(&lc->seen, name))
		return;
	strmap_put(&lc->seen, name, 1);
	have = strmap_get(&lc->count, name);
	if (have)
		(*have)++;
	else
		strmap_put(&lc->count, name, 1);
}

struct ranked {
	const char *name;
	long count;
};

static int by_count(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* The set's text: the lines named by a quarter of GROUP (N) or more,
 * the most named first; NULL if none is named by two. */
static char *choose_lines(const struct tufilter *live,
			  const struct job *const *group, size_t n,
			  size_t max_lines)
{
	struct line_count lc = { { 0 }, { 0 } };
	struct ranked *r;
	struct strbuf sb;
	size_t i, k = 0, least = n / 4 > 2 ? n / 4 : 2;

	for (i = 0; i < n; i++) {
		strmap_free(&lc.seen);
		memset(&lc.seen, 0, sizeof(lc.seen));
		tufilter_each_include(live, group[i]->file, count_line, &lc);
	}
	strmap_free(&lc.seen);
	r = xcalloc(lc.count.n + 1, sizeof(*r));
	for (i = 0; i < lc.count.n; i++)
		if (lc.count.vals[i] >= (long)least)
			r[k++] = (struct ranked){ lc.count.keys[i],
						  lc.count.vals[i] };
	qsort(r, k, sizeof(*r), by_count);
	sb_init(&sb);
	for (i = 0; i < k && i < max_lines; i++)
		sb_addf(&sb, "#include <%s>\n", r[i].name);
	free(r);
	strmap_free(&lc.count);
	if (!sb.len) {
		sb_free(&sb);
		return NULL;
	}
	return sb.buf;
}

/* The jobs whose flags most share a signature: *SIG, and their list. */
static size_t largest_group(const struct job *jobs, size_t n, char **sig,
			    const struct job ***group)
{
	char **sigs = xcalloc(n + 1, sizeof(*sigs));
	struct strmap count = { 0 };
	size_t i, j, best = 0, nbest = 0;
	long *c;

	for (i = 0; i < n; i++) {
		sigs[i] = signature_of(jobs[i].flags, jobs[i].nflags);
		if ((c = strmap_get(&count, sigs[i])))
			(*c)++;
		else
			strmap_put(&count, sigs[i], 1);
		c = strmap_get(&count, sigs[i]);
		/* of two as large, the one that got there first */
		if ((size_t)*c > nbest) {
			nbest = (size_t)*c;
			best = i;
		}
	}
	strmap_free(&count);
	*group = xcalloc(nbest + 1, sizeof(**group));
	for (i = 0, j = 0; i < n; i++)
		if (!strcmp(sigs[i], sigs[best]))
			(*group)[j++] = &jobs[i];
	*sig = sigs[best];
	for (i = 0; i < n; i++)
		if (i != best)
			free(sigs[i]);
	free(sigs);
	return nbest;
}

/* What a build noted of the headers, let go of. */
static void forget_headers(struct shared_pch *p)
{
	size_t i;

	free(p->files);
	strmap_free(&p->paths);
	free(p->declared);
	for (i = 0; i < p->nread; i++)
		free(p->read[i]);
	free(p->read);
	free(p->texts);
	p->files = NULL;
	p->read = NULL;
	p->texts = NULL;
	p->declared = NULL;
	p->nfiles = p->nread = p->ntexts = 0;
	memset(&p->paths, 0, sizeof(p->paths));
}

void shared_pch_free(struct shared_pch *p)
{
	char *header;
	size_t i;

	if (!p)
		return;
	unlink(p->path);
	header = xasprintf("%s/shared.h", p->dir);
	unlink(header);
	free(header);
	rmdir(p->dir);
	free(p->dir);
	free(p->path);
	free(p->signature);
	strmap_free(&p->tested);
	if (p->down) {
		pthread_mutex_destroy(&p->down->lock);
		for (i = 0; i < p->down->n; i++)
			free(p->down->v[i].path);
		free(p->down->v);
		free(p->down);
	}
	forget_headers(p);
	free(p);
}

static struct shared_pch *new_pch(char *sig, const struct tufilter *fe_live)
{
	struct shared_pch *p = xcalloc(1, sizeof(*p));
	const char *tmp = getenv("TMPDIR");

	p->signature = sig;
	p->live = fe_live;
	p->dir = xasprintf("%s/wbcheck-pch.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(p->dir)) {
		free(p->dir);
		free(p->signature);
		free(p);
		return NULL;
	}
	p->path = xasprintf("%s/shared.pch", p->dir);
	p->down = xcalloc(1, sizeof(*p->down));
	pthread_mutex_init(&p->down->lock, NULL);
	return p;
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int ok = f && fputs(text, f) >= 0;

	if (f && fclose(f) != 0)
		ok = 0;
	return ok ? 0 : -1;
}

/* Build P from the header set TEXT; its functions go to FE's program. */
static int build(struct frontend *fe, struct shared_pch *p, const char *text,
		 const struct job *rep)
{
	char *header = xasprintf("%s/shared.h", p->dir);
	struct tu_result r;
	int ok = write_text(header, text) == 0 &&
		 frontend_parse_pch(fe->index, fe->rules, fe->live, header,
				    rep->flags, rep->nflags, p, &r) == 0;

	free(header);
	if (ok) {
		sb_free(&r.messages);
		sb_init(&r.messages);
		tu_result_merge(fe->prog, &r);
	}
	return ok;
}

struct shared_pch *shared_pch_build(struct frontend *fe,
				    const struct job *jobs, size_t n)
{
	const struct job **group = NULL;
	struct shared_pch *p;
	char *sig, *text;
	size_t ngroup, tries;

	if (n < SHARED_PCH_MIN_FILES || !fe->live)
		return NULL;
	ngroup = largest_group(jobs, n, &sig, &group);
	if (ngroup < SHARED_PCH_MIN_FILES || !(p = new_pch(sig, fe->live))) {
		if (ngroup < SHARED_PCH_MIN_FILES)
			free(sig);
		free(group);
		return NULL;
	}
	/* all the lines; should they not parse together, the first alone */
	for (tries = 0; tries < 2; tries++) {
		text = choose_lines(fe->live, group, ngroup,
				    tries ? 1 : MAX_LINES);
		if (text && build(fe, p, text, group[0])) {
			note_conditionals(p);
			free(text);
			free(group);
			return p;
		}
		free(text);
		forget_headers(p);
	}
	free(group);
	shared_pch_free(p);
	return NULL;
}

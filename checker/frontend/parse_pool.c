/*
 * frontend: the worker pool.  libclang is thread-safe across indexes;
 * everything else a worker touches is its own (the translation unit, its
 * srctext, its tu_result) except interned file names, which model/ir.c locks. 
 * Results are merged only after all workers are done, in the order of the
 * files' paths (by_merge_place()).
 */
#define _GNU_SOURCE	/* qsort_r */
#include "frontend/parse_pool.h"
#include "frontend/lower_claims.h"
#include "frontend/shared_pch.h"
#include "prefilter/tu_select.h"
#include "lib/phase_stats.h"
#include "lib/util.h"

#include <clang-c/Index.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct pool {
	const struct frontend *fe;
	const struct job *jobs;
	size_t *order;		/* which job to start next */
	size_t *place;		/* by job: its place in the merge */
	struct tu_result *results;
	struct lower_claims *claims;	/* copies the merge will drop */
	size_t n, next, done;
	pthread_mutex_t lock;
	int progress;		/* stderr is a terminal */
	int stats;		/* WBCHECK_STATS: a line per file parsed */
	time_t start;
};

/*
 * Parsing and lowering recurse as deep as the code nests (clang's parser
 * on a long else-if chain, the AST walks): every file is parsed on a
 * worker thread with this much stack, of which only what is used is
 * ever touched.  libclang would otherwise parse on a thread of its own
 * with 8 MiB, which an else-if chain ten thousand long overflows; with
 * LIBCLANG_NOTHREADS it parses on the calling thread, ours.
 */
#define PARSE_STACK_SIZE ((size_t)512 << 20)

static int start_worker(pthread_t *t, void *(*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	int rc = -1;

	if (pthread_attr_init(&attr) == 0) {
		if (pthread_attr_setstacksize(&attr, PARSE_STACK_SIZE) == 0)
			rc = pthread_create(t, &attr, fn, arg);
		pthread_attr_destroy(&attr);
	}
	/* no room for a big stack: a normal one still does for real code */
	return rc == 0 ? 0 : pthread_create(t, NULL, fn, arg);
}

int default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

/* "wbcheck: 12/40 files, 0:32 so far, about 1:10 left" on one line. */
static void show_progress(struct pool *p)
{
	long spent = (long)(time(NULL) - p->start);
	long left = p->done ? spent * (long)(p->n - p->done) / (long)p->done : 0;

	fprintf(stderr, "\rwbcheck: %zu/%zu files, %ld:%02ld so far, about %ld:%02ld left (findings come at the end)\033[K",
		p->done, p->n, spent / 60, spent % 60, left / 60, left % 60);
	fflush(stderr);
}

/*
 * Under WBCHECK_STATS, each file's parse and lowering, timed: what the
 * rounds' totals cannot tell apart, a file costing more in a bigger run
 * from more files, or costlier ones, being parsed (bench/scale -T).
 * Called with the lock held, as the progress line is drawn.
 */
static void say_parsed(const struct pool *p, size_t i,
		       const struct timespec *t0)
{
	const struct job *j = &p->jobs[i];
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	fprintf(stderr, "%swbcheck: stats: parsed %s%s: %.3f s\n",
		p->progress ? "\r\033[K" : "", j->file,
		j->again ? " again" : "",
		(double)(t1.tv_sec - t0->tv_sec) +
		(double)(t1.tv_nsec - t0->tv_nsec) / 1e9);
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	CXIndex index = clang_createIndex(0, 0);
	/* what a precompiled header declares is not walked: its parse did */
	CXIndex pch_index = p->fe->pch ? clang_createIndex(1, 0) : NULL;

	for (;;) {
		struct claim_place at = { p->claims, 0 };
		struct timespec t0;
		size_t i;

		pthread_mutex_lock(&p->lock);
		i = p->next < p->n ? p->order[p->next++] : p->n;
		pthread_mutex_unlock(&p->lock);
		if (i >= p->n)
			break;
		at.order = p->place[i];
		clock_gettime(CLOCK_MONOTONIC, &t0);
		frontend_parse_tu(index, p->fe->rules, p->fe->live,
				  p->jobs[i].file,
				  p->jobs[i].flags, p->jobs[i].nflags,
				  p->fe->verbose, &at, p->fe->pch, pch_index,
				  &p->results[i]);
		pthread_mutex_lock(&p->lock);
		if (p->stats)
			say_parsed(p, i, &t0);
		p->done++;
		if (p->progress)
			show_progress(p);
		pthread_mutex_unlock(&p->lock);
	}
	if (pch_index)
		clang_disposeIndex(pch_index);
	clang_disposeIndex(index);
	return NULL;
}

/* A header's function may matter only through another file of the run:
 * the index of all of them says so (frontend/parse.c).  -B/-p runs have one
 * already (their prefilter); others get it here. */
static struct tufilter *index_jobs(const struct rules *rules,
				   const struct job *jobs, size_t n)
{
	struct tufilter *tf = tufilter_new(rules);
	size_t i;

	for (i = 0; i < n; i++)
		tufilter_add(tf, jobs[i].file, jobs[i].flags, jobs[i].nflags);
	tufilter_solve(tf);
	return tf;
}

/*
 * Start the costliest files first: started in the order given, a
 * round whose last file is one of xfs's three-second ones keeps one
 * worker busy while the others wait.  The results are still merged in
 * the order of by_merge_place().
 */
static int by_cost(const void *a, const void *b, void *cost)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	const size_t *c = cost;

	if (c[i] != c[j])
		return c[i] < c[j] ? 1 : -1;
	return i < j ? -1 : 1;
}

/* The jobs' own guesses, else the index's (TUs numbered as the jobs). */
static size_t *costliest_first(const struct job *jobs, size_t n,
			       const struct tufilter *own)
{
	size_t *order = xcalloc(n + 1, sizeof(*order));
	size_t *cost = xcalloc(n + 1, sizeof(*cost)), i;

	for (i = 0; i < n; i++) {
		order[i] = i;
		cost[i] = jobs[i].cost ? jobs[i].cost :
			  own ? tufilter_bytes(own, i) : 0;
	}
	qsort_r(order, n, sizeof(*order), by_cost, cost);
	free(cost);
	return order;
}

static int by_path(const void *a, const void *b, void *jobs)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	const struct job *jb = jobs;
	int c = strcmp(jb[i].file, jb[j].file);

	if (c)
		return c;
	return i < j ? -1 : i > j;
}

/*
 * The jobs in the order of the merge: by path, not as named.  Two files
 * may define one external function (mm/shmem.c and mm/tiny-shmem.c,
 * both given to --kernel-tree, one of them built by no configuration
 * that builds the other); the merge keeps the first copy, and which one
 * that is must not hang on the order of the command line.
 */
static size_t *by_merge_place(const struct job *jobs, size_t n)
{
	size_t *at = xcalloc(n + 1, sizeof(*at)), i;

	for (i = 0; i < n; i++)
		at[i] = i;
	qsort_r(at, n, sizeof(*at), by_path, (void *)jobs);
	return at;
}

/* Off with WBCHECK_PCH=0, to compare (bench/ab). */
static int pch_wanted(const struct frontend *fe, size_t n)
{
	const char *env = getenv("WBCHECK_PCH");

	return fe->live && !fe->all_bodies && !fe->pch && !fe->pch_tried &&
	       n >= SHARED_PCH_MIN_FILES && !(env && !strcmp(env, "0"));
}

static void build_pch(struct frontend *fe, const struct job *jobs, size_t n)
{
	fe->pch_tried = 1;
	phase_stats_start("shared headers");
	fe->pch = shared_pch_build(fe, jobs, n);
	if (fe->verbose && fe->pch)
		fprintf(stderr, "wbcheck: the headers most of these %zu files include precompiled once: %zu headers\n",
			n, fe->pch->nfiles);
	else if (fe->verbose)
		fprintf(stderr, "wbcheck: the headers these %zu files include are parsed file by file: they share too few, or those do not parse cleanly alone\n",
			n);
}

/* With --verbose: how many of the round's files took the shared headers. */
static void say_pch_taken(const struct frontend *fe, const struct pool *p)
{
	size_t i, taken = 0;

	if (!fe->verbose || !fe->pch)
		return;
	for (i = 0; i < p->n; i++)
		taken += p->results[i].with_pch;
	fprintf(stderr, "wbcheck: %zu of %zu files parsed with the shared headers loaded first\n",
		taken, p->n);
}

int parse_jobs(struct frontend *fe, const struct job *jobs, size_t n,
	       int nthreads)
{
	struct pool p = { .fe = fe, .jobs = jobs, .n = n,
			  .lock = PTHREAD_MUTEX_INITIALIZER,
			  .start = time(NULL) };
	struct tufilter *own = NULL;
	pthread_t *threads;
	size_t i, k, *merged;
	int t, started = 0, failed = 0;

	if (nthreads < 1)
		nthreads = 1;
	if ((size_t)nthreads > n)
		nthreads = (int)n;
	if (!fe->live) {
		phase_stats_start("index of %zu files", n);
		fe->live = own = index_jobs(fe->rules, jobs, n);
	}
	phase_stats_start("header texts for %zu files", n);
	for (i = 0; !fe->all_bodies && i < n; i++)
		tufilter_prepare_skips(fe->live, jobs[i].file);
	if (pch_wanted(fe, n))
		build_pch(fe, jobs, n);
	phase_stats_start("parse of %zu files", n);
	p.order = costliest_first(jobs, n, own);
	merged = by_merge_place(jobs, n);
	p.place = xcalloc(n + 1, sizeof(*p.place));
	for (k = 0; k < n; k++)
		p.place[merged[k]] = k;
	p.results = xcalloc(n + 1, sizeof(*p.results));
	p.claims = lower_claims_new(fe->prog);
	p.progress = n > 1 && isatty(STDERR_FILENO);
	p.stats = phase_stats_on();
	threads = xcalloc(nthreads + 1, sizeof(*threads));
	setenv("LIBCLANG_NOTHREADS", "1", 1);
	for (t = 0; t < nthreads; t++)
		if (!start_worker(&threads[started], worker, &p))
			started++;
	if (!started)
		worker(&p);	/* no thread at all: the main thread does it */
	for (t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	if (p.progress)
		fputs("\r\033[K", stderr);
	say_pch_taken(fe, &p);
	phase_stats_start("merge of %zu files", n);
	for (k = 0; k < n; k++) {
		i = merged[k];
		failed |= !jobs[i].again && p.results[i].status != 0;
		if (!jobs[i].again && p.results[i].status != 0)
			*ARRAY_PUSH(fe->failed_files, fe->nfailed_files,
				    fe->failed_files_cap) = xstrdup(jobs[i].file);
		if (fe->quiet || jobs[i].again) {
			sb_free(&p.results[i].messages);
			sb_init(&p.results[i].messages);
		}
		tu_result_merge(fe->prog, &p.results[i]);
	}
	if (own) {
		fe->live = NULL;
		/* its numbers are the index's, which goes */
		shared_pch_free(fe->pch);
		fe->pch = NULL;
		tufilter_free(own);
	}
	phase_stats_end();
	lower_claims_free(p.claims);
	free(threads);
	free(p.order);
	free(p.place);
	free(merged);
	free(p.results);
	return failed;
}

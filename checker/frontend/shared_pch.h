/*
 * The headers most files of a run include, precompiled once: each file
 * that can take them first is parsed after loading them, instead of
 * parsing them again (frontend/shared_pch.c says when a file can).
 */
#ifndef WBCHECK_FRONTEND_SHARED_PCH_H
#define WBCHECK_FRONTEND_SHARED_PCH_H

#include <stddef.h>
#include "model/job.h"
#include "lib/util.h"
#include "prefilter/tu_select.h"

struct frontend;
struct tufilter;
struct tu_result;

struct shared_pch {
	char *dir;		/* made for it, removed with it */
	char *path;		/* the precompiled header, in DIR */
	char *signature;	/* the flags it was built with, less a file's own */
	long *files;		/* the headers it holds, by the index's numbers */
	size_t nfiles;
	struct strmap paths;	/* and by path */
	struct strmap tested;	/* the names their conditionals test */
	char *declared;		/* the replacement helpers they declare */
	/* their texts, as the index shares them (not owned): what a file
	 * parsed with it reads of them */
	struct tufilter_text *texts;
	size_t ntexts;
	char **read;		/* those it read itself, not shared: its own */
	size_t nread;
	const struct tufilter *live;	/* the index its numbers are of */
	/* the headers found to turn it down (shared_pch_turned_down()), by
	 * the index's numbers: a file that includes one does not try it */
	struct pch_down *down;
};

/* Files parsed in one go before it pays for its own parse. */
#define SHARED_PCH_MIN_FILES 8

/*
 * Precompile the includes most of JOBS (N) share, with the shared texts
 * of FE's index, and lower the header functions they define into FE's
 * program; NULL (and nothing lowered) when there are too few files,
 * they share too little, or it does not parse cleanly.
 */
struct shared_pch *shared_pch_build(struct frontend *fe,
				    const struct job *jobs, size_t n);
/* Can FILE, with FLAGS, be parsed with P loaded first, as far as its
 * flags, its own text and the index tell?  What the files parsed so far
 * found out is shared_pch_down_header()'s to tell.  Thread-safe. */
int shared_pch_fits(const struct shared_pch *p, const struct tufilter *live,
		    const char *file, char *const *flags, size_t nflags);
/* HEADER (a path), read by a file that took P, #defines a name P tests:
 * the files that include it are not to try P.  Thread-safe. */
void shared_pch_turned_down(const struct shared_pch *p, const char *header);
/* The first such header FILE includes, by the index, or NULL. */
const char *shared_pch_down_header(const struct shared_pch *p,
				   const char *file);
/* Does TEXT (LEN bytes), a header of a file's own that P does not hold,
 * #define a name P's conditionals test?  Read before P's headers in
 * the file's order, it would change them: the file cannot take P. */
int shared_pch_defines_tested(const struct shared_pch *p, const char *text,
			      size_t len);
void shared_pch_free(struct shared_pch *p);

#endif

/* model: one file to parse and the flags to parse it with, as the input
 * stage hands it to the front end. */
#ifndef WBCHECK_MODEL_JOB_H
#define WBCHECK_MODEL_JOB_H

#include <stddef.h>

struct job {
	const char *file;
	char *const *flags;
	size_t nflags;
	size_t cost;		/* a guess, to start the longest first; 0 if none */
	/* parsed before: what it reports, and how it failed, was said
	 * then; parsed again for a header function it did not lower */
	int again;
	/* --verbose: what the prefilter parses it for (tufilter_reason()),
	 * or NULL */
	const char *reason;
};

#endif

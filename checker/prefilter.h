/* Which header functions can matter to the rules (see prefilter.c). */
#ifndef WBCHECK_PREFILTER_H
#define WBCHECK_PREFILTER_H

#include <stddef.h>

struct prefilter;

struct prefilter *prefilter_new(void);
void prefilter_free(struct prefilter *pf);

/* A name that matters from the start (the rules' functions). */
void prefilter_seed(struct prefilter *pf, const char *name);

/* A function body or macro definition NAME with source TEXT; returns
 * its node number. */
size_t prefilter_add(struct prefilter *pf, const char *name,
		     const char *text, size_t len);

void prefilter_solve(struct prefilter *pf);
int prefilter_live(const struct prefilter *pf, size_t node);

#endif

/* Which header functions can matter to the rules (see prefilter/name_graph.c). */
#ifndef WBCHECK_PREFILTER_NAME_GRAPH_H
#define WBCHECK_PREFILTER_NAME_GRAPH_H

#include <stddef.h>
#include "ruleset/ruleset.h"

struct prefilter;

struct prefilter *prefilter_new(void);
void prefilter_free(struct prefilter *pf);

/* A name that matters from the start (the rules' functions). */
void prefilter_seed(struct prefilter *pf, const char *name);
/* The rules' guarded, acquire and release functions. */
void prefilter_seed_rules(struct prefilter *pf, const struct rules *rules);
/* FN for each of them: the names that matter from the start. */
void prefilter_each_seed(const struct rules *rules,
			 void (*fn)(void *ctx, const char *name), void *ctx);

/* A function body or macro definition NAME with source TEXT; returns
 * its node number.  NAME matters if TEXT names, in any way, a name
 * that matters. */
size_t prefilter_add(struct prefilter *pf, const char *name,
		     const char *text, size_t len);

/* May be called again, after blocking more names. */
void prefilter_solve(struct prefilter *pf);
int prefilter_live(const struct prefilter *pf, size_t node);
/* NAME (a function or macro name) matters; after prefilter_solve. */
int prefilter_name_live(const struct prefilter *pf, const char *name);
/* How many steps NAME is from a rule's function; -1 if it does not matter. */
long prefilter_name_dist(const struct prefilter *pf, const char *name);

/*
 * NAME is known not to matter (its summary, computed, is empty): solving
 * again does not spread through it.  A rule's own name is never blocked.
 */
void prefilter_block(struct prefilter *pf, const char *name);
void prefilter_unblock_all(struct prefilter *pf);

/*
 * Solve as if every name UNSETTLED says may still turn out not to matter
 * (a function whose file is not parsed yet) were blocked: what matters
 * then matters whatever the files not parsed yet hold.
 */
void prefilter_solve_settled(struct prefilter *pf,
			     int (*unsettled)(void *ctx, const char *name),
			     void *ctx);

/* FN with the name of each body or macro whose text names IDENT. */
void prefilter_each_mentioner(const struct prefilter *pf, const char *ident,
			      void (*fn)(void *ctx, const char *name),
			      void *ctx);

#endif

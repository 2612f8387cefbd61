/* Which header functions of one translation unit can matter
 * (prefilter/header_funcs.c). */
#ifndef WBCHECK_PREFILTER_HEADER_FUNCS_H
#define WBCHECK_PREFILTER_HEADER_FUNCS_H

#include <stddef.h>
#include "ruleset/ruleset.h"

struct tulive;
struct macroidx;

struct tulive *tulive_new(const struct rules *rules);
void tulive_free(struct tulive *tl);

/* The macros MACROS holds of the headers IN marks (by the numbers they
 * are filed under, NIN of them), each filed when its name is first met.
 * IN must live as long as TL. */
void tulive_use_macros(struct tulive *tl, const struct macroidx *macros,
		       const unsigned char *in, size_t nin);
/* A "#define NAME TEXT" of a header the TU includes.  TEXT must live as
 * long as TL. */
void tulive_add_macro(struct tulive *tl, const char *name, size_t name_len,
		      const char *text, size_t len);
/* A function NAME of a header with its source TEXT; returns its node. */
size_t tulive_add_function(struct tulive *tl, const char *name,
			   const char *text, size_t len);
/* Will NODE's liveness be asked?  Only those are solved for. */
void tulive_ask(struct tulive *tl, size_t node);
void tulive_solve(struct tulive *tl);
int tulive_live(const struct tulive *tl, size_t node);

#endif

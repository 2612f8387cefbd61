/* Findings and their notes, collected from every stage and printed in
 * a deterministic order (file, line, column, check). */
#ifndef WBCHECK_MODEL_FINDINGS_H
#define WBCHECK_MODEL_FINDINGS_H

#include <stddef.h>
#include "model/ir.h"

struct note {
	struct loc loc;
	char *msg;
};

struct note_list {
	struct note *items;
	size_t n, cap;
};

struct finding {
	struct loc loc;
	char *function;
	const char *check;
	char *callee;
	char *message;
	char *suggestion;	/* NULL when there is none */
	char *call_text;	/* the call as written, NULL for returns */
	struct note_list notes;
};

struct findings {
	struct finding *items;
	size_t n, cap;
};

void note_add(struct note_list *l, struct loc loc, char *msg);
void note_list_copy(struct note_list *dst, const struct note_list *src);
void note_list_free(struct note_list *l);

/* Takes ownership of F's strings and notes. */
void findings_add(struct findings *fs, struct finding *f);
/* Sort and drop duplicates (same place, same check). */
void findings_finish(struct findings *fs);
void findings_free(struct findings *fs);
/* Frees what F owns (not F itself). */
void finding_free(struct finding *f);

#endif

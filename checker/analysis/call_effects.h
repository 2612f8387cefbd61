/* What each call of a function does to the bracket: from the rules for
 * the primitives, from the summaries for functions of the program. */
#ifndef WBCHECK_ANALYSIS_CALL_EFFECTS_H
#define WBCHECK_ANALYSIS_CALL_EFFECTS_H

#include "model/findings.h"
#include "model/ir.h"
#include "ruleset/ruleset.h"
#include "model/program.h"

struct effect {
	int guard;			/* a guarded call (rule) */
	const struct rule_guard *rule;
	int needs;			/* a helper that needs the caller's bracket */
	struct note_list chain;		/* for needs: where, inside the helper */
	const char *guarded;		/* for needs: the guarded call inside */
	const char *needs_usr;		/* for needs: the function that needs it */
	int acquire;			/* takes the bracket on key */
	int parks;			/* and records it in the object (fh_want_write) */
	enum success_kind success;
	const char *acq_name;		/* primitive acquire, for messages */
	enum release_kind release;	/* drops the bracket on key */
	const char *rel_name;
	int key;			/* index into the key table, or -1 */
	/* needs: not in a path where tracked member excuse-1 is known NULL
	 * (the callee's field flag then picks a half that needs nothing) */
	int excuse;
	/* needs: only when the flag it is handed as this variable of the
	 * caller's is true (needs_when 1) or false (0); else -1 */
	int tie_var;
	int tie_needs_when;
	unsigned char gen, kill;	/* tracked members it makes NULL, unknown */
	/* takes, inside the callee, a bracket its caller may already hold
	 * (variant_summary.takes): its key, or -1; whether it parks it; and
	 * the callee's notes down to the acquire */
	int takes_key;
	int takes_parks;
	const struct note_list *takes_chain;
	/* the callee's stores that make two of its arguments' keys one
	 * object (variant_summary.copies), or NULL */
	const struct variant_summary *copies_of;
};

/* A member of an object whose NULLness the dataflow follows per path
 * ("$1->rq_resp->fh" and "->fh_dentry"). */
#define MAX_TRACKED_FIELDS 4

struct tracked_field {
	char *obj;
	const char *field;
};

struct key_table {
	char **keys;
	int *local;			/* key names a local of this function */
	char *acquired;			/* some call of this function acquires it */
	char *parked;			/* some acquire records it in the object */
	size_t n, cap;
};

struct effects {
	struct effect *per_instr;	/* parallel to fn->instrs */
	size_t n;
	struct key_table keys;
	int any;			/* anything bracket-related at all */
	struct tracked_field fields[MAX_TRACKED_FIELDS];
	int nfields;
};

struct analysis_ctx;

void effects_compute(const struct analysis_ctx *ctx, struct effects *ef);
void effects_free(struct effects *ef);

#endif

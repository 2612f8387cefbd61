/* Which functions and macros can matter to the rules, by name and by
 * linkage (see prefilter/name_graph.c). */
#ifndef WBCHECK_PREFILTER_NAME_GRAPH_H
#define WBCHECK_PREFILTER_NAME_GRAPH_H

#include <stddef.h>
#include "ruleset/ruleset.h"

struct prefilter;

/*
 * Where a definition can be named from.  A function of a .c file with
 * external linkage, from anywhere; a header's function or macro, from
 * the files that include the header; a static function or a macro of a
 * .c file, from that file (and from the header macros expanded there).
 */
enum pf_scope {
	PF_EXTERN,
	PF_HEADER,
	PF_LOCAL,
};

/*
 * What the graph asks about the files that hold the definitions,
 * numbered by the caller: does a TU that .c file FILE belongs to
 * include header HDR; do .c files A and B belong to one TU.  Without
 * them (prefilter_set_files() never called), every definition may name
 * every other, whatever their scopes.
 */
struct pf_files {
	int (*includes)(void *ctx, long file, long hdr);
	int (*same_unit)(void *ctx, long a, long b);
	void *ctx;
};

/* What one TU sees: the definitions a name of its own text may mean. */
struct pf_view {
	/* is the definition of SCOPE in FILE one the TU may mean */
	int (*sees)(void *ctx, enum pf_scope scope, long file);
	/* its own .c files: header macros expanded there; the first is
	 * its main file */
	const long *own;
	size_t nown;
	void *ctx;
	/* the name is only stored, never called: definitions that only
	 * take and give back (prefilter_mark_inert()) do not count */
	int only_stored;
};

struct prefilter *prefilter_new(void);
void prefilter_free(struct prefilter *pf);
void prefilter_set_files(struct prefilter *pf, const struct pf_files *files);

/* A name that matters from the start (the rules' functions). */
void prefilter_seed(struct prefilter *pf, const char *name);
/* The rules' guarded, acquire and release functions. */
void prefilter_seed_rules(struct prefilter *pf, const struct rules *rules);
/* FN for each of them: the names that matter from the start. */
void prefilter_each_seed(const struct rules *rules,
			 void (*fn)(void *ctx, const char *name), void *ctx);

/*
 * A function body NAME with source TEXT, or a macro's definition (TEXT
 * from after its name: the parameters, which name nothing, then the
 * replacement), defined in FILE with SCOPE; returns its node number.
 * It matters if TEXT names, in any way, a definition that matters and
 * that its scope lets it name.
 */
size_t prefilter_add(struct prefilter *pf, const char *name,
		     const char *text, size_t len, enum pf_scope scope,
		     long file);
size_t prefilter_add_macro(struct prefilter *pf, const char *name,
			   const char *text, size_t len, enum pf_scope scope,
			   long file);
/*
 * NODE, a function of a .c file, is defined outside every #if there:
 * no header's static function of its name is in a TU holding it.
 */
void prefilter_set_unconditional(struct prefilter *pf, size_t node);
size_t prefilter_nnodes(const struct prefilter *pf);
/* How many (identifier, node) mentions it holds, for WBCHECK_STATS. */
size_t prefilter_nmentions(const struct prefilter *pf);

/* May be called again, after blocking more definitions. */
void prefilter_solve(struct prefilter *pf);
/* NODE matters, anywhere (for the header files that hold it). */
int prefilter_node_live(const struct prefilter *pf, size_t node);
/* Calls FN with each rule's name and the name of each definition that
 * matters somewhere, as solved now (a name may come more than once):
 * no other name has a distance in any TU. */
void prefilter_each_alive_name(const struct prefilter *pf,
			       void (*fn)(void *ctx, const char *name),
			       void *ctx);
/* Is NAME a rule's, or that of a definition not forgotten? */
int prefilter_defines(const struct prefilter *pf, const char *name);
/* What NODE defines; NULL once forgotten (prefilter_keep_live()). */
const char *prefilter_node_name(const struct prefilter *pf, size_t node);
/*
 * How many steps NAME is from a rule's function; -1 if it does not
 * matter.  NAME is a rule's function, or names a function with external
 * linkage or a header's function or macro that matters (the definitions
 * a header may name).  With VIEW, only the definitions a TU sees.
 */
long prefilter_name_dist(const struct prefilter *pf, const char *name);
/* Is NAME a .c file's own (static, or #defined there), in one of the
 * FILES, and still indexed (prefilter_keep_live() forgets the dead)? */
int prefilter_name_local_in(const struct prefilter *pf, const char *name,
			    const long *files, size_t nfiles);
long prefilter_name_dist_in(const struct prefilter *pf, const char *name,
			    const struct pf_view *view);

/*
 * The definitions of NAME that DONE says (those of files parsed) are
 * known not to matter (their summaries, computed, are empty): solving
 * again does not spread through them.  A rule's own name always
 * matters.
 */
void prefilter_block(struct prefilter *pf, const char *name,
		     int (*done)(void *ctx, enum pf_scope scope, long file),
		     void *ctx);
/*
 * The definitions of NAME that DONE says are known to matter only where
 * they are called (their summaries only take and give back): a TU that
 * only stores the address does not need them (pf_view.only_stored).
 * prefilter_unblock_all() forgets it too.
 */
void prefilter_mark_inert(struct prefilter *pf, const char *name,
			  int (*done)(void *ctx, enum pf_scope scope, long file),
			  void *ctx);
void prefilter_unblock_all(struct prefilter *pf);

/*
 * Solve as if every definition UNSETTLED says may still turn out not to
 * matter (a function whose file is not parsed yet) were blocked: what
 * matters then matters whatever the files not parsed yet hold.
 */
void prefilter_solve_settled(struct prefilter *pf,
			     int (*unsettled)(void *ctx, enum pf_scope scope,
					      long file),
			     void *ctx);

/*
 * The solve as it stands, put aside while another runs and put back
 * as it was: a round's settled solve (prefilter_solve_settled()) is
 * asked a question between two full ones with nothing changed in
 * between, and the second would only redo the first.
 */
struct pf_solved;
struct pf_solved *prefilter_save_solve(const struct prefilter *pf);
/* Back to S, and S freed. */
void prefilter_restore_solve(struct prefilter *pf, struct pf_solved *s);

/*
 * Forget every definition that does not matter now, with nothing
 * blocked: none ever will (blocking only takes away), and solving again
 * needs only those that do.  Node numbers stay; a forgotten node is
 * never live.  prefilter_each_macro_naming() names no forgotten node.
 */
void prefilter_keep_live(struct prefilter *pf);

/*
 * Why NAME matters: STEP for a definition of NAME live wherever its scope
 * reaches, then for the definition whose name its text names and that
 * made it live, and so on to one whose text names a rule's function.
 * Nothing if no definition of NAME is so live.
 */
void prefilter_explain(const struct prefilter *pf, const char *name,
		       void (*step)(void *ctx, const char *name,
				    enum pf_scope scope, long file),
		       void *ctx);

/* FN with the name of each macro whose text names IDENT: not a
 * function's body, whose name may be a macro's in another configuration
 * ("#define audit_add_watch(k, l) (-EINVAL)") and is no expansion. */
void prefilter_each_macro_naming(const struct prefilter *pf, const char *ident,
				 void (*fn)(void *ctx, const char *name),
				 void *ctx);

#endif

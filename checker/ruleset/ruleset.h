/* The rule set: which calls are guarded, which calls take and drop the
 * resource that guards them, and what to suggest instead.  Rules are
 * data (rules/README.md documents the format) so that the engine knows
 * nothing about mounts: a second discipline is a second rules file. */
#ifndef WBCHECK_RULESET_RULESET_H
#define WBCHECK_RULESET_RULESET_H

#include <stddef.h>

struct strbuf;

#define RULE_MAX_OBJECTS 2

/* How an acquire reports success. */
enum success_kind {
	SUCCESS_ZERO,		/* returns 0 on success (mnt_want_write) */
	SUCCESS_NOT_ERR_PTR,	/* returns !IS_ERR() pointer (kern_path_create) */
	SUCCESS_ALWAYS,		/* cannot fail (void lock functions) */
	SUCCESS_NONZERO,	/* returns nonzero on success (trylocks, !mnt_want_write()) */
	SUCCESS_UNLESS_ERR_PTR,	/* held unless IS_ERR(ret) says it failed (6.x lock_rename) */
};

/* A piece of a replace= template. */
enum tmpl_kind {
	TMPL_TEXT,		/* characters as written */
	TMPL_ARG,		/* $N: argument N as written at the call */
	TMPL_PATH,		/* @N: the struct path argument N lies in */
};

struct tmpl_piece {
	enum tmpl_kind kind;
	char *text;		/* TMPL_TEXT; NULL otherwise */
	int arg;		/* TMPL_ARG, TMPL_PATH: 1-based; 0 otherwise */
};

struct tmpl_pieces {
	struct tmpl_piece *v;
	size_t n, cap;
};

/*
 * A replace= template, parsed once at load so that the suggestion and
 * the fix read the same thing.  "path_mkdir(@1, $2, $3)" has the helper
 * path_mkdir; ALL is the whole text in pieces, every character kept
 * (the suggestion prints them); ARGS are the helper's arguments, split
 * at the commas outside nested parentheses, up to the ')' that closes
 * the call, each without the spaces that lead it (the fix lays the call
 * out again).  An argument left open at the end of the text is not one.
 */
struct rule_template {
	char *helper;		/* the text before the first '(' when it is a
				 * C identifier; NULL: the template is no call */
	struct tmpl_pieces all;
	struct tmpl_pieces *args;	/* the helper's; none without one */
	size_t nargs, args_cap;
};

/* One signature ("era") of a guarded call.  A guarded function may
 * have several, told apart by their argument count. */
struct rule_guard {
	char *name;
	int nargs;			/* arguments this form has; -1: any */
	int objects[RULE_MAX_OBJECTS];	/* 1-based args that must be covered; 0 = unused */
	int nobjects;
	int type_arg;		/* 1-based arg whose type must match type_match; 0 = none */
	char *type_match;	/* "a|b": the type spelling contains a or b */
	char *replace;		/* replace= as written, or NULL */
	struct rule_template *tmpl;	/* replace= parsed; NULL without one */
	char *helper;		/* helper(s) to suggest when no replacement is declared */
	int disc;
	const char *file;	/* where the rule was defined, for messages */
	int line;
};

struct rule_acquire {
	char *name;
	int arg;		/* 1-based argument naming the resource (mount, file, path) */
	char *member;		/* the argument is &OBJ->member: the key is OBJ; NULL: the argument */
	int disc;		/* discipline it belongs to */
	enum success_kind success;
	char *release;		/* release function that pairs with it */
	int scope_guarded;	/* scope=guarded: leaks count only where guarded calls are */
	/* reentrant=yes: taken again while held, it cannot deadlock (write
	 * access alone is a count): the nested check leaves it alone */
	int reentrant;
	char *reentrant_before;	/* reentrant on kernels older than this */
	const char *file;
	int line;
};

struct rule_release {
	char *name;
	int arg;		/* 1-based argument naming the resource */
	char *member;		/* as for rule_acquire */
	int scope_guarded;	/* as for rule_acquire */
	int disc;
	const char *file;
	int line;
};

/* A flag whose test means the object already holds the resource for
 * its whole life: an open file with FMODE_WRITE in f_mode has write
 * access to its mount until the last fput.  Or (holds-if) a predicate
 * whose true result means its argument holds it. */
struct rule_holds {
	char *flag;		/* FMODE_WRITE, as written in the test; for
				 * holds-if, the predicate */
	char *member;		/* f_mode: the object is what it is a member
				 * of; NULL for holds-if */
	int arg;		/* holds-if: the argument that holds */
	int disc;
	char *kernels;		/* holds-if: the versions it was checked on */
	const char *file;
	int line;
};

/* Names the rule set gives its checks and resource, used in output. */
struct rule_names {
	char *missing;		/* default "missing-write-bracket" */
	char *leak;		/* default "write-bracket-leak" */
	char *double_release;	/* default "write-bracket-double-drop" */
	char *mismatch;		/* release of another flavour than the acquire; NULL: off */
	char *wrong_object;	/* held on a provably different object; NULL: off */
	char *nested;		/* taken again on a mount already held; NULL: off */
	char *resource;		/* default "a write bracket on the mount" */
};

/* callback-holds: functions stored in MEMBER start with the resource.
 * caller-holds: every caller of the function MEMBER names holds it. */
struct rule_callback_holds {
	char *member;		/* STRUCT.FIELD, or the function (caller-holds) */
	int disc;
	int is_func;		/* caller-holds */
	char *kernels;		/* the versions it was checked on, or NULL */
};

/* A discipline: one resource with its own checks (the mount write
 * bracket, the directory inode lock).  Rules of different disciplines
 * never cover, pair with or duplicate each other. */
struct rule_disc {
	char *name;		/* NULL: the unnamed default */
	struct rule_names names;	/* for disciplines after the first */
};

/* "Taking this discipline while BEFORE is held is a finding CHECK":
 * write access must be taken outside the directory lock. */
struct rule_order {
	int disc;
	char *before;		/* name of the discipline that must not be held */
	char *check;
	const char *file;
	int line;
};

/* Arguments A and B of NAME must be on the same object (the two paths
 * of path_rename(), which BUG()s on two mounts). */
struct rule_same {
	char *name;
	int a, b;
	int disc;
};

/* A function and one of its arguments: what a fills rule says it fills
 * (kern_path), what a returns rule says it returns (fh_copy). */
struct rule_arg {
	char *name;
	int arg;
	char *kernels;		/* returns: the versions it was checked on */
};

/*
 * After NAME returns, member FIELD of the object its argument ARG points
 * to is NULL (fh_init() zeroes a handle; fh_copy() copies one it
 * WARN_ON()s to be unverified).  Read by the field flags of model/program.h.
 */
struct rule_clears {
	char *name;
	int arg;
	char *field;
	char *kernels;		/* the versions it was checked on, or NULL */
};

struct rules {
	struct rule_guard *guards;
	size_t nguards, guards_cap;
	struct rule_acquire *acquires;
	size_t nacquires, acquires_cap;
	struct rule_release *releases;
	size_t nreleases, releases_cap;
	char **noreturns;
	size_t nnoreturns, noreturns_cap;
	/* prefixes of variables that only mark a symbol exported
	 * (EXPORT_SYMBOL's __ADDRESSABLE): their initialisers are no escape */
	char **export_markers;
	size_t nexport_markers, export_markers_cap;
	struct rule_holds *holds;
	size_t nholds, holds_cap;
	/* members of ops tables whose functions the VFS calls with the
	 * resource held (a file open for write, for ->write_iter) */
	struct rule_callback_holds *callback_holds;
	size_t ncallback_holds, callback_holds_cap;
	struct rule_names names;	/* of discipline 0; the active one in a view */
	char **files;		/* file names loaded, owned; rule->file points here */
	size_t nfiles, files_cap;
	struct rule_disc *discs;
	size_t ndiscs, discs_cap;
	struct rule_order *orders;
	size_t norders, orders_cap;
	struct rule_arg *fills;
	size_t nfills, fills_cap;
	struct rule_clears *clears;
	size_t nclears, clears_cap;
	struct rule_arg *returns;	/* fh_copy() returns dst */
	size_t nreturns, returns_cap;
	struct rule_same *sames;
	size_t nsames, sames_cap;
	char *filled_type;	/* locals of this type must be filled before use */
	char *filled_check;
	int active;		/* look-ups see this discipline only; -1: all */
};

/* Parse FILE into RULES (which may already hold rules: later files add
 * to earlier ones).  On error returns -1 and sets *err to a malloc'd
 * "FILE:LINE: reason" message. */
int rules_load(struct rules *rules, const char *file, char **err);

/* Same, from a buffer; NAME is used in messages.  For tests and fuzzing. */
int rules_parse(struct rules *rules, const char *name, const char *text,
		size_t len, char **err);

void rules_init(struct rules *rules);
void rules_free(struct rules *rules);

/* Look-ups by function name.  rules_find_guard picks the form whose
 * nargs equals NARGS (or is -1) and whose type_match, if any, matches
 * ARGTYPE(N) (a callback giving the type spelling of 1-based argument N
 * of the call at hand; CTX is passed through). */
const struct rule_guard *rules_find_guard(const struct rules *rules,
					  const char *name, int nargs,
					  const char *(*argtype)(void *ctx, int n),
					  void *ctx);
int rules_is_guarded_name(const struct rules *rules, const char *name);
const struct rule_acquire *rules_find_acquire(const struct rules *rules,
					      const char *name);
const struct rule_release *rules_find_release(const struct rules *rules,
					      const char *name);
int rules_is_noreturn(const struct rules *rules, const char *name);
int rules_is_export_marker(const struct rules *rules, const char *var);
/* The disciplines (bit D for discipline D, in view) whose resource a
 * function stored in MEMBER ("file_operations.write_iter") starts with. */
unsigned long rules_callback_holds(const struct rules *rules,
				   const char *member);
/* Does every caller of function NAME hold the resource (caller-holds)? */
int rules_caller_holds(const struct rules *rules, const char *name);
const struct rule_holds *rules_find_holds(const struct rules *rules,
					  const char *flag);
/* holds-if: a true result of the predicate FUNC means its argument holds. */
const struct rule_holds *rules_find_holds_if(const struct rules *rules,
					     const char *func);

/* VIEW: RULES seen as discipline D alone (look-ups, names).  A shallow
 * copy: never free it, and it lives no longer than RULES. */
void rules_view(const struct rules *rules, int d, struct rules *view);
/* The discipline named NAME, or -1. */
int rules_find_disc(const struct rules *rules, const char *name);
/* Does the active discipline have any holds rule? */
int rules_has_holds(const struct rules *rules);
/* The first acquire of the active discipline, or NULL. */
const struct rule_acquire *rules_first_acquire(const struct rules *rules);
/* Argument of NAME that it fills (1-based), or 0. */
int rules_fills_arg(const struct rules *rules, const char *name);
/* The clears rule of NAME for member FIELD, or NULL. */
const struct rule_clears *rules_find_clears(const struct rules *rules,
					    const char *name, const char *field);
/* Argument of NAME that it returns (1-based), or 0. */
int rules_returns_arg(const struct rules *rules, const char *name);

/* Is NAME the helper a replace= template calls ("path_mkdir(@1, $2, $3)")? */
int rules_is_replacement_helper(const struct rules *r, const char *name);
/* Does a call of CALLEE read what its argument ARG (1-based) points to? */
int rules_reads_pointee(const struct rules *r, const char *callee, int arg);
/* Does a call of CALLEE (NULL: through a pointer) fill the local whose
 * address is its argument ARG (1-based), rather than read it, as the
 * path-uninitialized check sees it?  The prefilter asks, without a parse. */
int rules_call_fills(const struct rules *rules, const char *callee, int arg);

/*
 * Keep only the assertions about named functions (caller-holds,
 * holds-if, clears, returns, fills with kernels=) checked on VERSION
 * ("6.12.118"); NULL keeps them all.  Those dropped are listed in
 * DROPPED, for a note.  An acquire with reentrant-before=V is reentrant
 * on a VERSION older than V.
 */
void rules_set_kernel(struct rules *r, const char *version,
		      struct strbuf *dropped);

#endif

/* The per-function control-flow graph, in a form that outlives the
 * libclang translation unit it came from: a translation unit is
 * disposed as soon as its functions are lowered, so everything the
 * later stages need (texts, locations, constants) is copied here. */
#ifndef WBCHECK_MODEL_IR_H
#define WBCHECK_MODEL_IR_H

#include <stddef.h>

struct loc {
	const char *file;	/* interned; NULL when unknown */
	unsigned line, col;
};

/* Orders places by file name, line, column (an unknown file first), so
 * that what is printed does not hang on the order functions came in. */
int loc_cmp(const struct loc *a, const struct loc *b);

enum ir_op {
	IR_NOP,		/* labels and joins */
	IR_CALL,	/* a direct or indirect call */
	IR_ASSIGN,	/* a tracked variable gets a value that is not a call result */
	IR_BRANCH,	/* two-way: succ[0] when the atom is true, succ[1] when false */
	IR_RETURN,	/* leaves the function (also falling off its end) */
	IR_NORETURN,	/* a path that never comes back (BUG(), panic()) */
};

enum atom_kind {
	ATOM_OPAQUE,	/* nothing known about the condition */
	ATOM_NONZERO,	/* var != 0 */
	ATOM_ISERR,	/* IS_ERR(var) */
	ATOM_CONST,	/* a constant condition: value in const_true */
	ATOM_NZ_TRUE,	/* var == C (C != 0), var > 0: true only when var != 0 */
	ATOM_NEGATIVE,	/* var < 0: true only when var != 0; for an acquire result, false means 0 */
	ATOM_HOLDS,	/* obj->member & FLAG (a holds rule): true means obj holds it */
};

struct ir_arg {
	char *text;		/* as written, for suggestions */
	char *key;		/* normalised object expression ("$1->mnt" for parameters) */
	char *path_of;		/* struct path expression this argument lies in, or NULL */
	char *type;		/* type spelling */
	long long value;	/* constant value when is_const */
	int is_const;
	int local_key;		/* key names a local of this function */
	char *fn_usr;		/* the function it names (f, &f), when the call is direct */
	int fn_bound;		/* set by analysis/bound_callbacks.c: the callee only calls it */
};

struct ir_call {
	char *callee;		/* function name, NULL when indirect */
	char *usr;		/* callee's unified symbol resolution, NULL when indirect */
	struct ir_arg *args;
	int nargs;
	int result_var;		/* variable the result is stored in, or -1 */
	char *text;		/* the call as written (for fingerprints and fixes) */
	struct loc macro;	/* spelling location inside a macro, or file NULL */
	char *macro_name;
	char *guard_cond;	/* innermost enclosing if-condition, for notes */
	int guard_sense;	/* 1: taken when guard_cond is true, 0: false */
	int fn_param;		/* made through this parameter (1-based), or 0 */
	/* made through a member of an ops table: "inode_operations.set_acl"
	 * (the struct and the member, as a callback-holds rule names them),
	 * or NULL */
	char *member;
	/* a direct call: the file defining the callee in its TU, else the
	 * one declaring it (interned), for --infer's "another directory" */
	const char *callee_file;
};

struct ir_instr {
	enum ir_op op;
	int succ[2];		/* -1 when absent */
	struct loc loc;
	struct ir_call *call;	/* IR_CALL */
	int var;		/* IR_ASSIGN: the variable; IR_BRANCH: the atom's variable */
	int src_var;		/* IR_ASSIGN: copied from this variable, or -1 */
	int nonzero;		/* IR_ASSIGN: a nonzero constant is stored */
	int zero;		/* IR_ASSIGN: the constant 0 is stored */
	int negate;		/* IR_ASSIGN: var = !src_var */
	/* IR_ASSIGN: var = (src_field != 0), or == 0 with src_field_neg: the
	 * member of a pointer parameter read ("$2->fh_dentry"), or NULL */
	char *src_field;
	int src_field_neg;
	enum atom_kind atom;	/* IR_BRANCH */
	int const_true;		/* ATOM_CONST */
	int ret_var;		/* IR_RETURN: variable returned, or -1 */
	int ret_zero;		/* IR_RETURN: returns the constant 0 */
	int ret_has_value;
	int implicit;		/* IR_RETURN: falls off the end of the body */
	char *hold_key;		/* IR_BRANCH ATOM_HOLDS: the object that holds;
				 * IR_NOP: the object a holds flag was just
				 * stored in, which takes over what it holds */
	char *cmp[2];		/* IR_BRANCH ATOM_OPAQUE: a == b or a != b of two object keys */
};

struct ir_var {
	char *name;
	int param;		/* 1-based parameter number, or 0 */
	int assigned;		/* written somewhere in the body (parameters) */
	int stores;		/* how many times it is written, its initialiser included */
	int tests;		/* how many branches test it */
	int is_integer;		/* integer, bool or enum typed */
	int is_temp;		/* a call result tested directly */
	char *type;		/* its type as spelt, or NULL (temporaries) */
	char *value_key;	/* a pointer local set once: the key of its value */
	int value_multi;	/* set more than once, or to no object expression */
	int stored_through;	/* a pointer parameter: p->m = ... somewhere */
};

/* A member of one object set to another object expression
 * (path->mnt = mntget(parent->mnt), through a returns rule): from the
 * store on, the two keys may name one object. */
struct ir_copy {
	char *dst;
	char *src;
};

/* A struct path, struct file or struct vfsmount visible in the function:
 * what a suggestion can build a bracket or a path from. */
struct ir_scope_obj {
	char *name;
	char *type;
	int is_pointer;
};

struct ir_func {
	char *name;
	char *usr;
	struct loc loc;
	int is_static;
	int in_main_file;	/* defined in the .c file, not a header */
	int sets_param_flag;	/* stores p->m = nonzero constant, p a parameter */
	/* bit N-1: parameter N is a function pointer only ever called */
	unsigned long long fnparams_called;
	int nparams;
	struct ir_instr *instrs;
	size_t ninstrs, instrs_cap;
	struct ir_var *vars;
	size_t nvars, vars_cap;
	struct ir_scope_obj *scope;
	size_t nscope, scope_cap;
	const char *declared;	/* " name name ": replacement helpers its TU declares */
	struct ir_copy *copies;
	size_t ncopies, copies_cap;
	int entry;
};

void ir_func_free(struct ir_func *fn);
const char *intern(const char *s);
void intern_free_all(void);

#endif

/* Struct path locals that are filled before anything can read them,
 * told from a file's text without a parse (prefilter/path_fill_proof.c). */
#ifndef WBCHECK_PREFILTER_PATH_FILL_PROOF_H
#define WBCHECK_PREFILTER_PATH_FILL_PROOF_H

#include <stddef.h>

struct fillproof_env {
	const char *tag;	/* "path" of the rules' "struct path" */
	void *ctx;
	/* may NAME be a macro where the file is compiled? */
	int (*is_macro)(void *ctx, const char *name);
	/* may a definition of the macro MACRO name IDENT? */
	int (*macro_names)(void *ctx, const char *macro, const char *ident);
	/* does a call of CALLEE with a local's address as argument ARG
	 * (1-based) fill the local (rules_call_fills())? */
	int (*call_fills)(void *ctx, const char *callee, int arg);
};

/*
 * Is every local of type struct TAG that the functions of TEXT (LEN
 * bytes, a .c file) declare filled before anything can read it, so that
 * the path-uninitialized check cannot fire in them?  0 when unsure.
 */
int fillproof_text(const char *text, size_t len,
		   const struct fillproof_env *env);

#endif

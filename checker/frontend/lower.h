/* Lowering a function body into its control-flow graph (struct ir_func).
 * The walk keeps its own task stack, so nesting depth in the source
 * costs heap, never C stack. */
#ifndef WBCHECK_FRONTEND_LOWER_H
#define WBCHECK_FRONTEND_LOWER_H

#include <clang-c/Index.h>
#include "model/ir.h"
#include "ruleset/ruleset.h"
#include "frontend/cursor_text.h"

struct lower_env {
	CXTranslationUnit tu;
	const struct rules *rules;
	struct srctext *text;		/* source text of its files */
	const char *declared;		/* replacement helpers the TU declares */
	/* Called for every function whose address is taken (not called). */
	void (*address_taken)(void *ctx, const char *usr);
	void *ctx;
};

struct ir_func *lower_function(const struct lower_env *env, CXCursor fn);

/* Is the function C refers to declared noreturn? */
int function_is_noreturn(struct srctext *st, CXCursor decl);

#endif

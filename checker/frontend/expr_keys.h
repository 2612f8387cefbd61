/* Normalised texts of object expressions: the keys bracket state is
 * kept under, and the struct path an argument lies in. */
#ifndef WBCHECK_FRONTEND_EXPR_KEYS_H
#define WBCHECK_FRONTEND_EXPR_KEYS_H

#include <clang-c/Index.h>
#include "model/ir.h"
#include "frontend/cursor_text.h"
#include "frontend/cursor.h"

struct exprtext {
	CXTranslationUnit tu;
	struct srctext *text;
	const struct ir_func *fn;
	const CXCursor *var_decls;	/* parallel to fn->vars */
	size_t nvar_decls;
	const CXCursor *written;	/* locals written after their initialiser */
	size_t nwritten;
};

/* FALLBACK_TEXT: for an expression that is no object expression, its
 * tokens (slow) rather than NULL.
 */
/* "$N" stands for parameter N, so that a callee's key can be
 * rewritten in its caller's terms.  Users compare keys with
 * key_norm(), which drops a leading '&': &path and path name the
 * same object.  *local is set when a local variable
 * of the function appears in the key. */
char *expr_key(const struct exprtext *et, CXCursor e, int *local,
	       int fallback_text);

/* The struct path that argument E is the directory inode or dentry of
 * ("&nd.path" for nd.path.dentry->d_inode), or NULL. */
char *expr_path_of(const struct exprtext *et, CXCursor e);


/* Locals BODY writes after their initialiser, for struct exprtext. */
void exprtext_find_written(CXCursor body, struct cursor_list *out);

#endif

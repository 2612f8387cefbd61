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

/*
 * The struct path a directory argument lies in.  The argument is a
 * dentry D or D's inode (D->d_inode, d_inode(D), d_backing_inode(D)),
 * and D is P.dentry or P->dentry of a struct path P: &P is the struct
 * path.  The suggestion (ir_arg.path_of, from expr_path_of below) and
 * the fix (which parses the file again) both find it here; a path_seek
 * says what the one and the other take on trust.
 */
#define PATH_SEEK_MAX_LOCALS 4	/* locals in a row, to D and then to P */

struct path_seek {
	/* The one value the local E holds at the call (the fix: one stored
	 * once, before it), so that parent->d_inode after parent =
	 * nd->path.dentry lies in &nd->path; NULL: no local is seen through. */
	int (*local_value)(void *ctx, CXCursor e, CXCursor *value);
	void *ctx;
	/* Only what is written out in the file, no part of it from a macro,
	 * counts (the fix copies its text into the file). */
	int written_out;
};

/* The dentry argument E stands for, peeled, or a null cursor. */
CXCursor expr_dentry_of(const struct path_seek *ps, CXCursor e);
/* P, the struct path dentry D lies in, or a null cursor; *POINTER is
 * set when P is a struct path *. */
CXCursor expr_path_in(const struct path_seek *ps, CXCursor d, int *pointer);
/* P's text PATH as an expression of type struct path *. */
char *expr_path_ref(const char *path, int pointer);

/* The struct path that argument E is the directory inode or dentry of,
 * as written at the call ("&nd.path" for nd.path.dentry->d_inode), as
 * the text of a key; or NULL. */
char *expr_path_of(const struct exprtext *et, CXCursor e);


/* Locals BODY writes after their initialiser, for struct exprtext. */
void exprtext_find_written(CXCursor body, struct cursor_list *out);

#endif

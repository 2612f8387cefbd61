/* libclang cursor helpers shared by the front end stages. */
#ifndef WBCHECK_FRONTEND_CURSOR_H
#define WBCHECK_FRONTEND_CURSOR_H

#include <clang-c/Index.h>
#include "model/ir.h"

struct cursor_list {
	CXCursor *items;
	size_t n, cap;
};

/* Direct children of C, in source order.  Never recurses. */
void cursor_children(CXCursor c, struct cursor_list *out);
void cursor_list_free(struct cursor_list *l);

/* Strip parentheses, implicit conversions and casts. */
CXCursor cursor_peel(CXCursor c);

/* malloc'd spelling of C, or of its tokens when C is an expression. */
char *cursor_spelling(CXCursor c);
char *type_spelling(CXType t);

/* Where C is reported: the expansion location (a macro's use site). */
struct loc cursor_loc(CXCursor c);
struct loc cursor_end_loc(CXCursor c);
/* The spelling location, when C comes from a macro body; file NULL otherwise. */
struct loc cursor_macro_loc(CXCursor c);

int cursor_is_zero_literal(CXCursor c);
/* Evaluates integer constants (literals, enumerators like true/false). */
int cursor_const_value(CXCursor c, long long *value);

#endif

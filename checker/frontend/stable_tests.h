/* Tests that may stand for a flag: P->FIELD, pure calls
 * (frontend/stable_tests.c). */
#ifndef WBCHECK_FRONTEND_STABLE_TESTS_H
#define WBCHECK_FRONTEND_STABLE_TESTS_H

#include <clang-c/Index.h>

/* What was found of one function's body, so that it is walked once per
 * object, variable or callee however many tests name them. */
struct flag_memo;
struct flag_memo *flag_memo_new(void);
void flag_memo_free(struct flag_memo *m);

/* 1 if nothing in BODY can change BASE->FIELD (BASE the declaration of
 * a local or parameter, FIELD that of the member) once TEST is reached. */
int member_flag_ok(struct flag_memo *m, CXCursor body, CXCursor test,
		   CXCursor base, CXCursor field);

/* 1 if CALL, in BODY, calls a pure function of arguments BODY does not
 * change, so that it answers the same each time. */
int call_flag_ok(struct flag_memo *m, CXCursor body, CXCursor call);

#endif

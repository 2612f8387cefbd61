/* Functions handed to a helper that calls them (frontend/callback_params.c). */
#ifndef WBCHECK_FRONTEND_CALLBACK_PARAMS_H
#define WBCHECK_FRONTEND_CALLBACK_PARAMS_H

#include <clang-c/Index.h>

/* The USR of the function that call argument ARG names (f, &f, (f), a
 * cast of f), malloc'd; NULL when ARG is anything else. */
char *fnarg_function_usr(CXCursor arg);

/* CALL is made through parameter N of FN (f(x), (*f)(x)): N, 1-based;
 * else 0. */
int fnarg_called_param(CXCursor call, CXCursor fn);

/* Bit N-1 for each parameter N (up to 64) of FN of function-pointer
 * type that BODY uses, and uses only as the callee of calls: never
 * stores, passes on, compares or returns. */
unsigned long long fnarg_only_called(CXCursor fn, CXCursor body);

#endif

/* frontend: tests of error pointers by what they compute (err_tests.c). */
#ifndef WBCHECK_FRONTEND_ERR_TESTS_H
#define WBCHECK_FRONTEND_ERR_TESTS_H

#include <clang-c/Index.h>

enum err_test {
	ERR_TEST_NONE,
	ERR_TEST_IS_ERR,		/* nonzero iff P is an error pointer */
	ERR_TEST_IS_ERR_OR_NULL,	/* ... or NULL */
	ERR_TEST_PTR_ERR_OR_ZERO,	/* P's error, or 0 when it is none */
	ERR_TEST_PTR_ERR,		/* P as a number */
};

/* What CALL, of one argument, computes of it; *PTR is the argument. */
enum err_test err_test_of_call(CXCursor call, CXCursor *ptr);

/* Is E the comparison an error-pointer test expands to, unlikely() and
 * casts aside ((unsigned long)P >= (unsigned long)-MAX_ERRNO)?  *PTR is
 * then P. */
int err_test_compare(CXCursor e, CXCursor *ptr);

#endif

/* checks: the table of check_list.h (smatch's check_list.h idea). */
#include "checks/all_checks.h"

#define CHECK(ops) extern const struct check_ops ops;
#include "checks/check_list.h"
#undef CHECK

const struct check_ops *const all_checks[] = {
#define CHECK(ops) &ops,
#include "checks/check_list.h"
#undef CHECK
};

const size_t nall_checks = sizeof(all_checks) / sizeof(all_checks[0]);

/*
 * checks: the list of checks, in the order their hooks run.  Adding a
 * check is a file in checks/ that defines a struct check_ops
 * (analysis/check_hooks.h), and one line here.  The bracket check comes
 * first: it also fills the summaries the other checks read.
 */
CHECK(bracket_check)
CHECK(bracket_order_check)
CHECK(path_uninit_check)
CHECK(same_mount_check)
CHECK(nested_check)

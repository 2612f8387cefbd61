// wbcheck's core check as a Coccinelle semantic patch, for bench/run.
//
// A guarded VFS call (vfs_create, vfs_mknod, vfs_mkdir, vfs_rmdir,
// vfs_unlink, vfs_symlink, vfs_link, vfs_rename, notify_change,
// vfs_setxattr, vfs_removexattr) is flagged when some path through its
// function reaches it
//   1. without any acquire of a write bracket on the way,
//   2. on the failure edge of the acquire (result tested nonzero, or
//      IS_ERR for the *_path_create family),
//   3. with the acquire's result thrown away, or
//   4. after the bracket was released and not taken again.
// The acquires and releases are those of rules/wbcheck.rules.
//
// Context mode only (the lines marked '*'): no scripting language is
// needed, and the output is a diff-like listing of each flagged call (a
// call flagged by several rules is listed once).  Unlike wbcheck it is
// intraprocedural, keys nothing to the mount and reads no headers (run
// it with --no-includes), so a wrapper such as nfsd's fh_want_write()
// is not known to take the bracket: it reports a superset of what
// wbcheck reports on the same code.
//
// The names are spelt out rather than matched by a regular expression:
// spatch then skips, rule by rule, every file that does not contain
// them, which is what a Coccinelle user would write for speed.
//
//	spatch --sp-file bench/wbcheck.cocci --no-includes --very-quiet FILE.c

// 1. no acquire on some path from the function's entry
@nobracket exists@
@@

 ... when != \(mnt_want_write\|mnt_want_write_file\|mnt_get_write_access\)(...)
     when != \(kern_path_create\|user_path_create\|filename_create\)(...)
*\(vfs_create\|vfs_mknod\|vfs_mkdir\|vfs_rmdir\|vfs_unlink\|vfs_symlink\|vfs_link\|vfs_rename\|notify_change\|vfs_setxattr\|vfs_removexattr\)(...)

// 2a. the failure edge of an acquire that returns 0 on success
@failed exists@
identifier err;
expression E;
type T;
@@

(
 err = \(mnt_want_write\|mnt_want_write_file\|mnt_get_write_access\)(...);
|
 T err = \(mnt_want_write\|mnt_want_write_file\|mnt_get_write_access\)(...);
)
 ... when != err = E
 if (\(err\|err < 0\|err != 0\|unlikely(err)\)) {
  ... when any
*\(vfs_create\|vfs_mknod\|vfs_mkdir\|vfs_rmdir\|vfs_unlink\|vfs_symlink\|vfs_link\|vfs_rename\|notify_change\|vfs_setxattr\|vfs_removexattr\)(...)
  ... when any
 }

// 2b. the same with the acquire in the condition itself
@failed_cond exists@
@@

 if (\(\(mnt_want_write\|mnt_want_write_file\|mnt_get_write_access\)(...)\|unlikely(\(mnt_want_write\|mnt_want_write_file\|mnt_get_write_access\)(...))\|\(mnt_want_write\|mnt_want_write_file\|mnt_get_write_access\)(...) < 0\)) {
  ... when any
*\(vfs_create\|vfs_mknod\|vfs_mkdir\|vfs_rmdir\|vfs_unlink\|vfs_symlink\|vfs_link\|vfs_rename\|notify_change\|vfs_setxattr\|vfs_removexattr\)(...)
  ... when any
 }

// 2c. the failure edge of kern_path_create() and friends (IS_ERR)
@failed_create exists@
identifier d;
expression E;
type T;
@@

(
 d = \(kern_path_create\|user_path_create\|filename_create\)(...);
|
 T d = \(kern_path_create\|user_path_create\|filename_create\)(...);
)
 ... when != d = E
 if (\(IS_ERR(d)\|unlikely(IS_ERR(d))\)) {
  ... when any
*\(vfs_create\|vfs_mknod\|vfs_mkdir\|vfs_rmdir\|vfs_unlink\|vfs_symlink\|vfs_link\|vfs_rename\|notify_change\|vfs_setxattr\|vfs_removexattr\)(...)
  ... when any
 }

// 3. the acquire's result is thrown away
@unchecked exists@
@@

 \(mnt_want_write\|mnt_want_write_file\|mnt_get_write_access\)(...);
 ... when != \(mnt_want_write\|mnt_want_write_file\|mnt_get_write_access\)(...)
*\(vfs_create\|vfs_mknod\|vfs_mkdir\|vfs_rmdir\|vfs_unlink\|vfs_symlink\|vfs_link\|vfs_rename\|notify_change\|vfs_setxattr\|vfs_removexattr\)(...)

// 4. the bracket was released and not taken again
@dropped exists@
@@

 \(mnt_drop_write\|mnt_drop_write_file\|mnt_put_write_access\|done_path_create\)(...);
 ... when != \(mnt_want_write\|mnt_want_write_file\|mnt_get_write_access\)(...)
     when != \(kern_path_create\|user_path_create\|filename_create\)(...)
*\(vfs_create\|vfs_mknod\|vfs_mkdir\|vfs_rmdir\|vfs_unlink\|vfs_symlink\|vfs_link\|vfs_rename\|notify_change\|vfs_setxattr\|vfs_removexattr\)(...)

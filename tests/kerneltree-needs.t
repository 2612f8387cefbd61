#!/bin/sh
# wbcheck --kernel-tree on a made-up tree that is never configured: the
# generated headers computed from the tree (bounds.h from
# kernel/bounds.c), the options the checked files need turned on (their
# Makefile lines, the subsystem options their code tests, the plain
# conjuncts of their dependencies) and what cannot be said aloud, files
# no Makefile builds skipped with a line, and each file's Makefile flags
# (-I$(src)).
. "$(dirname "$0")/lib.sh"
wb_cd_root
wb=$(wb_binary)
wb=$(cd "$(dirname "$wb")" && pwd)/$(basename "$wb")
n=0
fail=0
wb_mktemp
tmp=$wb_tmp

case $(uname -m) in
x86_64) ;;
*)
	echo "1..0 # SKIP the made-up tree is an x86_64 tree"
	exit 0
	;;
esac
mkdir "$tmp/tmpdir"
export TMPDIR="$tmp/tmpdir"

k=$tmp/tree
mkdir -p "$k/include/linux" "$k/arch/x86/include/asm" "$k/arch/x86/configs" \
	"$k/kernel" "$k/fs/demo" "$k/security" "$k/lib"
printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\nEXTRAVERSION =\n' >"$k/Makefile"
printf '#include <generated/autoconf.h>\n' >"$k/include/linux/kconfig.h"
cat >"$k/include/linux/fs.h" <<'H'
struct inode;
struct dentry { struct inode *d_inode; };
int vfs_unlink(struct inode *dir, struct dentry *dentry);
H
# the tree's own kbuild.h prints through asm, as kbuild reads it
cat >"$k/include/linux/kbuild.h" <<'H'
#define DEFINE(sym, val) asm volatile("\n.ascii \"->" #sym " %0 " #val "\"" : : "i" (val))
H
cat >"$k/kernel/bounds.c" <<'C'
#define __GENERATING_BOUNDS_H
#include <linux/kbuild.h>
enum demo_zone { ZONE_DMA, ZONE_NORMAL, ZONE_MOVABLE, __DEMO_NR_ZONES };
int main(void)
{
	DEFINE(DEMO_NR_ZONES, __DEMO_NR_ZONES);
	DEFINE(DEMO_BIG, 1UL << 40);
	return 0;
}
C
# the defconfig leaves the file system off, as x86_64_defconfig does nfsd
printf '# CONFIG_DEMO_FS is not set\n' >"$k/arch/x86/configs/x86_64_defconfig"
cat >"$k/security/Kconfig" <<'K'
config DEMO_KEYS
	bool "Demo keys"
K
cat >"$k/lib/Kconfig" <<'K'
config DEMO_DEBUG
	bool "A debug option the file tests, not its own"
K
cat >"$k/fs/demo/Kconfig" <<'K'
config DEMO_FS
	tristate "Demo file system"
	depends on DEMO_KEYS && (DEMO_A || !DEMO_B)

config DEMO_V4
	bool "Demo v4"
	depends on DEMO_FS

config DEMO_V4_ACL
	bool "Demo v4 ACLs"
	depends on DEMO_V4

config DEMO_HIDDEN
	bool
K
printf 'obj-$(CONFIG_DEMO_FS) += demo/\n' >"$k/fs/Makefile"
cat >"$k/fs/demo/Makefile" <<'M'
ccflags-y += -I$(src)/private
ccflags-y += -I $(srctree)/$(src)/spaced

obj-$(CONFIG_DEMO_FS) += demofs.o
demofs-y := super.o deep/below.o
demofs-$(CONFIG_DEMO_V4) += v4.o \
			    v4acl.o
obj-$(CONFIG_DEMO_HIDDEN) += hidden.o
M
mkdir "$k/fs/demo/private"
printf '#define DEMO_PRIVATE 1\n' >"$k/fs/demo/private/demo_private.h"
cat >"$k/fs/demo/v4.c" <<'C'
#include <linux/fs.h>
#include <generated/bounds.h>
#include <demo_private.h>

#if DEMO_NR_ZONES != 3 || DEMO_BIG != 1099511627776
#error bounds.h was not computed from kernel/bounds.c
#endif

int demo_v4_remove(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);
}
C
cat >"$k/fs/demo/v4acl.c" <<'C'
#include <linux/fs.h>

#ifdef CONFIG_DEMO_V4_ACL
int demo_acl_remove(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);
}
#endif

#ifdef CONFIG_DEMO_DEBUG
int demo_debug_remove(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);
}
#endif
C
# an object of a directory with no Makefile: fs/demo/Makefile builds it,
# and gives it its flags, "-I $(srctree)/$(src)/..." as 6.1's fs/xfs
# writes them among them
mkdir "$k/fs/demo/spaced" "$k/fs/demo/deep"
printf '#define DEMO_SPACED 1\n' >"$k/fs/demo/spaced/demo_spaced.h"
cat >"$k/fs/demo/deep/below.c" <<'C'
#include <linux/fs.h>
#include <demo_private.h>
#include <demo_spaced.h>

int demo_below_remove(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);
}
C
cp "$k/fs/demo/v4acl.c" "$k/fs/demo/leftover.c"
cp "$k/fs/demo/v4acl.c" "$k/fs/demo/hidden.c"

(cd "$k" && "$wb" --kernel-tree=. fs/demo/v4.c fs/demo/v4acl.c) \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
t "the files are checked (exit $rc, not 2)" [ "$rc" -ne 2 ]
t "no parse error: bounds.h has the tree's values (3 zones, 1 << 40)" \
	sh -c "! grep -E 'error|did not parse' '$tmp/err'"
t "bounds.h named as computed" grep -q 'bounds.h (from kernel/bounds.c)' "$tmp/err"
t "the options turned on are said" \
	grep -q 'with [0-9]* options the checked files need turned on' "$tmp/err"
t "DEMO_FS and DEMO_V4 on (their Makefile lines): v4.c's finding" \
	grep -q '^fs/demo/v4.c:11:.*vfs_unlink' "$tmp/out"
t "DEMO_V4_ACL on (the file tests it, its subsystem declares it)" \
	grep -q '^fs/demo/v4acl.c:6:.*vfs_unlink' "$tmp/out"
t "DEMO_DEBUG left off (declared outside fs/demo/)" \
	sh -c "! grep -q '^fs/demo/v4acl.c:13:' '$tmp/out'"
t "two findings in all" [ "$(grep -c 'warning:' "$tmp/out")" -eq 2 ]
t "no option said off" sh -c "! grep -q 'options off' '$tmp/err'"

(cd "$k" && "$wb" --kernel-tree=. fs/demo/leftover.c fs/demo/v4.c) \
	>"$tmp/out" 2>"$tmp/err"
t "a file no Makefile builds: skipped, said" \
	grep -q 'fs/demo/leftover.c: skipped: no Makefile of the tree builds it' "$tmp/err"
t "... and the others still checked" grep -q '^fs/demo/v4.c:11:' "$tmp/out"

(cd "$k" && "$wb" --kernel-tree=. fs/demo/hidden.c) >"$tmp/out" 2>"$tmp/err"
t "an option no user can set: said, naming the file and the option" \
	grep -q 'checked with options off.*fs/demo/hidden.c needs CONFIG_DEMO_HIDDEN (no prompt' "$tmp/err"
t "... and the file still checked, with it off" grep -q '^fs/demo/hidden.c:[0-9]*:[0-9]*: warning: ' "$tmp/out"

(cd "$k" && "$wb" --kernel-tree=. --print-flags fs/demo/v4.c) >"$tmp/out" 2>"$tmp/err"
t "-I\$(src)/private from the Makefile's ccflags-y, for its own files" \
	grep -q -- "-I $k/fs/demo/private\\|-I$k/fs/demo/private" "$tmp/out"
t "\"-I \$(srctree)/\$(src)/spaced\", two words, the same" \
	grep -q -- "-I$k/fs/demo/spaced" "$tmp/out"
(cd "$k" && "$wb" --kernel-tree=. --print-flags fs/demo/deep/below.c) \
	>"$tmp/out" 2>"$tmp/err"
t "a directory with no Makefile: the flags of the Makefile above that builds it" \
	sh -c "grep -q -- '-I$k/fs/demo/private' '$tmp/out' && grep -q -- '-I$k/fs/demo/spaced' '$tmp/out'"
(cd "$k" && "$wb" --kernel-tree=. fs/demo/deep/below.c) >"$tmp/out" 2>"$tmp/err"
t "... and it parses with them: its finding, no parse error" \
	sh -c "grep -q '^fs/demo/deep/below.c:7:.*vfs_unlink' '$tmp/out' && ! grep -q 'error' '$tmp/err'"

# paths as typed: from inside the tree with .., and through a symlink
ln -s "$k" "$tmp/link"
(cd "$k/fs/demo" && "$wb" --kernel-tree=../.. v4.c ../demo/../demo/v4acl.c) \
	>"$tmp/out" 2>"$tmp/err"
t "from fs/demo with ..: named relative to the tree" \
	sh -c "grep -q '^fs/demo/v4.c:11:' '$tmp/out' && grep -q '^fs/demo/v4acl.c:6:' '$tmp/out'"
(cd "$tmp" && "$wb" --kernel-tree=link link/fs/demo/v4.c) >"$tmp/out" 2>"$tmp/err"
t "through a symlink to the tree: named relative to the tree" \
	grep -q '^fs/demo/v4.c:11:' "$tmp/out"
t "... with its Makefile's options (not skipped)" sh -c "! grep -q skipped '$tmp/err'"

t "the stand-ins are gone" sh -c "[ -z \"\$(ls -A '$tmp/tmpdir')\" ]"

echo "1..$n"
exit $fail

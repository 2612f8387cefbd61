#!/bin/sh
# wbcheck --kernel-tree=DIR on two small trees made here, one of the
# modern layout (arch/x86/include, include/generated, kconfig.h) and one
# of the 2.6 era (include/asm-x86 with no include/asm link, autoconf.h),
# neither configured: the flags wbcheck derives, the stand-ins it
# supplies for the generated headers (outside the tree, gone at exit),
# a sample that must parse and be checked, and the tree left untouched.
cd "$(dirname "$0")/.." || exit 1
wb=${WBCHECK:-./wbcheck}
wb=$(cd "$(dirname "$wb")" && pwd)/$(basename "$wb")
n=0
fail=0

# t DESCRIPTION COMMAND..., and the scratch directory: tests/lib.sh
. tests/lib.sh
wb_mktemp
tmp=$wb_tmp

case $(uname -m) in
x86_64) ;;
*)
	echo "1..0 # SKIP the fake trees are x86_64 trees"
	exit 0
	;;
esac

# Stand-ins go under $TMPDIR: an empty one of our own shows they left.
mkdir "$tmp/tmpdir"
export TMPDIR="$tmp/tmpdir"

# The kernel-style declarations both samples use.
decls='struct inode;
struct dentry { struct inode *d_inode; };
struct vfsmount;
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);'

listing() {
	(cd "$1" && find . -print0 | LC_ALL=C sort -z | xargs -0 ls -ld --time-style=+%s.%N |
		awk '{ $2 = ""; print }'; find . -type f -print0 | LC_ALL=C sort -z | xargs -0 cksum)
}

# --- a modern tree ------------------------------------------------------
m=$tmp/modern
mkdir -p "$m/include/linux" "$m/include/uapi/linux" "$m/include/asm-generic" \
	"$m/arch/x86/include/asm" "$m/arch/x86/include/uapi/asm" \
	"$m/arch/x86/configs" "$m/arch/x86/entry/syscalls" "$m/fs/demo" "$m/kernel"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 7\nEXTRAVERSION =\nKBUILD_CFLAGS += -std=gnu11\n' >"$m/Makefile"
printf '#include <generated/autoconf.h>\n' >"$m/include/linux/kconfig.h"
printf '#define __demo_types 1\n' >"$m/include/linux/compiler_types.h"
printf '%s\n' "$decls" >"$m/include/linux/fs.h"
printf '#define DEMO_ARCH 1\n' >"$m/arch/x86/include/asm/demo.h"
printf 'generic-y += gen.h\ngenerated-y += unistd_32_ia32.h\n' >"$m/arch/x86/include/asm/Kbuild"
printf 'mandatory-y += mand.h\nmandatory-y += demo.h\n' >"$m/include/asm-generic/Kbuild"
printf '#define DEMO_GENERIC 1\n' >"$m/include/asm-generic/gen.h"
printf '#define DEMO_MANDATORY 1\n' >"$m/include/asm-generic/mand.h"
printf '#define DEMO_WRONG 1\n' >"$m/include/asm-generic/demo.h"
printf '3\ti386\tdemo_read\tsys_read\n4\tcommon\tdemo_write\tsys_write\n' \
	>"$m/arch/x86/entry/syscalls/syscall_32.tbl"
cat >"$m/arch/x86/Kconfig" <<'K'
config X86
	def_bool y
	select DEMO_SELECTED

config X86_64
	def_bool y
	depends on 64BIT

config X86_32
	def_bool y
	depends on !64BIT

config DEMO_SHIFT
	int
	default 7 if X86_32
	default 6
	help
	  default 99
K
printf 'config DEMO_SELECTED\n\tbool\n\nconfig DEMO_OFF\n\tbool\n' >"$m/kernel/Kconfig.demo"
printf 'CONFIG_DEMO_FROM_DEFCONFIG=y\nCONFIG_DEMO_MOD=m\n' >"$m/arch/x86/configs/x86_64_defconfig"
cat >"$m/fs/demo/demo.c" <<C
#include <linux/fs.h>
#include <linux/version.h>
#include <asm/demo.h>
#include <asm/gen.h>
#include <asm/mand.h>
#include <asm/unistd_32_ia32.h>

/* Each line fails to compile when a flag or a stand-in is wrong. */
_Static_assert(__demo_types && DEMO_ARCH && DEMO_GENERIC && DEMO_MANDATORY, "headers");
_Static_assert(LINUX_VERSION_CODE == KERNEL_VERSION(6, 1, 7), "version.h");
#if !defined(CONFIG_X86_64) || defined(CONFIG_X86_32)
#error 64-bit
#endif
_Static_assert(CONFIG_DEMO_SHIFT == 6, "int default");
#if !defined(CONFIG_DEMO_SELECTED) || defined(CONFIG_DEMO_OFF)
#error select
#endif
#if !defined(CONFIG_DEMO_FROM_DEFCONFIG) || !defined(CONFIG_DEMO_MOD_MODULE)
#error defconfig
#endif
_Static_assert(__NR_ia32_demo_read == 3, "syscall numbers");
#ifndef __KERNEL__
#error __KERNEL__
#endif

int demo_unlink(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}
C
listing "$m" >"$tmp/before"

"$wb" --kernel-tree="$m" --print-flags fs/demo/demo.c >"$tmp/out" 2>"$tmp/err"
rc=$?
t "modern: --print-flags exits 0" [ "$rc" = 0 ]
t "modern: arch/x86/include first" grep -q "^$m/fs/demo/demo.c: -nostdinc -I $m/arch/x86/include " "$tmp/out"
t "modern: include and its uapi" eval 'grep -q -- "-I $m/include " "$tmp/out" && grep -q -- "-I $m/include/uapi" "$tmp/out"'
t "modern: kconfig.h forced in" grep -q -- "-include $m/include/linux/kconfig.h" "$tmp/out"
t "modern: -D__KERNEL__, gnu11" eval 'grep -q -- " -D__KERNEL__" "$tmp/out" && grep -q -- "-std=gnu11" "$tmp/out"'
t "modern: no -DCC_USING_FENTRY with the function tracer off" \
	sh -c '! grep -q -- "-DCC_USING_FENTRY" "$1"' sh "$tmp/out"
t "modern: stand-ins under TMPDIR" grep -q -- "-I $TMPDIR/wbcheck-kt\.[^/]*/include " "$tmp/out"
t "modern: one line names the stand-ins" [ "$(grep -c 'stand-ins' "$tmp/err")" = 1 ]
# the rules' assertions checked on other kernels are named once
t "modern: the version from the tree's Makefile drops an assertion checked on 6.12 only" \
	grep -q '^wbcheck: note: not on Linux 6\.1\..*holds-if xchk_could_repair (checked on 6.12)' "$tmp/err"
t "modern: autoconf.h among them" grep -q 'modern layout.*include/generated/autoconf.h (from arch/x86/configs/x86_64_defconfig' "$tmp/err"
t "modern: asm-offsets.h and version.h among them" \
	eval 'grep -q "asm-offsets.h" "$tmp/err" && grep -q "generated/uapi/linux/version.h" "$tmp/err"'
t "modern: the wrappers counted" grep -q '3 headers of arch/x86/include/generated' "$tmp/err"

"$wb" --kernel-tree="$m" "$m/fs/demo/demo.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "modern: the sample parses (exit 0)" [ "$rc" = 0 ]
t "modern: no error" sh -c '! grep -q "error" "$1"' sh "$tmp/err"
t "modern: the finding, named relative to the tree" \
	grep -q '^fs/demo/demo.c:28:9: warning: vfs_unlink() .*\[missing-write-bracket\]$' "$tmp/out"
(cd "$tmp" && "$wb" --kernel-tree=modern fs/demo/demo.c) >"$tmp/out2" 2>/dev/null
t "modern: a file named relative to the tree" cmp -s "$tmp/out" "$tmp/out2"
listing "$m" >"$tmp/after"
t "modern: the tree is unchanged" cmp -s "$tmp/before" "$tmp/after"
t "modern: the stand-ins are gone" [ -z "$(ls -A "$TMPDIR")" ]

# Generated headers that are there are used, not replaced.
mkdir -p "$m/include/generated"
printf '#define CONFIG_X86_64 1\n#define CONFIG_DEMO_SHIFT 6\n#define CONFIG_DEMO_SELECTED 1\n#define CONFIG_DEMO_FROM_DEFCONFIG 1\n#define CONFIG_DEMO_MOD_MODULE 1\n' \
	>"$m/include/generated/autoconf.h"
"$wb" --kernel-tree="$m" "$m/fs/demo/demo.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "modern, configured: exit 0" [ "$rc" = 0 ]
t "modern, configured: its autoconf.h is no stand-in" sh -c '! grep -q "autoconf" "$1"' sh "$tmp/err"
# kbuild gives -DCC_USING_FENTRY with -mfentry when the function tracer
# is on and the arch has fentry: asm/ftrace.h stops with #error without
printf '#define CONFIG_FUNCTION_TRACER 1\n#define CONFIG_HAVE_FENTRY 1\n' \
	>>"$m/include/generated/autoconf.h"
"$wb" --kernel-tree="$m" --print-flags fs/demo/demo.c >"$tmp/out" 2>"$tmp/err"
t "modern, function tracer on: -DCC_USING_FENTRY, as kbuild gives it" \
	grep -q -- " -DCC_USING_FENTRY" "$tmp/out"
rm -r "$m/include/generated"

# Many files at once are parsed as -B parses a build: in rounds, only
# those that can matter, with the findings --no-prefilter gives.
mkdir -p "$m/fs/other"
cat >"$m/fs/other/caller.c" <<'C'
#include <linux/fs.h>

int demo_unlink(struct path *dir, struct dentry *victim);

int demo_caller(struct path *dir, struct dentry *victim)
{
	return demo_unlink(dir, victim);
}
C
cat >"$m/fs/other/idle.c" <<'C'
int demo_idle(int x)
{
	return x + 1;
}
C
"$wb" --kernel-tree="$m" --verbose "$m/fs/demo/demo.c" "$m/fs/other/caller.c" \
	"$m/fs/other/idle.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
"$wb" --kernel-tree="$m" --no-prefilter "$m/fs/demo/demo.c" "$m/fs/other/caller.c" \
	"$m/fs/other/idle.c" >"$tmp/out.all" 2>"$tmp/err.all"
t "modern, three files: exit 0" [ "$rc" = 0 ]
t "modern, three files: the findings of --no-prefilter" cmp -s "$tmp/out" "$tmp/out.all"
t "modern, three files: the finding names the caller in another directory" \
	grep -q '^fs/other/caller.c:7:9: note: demo_unlink() is called here from demo_caller()' "$tmp/out"
t "modern, three files: the file calling vfs_unlink() in round 1, for it" \
	grep -q '^wbcheck: parsing fs/demo/demo.c (round 1, for vfs_unlink)$' "$tmp/err"
t "modern, three files: its caller in round 2, for demo_unlink()" \
	grep -q '^wbcheck: parsing fs/other/caller.c (round 2, for demo_unlink)$' "$tmp/err"
t "modern, three files: the one that names nothing of the rules is not parsed" \
	sh -c '! grep -q "parsing fs/other/idle.c" "$1"' sh "$tmp/err"
t "modern, three files: and it is said how many were not" \
	grep -q '^wbcheck: 1 of 3 files cannot matter to the rules; not parsed (2 rounds; --no-prefilter parses them)$' "$tmp/err"
rm -r "$m/fs/other"

# --- a 2.6-era tree -------------------------------------------------------
o=$tmp/old
mkdir -p "$o/include/linux" "$o/include/asm-x86/mach-default" \
	"$o/arch/x86/configs" "$o/kernel" "$o/fs"
printf 'VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 26\nEXTRAVERSION =\n' >"$o/Makefile"
printf '%s\n' "$decls" >"$o/include/linux/fs.h"
printf '#define DEMO_ASM 1\n' >"$o/include/asm-x86/demo.h"
printf '#define DEMO_MACH 1\n' >"$o/include/asm-x86/mach-default/mach_demo.h"
printf '/* NR_PAGEFLAGS and friends */\n' >"$o/kernel/bounds.c"
# old defconfigs are whole .config files, numbers included
printf 'CONFIG_X86_64=y\nCONFIG_64BIT=y\nCONFIG_X86_L1_CACHE_SHIFT=7\n# CONFIG_X86_32 is not set\nCONFIG_NFSD=m\n' \
	>"$o/arch/x86/configs/x86_64_defconfig"
cat >"$o/fs/demo.c" <<C
#include <linux/fs.h>
#include <linux/version.h>
#include <linux/bounds.h>
#include <asm/demo.h>
#include <asm/asm-offsets.h>
#include <mach_demo.h>
#include <stdarg.h>

_Static_assert(DEMO_ASM && DEMO_MACH, "asm link and mach-default");
_Static_assert(LINUX_VERSION_CODE == KERNEL_VERSION(2, 6, 26), "version.h");
_Static_assert(CONFIG_X86_L1_CACHE_SHIFT == 7 && CONFIG_NFSD_MODULE, "autoconf.h forced in");
#ifdef CONFIG_X86_32
#error CONFIG_X86_32
#endif

int demo_unlink(struct path *dir, struct dentry *victim, ...)
{
	va_list ap;

	va_start(ap, victim);
	va_end(ap);
	old_style_helper();	/* gnu89: implicit declarations are allowed */
	return vfs_unlink(dir->dentry->d_inode, victim);
}
C
listing "$o" >"$tmp/before"

"$wb" --kernel-tree="$o" --print-flags fs/demo.c >"$tmp/out" 2>"$tmp/err"
rc=$?
t "2.6: --print-flags exits 0" [ "$rc" = 0 ]
t "2.6: include, then the asm link, then mach-default" \
	grep -q -- "-I $o/include -I $TMPDIR/wbcheck-kt\.[^/ ]*/include -I $o/include/asm-x86/mach-default " "$tmp/out"
t "2.6: no arch/*/include" sh -c '! grep -q "/arch/" "$1"' sh "$tmp/out"
t "2.6: a stand-in autoconf.h forced in" grep -q -- "-include $TMPDIR/wbcheck-kt\.[^/ ]*/include/linux/autoconf.h" "$tmp/out"
t "2.6: gnu89, -D__KERNEL__" eval 'grep -q -- "-std=gnu89" "$tmp/out" && grep -q -- "-D__KERNEL__" "$tmp/out"'
t "2.6: one line names the stand-ins" [ "$(grep -c 'stand-ins' "$tmp/err")" = 1 ]
t "2.6: the assertions checked on 6.1 and 6.12 do not apply to 2.6.26" \
	grep -q '^wbcheck: note: not on Linux 2\.6\.26: .*caller-holds nfsd4_truncate (checked on 6.1,6.12)' "$tmp/err"
t "2.6: so do the LSM hooks read in 6.1 and 6.12" \
	grep -q '^wbcheck: note: not on Linux 2\.6\.26: .*callback-holds security_list_options\.inode_killpriv (checked on 6.1,6.12)' "$tmp/err"
t "2.6: nothing else on stderr" [ "$(wc -l <"$tmp/err")" = 2 ]
t "2.6: names the asm link" grep -q '2.6-era layout.*the include/asm link (to include/asm-x86)' "$tmp/err"
t "2.6: names autoconf.h, version.h, asm-offsets.h" \
	eval 'grep -q "include/linux/autoconf.h" "$tmp/err" && grep -q "include/linux/version.h" "$tmp/err" && grep -q "asm-x86/asm-offsets.h" "$tmp/err"'

"$wb" --kernel-tree="$o" "$o/fs/demo.c" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "2.6: the sample parses (exit 0)" [ "$rc" = 0 ]
t "2.6: no error" sh -c '! grep -q "error" "$1"' sh "$tmp/err"
t "2.6: the finding" grep -q '^fs/demo.c:23:9: warning: vfs_unlink()' "$tmp/out"
listing "$o" >"$tmp/after"
t "2.6: the tree is unchanged" cmp -s "$tmp/before" "$tmp/after"
t "2.6: the stand-ins are gone" [ -z "$(ls -A "$TMPDIR")" ]

# --- errors -------------------------------------------------------------
"$wb" --kernel-tree="$tmp/nowhere" fs/demo.c >"$tmp/out" 2>"$tmp/err"
rc=$?
t "a missing tree: exit 2" [ "$rc" = 2 ]
t "a missing tree: named" grep -q "nowhere" "$tmp/err"
mkdir "$tmp/notakernel"
"$wb" --kernel-tree="$tmp/notakernel" fs/demo.c >"$tmp/out" 2>"$tmp/err"
rc=$?
t "a directory that is no kernel tree: exit 2" [ "$rc" = 2 ]
t "a directory that is no kernel tree: says so" grep -q 'not a kernel source tree' "$tmp/err"
"$wb" --kernel-tree="$o" -B "$tmp" fs/demo.c >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--kernel-tree with -B: a usage error" [ "$rc" = 2 ]
t "nothing left in TMPDIR after the errors" [ -z "$(ls -A "$TMPDIR")" ]

echo "1..$n"
exit $fail

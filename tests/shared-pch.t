#!/bin/sh
# The headers most files of a round include are precompiled once
# (checker/frontend/shared_pch.c, docs/design/shared-pch.md).  A
# kbuild-shaped tree made here, of thirteen files that include one
# header set: what is found must be what is found with it off
# (WBCHECK_PCH=0), among it a header function's guarded call (lowered
# from the set's own parse), and a header branch a file turns on with a
# #define before its includes, or in a header of its own (those files
# must not take the set; one whose own header redefines what the set
# defines itself still does).  A file whose own name is a macro of a set
# header it never includes is parsed without the set, and one whose
# static function clashes with a set declaration is parsed again
# without it.
cd "$(dirname "$0")/.." || exit 1
wb=${WBCHECK:-./wbcheck}
n=0
fail=0

# t DESCRIPTION COMMAND..., and the scratch directory: tests/lib.sh
. tests/lib.sh
wb_require_binary "$wb"
wb_mktemp
tmp=$wb_tmp

src=$tmp/src
build=$tmp/build
mkdir -p "$src/include/linux" "$src/fs/demo" "$build/fs/demo" "$tmp/tmpdir"
ln -s "$src" "$build/source"

cat >"$src/include/linux/fs.h" <<'H'
#ifndef _DEMO_FS_H
#define _DEMO_FS_H
struct inode;
struct dentry { struct inode *d_inode; };
struct vfsmount;
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);

/* a header function that needs the bracket: its callers must hold it */
static inline int demo_rm(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}

/* what a file that #defines DEMO_TRACE first gets */
#ifdef DEMO_TRACE
#define demo_maybe(dir, victim) vfs_unlink((dir)->dentry->d_inode, victim)
#else
#define demo_maybe(dir, victim) ((dir)->dentry == (victim))
#endif

/* a default the set defines for its own sake */
#ifndef DEMO_DEFAULT
#define DEMO_DEFAULT 1
#endif
#endif
H
# named by three files of ten: in the set
cat >"$src/include/linux/extra.h" <<'H'
#ifndef _DEMO_EXTRA_H
#define _DEMO_EXTRA_H
#define DEMO_LIMIT 4
int demo_extra(void);
#endif
H

cmd() {
	printf 'savedcmd_%s.o := gcc -nostdinc -I%s/include -D__KERNEL__ -DKBUILD_MODNAME=\\"%s\\" -c -o %s.o %s/%s.c\n' \
		"$1" "$src" "$(basename "$1")" "$1" "$src" "$1" \
		>"$build/$(dirname "$1")/.$(basename "$1").o.cmd"
}

# holds the bracket around the header function
cat >"$src/fs/demo/held.c" <<'C'
#include <linux/fs.h>
#include <linux/extra.h>

int demo_held(struct path *dir, struct dentry *victim)
{
	int err = mnt_want_write(dir->mnt);

	if (err)
		return err;
	err = demo_rm(dir, victim);
	mnt_drop_write(dir->mnt);
	return err;
}
C
# does not: the finding is the header function's
cat >"$src/fs/demo/bare.c" <<'C'
#include <linux/fs.h>
#include <linux/extra.h>

int demo_bare(struct path *dir, struct dentry *victim)
{
	return demo_rm(dir, victim) + DEMO_LIMIT;
}
C
cat >"$src/fs/demo/third.c" <<'C'
#include <linux/fs.h>
#include <linux/extra.h>

int demo_third(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim) + demo_extra();
}
C
# five files of plain calls, held and not
for i in 1 2 3 4 5; do
	cat >"$src/fs/demo/plain$i.c" <<C
#include <linux/fs.h>

int demo_plain$i(struct path *dir, struct dentry *victim, int hold)
{
	int err = 0;

	if (hold) {
		err = mnt_want_write(dir->mnt);
		if (err)
			return err;
		err = vfs_unlink(dir->dentry->d_inode, victim);
		mnt_drop_write(dir->mnt);
		return err;
	}
	return vfs_unlink(dir->dentry->d_inode, victim);
}
C
done
# turns the header's other branch on before its includes
cat >"$src/fs/demo/trace.c" <<'C'
#define DEMO_TRACE
#include <linux/fs.h>

int demo_trace(struct path *dir, struct dentry *victim)
{
	return demo_maybe(dir, victim);
}
C
# the same through a header of its own, read before the set's
cat >"$src/fs/demo/local.h" <<'H'
#define DEMO_TRACE
#include <linux/fs.h>
H
cat >"$src/fs/demo/local.c" <<'C'
#include "local.h"

int demo_local(struct path *dir, struct dentry *victim)
{
	return demo_maybe(dir, victim);
}
C
# another file that includes it: told by the first, it does not try
cp "$src/fs/demo/local.c" "$src/fs/demo/local2.c"
# a header of its own, after the set's, that redefines what the set
# defines itself: the set is still taken
cat >"$src/fs/demo/later.h" <<'H'
#undef DEMO_DEFAULT
#define DEMO_DEFAULT 2
H
cat >"$src/fs/demo/later.c" <<'C'
#include <linux/fs.h>
#include "later.h"

int demo_later(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim) + DEMO_DEFAULT;
}
C
# a local named as a macro of extra.h, which it does not include
cat >"$src/fs/demo/ownname.c" <<'C'
#include <linux/fs.h>

int demo_ownname(struct path *dir, struct dentry *victim)
{
	int DEMO_LIMIT = 2;

	return vfs_unlink(dir->dentry->d_inode, victim) + DEMO_LIMIT;
}
C
# a static function of the name extra.h declares, which it does not
# include: with the set loaded, the two clash
cat >"$src/fs/demo/clash.c" <<'C'
#include <linux/fs.h>

static int demo_extra(int x)
{
	return x + 1;
}

int demo_clash(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim) + demo_extra(1);
}
C
for f in held bare third plain1 plain2 plain3 plain4 plain5 trace local \
	 local2 later ownname clash; do
	cmd "fs/demo/$f"
done

TMPDIR=$tmp/tmpdir WBCHECK_STATS=1 "$wb" -B "$build" -j 2 --verbose \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
t "-B with the shared headers runs (exit 0)" test "$rc" = 0
t "the headers are precompiled once" \
	grep -q '^wbcheck: the headers most of these 14 files include precompiled once: [0-9]* headers$' "$tmp/err"
t "as a phase of its own" \
	grep -q '^wbcheck: stats: round 1: shared headers: [0-9.]* s, peak' "$tmp/err"
# trace.c, local.c and ownname.c do not take it; clash.c tries and falls
# back
t "nine of the fourteen files are parsed with them loaded first" \
	grep -q '^wbcheck: 9 of 14 files parsed with the shared headers loaded first$' "$tmp/err"
t "the file whose static function clashes is parsed again without" \
	grep -q 'fs/demo/clash.c: parsed again without the shared headers: it does not parse cleanly with them$' "$tmp/err"
t "and reports no parse error" sh -c '! grep -q "error:" "$1"' - "$tmp/err"
t "the precompiled header is removed at the end" \
	sh -c '[ -z "$(ls -A "$1")" ]' - "$tmp/tmpdir"
cp "$tmp/out" "$tmp/out.pch"

found() {
	grep -q "$1" "$tmp/out.pch"
}
t "the header function's guarded call, lowered from the set's parse" \
	found "fs/demo/bare.c:6:9: warning: demo_rm() may be called without a write bracket"
t "the header function's call is named" \
	found "include/linux/fs.h:14:9: note: demo_rm() calls vfs_unlink() here, relying on its caller"
t "the branch a #define before the includes turns on is seen" \
	found "fs/demo/trace.c:6:9: warning: vfs_unlink() may be called without a write bracket"
t "and through a header of the file's own" \
	found "fs/demo/local.c:5:9: warning: vfs_unlink() may be called without a write bracket"
t "the files that take the set still report their own calls" \
	found "fs/demo/plain3.c:15:9: warning: vfs_unlink() may be called without a write bracket"

WBCHECK_PCH=0 "$wb" -B "$build" -j 2 --verbose >"$tmp/out" 2>"$tmp/err"
t "WBCHECK_PCH=0: the same output" cmp -s "$tmp/out" "$tmp/out.pch"
t "WBCHECK_PCH=0: nothing precompiled" \
	sh -c '! grep -q "precompiled\|shared headers" "$1"' - "$tmp/err"

"$wb" -B "$build" -j 2 --verbose --no-prefilter >"$tmp/out" 2>"$tmp/err"
t "--no-prefilter: the same output" cmp -s "$tmp/out" "$tmp/out.pch"
t "--no-prefilter: the reference run, nothing precompiled" \
	sh -c '! grep -q "precompiled\|shared headers" "$1"' - "$tmp/err"

# one worker: the first file that reads local.h finds out, the next that
# includes it does not try
"$wb" -B "$build" -j 1 --verbose >"$tmp/out" 2>"$tmp/err"
t "-j 1: the same output" cmp -s "$tmp/out" "$tmp/out.pch"
t "the first file that reads local.h is parsed again without the set" \
	test "$(grep -c 'parsed again without the shared headers: .*/fs/demo/local.h, which it reads, defines a name they test$' "$tmp/err")" = 1
t "the other one does not try it" \
	test "$(grep -c 'parsed without the shared headers: it includes .*/fs/demo/local.h, which defines a name they test$' "$tmp/err")" = 1

# a round of fewer files parses them one by one
rm "$build/fs/demo/.plain"[2345].o.cmd "$build/fs/demo/.third.o.cmd" \
	"$build/fs/demo/.later.o.cmd" "$build/fs/demo/.local2.o.cmd"
"$wb" -B "$build" -j 2 --verbose >"$tmp/out" 2>"$tmp/err"
t "fewer than eight files: nothing precompiled" \
	sh -c '! grep -q "precompiled\|shared headers" "$1"' - "$tmp/err"

echo "1..$n"
exit $fail

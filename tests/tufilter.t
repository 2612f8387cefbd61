#!/bin/sh
# The -B/-p prefilter (checker/tufilter.c): files whose text cannot
# matter are not parsed, and what is found is exactly what --no-prefilter
# finds.  A small kbuild-shaped tree is made here, each file a case.
cd "$(dirname "$0")/.." || exit 1
wb=${WBCHECK:-./wbcheck}
n=0
fail=0

# t DESCRIPTION COMMAND..., and the scratch directory: tests/lib.sh
. tests/lib.sh
wb_mktemp
tmp=$wb_tmp

src=$tmp/src
build=$tmp/build
mkdir -p "$src/include/linux" "$src/fs/demo" "$build/fs/demo"
ln -s "$src" "$build/source"

cat >"$src/include/linux/fs.h" <<'H'
struct inode;
struct iattr;
struct dentry { struct inode *d_inode; };
struct vfsmount;
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int mnt_get_write_access(struct vfsmount *mnt);
void mnt_put_write_access(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
int notify_change(struct dentry *dentry, struct iattr *attr);
/* a macro wrapper: its users must be parsed */
#define DEMO_UNLINK(dir, victim) vfs_unlink((dir)->dentry->d_inode, victim)
int demo_strip(struct dentry *dentry, struct iattr *attr);
void demo_touch(struct path *path);
int demo_want(struct path *path);
int demo_wantmid(struct path *path);
void inode_lock(struct inode *inode);
void inode_unlock(struct inode *inode);
int demo_trunc(struct dentry *dentry, struct iattr *attr);
/* a wrapper in a header: its callers are needed whatever else is parsed */
static inline int demo_inline_unlink(struct path *dir, struct dentry *d)
{
	return vfs_unlink(dir->dentry->d_inode, d);
}
H

# one .o.cmd per file, as kbuild writes them
cmd() {
	printf 'savedcmd_fs/demo/%s.o := gcc -nostdinc -I%s/include -D__KERNEL__ %s -c -o fs/demo/%s.o %s/fs/demo/%s.c\n' \
		"$1" "$src" "$2" "$1" "$src" "$1" >"$build/fs/demo/.$1.o.cmd"
}

# calls a guarded function directly: round 1
cat >"$src/fs/demo/direct.c" <<'C'
#include <linux/fs.h>

int demo_direct(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}
C
# a helper that needs the bracket, for callers in other files
cat >"$src/fs/demo/strip.c" <<'C'
#include <linux/fs.h>

int demo_strip(struct dentry *dentry, struct iattr *attr)
{
	return notify_change(dentry, attr);
}
C
# names no rule function, only the helper: round 2
cat >"$src/fs/demo/caller.c" <<'C'
#include <linux/fs.h>

int demo_caller(struct dentry *dentry, struct iattr *attr)
{
	return demo_strip(dentry, attr);
}
C
# takes write access alone and drops it itself, as touch_atime() does: an
# empty summary (a bracket that could nest would be a summary of its own)
cat >"$src/fs/demo/touch.c" <<'C'
#include <linux/fs.h>

void demo_touch(struct path *path)
{
	if (mnt_get_write_access(path->mnt))
		return;
	mnt_put_write_access(path->mnt);
}
C
# calls only demo_touch(), whose summary is empty: never parsed
cat >"$src/fs/demo/toucher.c" <<'C'
#include <linux/fs.h>

void demo_toucher(struct path *path)
{
	demo_touch(path);
}
C
# takes the bracket on its caller's mount and drops it: a summary that
# says so, not an empty one
cat >"$src/fs/demo/want.c" <<'C'
#include <linux/fs.h>

int demo_want(struct path *path)
{
	int err = mnt_want_write(path->mnt);

	if (!err)
		mnt_drop_write(path->mnt);
	return err;
}
C
# calls only demo_want(): parsed in round 2, for its caller below
cat >"$src/fs/demo/wantmid.c" <<'C'
#include <linux/fs.h>

int demo_wantmid(struct path *path)
{
	return demo_want(path);
}
C
# holds the bracket and calls demo_wantmid(), which takes it again
cat >"$src/fs/demo/wanter.c" <<'C'
#include <linux/fs.h>

int demo_wanter(struct path *path)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	err = demo_wantmid(path);
	mnt_drop_write(path->mnt);
	return err;
}
C
# names nothing that matters, and does not even parse
cat >"$src/fs/demo/nothing.c" <<'C'
#include <linux/fs.h>

/* vfs_unlink() is named in this comment only */
static const char *msg = "vfs_unlink(";
int demo_nothing(int x)
{
	return x +;
}
C
# the guarded call hides in a header macro
cat >"$src/fs/demo/macro.c" <<'C'
#include <linux/fs.h>

int demo_macro(struct path *dir, struct dentry *victim)
{
	return DEMO_UNLINK(dir, victim);
}
C
# a computed include: the index cannot follow it, so it is parsed
cat >"$src/fs/demo/computed.h" <<'H'
#include <linux/fs.h>
#define COMPUTED_UNLINK(dir, victim) vfs_unlink((dir)->dentry->d_inode, victim)
H
cat >"$src/fs/demo/computed.c" <<'C'
#include DEMO_HEADER

int demo_computed(struct path *dir, struct dentry *victim)
{
	return COMPUTED_UNLINK(dir, victim);
}
C
# "#include MACRO" with MACRO defined nowhere was left out by an #if
# (a Kconfig string option not set): nothing unknown, not parsed
cat >"$src/fs/demo/unset.c" <<'C'
#ifdef CONFIG_DEMO_CUSTOM_FILE
#include CONFIG_DEMO_CUSTOM_FILE
#endif

int demo_unset(int x)
{
	return x + 1;
}
C
# ... and with MACRO defined by a header it reads, it is parsed
cat >"$src/fs/demo/hdrset.h" <<'H'
#define DEMO_SET_HEADER "computed.h"
H
cat >"$src/fs/demo/hdrset.c" <<'C'
#include "hdrset.h"
#include DEMO_SET_HEADER

int demo_hdrset(struct path *dir, struct dentry *victim)
{
	return COMPUTED_UNLINK(dir, victim);
}
C
# pulls a .c file in: what that file names counts
cat >"$src/fs/demo/inner.inc.c" <<'C'
static int demo_inner(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}
C
cat >"$src/fs/demo/outer.c" <<'C'
#include <linux/fs.h>
#include "inner.inc.c"

int demo_outer(struct path *dir, struct dentry *victim)
{
	return demo_inner(dir, victim);
}
C
# a guarded call in the last of 200 headers that one header includes,
# and 50 deep: the walk reads them all (and its tables grow meanwhile)
mkdir -p "$src/include/chain"
i=1
while [ $i -lt 200 ]; do
	printf '#include <chain/h%d.h>\n' $i >>"$src/include/chain/h0.h"
	if [ $i -lt 50 ]; then
		printf '#include <chain/d%d.h>\n' $i >"$src/include/chain/d$((i - 1)).h"
	fi
	: >>"$src/include/chain/h$i.h"
	i=$((i + 1))
done
printf '#include <chain/d0.h>\n' >>"$src/include/chain/h0.h"
: >"$src/include/chain/d49.h"
printf '#define CHAIN_UNLINK(dir, victim) vfs_unlink((dir)->dentry->d_inode, victim)\n' \
	>"$src/include/chain/h199.h"
cat >"$src/fs/demo/chain.c" <<'C'
#include <linux/fs.h>
#include <chain/h0.h>

int demo_chain(struct path *dir, struct dentry *victim)
{
	return CHAIN_UNLINK(dir, victim);
}
C
# a helper under the inode lock that needs the write bracket: with both
# rule sets its summary is empty for dir-lock only, and its caller must
# still be parsed
cat >"$src/fs/demo/trunc.c" <<'C'
#include <linux/fs.h>

int demo_trunc(struct dentry *dentry, struct iattr *attr)
{
	int err;

	inode_lock(dentry->d_inode);
	err = notify_change(dentry, attr);
	inode_unlock(dentry->d_inode);
	return err;
}
C
cat >"$src/fs/demo/truncer.c" <<'C'
#include <linux/fs.h>

int demo_truncer(struct dentry *dentry, struct iattr *attr)
{
	return demo_trunc(dentry, attr);
}
C
# the kernel's tracepoint machinery: define_trace.h reads the trace header
# that included it once more, through a computed include; that is no
# unknown text, so a file that includes a trace header and names nothing
# is not parsed (it does not even compile), and one that uses a macro of
# the trace header is
mkdir -p "$src/include/trace/events"
cat >"$src/include/trace/define_trace.h" <<'H'
#ifdef CREATE_TRACE_POINTS
#undef CREATE_TRACE_POINTS
#define __stringify_1(x) #x
#define __stringify(x) __stringify_1(x)
#define TRACE_INCLUDE(system) __stringify(trace/events/system.h)
#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)
#endif
H
cat >"$src/include/trace/events/demo.h" <<'H'
#ifndef _TRACE_DEMO_H
#define _TRACE_DEMO_H
#define TRACED_UNLINK(dir, victim) vfs_unlink((dir)->dentry->d_inode, victim)
#endif
#define TRACE_INCLUDE_FILE demo
#include <trace/define_trace.h>
H
cat >"$src/fs/demo/traced.c" <<'C'
#include <linux/fs.h>
#include <trace/events/demo.h>

int demo_traced(void)
{
	return this is no C;
}
C
cat >"$src/fs/demo/tracecall.c" <<'C'
#include <linux/fs.h>
#define CREATE_TRACE_POINTS
#include <trace/events/demo.h>

int demo_tracecall(struct path *dir, struct dentry *victim)
{
	return TRACED_UNLINK(dir, victim);
}
C
# a struct path local read before it is filled, and no rule's function:
# the path-uninitialized check needs it parsed
cat >"$src/fs/demo/peek.c" <<'C'
#include <linux/fs.h>

int demo_show(struct dentry *d);
int demo_lookup(const char *name, struct path *path);

int demo_peek(const char *name)
{
	struct /* a comment between */ path path;
	int err = demo_show(path.dentry);

	return err ? err : demo_lookup(name, &path);
}
C
# a struct path local that the text shows filled before it is read
# (fillproof.c), and no rule's function: not parsed
cat >"$src/fs/demo/filled.c" <<'C'
#include <linux/fs.h>

int demo_show(struct dentry *d);
int demo_lookup(const char *name, struct path *path);

int demo_filled(const char *name)
{
	struct path path;
	int err = demo_lookup(name, &path);

	return err ? err : demo_show(path.dentry);
}
C
# the same, in a function whose name a header #defines in another
# configuration: the stub's text names no local, and the function's own
# body is no expansion of it (kernel/audit.h stubs audit_add_watch() so):
# not parsed
cat >"$src/include/linux/demo_stub.h" <<'H'
#ifdef DEMO_NO_STUBBED
#define demo_stubbed(name) (-22)
#endif
int demo_stubbed(const char *name);
H
cat >"$src/fs/demo/stubbed.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_stub.h>

int demo_show(struct dentry *d);
int demo_lookup(const char *name, struct path *path);

int demo_stubbed(const char *name)
{
	struct path path;
	int err = demo_lookup(name, &path);

	return err ? err : demo_show(path.dentry);
}
C
# filled first as far as the text shows, but a macro used before the
# fill reads the local: parsed, and found
cat >"$src/include/linux/demo_peek.h" <<'H'
int demo_show(struct dentry *d);
#define DEMO_PEEK_PATH() demo_show(path.dentry)
H
cat >"$src/fs/demo/macroread.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_peek.h>

int demo_lookup(const char *name, struct path *path);

int demo_macroread(const char *name)
{
	struct path path;
	int err = DEMO_PEEK_PATH();

	return err ? err : demo_lookup(name, &path);
}
C
# filled on one branch only: parsed, and found
cat >"$src/fs/demo/branch.c" <<'C'
#include <linux/fs.h>

int demo_show(struct dentry *d);
int demo_lookup(const char *name, struct path *path);

int demo_branch(const char *name, int x)
{
	struct path path;

	if (x)
		demo_lookup(name, &path);
	return demo_show(path.dentry);
}
C
# calls the header's wrapper: round 1, with the files that call a rule
cat >"$src/fs/demo/inline.c" <<'C'
#include <linux/fs.h>

int demo_inline(struct path *dir, struct dentry *victim)
{
	return demo_inline_unlink(dir, victim);
}
C
# only pointers to struct path, and no rule's function: not parsed
cat >"$src/fs/demo/pathptr.c" <<'C'
#include <linux/fs.h>

int demo_show(struct dentry *d);

int demo_pathptr(struct path *path)
{
	return demo_show(path->dentry);
}
C
# A header's wrapper that leads to a rule only through a file of a later
# round: late.c, parsed in round 1 for its bracket, is given
# demo_late_want() without its body, for demo_wantmid()'s file is not
# parsed yet; once it is, in round 2, the wrapper matters, and late.c, the
# one file that includes its header, is parsed again to lower it; that
# parse reads DEMO_LATE_SAME from the header text of round 1, rebuilt since
# (its macros were filed from it: under SANITIZE=1, ASan fails the run if
# that text was freed)
cat >"$src/include/linux/demo_late.h" <<'H'
#define DEMO_LATE_WANT(path) demo_wantmid(path)
#define DEMO_LATE_SAME(x) (x)
static inline int demo_late_same(int x)
{
	return DEMO_LATE_SAME(x);
}
static inline int demo_late_want(struct path *path)
{
	return path->mnt ? DEMO_LATE_WANT(path) : -1;
}
H
cat >"$src/fs/demo/late.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_late.h>

int demo_late(struct path *path)
{
	int err = mnt_want_write(path->mnt);

	if (err)
		return err;
	err = demo_late_want(path);
	mnt_drop_write(path->mnt);
	return demo_late_same(err);
}
C

# A header's macro invocations, each declaring names pasted from its first
# argument, as a tracepoint header's do.  invuser.c, parsed in round 1,
# goes without the two whose names it never names; DEMO_INV_OPS() stores
# a function calling demo_inv_mid() in a table, which makes it a root,
# but demo_inv_mid() leads to a rule only once invmid.c is parsed, in
# round 2.  Then invuser.c, the one file that includes the header, is
# parsed again with the invocation, and the root is the caller found.
cat >"$src/include/linux/demo_inv.h" <<'H'
int demo_inv_mid(struct dentry *dentry, struct iattr *attr);
struct demo_inv_ops {
	int (*go)(struct dentry *dentry, struct iattr *attr);
};
#define DEMO_INV_EVENT(key) static inline void trace_##key(struct path *path) { }
#define DEMO_INV_OPS(key, fn)						\
	static int key##_go(struct dentry *dentry, struct iattr *attr)	\
	{								\
		return fn(dentry, attr);				\
	}								\
	static const struct demo_inv_ops key##_ops = { .go = key##_go };
DEMO_INV_EVENT(demo_inv_named);
DEMO_INV_EVENT(demo_inv_unnamed);
DEMO_INV_OPS(demo_inv_late, demo_inv_mid);
H
cat >"$src/fs/demo/invmid.c" <<'C'
#include <linux/fs.h>

int demo_inv_strip(struct dentry *dentry, struct iattr *attr);

int demo_inv_mid(struct dentry *dentry, struct iattr *attr)
{
	return demo_inv_strip(dentry, attr);
}
C
cat >"$src/fs/demo/invstrip.c" <<'C'
#include <linux/fs.h>

int demo_inv_strip(struct dentry *dentry, struct iattr *attr)
{
	return notify_change(dentry, attr);
}
C
cat >"$src/fs/demo/invuser.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_inv.h>

int demo_invuser(struct path *dir, struct dentry *victim)
{
	int err = mnt_want_write(dir->mnt);

	if (err)
		return err;
	trace_demo_inv_named(dir);
	err = vfs_unlink(dir->dentry->d_inode, victim);
	mnt_drop_write(dir->mnt);
	return err;
}
C

# An ops table's file that names demo_want() only as a value it stores:
# demo_want() takes the bracket and gives it back, which matters where
# it is called, and no call is there (nothing runs in a file-scope
# initialiser).  Not parsed
cat >"$src/fs/demo/ops.c" <<'C'
#include <linux/fs.h>

struct demo_ops {
	int (*unlocked_ioctl)(struct path *path);
};

const struct demo_ops demo_file_ops = {
	.unlocked_ioctl = demo_want,
};
C
# ... the same for demo_strip(), which needs its caller's bracket: the
# stored address makes it a root, so the file is parsed
cat >"$src/fs/demo/opsneed.c" <<'C'
#include <linux/fs.h>

struct demo_attr_ops {
	int (*setattr)(struct dentry *dentry, struct iattr *attr);
};

const struct demo_attr_ops demo_attr_ops = {
	.setattr = demo_strip,
};
C
# ... and a file whose braces an #if unbalances as written, where
# demo_want is named in a body that reads as file scope: every name in
# it counts as called, and it is parsed
cat >"$src/fs/demo/opsbrace.c" <<'C'
#include <linux/fs.h>

typedef int (*demo_fn)(struct path *path);

int demo_opsbrace(struct path *path)
{
	demo_fn fn;

#ifdef DEMO_NEVER
	return 0;
}

int demo_opsbrace_old(struct path *path)
{
	demo_fn fn;

	if (!path)
		return 0;
	}
#endif
	fn = demo_want;
	return fn(path);
}
C

# A header's stub for the configuration without hooks calls a guarded
# function; privdef.c, built with the hooks, defines the function outside
# every #if, so its calls mean its own definition (C allows one in a TU):
# not parsed.  privif.c defines it under an #if and privhead.c with an
# #if inside its head: either may mean the stub, and the stub's call is
# found in both
cat >"$src/include/linux/demo_priv.h" <<'H'
#ifdef DEMO_PRIV_HOOKS
int demo_kill_priv(struct path *path);
#else
static inline int demo_kill_priv(struct path *path)
{
	return vfs_unlink(path->dentry->d_inode, path->dentry);
}
#endif
H
cat >"$src/fs/demo/privdef.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_priv.h>

int demo_kill_priv(struct path *path)
{
	return path->mnt != 0;
}

int demo_priv_user(struct path *path)
{
	return demo_kill_priv(path);
}
C
cat >"$src/fs/demo/privif.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_priv.h>

#ifdef DEMO_PRIV_HOOKS
int demo_kill_priv(struct path *path)
{
	return 0;
}
#endif

int demo_priv_if(struct path *path)
{
	return demo_kill_priv(path);
}
C
cat >"$src/fs/demo/privhead.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_priv.h>

#ifdef DEMO_PRIV_HOOKS
int demo_kill_priv(struct path *path)
#else
int demo_kill_priv_old(struct path *path)
#endif
{
	return 0;
}

int demo_priv_head(struct path *path)
{
	return demo_kill_priv(path);
}
C

for f in direct strip caller touch toucher want wantmid wanter nothing macro outer chain traced tracecall trunc truncer peek pathptr filled stubbed macroread branch inline late invuser invmid invstrip unset hdrset ops opsneed opsbrace privif privhead; do
	cmd "$f" ""
done
cmd privdef -DDEMO_PRIV_HOOKS
cmd computed "-DDEMO_HEADER='\"computed.h\"'"

"$wb" -B "$build" -j 2 >"$tmp/out" 2>"$tmp/err"
rc=$?
cp "$tmp/out" "$tmp/out.pf"
cp "$tmp/err" "$tmp/err.pf"
t "-B with the prefilter exits 0 (the broken file is not parsed)" test "$rc" = 0
t "it says how many files it did not parse" \
	grep -q '^wbcheck: 9 of 36 files cannot matter to the rules; not parsed' "$tmp/err"
t "the file naming nothing is not parsed (its syntax error is not reported)" \
	sh -c '! grep -q "nothing.c" "$1"' - "$tmp/err"
t "a file that includes a trace header and names nothing is not parsed" \
	sh -c '! grep -q "traced.c" "$1"' - "$tmp/err"
t "a macro of a trace header (which define_trace.h reads again) is found" \
	grep -q '^fs/demo/tracecall.c:7:.*\[missing-write-bracket\]' "$tmp/out"
t "the computed include is parsed: the call in its macro is found" \
	grep -q '^fs/demo/computed.c:5:.*\[missing-write-bracket\]' "$tmp/out"
t "an include of a macro a header defines is parsed: the call in its macro is found" \
	grep -q '^fs/demo/hdrset.c:6:.*\[missing-write-bracket\]' "$tmp/out"
t "direct call found" grep -q '^fs/demo/direct.c:5:.*\[missing-write-bracket\]' "$tmp/out"
# No caller brackets these helpers: each finding is inside the helper
# (docs/checks.md, "Where a finding is placed"), and names the caller,
# which is there only when the caller's file was parsed.
t "helper in another file: its caller is parsed and named" \
	grep -q '^fs/demo/caller.c:5:.*note: demo_strip() is called here from demo_caller()' "$tmp/out"
t "guarded call in a header macro found" \
	grep -q '^fs/demo/macro.c:5:.*\[missing-write-bracket\]' "$tmp/out"
t "guarded call in the last of 250 headers found" \
	grep -q '^fs/demo/chain.c:6:.*\[missing-write-bracket\]' "$tmp/out"
t "guarded call in an included .c file found, its caller named" \
	grep -q '^fs/demo/outer.c:6:.*note: demo_inner() is called here from demo_outer()' "$tmp/out"
t "a struct path read before it is filled is found (the file names no rule)" \
	grep -q '^fs/demo/peek.c:9:.*\[path-uninitialized\]' "$tmp/out"
t "a struct path a macro reads before the fill is found (the file is parsed)" \
	grep -q '^fs/demo/macroread.c:9:.*\[path-uninitialized\]' "$tmp/out"
t "a struct path filled on one branch only is found (the file is parsed)" \
	grep -q '^fs/demo/branch.c:12:.*\[path-uninitialized\]' "$tmp/out"
t "a call of a header's wrapper of a guarded call is found" \
	grep -q '^fs/demo/inline.c:5:.*note: demo_inline_unlink() is called here from demo_inline()' "$tmp/out"
t "a helper whose callee takes the bracket again is parsed: the nesting is found" \
	grep -q '^fs/demo/wanter.c:9:.*\[write-bracket-nested\]' "$tmp/out"
t "a header's wrapper that matters only after a later round is lowered: the nesting through it is found" \
	grep -q '^fs/demo/late.c:10:.*demo_late_want() takes a write bracket .*\[write-bracket-nested\]' "$tmp/out"

t "a header's stub is found where a file that may mean it calls it (#if around the definition)" \
	grep -q '^fs/demo/privif.c:13:.*note: demo_kill_priv() is called here from demo_priv_if()' "$tmp/out"
t "... and with an #if inside the definition's head" \
	grep -q '^fs/demo/privhead.c:15:.*note: demo_kill_priv() is called here from demo_priv_head()' "$tmp/out"

"$wb" -B "$build" -j 2 --no-prefilter >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--no-prefilter exits 2 (a file does not parse)" test "$rc" = 2
t "--no-prefilter parses every file (the syntax error is reported)" \
	grep -q 'nothing.c.*error' "$tmp/err"
t "... the trace header's includer too" grep -q 'traced.c.*error' "$tmp/err"
t "--no-prefilter finds exactly the same" cmp -s "$tmp/out" "$tmp/out.pf"

"$wb" -B "$build" -j 1 >"$tmp/out" 2>"$tmp/err"
t "-j1 finds exactly the same as -j2" cmp -s "$tmp/out" "$tmp/out.pf"

"$wb" -B "$build" -j 2 --verbose >"$tmp/out" 2>"$tmp/err"
t "--verbose: the same findings" cmp -s "$tmp/out" "$tmp/out.pf"
t "--verbose: names the 27 files parsed, relative to the tree" \
	test "$(grep -c '^wbcheck: parsing fs/demo/[a-z]*\.c (round [0-9]*, for [^)]*)$' "$tmp/err")" = 27
t "--verbose: a file parsed without a header body that matters after a later round is parsed again" \
	grep -q '^wbcheck: parsing fs/demo/late.c (round 2, again: demo_late_want() matters now and it was parsed without its body)$' "$tmp/err"
t "--verbose: so is one parsed without a macro invocation that matters after a later round" \
	grep -q '^wbcheck: parsing fs/demo/invuser.c (round 2, again: an invocation of DEMO_INV_OPS() matters now and it was parsed without it)$' "$tmp/err"
t "--verbose: no other file is parsed again" \
	test "$(grep -c 'again:' "$tmp/err")" = 2
t "--verbose: a file calling a rule's function is in round 1, for that function" \
	grep -q '^wbcheck: parsing fs/demo/direct.c (round 1, for vfs_unlink)$' "$tmp/err"
t "--verbose: a caller of another file's helper comes in a later round, for the helper" \
	grep -q '^wbcheck: parsing fs/demo/caller.c (round [2-9], for demo_strip)$' "$tmp/err"
t "--verbose: a caller of a helper that takes the bracket itself comes in a later round" \
	grep -q '^wbcheck: parsing fs/demo/wantmid.c (round [2-9], for demo_want)$' "$tmp/err"
t "--verbose: a file with an #include of a macro it cannot resolve is in round 1, and says so" \
	grep -q '^wbcheck: parsing fs/demo/computed.c (round 1, for an #include of a macro it cannot resolve)$' "$tmp/err"
t "--verbose: a file that cannot matter is not named" \
	sh -c '! grep -q "parsing fs/demo/nothing.c" "$1"' - "$tmp/err"
t "--verbose: a file with only pointers to struct path is not parsed" \
	sh -c '! grep -q "parsing fs/demo/pathptr.c" "$1"' - "$tmp/err"
t "--verbose: the struct path local makes its file round 1" \
	grep -q '^wbcheck: parsing fs/demo/peek.c (round 1, for a struct path local not shown filled)$' "$tmp/err"
t "--verbose: a file whose struct path local is filled before any read is not parsed" \
	sh -c '! grep -q "parsing fs/demo/filled.c" "$1"' - "$tmp/err"
t "--verbose: nor is one whose function's name is a macro's elsewhere, a stub naming no local" \
	sh -c '! grep -q "parsing fs/demo/stubbed.c" "$1"' - "$tmp/err"
t "--verbose: a file whose struct path local a macro reads before the fill is parsed" \
	grep -q '^wbcheck: parsing fs/demo/macroread.c (round 1, for a struct path local not shown filled)$' "$tmp/err"
t "--verbose: an include of a macro defined nowhere (an #if left it out) does not make its file parsed" \
	sh -c '! grep -q "parsing fs/demo/unset.c" "$1"' - "$tmp/err"
t "--verbose: a caller of a header's wrapper is in round 1 (needed whatever is parsed)" \
	grep -q '^wbcheck: parsing fs/demo/inline.c (round 1, for demo_inline_unlink)$' "$tmp/err"
t "--verbose: an ops table storing a function that only takes and gives back is not parsed" \
	sh -c '! grep -q "parsing fs/demo/ops.c" "$1"' - "$tmp/err"
t "--verbose: an ops table storing a function that needs the bracket is parsed" \
	grep -q '^wbcheck: parsing fs/demo/opsneed.c (round [2-9], for demo_strip)$' "$tmp/err"
t "--verbose: a file whose braces an #if unbalances is read as calling what it names" \
	grep -q '^wbcheck: parsing fs/demo/opsbrace.c (round [2-9], for demo_want)$' "$tmp/err"
t "--verbose: a file that defines a header stub's name outside every #if is not parsed for it" \
	sh -c '! grep -q "parsing fs/demo/privdef.c" "$1"' - "$tmp/err"
t "--verbose: one that defines it under an #if is parsed" \
	grep -q '^wbcheck: parsing fs/demo/privif.c (round 1, for demo_kill_priv)$' "$tmp/err"
t "--verbose: one with an #if inside the definition's head is parsed" \
	grep -q '^wbcheck: parsing fs/demo/privhead.c (round 1, for demo_kill_priv)$' "$tmp/err"
"$wb" -B "$build" -j 2 --verbose --no-prefilter >"$tmp/out" 2>"$tmp/err"
t "--verbose --no-prefilter: all 36 files, no rounds" \
	test "$(grep -c '^wbcheck: parsing fs/demo/[a-z]*\.c$' "$tmp/err")" = 36

"$wb" -B "$build" -j 2 fs/demo/toucher.c fs/demo/nothing.c >"$tmp/out" 2>"$tmp/err"
rc=$?
t "paths that all cannot matter: exit 0, no output" \
	sh -c 'test "$1" = 0 && ! test -s "$2"' - "$rc" "$tmp/out"
t "... and said so" grep -q '^wbcheck: 2 of 2 files cannot matter' "$tmp/err"

both="--rules=rules/wbcheck.rules --rules=rules/dir-lock.rules"
"$wb" $both -B "$build" -j 2 >"$tmp/out.both" 2>"$tmp/err"
t "both rule sets: the caller of a helper whose dir-lock summary is empty is parsed" \
	grep -q '^fs/demo/truncer.c:5:.*note: demo_trunc() is called here from demo_truncer()' "$tmp/out.both"
"$wb" $both -B "$build" -j 2 --no-prefilter >"$tmp/out" 2>"$tmp/err"
t "both rule sets: --no-prefilter finds exactly the same" cmp -s "$tmp/out" "$tmp/out.both"

echo "1..$n"
exit $fail

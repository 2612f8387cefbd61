#!/bin/sh
# The prefilter knows linkage (checker/prefilter/name_graph.c,
# docs/design/prefilter.md "Linkage"): a static function's name leads
# only within its own file, a header's function or macro only into the
# files that include the header, a function with external linkage
# anywhere.  A kbuild-shaped tree made here: two files define a static
# handle(), one of which needs the bracket; the other, and a file that
# only names a member called handle, must not be parsed.  What is found
# is exactly what --no-prefilter finds.
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
mkdir -p "$src/include/linux" "$src/fs/demo" "$src/drivers/other" \
	"$build/fs/demo" "$build/drivers/other"
ln -s "$src" "$build/source"

cat >"$src/include/linux/fs.h" <<'H'
struct inode;
struct iattr;
struct dentry { struct inode *d_inode; };
struct vfsmount;
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
int notify_change(struct dentry *dentry, struct iattr *attr);
int demo_helper(struct dentry *dentry, struct iattr *attr);
int demo_dev(struct path *dir, struct dentry *victim);
int demo_ctx(struct path *dir, struct dentry *victim);
H
# a header's static inline and macro: they lead into their includers only
cat >"$src/include/linux/demo_wrap.h" <<'H'
static inline int demo_wrap(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}
#define DEMO_RM(dir, victim) vfs_unlink((dir)->dentry->d_inode, victim)
H
# a macro that calls whatever handler() the file that expands it has
cat >"$src/include/linux/demo_call.h" <<'H'
#define CALL_HANDLER(dir, victim) handler(dir, victim)
H

cmd() {
	printf 'savedcmd_%s.o := gcc -nostdinc -I%s/include -D__KERNEL__ -c -o %s.o %s/%s.c\n' \
		"$1" "$src" "$1" "$src" "$1" >"$build/$(dirname "$1")/.$(basename "$1").o.cmd"
}

# a static handle() that needs the bracket
cat >"$src/fs/demo/dev.c" <<'C'
#include <linux/fs.h>

static int handle(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}

int demo_dev(struct path *dir, struct dentry *victim)
{
	return handle(dir, victim);
}
C
# another static handle(), which has nothing to do with it
cat >"$src/drivers/other/same.c" <<'C'
#include <linux/fs.h>

static int handle(int x)
{
	return x * 2;
}

int other_same(int x)
{
	return handle(x);
}
C
# a member called handle
cat >"$src/drivers/other/member.c" <<'C'
struct thing { int handle; };

int other_member(struct thing *t)
{
	return t->handle;
}
C
# a helper with external linkage that needs the bracket, and its caller
# in another directory: the name leads across files
cat >"$src/fs/demo/helper.c" <<'C'
#include <linux/fs.h>

int demo_helper(struct dentry *dentry, struct iattr *attr)
{
	return notify_change(dentry, attr);
}
C
cat >"$src/drivers/other/user.c" <<'C'
#include <linux/fs.h>

int other_user(struct dentry *dentry, struct iattr *attr)
{
	return demo_helper(dentry, attr);
}
C
# calls demo_dev(), whose static handle() needs the bracket
cat >"$src/drivers/other/devuser.c" <<'C'
#include <linux/fs.h>

int other_devuser(struct path *dir, struct dentry *victim)
{
	return demo_dev(dir, victim);
}
C
# includes the header: its inline and macro lead here
cat >"$src/drivers/other/wrapuse.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_wrap.h>

int other_wrapuse(struct path *dir, struct dentry *victim)
{
	return demo_wrap(dir, victim) + DEMO_RM(dir, victim);
}
C
# does not include it, and has a function and a macro of the same names
cat >"$src/drivers/other/ownwrap.c" <<'C'
#include <linux/fs.h>

#define DEMO_RM(x) ((x) + 1)

static int demo_wrap(int x)
{
	return x - 1;
}

int other_ownwrap(int x)
{
	return demo_wrap(DEMO_RM(x));
}
C
# a header macro that calls this file's static handler(), which needs
# the bracket: demo_ctx() needs it too, and its callers must be parsed
cat >"$src/fs/demo/ctx.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_call.h>

static int handler(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}

int demo_ctx(struct path *dir, struct dentry *victim)
{
	return CALL_HANDLER(dir, victim);
}
C
# one caller holds the bracket, the other does not: the finding is at
# the one that does not, in a file that names no rule's function
cat >"$src/fs/demo/ctxhold.c" <<'C'
#include <linux/fs.h>

int demo_ctxhold(struct path *dir, struct dentry *victim)
{
	int err = mnt_want_write(dir->mnt);

	if (err)
		return err;
	err = demo_ctx(dir, victim);
	mnt_drop_write(dir->mnt);
	return err;
}
C
cat >"$src/drivers/other/ctxuse.c" <<'C'
#include <linux/fs.h>

int other_ctxuse(struct path *dir, struct dentry *victim)
{
	return demo_ctx(dir, victim);
}
C
# the same macro, expanded where handler() has nothing to do with it
cat >"$src/drivers/other/ctxown.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_call.h>

static int handler(struct path *dir, struct dentry *victim)
{
	return dir->dentry == victim;
}

int other_ctxown(struct path *dir, struct dentry *victim)
{
	return CALL_HANDLER(dir, victim);
}
C
# an #if branch and its #else close a brace each: the braces counted in
# both end the body early, and what follows looks like a definition of
# "if" that calls notify_change(); no definition is called "if", or
# every body of the tree would name one
cat >"$src/fs/demo/branches.c" <<'C'
#include <linux/fs.h>

int demo_branches(struct dentry *dentry, struct iattr *attr, int opt)
{
	int err = 0;

	if (opt & 1) {
		err = 1;
#ifdef DEMO_TWO
	} else if (opt & 2) {
		err = 2;
	} else {
		err = 3;
	}
#else
	} else if (opt & 2)
		err = 2;
#endif
	if (opt & 4) {
		err = notify_change(dentry, attr);
	}
	return err;
}
C
# an initcall-like macro invoked with no ";" after it (module_init(fn)
# in older trees), then a function that needs the bracket: that function
# is demo_after_init(), not demo_init(), so a file that only invokes the
# macro is not parsed and a caller of demo_after_init() is
cat >"$src/include/linux/demo_init.h" <<'H'
#define demo_init(fn) int demo_init_entry(void) __attribute__((alias(#fn)));
int demo_after_init(struct path *dir, struct dentry *victim);
H
cat >"$src/fs/demo/noinit.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_init.h>

static int demo_setup(void)
{
	return 0;
}
demo_init(demo_setup)

int demo_after_init(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}
C
cat >"$src/drivers/other/initonly.c" <<'C'
#include <linux/demo_init.h>

static int other_setup(void)
{
	return 0;
}
demo_init(other_setup)
C
cat >"$src/drivers/other/aftercaller.c" <<'C'
#include <linux/fs.h>
#include <linux/demo_init.h>

int other_after(struct path *dir, struct dentry *victim)
{
	return demo_after_init(dir, victim);
}
C
cat >"$src/drivers/other/plain.c" <<'C'
int other_plain(int x)
{
	if (x)
		return 1;
	return 0;
}
C
for f in fs/demo/dev fs/demo/helper fs/demo/ctx fs/demo/ctxhold drivers/other/same \
	 drivers/other/member drivers/other/user drivers/other/devuser \
	 drivers/other/wrapuse drivers/other/ownwrap drivers/other/ctxuse \
	 drivers/other/ctxown fs/demo/branches drivers/other/plain \
	 fs/demo/noinit drivers/other/initonly drivers/other/aftercaller; do
	cmd "$f"
done

"$wb" -B "$build" -j 2 --verbose >"$tmp/out" 2>"$tmp/err"
rc=$?
t "-B with the prefilter exits 0" test "$rc" = 0
parsed() {
	grep -q "^wbcheck: parsing $1 (round [0-9]*, for [^)]*)\$" "$tmp/err"
}
not_parsed() {
	! grep -q "^wbcheck: parsing $1 " "$tmp/err"
}
t "the file whose static handle() needs the bracket is parsed" \
	parsed fs/demo/dev.c
t "another file's static handle() does not pull its file in" \
	not_parsed drivers/other/same.c
t "a member called handle does not pull its file in" \
	not_parsed drivers/other/member.c
t "a function with external linkage leads to its callers in other files" \
	parsed drivers/other/user.c
t "... and the caller of a function whose static callee needs the bracket" \
	parsed drivers/other/devuser.c
t "a header's inline and macro lead into a file that includes the header" \
	parsed drivers/other/wrapuse.c
t "a function and a macro of the same names, in a file that does not include it, do not" \
	not_parsed drivers/other/ownwrap.c
t "a header macro calling a file's static function: that file's callers are parsed" \
	parsed drivers/other/ctxuse.c
t "the same macro calling another file's static function does not pull it in" \
	not_parsed drivers/other/ctxown.c
t "a file whose if statements are all it names is not parsed" \
	not_parsed drivers/other/plain.c
t "a macro invoked with no \";\" does not take the name of the function after it" \
	not_parsed drivers/other/initonly.c
t "... which its callers are parsed for" \
	grep -q '^wbcheck: parsing drivers/other/aftercaller.c (round [2-9], for demo_after_init)$' "$tmp/err"
t "it says how many files it did not parse" \
	grep -q '^wbcheck: 6 of 17 files cannot matter to the rules; not parsed' "$tmp/err"
t "the static handle()'s finding names its caller" \
	grep -q '^fs/demo/dev.c:10:.*note: handle() is called here from demo_dev()' "$tmp/out"
t "the helper's finding names its caller in another directory" \
	grep -q '^drivers/other/user.c:5:.*note: demo_helper() is called here from other_user()' "$tmp/out"
t "demo_ctx(), whose static callee needs the bracket, is found at the caller that does not hold it" \
	grep -q '^drivers/other/ctxuse.c:5:.*demo_ctx' "$tmp/out"
t "demo_after_init()'s finding names its caller in another directory" \
	grep -q '^drivers/other/aftercaller.c:6:.*note: demo_after_init() is called here from other_after()' "$tmp/out"
cp "$tmp/out" "$tmp/out.pf"

"$wb" -B "$build" -j 2 --no-prefilter >"$tmp/out" 2>"$tmp/err"
t "--no-prefilter finds exactly the same" cmp -s "$tmp/out" "$tmp/out.pf"

# where the time and memory go: WBCHECK_STATS (docs/running.md)
WBCHECK_STATS=1 "$wb" -B "$build" -j 2 >"$tmp/out" 2>"$tmp/err"
t "WBCHECK_STATS: the same findings" cmp -s "$tmp/out" "$tmp/out.pf"
t "WBCHECK_STATS: what the index holds" \
	grep -q '^wbcheck: stats: index: 17 TUs, [0-9]* files read' "$tmp/err"
t "WBCHECK_STATS: a line per phase, with its time and peak" \
	grep -q '^wbcheck: stats: round 1: parse of [0-9]* files: [0-9.]* s, peak [0-9]* MB, [0-9]* MB at its end$' "$tmp/err"
t "WBCHECK_STATS: the last line gives the run's largest peak" \
	sh -c 'tail -n 1 "$1" | grep -q "^wbcheck: stats: all phases: [0-9.]* s, peak [0-9]* MB$"' - "$tmp/err"
# one line per file parsed, as many as --verbose names
t "WBCHECK_STATS: a line per file parsed, with its seconds" \
	grep -q '^wbcheck: stats: parsed [^ ]*\.c: [0-9]*\.[0-9]* s$' "$tmp/err"
WBCHECK_STATS=1 "$wb" -B "$build" -j 2 --verbose >"$tmp/out" 2>"$tmp/err.v"
t "WBCHECK_STATS: the files parsed are those --verbose names" \
	sh -c '[ "$(grep -c "^wbcheck: parsing " "$1")" = "$(grep -c "^wbcheck: stats: parsed " "$1")" ] && grep -q "^wbcheck: parsing " "$1"' - "$tmp/err.v"
WBCHECK_STATS=2 "$wb" -B "$build" -j 2 >"$tmp/out" 2>"$tmp/err.2"
t "WBCHECK_STATS=2: the same findings" cmp -s "$tmp/out" "$tmp/out.pf"
t "WBCHECK_STATS=2: what malloc holds allocated at the end of each phase" \
	grep -q '^wbcheck: stats: round 1: parse of [0-9]* files: [0-9.]* s, peak [0-9]* MB, [0-9]* MB at its end ([0-9]* MB allocated)$' "$tmp/err.2"
t "WBCHECK_STATS=1: not that" sh -c '! grep -q "allocated" "$1"' - "$tmp/err"
"$wb" -B "$build" -j 2 >"$tmp/out" 2>"$tmp/err"
t "without it, no stats" sh -c '! grep -q "stats" "$1"' - "$tmp/err"

echo "1..$n"
exit $fail

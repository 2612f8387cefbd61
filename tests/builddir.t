#!/bin/sh
# wbcheck -B BUILD and -p DIR on a small kbuild-shaped tree made here:
# command lines come from .o.cmd files (savedcmd_, shell quoting, a
# trailing "; objtool" step) or compile_commands.json, names print
# relative to the source tree, and unbuilt sources are named as skipped.
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
struct dentry { struct inode *d_inode; };
struct vfsmount;
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
H
cat >"$src/fs/demo/built.c" <<'C'
#include <linux/fs.h>

/* KBUILD_MODNAME must arrive as a string: the quoting survived. */
static const char modname[] = KBUILD_MODNAME;

int demo_unlink(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}

int demo_unlink_ok(struct path *dir, struct dentry *victim)
{
	int err = mnt_want_write(dir->mnt);

	if (err)
		return err;
	err = vfs_unlink(dir->dentry->d_inode, victim);
	mnt_drop_write(dir->mnt);
	return err;
}
C
cp "$src/fs/demo/built.c" "$src/fs/demo/unbuilt.c"

flags="-Wp,-MMD,fs/demo/.built.o.d -nostdinc -I$src/include -I./include -D__KERNEL__ -Werror -fconserve-stack -mindirect-branch=thunk-extern -DKBUILD_MODNAME='\"demo\"'"
printf 'savedcmd_fs/demo/built.o := gcc %s -c -o fs/demo/built.o %s/fs/demo/built.c ; ./tools/objtool/objtool --hacks=jump_label fs/demo/built.o\n\nsource_fs/demo/built.o := %s/fs/demo/built.c\n' \
	"$flags" "$src" "$src" >"$build/fs/demo/.built.o.cmd"
cat >"$build/compile_commands.json" <<J
[
  {
    "directory": "$build",
    "file": "$src/fs/demo/built.c",
    "arguments": ["gcc", "-nostdinc", "-I$src/include", "-D__KERNEL__",
		  "-DKBUILD_MODNAME=\"demo\"", "-c", "-o", "fs/demo/built.o",
		  "$src/fs/demo/built.c"]
  }
]
J

"$wb" -B "$build" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "-B: exit 0" [ "$rc" = 0 ]
t "-B: the unbracketed call, named relative to the tree" \
	grep -q '^fs/demo/built.c:8:9: warning: vfs_unlink() .*\[missing-write-bracket\]$' "$tmp/out"
t "-B: one finding only" [ "$(grep -c ': warning: ' "$tmp/out")" = 1 ]
t "-B: the unbuilt source is named as skipped" \
	grep -q 'skipped fs/demo/unbuilt.c' "$tmp/err"
t "-B: and counted" grep -q '1 source file skipped' "$tmp/err"
t "-B: no parse error (quoting kept, gcc-only flags gone)" \
	sh -c '! grep -q "error" "$1"' sh "$tmp/err"
cp "$tmp/out" "$tmp/b.out"

# A whole tree leaves out tens of thousands of sources: eight are named,
# the rest counted; --verbose names them all.
mkdir -p "$src/drivers/many"
for i in 1 2 3 4 5 6 7 8 9 10; do
	: >"$src/drivers/many/u$i.c"
done
"$wb" -B "$build" >/dev/null 2>"$tmp/err"
t "-B: many unbuilt sources: eight named" \
	[ "$(grep -c '^wbcheck: skipped ' "$tmp/err")" = 8 ]
t "-B: many unbuilt sources: the rest counted" \
	grep -q '^wbcheck: 11 source files skipped (3 more not named; --verbose names them)$' "$tmp/err"
"$wb" -B "$build" --verbose >/dev/null 2>"$tmp/err"
t "-B --verbose: every unbuilt source named" \
	[ "$(grep -c '^wbcheck: skipped ' "$tmp/err")" = 11 ]
rm -r "$src/drivers/many"

# objtool's .cmd files name their sources relative to its own directory:
# not there from the build directory, so left out with one line, never
# a parse error (47 of them in a full 6.12 build).
mkdir -p "$build/tools/objtool"
printf 'savedcmd_check.o := gcc -O2 -c -o check.o check.c\n' \
	>"$build/tools/objtool/.check.o.cmd"
"$wb" -B "$build" --no-prefilter >/dev/null 2>"$tmp/err"
rc=$?
t "-B: a command line whose source is not there: exit 0" [ "$rc" = 0 ]
t "-B: ... left out with one line naming it" \
	grep -q "command line names a source that is not there (.*check.c): left out" "$tmp/err"
t "-B: ... and not parsed" sh -c '! grep -q "did not parse" "$1"' sh "$tmp/err"
"$wb" -B "$build" --print-flags >"$tmp/out" 2>/dev/null
t "-B --print-flags: ... not listed" sh -c '! grep -q "check.c" "$1"' sh "$tmp/out"
rm -r "$build/tools"

"$wb" -B "$build" fs/demo/built.c >"$tmp/out" 2>"$tmp/err"
t "-B with a path: same findings" cmp -s "$tmp/b.out" "$tmp/out"
"$wb" -B "$build" fs/other >"$tmp/out" 2>"$tmp/err"
rc=$?
t "-B with a path that matches nothing: exit 2" [ "$rc" = 2 ]
# Paths as typed: from the build directory, relative to it, with ..,
# through a symlink: the same file, the same findings.
ln -s "$src" "$tmp/srclink"
wbabs=$(cd "$(dirname "$wb")" && pwd)/$(basename "$wb")
for spelling in ../src/fs/demo ../src/fs/../fs/demo/ "$tmp/srclink/fs/demo" ./../src/fs/demo/built.c; do
	(cd "$build" && "$wbabs" -B . "$spelling") >"$tmp/out" 2>"$tmp/err"
	t "-B . $spelling (from the build directory): same findings" \
		cmp -s "$tmp/b.out" "$tmp/out"
done

"$wb" -p "$build" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "-p: exit 0" [ "$rc" = 0 ]
t "-p: the same findings as -B" cmp -s "$tmp/b.out" "$tmp/out"
"$wb" -p "$tmp/nowhere" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "-p without compile_commands.json: exit 2" [ "$rc" = 2 ]

# As kbuild's CHECK: sparse's flags first, then the compiler's; neither
# a finding nor a parse error may stop the build.
(cd "$build" && eval "\"\$OLDPWD/$wb\" --arch=x86 -mlittle-endian -m64 -Wbitwise -D__CHECKER_DEMO__ --error-exitcode=1 $flags $src/fs/demo/built.c") \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
t "CHECK mode: exit 0 despite a finding" [ "$rc" = 0 ]
t "CHECK mode: the finding is printed, on stderr as sparse's" grep -q 'warning: vfs_unlink()' "$tmp/err"
t "CHECK mode: nothing on stdout (make -s sends it to /dev/null)" [ ! -s "$tmp/out" ]
t "CHECK mode: no notes about kbuild's flags" sh -c '! grep -q "dropping" "$1"' sh "$tmp/err"

# --db: per-file runs, written at once as under make -j, add up to the
# whole program: --report gives what one run over all the files gives.
db=$tmp/summaries.db
for f in kernel-samples/2008/*.c; do
	"$wb" --db="$db" -I kernel-samples/include/2008 "$f" >/dev/null 2>>"$tmp/dberr" &
done
wait
"$wb" --db="$db" --report >"$tmp/out" 2>"$tmp/err"
rc=$?
"$wb" -I kernel-samples/include/2008 kernel-samples/2008/*.c >"$tmp/all.out" 2>/dev/null
t "--db: concurrent writers, no error" [ ! -s "$tmp/dberr" ]
t "--report: exit 0" [ "$rc" = 0 ]
t "--report: the findings of one run over all the files" cmp -s "$tmp/all.out" "$tmp/out"
"$wb" --db="$db" -I kernel-samples/include/2008 kernel-samples/2008/stackfs.c >/dev/null 2>&1
"$wb" --db="$db" --report >"$tmp/out2" 2>/dev/null
t "--db: storing a file again replaces it" cmp -s "$tmp/all.out" "$tmp/out2"
printf 'not a database' >"$tmp/junk.db"
"$wb" --db="$tmp/junk.db" --report >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--report on a file that is no database: exit 2" [ "$rc" = 2 ]
t "--report on a file that is no database: named" grep -q junk.db "$tmp/err"
"$wb" --report >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--report without --db: exit 2" [ "$rc" = 2 ]

echo "1..$n"
exit $fail

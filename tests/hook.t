#!/bin/sh
# contrib/pre-commit installed in a throwaway repository shaped like a
# kernel tree: a commit with a finding is blocked (and told how to
# bypass), a fixed one passes, the flag sources are found in the order
# the hook documents, and a broken setup warns without blocking.
cd "$(dirname "$0")/.." || exit 1
here=$(pwd)
wb=${WBCHECK:-./wbcheck}
wb=$(cd "$(dirname "$wb")" && pwd)/$(basename "$wb")
n=0
fail=0

# t DESCRIPTION COMMAND..., and the scratch directory: tests/lib.sh
. tests/lib.sh
wb_mktemp
tmp=$wb_tmp

wb_require git
unset GIT_DIR GIT_INDEX_FILE GIT_WORK_TREE GIT_PREFIX WBCHECK_BUILD WBCHECK_OPTS WBCHECK_STRICT
export HOME="$tmp" GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t \
	GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t WBCHECK="$wb"

# A tree --kernel-tree accepts, whose C files need none of its headers.
tree=$tmp/linux
mkdir -p "$tree/include/linux" "$tree/arch/x86/include/asm" "$tree/fs/demo"
printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 0\n' >"$tree/Makefile"
cat >"$tree/fs/demo/decls.h" <<'H'
struct inode;
struct dentry { struct inode *d_inode; };
struct vfsmount;
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
H
cat >"$tree/fs/demo/demo.c" <<'C'
#include "decls.h"

int demo_unlink(struct path *dir, struct dentry *victim)
{
	int err = mnt_want_write(dir->mnt);

	if (err)
		return err;
	err = vfs_unlink(dir->dentry->d_inode, victim);
	mnt_drop_write(dir->mnt);
	return err;
}
C
cd "$tree" || exit 1
git init -q .
git add . && git commit -qm base
cp "$here/contrib/pre-commit" .git/hooks/pre-commit
chmod +x .git/hooks/pre-commit

# The change: a second call, after the drop.
awk '{ print } /^\tmnt_drop_write/ { print "\tvfs_unlink(dir->dentry->d_inode, victim);" }' \
	fs/demo/demo.c >x && mv x fs/demo/demo.c
git add fs/demo/demo.c
git commit -qm bad 2>"$tmp/err"
rc=$?
t "a finding: the commit is blocked" [ "$rc" != 0 ]
t "a finding: nothing was committed" [ "$(git rev-list --count HEAD)" = 1 ]
t "a finding: it is shown" grep -q '^fs/demo/demo.c:11:2: warning: vfs_unlink()' "$tmp/err"
t "a finding: the bypass is named" grep -q 'git commit --no-verify' "$tmp/err"
t "no build: flags from the tree, one line says precision is reduced" \
	[ "$(grep -c 'precision is reduced' "$tmp/err")" = 1 ]

# Fixed: the new call moves inside the bracket.
awk '/^\tvfs_unlink\(dir->dentry->d_inode, victim\);$/ { next }
     /^\tmnt_drop_write/ { print "\terr = vfs_unlink(dir->dentry->d_inode, victim);" } { print }' \
	fs/demo/demo.c >x && mv x fs/demo/demo.c
git add fs/demo/demo.c
git commit -qm fixed 2>"$tmp/err"
rc=$?
t "the fixed change: the commit passes" [ "$rc" = 0 ]
t "the fixed change: committed" [ "$(git rev-list --count HEAD)" = 2 ]
t "the fixed change: no finding shown" sh -c '! grep -q "warning:" "$1"' sh "$tmp/err"

bad() {
	awk '{ print } /^\tmnt_drop_write/ { print "\tvfs_unlink(dir->dentry->d_inode, victim);" }' \
		fs/demo/demo.c >x && mv x fs/demo/demo.c
	git add fs/demo/demo.c
}

# compile_commands.json at the top comes before the fallback.
bad
printf '[{"directory": "%s", "file": "fs/demo/demo.c", "arguments": ["cc", "-c", "fs/demo/demo.c"]}]\n' \
	"$tree" >compile_commands.json
git commit -qm bad 2>"$tmp/err"
rc=$?
t "compile_commands.json: blocked" [ "$rc" != 0 ]
t "compile_commands.json: used, no notice" sh -c '! grep -q "precision is reduced" "$1"' sh "$tmp/err"
t "compile_commands.json: named" grep -q 'flags: compile_commands.json' "$tmp/err"

# An O= build beside the tree comes before compile_commands.json.
b=$tmp/build
mkdir -p "$b/fs/demo"
: >"$b/.config"
ln -s "$tree" "$b/source"
printf 'savedcmd_fs/demo/demo.o := gcc -D__KERNEL__ -c -o fs/demo/demo.o %s/fs/demo/demo.c\n' \
	"$tree" >"$b/fs/demo/.demo.o.cmd"
git commit -qm bad 2>"$tmp/err"
rc=$?
t "O= build next to the tree: blocked" [ "$rc" != 0 ]
t "O= build next to the tree: found" grep -q "flags: build directory $b (next to the tree)" "$tmp/err"
t "O= build: the finding is named relative to the tree" \
	grep -q '^fs/demo/demo.c:12:2: warning: vfs_unlink()' "$tmp/err"

# WBCHECK_BUILD comes first.
WBCHECK_BUILD=$b git commit -qm bad 2>"$tmp/err"
t "WBCHECK_BUILD: used" grep -q "flags: build directory $b (WBCHECK_BUILD)" "$tmp/err"

# A build in place comes after an O= build beside the tree.
rm -rf "$b"
: >.config
mkdir -p include/generated
: >include/generated/autoconf.h
printf 'savedcmd_fs/demo/demo.o := gcc -D__KERNEL__ -c -o fs/demo/demo.o fs/demo/demo.c\n' \
	>fs/demo/.demo.o.cmd
git commit -qm bad 2>"$tmp/err"
rc=$?
t "built in place: blocked" [ "$rc" != 0 ]
t "built in place: the tree's own command lines" grep -q "flags: the tree itself (built in place)" "$tmp/err"

# A broken setup warns loudly and does not block, unless strict.
WBCHECK=$tmp/no-such-wbcheck git commit -qm "unchecked" 2>"$tmp/err"
rc=$?
t "wbcheck missing: the commit goes ahead" [ "$rc" = 0 ]
t "wbcheck missing: said loudly" grep -q '\*\*\* .*UNCHECKED' "$tmp/err"
bad
WBCHECK_BUILD=$tmp/nowhere git commit -qm "unchecked" 2>"$tmp/err"
rc=$?
t "a bad WBCHECK_BUILD: the commit goes ahead" [ "$rc" = 0 ]
bad
WBCHECK_STRICT=1 WBCHECK=$tmp/no-such-wbcheck git commit -qm "strict" 2>"$tmp/err"
rc=$?
t "WBCHECK_STRICT=1: a broken setup blocks" [ "$rc" != 0 ]

# git commit -a stages into a temporary index: the hook sees it.
git reset -q
git commit -a -qm "all" 2>"$tmp/err"
rc=$?
t "git commit -a with a finding: blocked" [ "$rc" != 0 ]
t "git commit -a with a finding: shown" grep -q "^fs/demo/demo.c:[0-9]*:2: warning: vfs_unlink()" "$tmp/err"

# The bypass works.
git commit -a -q --no-verify -m "bypassed" 2>"$tmp/err"
rc=$?
t "git commit --no-verify: passes" [ "$rc" = 0 ]

# A file that does not parse completely: what parsed is checked.
printf 'int broken(void)\n{\n\treturn no_such_thing;\n}\n' >>fs/demo/demo.c
git commit -a -qm "parse error" 2>"$tmp/err"
rc=$?
t "a parse error, no finding: the commit goes ahead" [ "$rc" = 0 ]
t "a parse error, no finding: said loudly" grep -q '\*\*\* some files did not parse completely' "$tmp/err"
printf 'int worse(struct path *p, struct dentry *d)\n{\n\treturn vfs_unlink(p->dentry->d_inode, d);\n}\n' >>fs/demo/demo.c
git commit -a -qm "parse error and a finding" 2>"$tmp/err"
rc=$?
t "a parse error and a finding: blocked" [ "$rc" != 0 ]
t "a parse error and a finding: the finding shown" grep -q 'warning: vfs_unlink()' "$tmp/err"

echo "1..$n"
exit $fail

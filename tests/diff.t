#!/bin/sh
# wbcheck --diff[=REV] in a throwaway git repository: only the findings
# a change introduces or touches (their line, or a line of one of their
# notes, is in the change) are reported; everything else stays silent.
cd "$(dirname "$0")/.." || exit 1
wb=${WBCHECK:-./wbcheck}
wb=$(cd "$(dirname "$wb")" && pwd)/$(basename "$wb")
n=0
fail=0

# t DESCRIPTION COMMAND..., and the scratch directory: tests/lib.sh
. tests/lib.sh
wb_mktemp
tmp=$wb_tmp

wb_require git

# No configuration of the user's may change what git prints.
unset GIT_DIR GIT_INDEX_FILE GIT_WORK_TREE GIT_PREFIX
export HOME="$tmp" GIT_CONFIG_NOSYSTEM=1 GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t \
	GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t

repo=$tmp/repo
mkdir -p "$repo/sub dir"
cd "$repo" || exit 1
git init -q .

# decls.h: what every file here needs; bad.c: one old unbracketed call
# (line 8) and one old call after the drop (line 23, note at line 22).
cat >decls.h <<'H'
struct inode;
struct dentry { struct inode *d_inode; };
struct vfsmount;
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
H
cat >bad.c <<'C'
#include "decls.h"

/* untouched by every change below */

int old_unlink(struct path *dir, struct dentry *victim)
{
	/* an old finding nobody touches */
	return vfs_unlink(dir->dentry->d_inode, victim);
}

int ok_unlink(struct path *dir, struct dentry *victim)
{
	int err = mnt_want_write(dir->mnt);

	if (err)
		return err;
	err = vfs_unlink(dir->dentry->d_inode, victim);
	mnt_drop_write(dir->mnt);
	return err;
}

int late_unlink(struct path *dir, struct dentry *victim)
{
	int err = mnt_want_write(dir->mnt);

	if (err)
		return err;
	mnt_drop_write(dir->mnt);
	return vfs_unlink(dir->dentry->d_inode, victim);
}
C
echo readme >README
git add . && git commit -qm base

"$wb" --diff >"$tmp/out" 2>"$tmp/err"
rc=$?
t "nothing staged: exit 0" [ "$rc" = 0 ]
t "nothing staged: no output" eval '[ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]'

# A staged call added after the drop in ok_unlink (new line 19).
awk '
	{ print }
	/^\tmnt_drop_write\(dir->mnt\);$/ && !done { print "\tvfs_unlink(dir->dentry->d_inode, victim);"; done = 1 }' bad.c >bad.c.new
mv bad.c.new bad.c
git add bad.c
"$wb" --diff >"$tmp/out" 2>"$tmp/err"
rc=$?
t "staged call: exit 0" [ "$rc" = 0 ]
t "staged call: reported at its line" \
	grep -q '^bad.c:19:2: warning: vfs_unlink() .*\[missing-write-bracket\]$' "$tmp/out"
t "staged call: the old finding elsewhere in the file is not" \
	sh -c '! grep -q "^bad.c:8:" "$1"' sh "$tmp/out"
t "staged call: nor the old one after the drop" \
	sh -c '! grep -q "^bad.c:30:" "$1"' sh "$tmp/out"
t "staged call: one finding" [ "$(grep -c ': warning: ' "$tmp/out")" = 1 ]
"$wb" bad.c >"$tmp/all" 2>/dev/null
t "without --diff: all three" [ "$(grep -c ': warning: ' "$tmp/all")" = 3 ]
"$wb" --diff --error-exitcode=1 >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--error-exitcode=1: exit 1 on the finding" [ "$rc" = 1 ]
"$wb" --diff --format=json >"$tmp/out" 2>"$tmp/err"
t "--format=json: the one finding" grep -q '"line": 19' "$tmp/out"

# Partly staged: an unstaged insertion above moves the staged line, and
# an unstaged call of its own is not part of the staged change.
cp bad.c "$tmp/staged.c"
{ printf '/* unstaged */\n/* lines */\n'; cat bad.c; } >bad.c.new
mv bad.c.new bad.c
printf 'int more(struct path *d, struct dentry *v)\n{\n\treturn vfs_unlink(d->dentry->d_inode, v);\n}\n' >>bad.c
"$wb" --diff >"$tmp/out" 2>"$tmp/err"
t "partly staged: the staged line, where it now is" \
	grep -q '^bad.c:21:2: warning: vfs_unlink()' "$tmp/out"
t "partly staged: the unstaged call is not reported" \
	[ "$(grep -c ': warning: ' "$tmp/out")" = 1 ]
cp "$tmp/staged.c" bad.c

# From a subdirectory, names stay relative to the top.
(cd "sub dir" && "$wb" --diff) >"$tmp/out" 2>"$tmp/err"
t "from a subdirectory: the same name" grep -q '^bad.c:19:2: warning:' "$tmp/out"

# A path limits the change.
"$wb" --diff README >"$tmp/out" 2>"$tmp/err"
rc=$?
t "a path outside the change: exit 0, silent" eval '[ "$rc" = 0 ] && [ ! -s "$tmp/out" ]'

git commit -qm "add a call"

# Only a note's line changes: the old finding after the drop (line 30,
# its note at line 29) is reported; nothing else.
awk 'NR == 29 { print $0 "\t/* done */"; next } { print }' bad.c >bad.c.new
mv bad.c.new bad.c
git add bad.c
git diff --cached -U0 >"$tmp/d"
"$wb" --diff >"$tmp/out" 2>"$tmp/err"
t "a change to a note's line: the finding is reported" \
	grep -q '^bad.c:30:9: warning: vfs_unlink()' "$tmp/out"
t "a change to a note's line: with that note" \
	grep -q '^bad.c:29:2: note: dropped here' "$tmp/out"
t "a change to a note's line: nothing else" [ "$(grep -c ': warning: ' "$tmp/out")" = 1 ]
git commit -qm "comment"

# --diff=REV: the working tree against a commit.
"$wb" --diff=HEAD~2 >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--diff=HEAD~2: exit 0" [ "$rc" = 0 ]
t "--diff=HEAD~2: both changes' findings" [ "$(grep -c ': warning: ' "$tmp/out")" = 2 ]
t "--diff=HEAD~2: not the untouched one" sh -c '! grep -q "^bad.c:8:" "$1"' sh "$tmp/out"
"$wb" --diff=HEAD >"$tmp/out" 2>"$tmp/err"
t "--diff=HEAD, clean tree: silent" eval '[ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]'
"$wb" --diff=no-such-rev >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--diff=REV, an unknown revision: exit 2" [ "$rc" = 2 ]
t "--diff=REV, an unknown revision: git's reason" grep -q 'no-such-rev' "$tmp/err"
"$wb" --diff=--output=x >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--diff=REV that looks like an option: refused, exit 2" eval '[ "$rc" = 2 ] && [ ! -e x ]'

# No C file in the change: silent, exit 0.
echo more >>README
git add README
"$wb" --diff --error-exitcode=1 >"$tmp/out" 2>"$tmp/err"
rc=$?
t "no C file touched: exit 0" [ "$rc" = 0 ]
t "no C file touched: no output at all" eval '[ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]'
git commit -qm readme

# A new file whose name git must quote, a rename, a deletion.
printf '#include "../decls.h"\nint f(struct path *d, struct dentry *v)\n{\n\treturn vfs_unlink(d->dentry->d_inode, v);\n}\n' \
	>"sub dir/new	tab.c"
git add "sub dir"
"$wb" --diff >"$tmp/out" 2>"$tmp/err"
t "a new file with a tab in its name: reported" \
	grep -q '^sub dir/new	tab.c:4:9: warning: vfs_unlink()' "$tmp/out"
git commit -qm new
git mv bad.c renamed.c
"$wb" --diff >"$tmp/out" 2>"$tmp/err"
rc=$?
t "a pure rename: nothing changed, silent" eval '[ "$rc" = 0 ] && [ ! -s "$tmp/out" ]'
git rm -q "sub dir/new	tab.c"
"$wb" --diff >"$tmp/out" 2>"$tmp/err"
rc=$?
t "a deletion: silent, exit 0" eval '[ "$rc" = 0 ] && [ ! -s "$tmp/out" ]'
git commit -qm "rename, delete"

# With -p: flags from compile_commands.json, the list from the change.
printf '[{"directory": "%s", "file": "%s/renamed.c", "arguments": ["cc", "-c", "renamed.c"]}]\n' \
	"$repo" "$repo" >compile_commands.json
printf 'int g(struct path *d, struct dentry *v)\n{\n\treturn vfs_unlink(d->dentry->d_inode, v);\n}\n' >>renamed.c
git add renamed.c
"$wb" --diff -p . >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--diff -p: exit 0" [ "$rc" = 0 ]
t "--diff -p: the new call only" [ "$(grep -c ': warning: ' "$tmp/out")" = 1 ]
t "--diff -p: at its line" grep -q '^renamed.c:34:9: warning:' "$tmp/out"

# --print-flags with --diff: the file of the change and its flags.
"$wb" --diff -p . --print-flags >"$tmp/out" 2>"$tmp/err"
t "--diff --print-flags: the changed file only" [ "$(cat "$tmp/out")" = "$repo/renamed.c:" ]

# A helper whose callers hold the bracket but one, which leaves two
# guarded calls uncovered: the finding is at that call, and names both.
# A change to the line of the second one (not the first the chain
# follows) reports it.
mkdir "$tmp/two" && cd "$tmp/two" || exit 1
git init -q .
cp "$repo/decls.h" .
printf 'int vfs_rmdir(struct inode *dir, struct dentry *dentry);\n' >>decls.h
cat >zap.c <<'C'
#include "decls.h"
static int zap(struct inode *dir, struct dentry *d, int is_dir)
{
	if (is_dir)
		return vfs_rmdir(dir, d);
	return vfs_unlink(dir, d);
}
int zap_held(struct path *p, struct dentry *d, int is_dir)
{
	int err = mnt_want_write(p->mnt);
	if (err)
		return err;
	err = zap(p->dentry->d_inode, d, is_dir);
	mnt_drop_write(p->mnt);
	return err;
}
int zap_bare(struct path *p, struct dentry *d, int is_dir)
{
	return zap(p->dentry->d_inode, d, is_dir);
}
C
git add . && git commit -qm base
"$wb" zap.c >"$tmp/out" 2>"$tmp/err"
t "two uncovered calls: one finding, at the call that does not hold it" \
	eval '[ "$(grep -c ": warning: " "$tmp/out")" = 1 ] && grep -q "^zap.c:19:9: warning:" "$tmp/out"'
t "two uncovered calls: the finding names both" \
	eval 'grep -q "^zap.c:5:.*calls vfs_rmdir() here" "$tmp/out" && grep -q "^zap.c:6:.*calls vfs_unlink() here" "$tmp/out"'
for line in 5 6; do
	git checkout -q zap.c
	sed -i "${line}s/(dir, d)/(dir,  d)/" zap.c
	git add zap.c
	"$wb" --diff >"$tmp/out" 2>"$tmp/err"
	t "--diff: a change to line $line, a guarded call the finding names, reports it" \
		grep -q "^zap.c:19:9: warning:" "$tmp/out"
	git reset -q --hard
done
cd "$repo" || exit 1

# Files as typed: from a subdirectory with .., through a symlink to the
# repository: named relative to the repository all the same.
printf '#include "decls.h"\nint typed(struct path *d, struct dentry *v)\n{\n\treturn vfs_unlink(d->dentry->d_inode, v);\n}\n' >typed.c
git add typed.c
git commit -qm typed
printf '#include "decls.h"\nint typed(struct path *d, struct dentry *v)\n{\n\treturn vfs_unlink(d->dentry->d_inode, v) + 0;\n}\n' >typed.c
mkdir -p "sub dir"
(cd "sub dir" && "$wb" --diff=HEAD ../typed.c) >"$tmp/out" 2>"$tmp/err"
t "--diff from a subdirectory, ../typed.c: named relative to the repository" \
	grep -q '^typed.c:4:9: warning:' "$tmp/out"
ln -s "$repo" "$tmp/link"
(cd "$tmp/link" && "$wb" --diff=HEAD typed.c) >"$tmp/out" 2>"$tmp/err"
t "--diff through a symlink to the repository" grep -q '^typed.c:4:9: warning:' "$tmp/out"
(cd "$tmp" && "$wb" --diff=HEAD "link/sub dir/../typed.c") >"$tmp/out" 2>"$tmp/err"
t "--diff with link/sub dir/../typed.c" grep -q '^typed.c:4:9: warning:' "$tmp/out"
git checkout -q typed.c

# Usage errors.
"$wb" --diff= bad.c >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--diff= with no revision: exit 2" [ "$rc" = 2 ]
"$wb" --kernel-tree bad.c >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--kernel-tree with no value: exit 2" [ "$rc" = 2 ]
"$wb" --diff --report --db="$tmp/x.db" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "--diff with --report: exit 2" [ "$rc" = 2 ]

# Outside a git repository: a clear error.
mkdir "$tmp/plain"
(cd "$tmp/plain" && "$wb" --diff) >"$tmp/out" 2>"$tmp/err"
rc=$?
t "outside a repository: exit 2" [ "$rc" = 2 ]
t "outside a repository: says so" grep -q 'not in a git work tree' "$tmp/err"

echo "1..$n"
exit $fail

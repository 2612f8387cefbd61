#!/bin/sh
# wbcheck --db=all.db --merge part1.db part2.db ...: databases written
# by --db runs elsewhere (one machine each, say) joined into one, so
# that --db=all.db --report finds what one run over everything finds.
#
#	1. the samples split in two: one part a run over half the files,
#	   the other per-file runs; the merged --report (text and JSON)
#	   equals one run over all, in either order, merged at once or
#	   one part after the other
#	2. -B runs over two directories of a kbuild tree, helpers in
#	   one and their callers in the other: the run of each part sees
#	   the other part's text (it must parse and store the callers
#	   that nothing of its own part leads to, and know the summaries
#	   of the other part's helpers), stores its own files only, and
#	   the merge equals one -B run over the whole tree
#	3. a file in two parts: the later part's is kept, with a note
#	4. refusals: a missing file, garbage, an empty file, a directory,
#	   another program's SQLite database, another version's, a
#	   corrupt stored function, the database merged into itself:
#	   exit 2, a message naming the part, and all.db as it was, or
#	   still absent
#	5. usage errors
#
# docs/running.md and docs/ci.md say how to use it.

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

# shellcheck source=tests/harness.sh
. "$(dirname "$0")/harness.sh"
absent()	{ [ ! -e "$1" ]; }

# ---- 1. The samples, split in two ------------------------------------------
#
# The modern samples that need no flags of their own, every other one
# in each part, so that both parts hold a share of every kind.

I="-I kernel-samples/include/modern"
all=
part1=
part2=
i=0
for f in kernel-samples/modern/*.c; do
	[ -f "$f.flags" ] || [ -f "${f%.c}.flags" ] && continue
	all="$all $f"
	if [ $((i % 2)) = 0 ]; then
		part1="$part1 $f"
	else
		part2="$part2 $f"
	fi
	i=$((i + 1))
done

# shellcheck disable=SC2086
run $I $all
cp "$tmp/out" "$tmp/one.txt"
t "one run over all the samples: exits 0" is "$rc" 0
t "one run over all the samples: findings to compare" \
	has_text "$tmp/one.txt" ": warning: "
# shellcheck disable=SC2086
run --format=json $I $all
cp "$tmp/out" "$tmp/one.json"

# part 1: one run over its files; part 2: a run for each file, as kbuild's
# CHECK does
# shellcheck disable=SC2086
run --db="$tmp/p1.db" $I $part1
t "part 1, one --db run: exits 0" is "$rc" 0
bad=0
for f in $part2; do
	# shellcheck disable=SC2086
	run --db="$tmp/p2.db" $I "$f"
	[ "$rc" = 0 ] || bad=1
done
rc=$bad
t "part 2, a --db run per file: all exit 0" is "$bad" 0

run --db="$tmp/all.db" --merge "$tmp/p1.db" "$tmp/p2.db"
t "--merge of the two parts: exits 0" is "$rc" 0
t "--merge of the two parts: says nothing" empty "$tmp/err"
run --db="$tmp/all.db" --report
t "--report of the merge: the text of one run over all" \
	same "$tmp/out" "$tmp/one.txt"
run --db="$tmp/all.db" --report --format=json
t "--report of the merge: the JSON of one run over all" \
	same "$tmp/out" "$tmp/one.json"

run --db="$tmp/rev.db" --merge "$tmp/p2.db" "$tmp/p1.db"
run --db="$tmp/rev.db" --report
t "merged the other way round: the same" same "$tmp/out" "$tmp/one.txt"

run --db="$tmp/inc.db" --merge "$tmp/p1.db"
run --db="$tmp/inc.db" --merge "$tmp/p2.db"
t "merged one part after the other, into the same database: exits 0" \
	is "$rc" 0
run --db="$tmp/inc.db" --report
t "merged one part after the other: the same" same "$tmp/out" "$tmp/one.txt"

# Each part alone misses what the other holds: the comparison can fail.
run --db="$tmp/p1.db" --report
t "--report of part 1 alone differs from one run over all" \
	eval '! cmp -s "$tmp/out" "$tmp/one.txt"'

# ---- 2. -B runs over two directories of a kbuild tree ----------------------
#
# remove_entry() in fs/ needs the bracket; its callers are in drivers/,
# one holding the bracket, one not.  The run over drivers/ parses bare.c
# only because it sees fs/'s text.  And two helpers of fs/ call one of
# drivers/ that needs it, each with two callers in fs/: the run over fs/
# parses the bare caller only if it does not take the helper to need
# nothing.  via_unlink() calls gone_unlink(), which gone.c alone
# defines: the run over fs/ parses gone.c for its summary.
# via_far_unlink() calls far_unlink(), which far.c defines and far2.c
# too, static: the run over fs/ cannot tell which file to parse, and
# does not block via_far_unlink().

src=$tmp/src
build=$tmp/build
mkdir -p "$src/include/linux" "$src/fs/demo" "$src/drivers/demo" \
	"$build/fs/demo" "$build/drivers/demo"
ln -s "$src" "$build/source"
cat >"$src/include/linux/fs.h" <<'H'
struct inode;
struct dentry { struct inode *d_inode; };
struct vfsmount;
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
int remove_entry(struct inode *dir, struct dentry *dentry);
int gone_unlink(struct inode *dir, struct dentry *dentry);
int via_unlink(struct inode *dir, struct dentry *dentry);
int far_unlink(struct inode *dir, struct dentry *dentry);
int via_far_unlink(struct inode *dir, struct dentry *dentry);
H
cat >"$src/fs/demo/helper.c" <<'C'
#include <linux/fs.h>

int remove_entry(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);
}
C
cat >"$src/drivers/demo/holder.c" <<'C'
#include <linux/fs.h>

int holder_remove(struct path *path, struct dentry *dentry)
{
	int err;

	err = mnt_want_write(path->mnt);
	if (err)
		return err;
	err = remove_entry(path->dentry->d_inode, dentry);
	mnt_drop_write(path->mnt);
	return err;
}
C
cat >"$src/drivers/demo/bare.c" <<'C'
#include <linux/fs.h>

int bare_remove(struct path *path, struct dentry *dentry)
{
	return remove_entry(path->dentry->d_inode, dentry);
}
C
cat >"$src/drivers/demo/gone.c" <<'C'
#include <linux/fs.h>

int gone_unlink(struct inode *dir, struct dentry *dentry)
{
	return vfs_unlink(dir, dentry);
}
C
cat >"$src/fs/demo/via.c" <<'C'
#include <linux/fs.h>

int via_unlink(struct inode *dir, struct dentry *dentry)
{
	return gone_unlink(dir, dentry);
}
C
sed 's/gone_unlink/far_unlink/' "$src/drivers/demo/gone.c" \
	>"$src/drivers/demo/far.c"
sed 's/gone_unlink/far_unlink/; s/via_unlink/via_far_unlink/' \
	"$src/fs/demo/via.c" >"$src/fs/demo/via_far.c"
cat >"$src/drivers/demo/far2.c" <<'C'
struct inode;
struct dentry;

static int far_unlink(struct inode *dir, struct dentry *dentry)
{
	return 0;
}

int far_twice(struct inode *dir, struct dentry *dentry)
{
	return far_unlink(dir, dentry);
}
C
for h in via via_far; do
	sed "s/holder_remove/${h}_hold/; s/remove_entry/${h}_unlink/" \
		"$src/drivers/demo/holder.c" >"$src/fs/demo/${h}_hold.c"
	sed "s/bare_remove/${h}_bare/; s/remove_entry/${h}_unlink/" \
		"$src/drivers/demo/bare.c" >"$src/fs/demo/${h}_bare.c"
done
for f in fs/demo/helper fs/demo/via fs/demo/via_hold fs/demo/via_bare \
	fs/demo/via_far fs/demo/via_far_hold fs/demo/via_far_bare \
	drivers/demo/holder drivers/demo/bare drivers/demo/gone \
	drivers/demo/far drivers/demo/far2; do
	printf 'savedcmd_%s.o := gcc -nostdinc -I%s/include -D__KERNEL__ -c -o %s.o %s/%s.c\n' \
		"$f" "$src" "$f" "$src" "$f" >"$build/${f%/*}/.${f##*/}.o.cmd"
done

# Only FILE:LINE [CHECK] of each warning, names relative to the tree.
warnings()
{
	sed -n "s#^\\($src/\\)\\{0,1\\}\\([^:]*\\):\\([0-9]*\\):[0-9]*: warning: .*\\(\\[[a-z-]*\\]\\)\$#\\2:\\3 \\4#p" "$1" |
		sort | tr '\n' ' ' | sed 's/ $//'
}

expect="drivers/demo/bare.c:5 [missing-write-bracket] fs/demo/via_bare.c:5 [missing-write-bracket] fs/demo/via_far_bare.c:5 [missing-write-bracket]"
run -j1 -B "$build"
t "-B over the whole tree: the bare callers" is "$(warnings "$tmp/out")" "$expect"
run -j1 --db="$tmp/fs.db" -B "$build" fs
t "-B --db over fs/: exits 0" is "$rc" 0
run -j1 --db="$tmp/drivers.db" -B "$build" drivers
t "-B --db over drivers/: exits 0" is "$rc" 0
run --db="$tmp/tree.db" --merge "$tmp/fs.db" "$tmp/drivers.db"
run --db="$tmp/tree.db" --report
t "-B parts merged: the findings of one -B run over the whole tree" \
	is "$(warnings "$tmp/out")" "$expect"
if command -v sqlite3 >/dev/null 2>&1; then
	t "-B --db over fs/: stores fs/ only (drivers/ parsed for summaries)" \
		is "$(sqlite3 "$tmp/fs.db" "SELECT count(*) FROM func WHERE tu NOT LIKE '$src/fs/%'")" 0
	t "-B --db over drivers/: stores drivers/ only" \
		is "$(sqlite3 "$tmp/drivers.db" "SELECT count(*) FROM func WHERE tu NOT LIKE '$src/drivers/%'")" 0
else
	n=$((n + 1))
	wb_skip_missing $n sqlite3 "what each part stores"
fi
run --db="$tmp/whole.db" -B "$build"
run --db="$tmp/whole.db" --report
cp "$tmp/out" "$tmp/whole.txt"
run --db="$tmp/tree.db" --report
t "-B parts merged: the same output as one -B --db run over the tree" \
	same "$tmp/out" "$tmp/whole.txt"

# ---- 3. A file in two parts -------------------------------------------------
#
# The same file checked twice, as it was and after a fix: the part
# merged last is the one kept, as a second run into one database would.

mkdir -p "$tmp/twice"
cp tests/crossfile/helper.c "$tmp/twice/entry.c"
run --db="$tmp/before.db" -I testcases/include "$tmp/twice/entry.c"
sed 's/return vfs_unlink(dir, dentry);/return -EPERM;/' tests/crossfile/helper.c \
	>"$tmp/twice/entry.c"
run --db="$tmp/after.db" -I testcases/include "$tmp/twice/entry.c"
run --db="$tmp/ba.db" --merge "$tmp/before.db" "$tmp/after.db"
t "a file in two parts: merged, exits 0" is "$rc" 0
t "a file in two parts: a note names it and the part kept" \
	has_text "$tmp/err" "wbcheck: note: $tmp/after.db: 1 file an earlier part also holds ($tmp/twice/entry.c): this part's kept"
run --db="$tmp/ba.db" --report
t "a file in two parts: the later part's is kept (the fixed one: silent)" \
	empty "$tmp/out"
run --db="$tmp/ab.db" --merge "$tmp/after.db" "$tmp/before.db"
run --db="$tmp/ab.db" --report
t "a file in two parts, the other order: the earlier version kept" \
	has_text "$tmp/out" "entry.c:8:9: warning: "

# ---- 4. Refusals ------------------------------------------------------------
#
# refused DESC PART MESSAGE: merging PART after a good part exits 2 with
# MESSAGE, leaves all.db byte for byte as it was, and creates no
# database that was not there.

run --db="$tmp/all.db" --report
cp "$tmp/out" "$tmp/all.before"
cp "$tmp/all.db" "$tmp/all.copy"
refused()
{
	run --db="$tmp/all.db" --merge "$tmp/p1.db" "$2"
	t "$1: exits 2" is "$rc" 2
	t "$1: said, naming it" has_text "$tmp/err" "wbcheck: $3"
	t "$1: all.db unchanged" same "$tmp/all.db" "$tmp/all.copy"
	[ "$2" = "$tmp/all.db" ] && return
	rm -f "$tmp/new.db"
	run --db="$tmp/new.db" --merge "$2" "$tmp/p1.db"
	t "$1, into a new database: exits 2, none made" \
		eval '[ "$rc" = 2 ] && [ ! -e "$tmp/new.db" ]'
}

refused "a missing part" "$tmp/nothere.db" \
	"$tmp/nothere.db: cannot open: No such file or directory"
head -c 3000 /dev/urandom >"$tmp/garbage.db"
refused "a garbage part" "$tmp/garbage.db" \
	"$tmp/garbage.db: not a wbcheck database"
: >"$tmp/empty.db"
refused "an empty file" "$tmp/empty.db" "$tmp/empty.db: not a wbcheck database"
mkdir "$tmp/dir.db"
refused "a directory" "$tmp/dir.db" "$tmp/dir.db: not a wbcheck database"
refused "the database merged into" "$tmp/all.db" \
	"$tmp/all.db: is the database merged into"
t "garbage, an empty file: left as they were" \
	eval 'empty "$tmp/empty.db" && [ "$(wc -c <"$tmp/garbage.db")" = 3000 ]'

if command -v sqlite3 >/dev/null 2>&1; then
	sqlite3 "$tmp/other.db" "CREATE TABLE notes(x); INSERT INTO notes VALUES(1);"
	refused "another program's SQLite database" "$tmp/other.db" \
		"$tmp/other.db: not a wbcheck database (it holds other tables)"
	t "another program's database: not written into" \
		is "$(sqlite3 "$tmp/other.db" .tables)" notes

	cp "$tmp/p2.db" "$tmp/old.db"
	sqlite3 "$tmp/old.db" "UPDATE meta SET value = '4' WHERE key = 'version'"
	refused "a part of another version of wbcheck" "$tmp/old.db" \
		"$tmp/old.db: written by another version of wbcheck (database schema 4"

	cp "$tmp/p2.db" "$tmp/nover.db"
	sqlite3 "$tmp/nover.db" "DELETE FROM meta"
	refused "a part with no version record" "$tmp/nover.db" \
		"$tmp/nover.db: not a wbcheck database (no version record)"

	# found only while copying, after part 1 was: all of it undone
	cp "$tmp/p2.db" "$tmp/corrupt.db"
	sqlite3 "$tmp/corrupt.db" "UPDATE func SET ir = 'wbir3;garbage' WHERE rowid = (SELECT max(rowid) FROM func)"
	refused "a part with a corrupt stored function" "$tmp/corrupt.db" \
		"$tmp/corrupt.db: 1 stored function is corrupt"

	cp "$tmp/all.db" "$tmp/mine.db"
	sqlite3 "$tmp/mine.db" "UPDATE meta SET value = '4' WHERE key = 'version'"
	cp "$tmp/mine.db" "$tmp/mine.copy"
	run --db="$tmp/mine.db" --merge "$tmp/p1.db"
	t "into a database of another version: exits 2" is "$rc" 2
	t "into a database of another version: said" has_text "$tmp/err" \
		"wbcheck: $tmp/mine.db: written by another version of wbcheck"
	t "into a database of another version: unchanged" \
		same "$tmp/mine.db" "$tmp/mine.copy"
else
	n=$((n + 1))
	wb_skip_missing $n sqlite3 "the refusals of spoilt and foreign databases"
fi

run --db="$tmp/all.db" --report
t "after every refusal, --report of all.db as before" \
	same "$tmp/out" "$tmp/all.before"

# ---- 5. Usage errors --------------------------------------------------------

run --merge "$tmp/p1.db"
t "--merge without --db: exits 2" is "$rc" 2
t "--merge without --db: said" has_text "$tmp/err" "--merge needs --db=FILE"
run --db="$tmp/u.db" --merge
t "--merge of nothing: exits 2" is "$rc" 2
t "--merge of nothing: said" has_text "$tmp/err" "--merge needs the databases to merge"
run --db="$tmp/u.db" --merge --report "$tmp/p1.db"
t "--merge with --report: exits 2" is "$rc" 2
t "--merge with --report: said" has_text "$tmp/err" "--merge takes no --report"
run --db="$tmp/u.db" --merge -B "$build" "$tmp/p1.db"
t "--merge with -B: exits 2" is "$rc" 2
t "usage errors: no database made" absent "$tmp/u.db"

echo "1..$n"

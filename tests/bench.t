#!/bin/sh
# bench/ab, which compares two wbcheck binaries run by run: it runs
# both, prints a row for the wall time and for each phase, and says
# whether their outputs agree (exit 1 when they do not).  bench/scale -T,
# which prints how a run grows with the share of a build it is given,
# phase by phase too.  No timings are checked here: the numbers are the
# bench's to print, not a test's.

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp
tmp=$wb_tmp
wb=$(wb_binary)
wb_require_binary "$wb"

n=0
fail=0
case=testcases/bodyskip/invocation.c

bench/ab -r 2 "$wb" "$wb" -- "$case" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "the same binary twice: exit 0" test "$rc" = 0
t "it says the outputs agree" grep -q '^Outputs: the same in every run\.$' "$tmp/out"
t "a row for the wall time, with a ratio" \
	grep -Eq '^\| wall time, s \| [0-9.]+ \| [0-9.]+ \| ([0-9.]+|-) \|' "$tmp/out"
t "a row for the parse phase WBCHECK_STATS names" \
	grep -q '^| parse of 1 files, s |' "$tmp/out"
t "each side ran once a round" \
	test "$(grep -c 'round [12] of 2: \(old\|new\)$' "$tmp/err")" = 4
t "the order alternates" \
	sh -c "grep 'round 2 of 2' '$tmp/err' | head -n 1 | grep -q 'new\$'"

# a binary that finds one more thing than the other
case $wb in /*) abs=$wb ;; *) abs=$PWD/$wb ;; esac
cat >"$tmp/more" <<X
#!/bin/sh
"$abs" "\$@"
echo extra
X
chmod +x "$tmp/more"
bench/ab -r 2 "$wb" "$tmp/more" "$case" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "outputs that differ: exit 1" test "$rc" = 1
t "and it says so" grep -q '^Outputs: DIFFER' "$tmp/out"

bench/ab -r 0 "$wb" "$wb" "$case" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "-r 0 is refused: exit 2" test "$rc" = 2
bench/ab "$wb" "$tmp/none" "$case" >"$tmp/out" 2>"$tmp/err"
rc=$?
t "a binary that is not there is refused: exit 2" test "$rc" = 2
t "naming it" grep -q "$tmp/none: not an executable" "$tmp/err"

# bench/scale -T over a kbuild-shaped tree of eight files in four
# directories: every table, the phase table's rows among them
src=$tmp/src
build=$tmp/build
mkdir -p "$src/include/linux"
cat >"$src/include/linux/fs.h" <<'H'
struct inode;
struct dentry { struct inode *d_inode; };
int vfs_unlink(struct inode *dir, struct dentry *dentry);
int demo_helper(struct inode *dir, struct dentry *dentry);
H
for d in a b c d; do
	mkdir -p "$src/fs/$d" "$build/fs/$d"
	for f in one two; do
		if [ "$f" = one ]; then
			body="return vfs_unlink(dir, victim);"
		else
			body="return demo_helper(dir, victim);"
		fi
		printf '#include <linux/fs.h>\n\nint demo_%s_%s(struct inode *dir, struct dentry *victim)\n{\n\t%s\n}\n' \
			"$d" "$f" "$body" >"$src/fs/$d/$f.c"
		printf 'savedcmd_fs/%s/%s.o := gcc -nostdinc -I%s/include -D__KERNEL__ -c -o fs/%s/%s.o %s/fs/%s/%s.c\n' \
			"$d" "$f" "$src" "$d" "$f" "$src" "$d" "$f" \
			>"$build/fs/$d/.$f.o.cmd"
	done
done
# wbcheck, and a phase of known length after it, so that the phase
# table must show it in every share
cat >"$tmp/phased" <<X
#!/bin/sh
"$abs" "\$@"
rc=\$?
echo "wbcheck: stats: round 9: summaries: 0.50 s, peak 1 MB, 1 MB at its end" >&2
echo "wbcheck: stats: round 9: shared headers: 0.40 s, peak 1 MB, 1 MB at its end" >&2
exit \$rc
X
chmod +x "$tmp/phased"
# bench/scale -T times each run with /usr/bin/time (Debian's time)
if [ -x /usr/bin/time ]; then
	WBCHECK=$tmp/phased bench/scale -T "$build" -r 1 >"$tmp/out" 2>"$tmp/err"
	rc=$?
	t "scale -T on a small tree: exit 0" test "$rc" = 0
	t "it measures by file" grep -q '^By file (four parts' "$tmp/out"
	t "and by directory" grep -q '^By directory (four parts' "$tmp/out"
	t "a phase table for each" test "$(grep -c '^| phase |' "$tmp/out")" = 2
	t "its parse row has a time for each share" \
		test "$(grep -Ec '^\| parse \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| ([0-9.]+|-) \|$' "$tmp/out")" = 2
	t "and a row for what no phase counts" \
		test "$(grep -c '^| what no phase counts (start-up, freeing) |' "$tmp/out")" = 2
	t "each round's summaries are added up, in every share" \
		test "$(awk -F ' *[|] *' '$2 == "summaries" && $3 >= 0.5 && $4 >= 0.5 && $5 >= 0.5' "$tmp/out" | wc -l)" = 2
	t "the shared headers have a row of their own, in every share" \
		test "$(awk -F ' *[|] *' '$2 == "shared headers" && $3 >= 0.4 && $4 >= 0.4 && $5 >= 0.4' "$tmp/out" | wc -l)" = 2
else
	n=$((n + 1))
	wb_skip_missing $n /usr/bin/time "bench/scale -T on a small tree" || fail=1
fi

# bench/run on the same tree, wbcheck against the floor only: the files
# the prefiltered run parses are read from its --verbose lines, and the
# floor is run over them (a row of its own, with their number)
if [ -x /usr/bin/time ] && command -v clang-19 >/dev/null 2>&1; then
	# what bench/run takes for a kernel tree and its build
	: >"$src/Makefile"
	: >"$build/.config"
	ln -s "$src" "$build/source"
	bench/run --src "$src" --build "$build" --paths . --jobs 1 --repeat 1 \
		--sample 1 --wbcheck "$abs" --no-spatch --no-sparse --no-serial \
		--no-hook --no-warmup >"$tmp/out" 2>"$tmp/err"
	rc=$?
	t "bench/run on a small tree: exit 0" test "$rc" = 0
	t "a row for the floor over the files the prefiltered run parses" \
		grep -Eq '^\| clang -fsyntax-only, 1 at a time \| the [1-9][0-9]* TUs the prefiltered run parses \|' "$tmp/out"
	t "the files of its first round read from its --verbose lines" \
		grep -Eq '^\| clang -fsyntax-only, 1 at a time \| the [1-9][0-9]* of them in round 1:' "$tmp/out"
else
	n=$((n + 1))
	wb_skip_missing $n clang-19 "bench/run on a small tree" || fail=1
fi

echo "1..$n"
exit "$fail"

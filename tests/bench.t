#!/bin/sh
# bench/ab, which compares two wbcheck binaries run by run: it runs
# both, prints a row for the wall time and for each phase, and says
# whether their outputs agree (exit 1 when they do not).  No timings are
# checked here: the numbers are the bench's to print, not a test's.

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

echo "1..$n"
exit "$fail"

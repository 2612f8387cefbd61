#!/bin/sh
# Scale: large generated inputs (tests/gen-c.sh) are analysed without a
# crash or a stack overflow, with the findings they must have, and the
# output does not depend on the run or on -j.  No timings here (timed
# tests are flaky on a shared machine): bench/scale measures growth.
#
#	5000 functions in one file; ifs nested 200 deep with braces (clang's
#	default limit is 256) and 5000 deep (clang refuses it, clearly, and
#	with -fbracket-depth parses it); 5000 nested ifs without braces; an
#	else-if chain 10000 long (libclang overflowed its own 8 MiB parsing
#	thread on it before parsing moved to wbcheck's workers); a goto
#	ladder of 10000 labels; a switch of 10000 cases; a condition of
#	10000 terms.

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp
tmp=$wb_tmp
wb=$(wb_binary)
gen=tests/gen-c.sh

LC_ALL=C
export LC_ALL

wb_require_binary "$wb"

n=0
t()
{
	desc=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $desc"
		return
	fi
	echo "not ok $n - $desc"
	{
		echo "failed: $*"
		echo "command: $last"
		echo "exit status: $rc"
		echo "stdout (head):"
		head -n 5 "$tmp/out" | sed 's/^/  /'
		echo "stderr (head):"
		head -n 5 "$tmp/err" | sed 's/^/  /'
	} | wb_diag
}

run()
{
	wb_run "$wb" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	last="wbcheck $*"
}

is()		{ [ "$1" = "$2" ]; }
empty()		{ [ ! -s "$1" ]; }
has()		{ grep -Eq -e "$2" "$1"; }
count_is()	{ [ "$(grep -Ec -e "$2" "$1")" -eq "$3" ]; }
same()		{ cmp -s "$1" "$2"; }

MISSING=': warning: .*\[missing-write-bracket\]$'
DOUBLE=': warning: .*\[write-bracket-double-drop\]$'

# shape KIND SIZE MISSING DOUBLE [FLAG...]: generate, analyse, count.
shape()
{
	kind=$1
	size=$2
	nmiss=$3
	ndouble=$4
	shift 4
	f=$tmp/$kind$size.c
	"$gen" "$kind" "$size" >"$f"
	run "$@" "$f"
	t "$kind $size: exits 0 (no crash, no stack overflow)" is "$rc" 0
	t "$kind $size: nothing on stderr" empty "$tmp/err"
	t "$kind $size: $nmiss missing-write-bracket" count_is "$tmp/out" "$MISSING" "$nmiss"
	t "$kind $size: $ndouble write-bracket-double-drop" count_is "$tmp/out" "$DOUBLE" "$ndouble"
	t "$kind $size: no other warning" count_is "$tmp/out" ': warning: ' $((nmiss + ndouble))
}

shape funcs 5000 1250 0
shape nest 200 1 0
shape nest 5000 1 0 -fbracket-depth=5100
shape ifs 5000 1 0
shape elseif 10000 1 0
shape goto 10000 0 1
shape switch 10000 2 0
shape expr 10000 1 0

# Nested 5000 deep with clang's default limit: refused, said, no crash.
run "$tmp/nest5000.c"
t "nest 5000, default bracket depth: exits 2" is "$rc" 2
t "nest 5000, default bracket depth: clang's limit is named" \
	has "$tmp/err" 'bracket nesting level exceeded maximum of 256'
t "nest 5000, default bracket depth: the file is named" \
	has "$tmp/err" "^wbcheck: $tmp/nest5000\\.c: [0-9]+ errors? while parsing"

# ---- Determinism: the same output for every run and every -j ------------

set --
for p in a b c d e f; do
	"$gen" funcs 300 "$p" >"$tmp/many_$p.c"
	set -- "$@" "$tmp/many_$p.c"
done
for k in goto switch elseif ifs; do
	"$gen" $k 1000 "shape_$k" >"$tmp/one_$k.c"
	set -- "$@" "$tmp/one_$k.c"
done
run -j1 "$@"
cp "$tmp/out" "$tmp/j1.out"
t "ten generated files, -j1: exits 0" is "$rc" 0
t "ten generated files, -j1: 6 * 75 + 5 findings" \
	count_is "$tmp/j1.out" ': warning: ' 455
run -j1 "$@"
t "ten generated files: a second -j1 run gives the same output" same "$tmp/j1.out" "$tmp/out"
for j in 2 3 7; do
	run -j$j "$@"
	t "ten generated files: -j$j gives the -j1 output" same "$tmp/j1.out" "$tmp/out"
done
run --format=json -j1 "$@"
cp "$tmp/out" "$tmp/j1.json"
run --format=json -j3 "$@"
t "ten generated files, json: -j3 gives the -j1 output" same "$tmp/j1.json" "$tmp/out"

echo "1..$n"

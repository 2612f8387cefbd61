#!/bin/sh
# The fuzz targets (fuzz/fuzz_*.c) replayed without libFuzzer: every
# seed of fuzz/corpus/TARGET/ and every input that once crashed a target
# (fuzz/regress/TARGET/, one file each, named after the bug) runs once
# through $WBCHECK_BUILD_DIR/replay/TARGET, built like the unit tests,
# so with ASan and UBSan under make check SANITIZE=1.  One TAP test per
# target, and one per regression input.  Build them with "make replay".

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp

dir=${WBCHECK_BUILD_DIR:-build}/replay
targets=
for src in fuzz/fuzz_*.c; do
	[ -f "$src" ] || continue
	t=${src##*/}
	targets="$targets ${t%.c}"
done
if [ -z "$targets" ] || [ ! -d "$dir" ]; then
	echo "1..0 # SKIP no replay binaries in $dir (make replay)"
	exit 0
fi

n=0
# replay TARGET DESC FILE...: one test, passing when the target takes
# every file without crashing.
replay()
{
	bin=$dir/$1
	desc=$2
	shift 2
	n=$((n + 1))
	if [ ! -x "$bin" ]; then
		echo "not ok $n - $desc"
		echo "$bin: not built (make replay)" | wb_diag
		return
	fi
	wb_run "$bin" "$@" </dev/null >"$wb_tmp/out" 2>&1
	rc=$?
	if [ "$rc" -eq 0 ] && [ "$(grep -c '^replayed ' "$wb_tmp/out")" -eq $# ]; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc"
		{
			echo "$bin: exit status $rc"
			tail -n 40 "$wb_tmp/out"
		} | wb_diag
	fi
}

for t in $targets; do
	set --
	for f in fuzz/corpus/"$t"/*; do
		[ -f "$f" ] && set -- "$@" "$f"
	done
	if [ $# -gt 0 ]; then
		replay "$t" "$t: the $# seeds of fuzz/corpus/$t" "$@"
	else
		n=$((n + 1))
		echo "not ok $n - $t: has seeds in fuzz/corpus/$t"
	fi
	for f in fuzz/regress/"$t"/*; do
		[ -f "$f" ] && replay "$t" "$t: regression ${f##*/}" "$f"
	done
done
echo "1..$n"

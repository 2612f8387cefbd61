#!/bin/sh
# cmocka unit tests: run every $WBCHECK_BUILD_DIR/unit/test_* binary
# (make check exports WBCHECK_BUILD_DIR as build or build/san; the
# default is build) and report one TAP test per binary.  Each binary
# runs with CMOCKA_MESSAGE_OUTPUT=TAP; its output becomes diagnostics
# when it fails.  Build them with "make unit".

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp

dir=${WBCHECK_BUILD_DIR:-build}/unit

bins=
for t in "$dir"/test_*; do
	case $t in
	*.o|*.d)
		continue
		;;
	esac
	[ -f "$t" ] && [ -x "$t" ] && bins="$bins$t
"
done
if [ -z "$bins" ]; then
	echo "1..0 # SKIP no unit tests built"
	exit 0
fi
echo "1..$(printf '%s' "$bins" | wc -l)"

n=0
while IFS= read -r t; do
	[ -n "$t" ] || continue
	n=$((n + 1))
	case $t in
	/*)	run=$t ;;
	*)	run=./$t ;;
	esac
	wb_run env CMOCKA_MESSAGE_OUTPUT=TAP "$run" </dev/null >"$wb_tmp/out" 2>&1
	rc=$?
	# cmocka exits with the number of failed tests; a "not ok" line
	# catches a binary that reports a failure and still exits 0.
	if [ "$rc" -eq 0 ] && ! grep -q '^not ok' "$wb_tmp/out"; then
		echo "ok $n - ${t##*/}"
	else
		echo "not ok $n - ${t##*/}"
		{
			echo "$t: exit value $rc"
			cat "$wb_tmp/out"
		} | wb_diag
	fi
done <<EOF
$bins
EOF

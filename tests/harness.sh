# The TAP harness of the tests that run wbcheck on bad or unusual input
# and check its exit status, stdout and stderr (tests/robust.t,
# tests/merge.t).  Sourced after tests/lib.sh: sets $wb, $tmp, $root,
# and defines run, t and the predicates both use.
wb_cd_root
wb_mktemp
tmp=$wb_tmp
root=$PWD
wb=$(wb_binary)
case $wb in
/*)	;;
*/*)	wb=$root/$wb ;;
esac

LC_ALL=C
export LC_ALL

wb_require_binary "$wb"

n=0
# run ARG...: wbcheck with a time limit; sets $rc, $tmp/out, $tmp/err.
run()
{
	wb_run "$wb" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	last="wbcheck $*"
}

# t DESC TEST...: one TAP test, with the last run shown on failure.
t()
{
	desc=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $(wb_desc "$desc")"
		return
	fi
	echo "not ok $n - $(wb_desc "$desc")"
	{
		echo "failed: $*"
		echo "command: $last"
		echo "exit status: $rc"
		echo "stdout:"
		sed 's/^/  /' "$tmp/out"
		echo "stderr:"
		sed 's/^/  /' "$tmp/err"
	} | wb_diag
}

is()		{ [ "$1" = "$2" ]; }
empty()		{ [ ! -s "$1" ]; }
has()		{ grep -Eq -e "$2" "$1"; }
has_text()	{ grep -Fq -e "$2" "$1"; }
same()		{ cmp -s "$1" "$2"; }

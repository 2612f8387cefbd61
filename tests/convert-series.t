#!/bin/sh
# --convert against the 2008 series itself (bench/convert-series): on
# v2.6.26 from ../shared/trees with the series' API added, the path_*
# calls it writes match the series' own, call site by call site: at
# least 90% of them regenerated exactly or equivalently, none wrong, and
# the converted tree has no finding of another check the original has
# not (a struct path read before it is filled, a bracket on the wrong
# mount).
. "$(dirname "$0")/lib.sh"
wb_cd_root
wb=$(wb_binary)
n=0
fail=0
wb_mktemp
tmp=$wb_tmp

shared=${WBCHECK_SHARED:-../shared}
tarball=$shared/trees/linux-2.6.26-subset.tar.xz
seeds=$shared/seeds
if [ ! -f "$tarball" ] || [ ! -d "$seeds" ]; then
	if [ -n "${CI:-}" ]; then
		echo "1..1"
		echo "not ok 1 - $tarball or $seeds is missing (CI has ../shared; set WBCHECK_SHARED)"
		exit 1
	fi
	echo "1..0 # SKIP $tarball or $seeds is missing (set WBCHECK_SHARED)"
	exit 0
fi
case $(uname -m) in
x86_64) ;;
*)
	echo "1..0 # SKIP v2.6.26 is checked for x86_64"
	exit 0
	;;
esac
wb_require xz patch

TMPDIR=$tmp bench/convert-series -k "$tarball" "$seeds" "$wb" >"$tmp/out" 2>&1
rc=$?
work=$(sed -n 's/^work directory: //p' "$tmp/out")
summary=$(grep '^series calls' "$tmp/out")
t "bench/convert-series runs (exit $rc)" [ "$rc" -eq 0 -a -n "$summary" ]
total=$(printf '%s\n' "$summary" | sed -n 's/^series calls \([0-9]*\):.*/\1/p')
share=$(printf '%s\n' "$summary" | sed -n 's/.*regenerated \([0-9]*\)%.*/\1/p')
wrong=$(printf '%s\n' "$summary" | sed -n 's/.*; wrong \([0-9]*\);.*/\1/p')
t "the series' call sites are counted ($total)" [ "${total:-0}" -ge 40 ]
t "at least 90% regenerated ($summary)" [ "${share:-0}" -ge 90 ]
t "none wrong ($summary)" [ "${wrong:-1}" -eq 0 ]
t "no helper rewritten into a call of itself" \
	sh -c "! grep -E '^wrong .* (path_[a-z]*): \\1\\(' '$tmp/out'"

files="fs/namei.c fs/open.c fs/attr.c fs/utimes.c fs/xattr.c ipc/mqueue.c"
others() {
	# shellcheck disable=SC2086
	(cd "$1" && "$wb" --kernel-tree=. $files fs/nfsd/*.c fs/ecryptfs/*.c) 2>/dev/null |
		grep -E 'warning: .*\[(path-uninitialized|wrong-mount|write-bracket-[a-z-]*)\]$' |
		sed 's/^[^ ]* //' | sort
}
if [ -n "$work" ] && [ -d "$work/ours" ]; then
	others "$work/base" >"$tmp/before"
	others "$work/ours" >"$tmp/after"
	comm -13 "$tmp/before" "$tmp/after" >"$tmp/new"
	t "the converted tree has no finding of another check the original has not" \
		sh -c "! [ -s '$tmp/new' ]"
	[ -s "$tmp/new" ] && sed 's/^/# /' "$tmp/new"
else
	t "the converted tree was kept for the re-check" false
fi
[ -n "$work" ] && rm -rf "$work"

echo "1..$n"
exit $fail

#!/bin/sh
# valgrind memcheck over the kernel samples: no invalid read or write,
# no use of uninitialised memory, no leak (definite, indirect or
# possible) -- any of them fails the run through --error-exitcode.
# "Still reachable" blocks are libclang's and LLVM's static state at
# exit, not leaks, and are not counted; no suppression file is needed.
#
# Skipped without valgrind (a failure under CI instead: wb_require in
# tests/lib.sh), for a sanitizer build (ASan and valgrind do not mix:
# make check SANITIZE=1 checks the same under ASan/LSan), and when
# WBCHECK_VALGRIND=0.

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp
tmp=$wb_tmp
wb=$(wb_binary)

if [ "${WBCHECK_VALGRIND:-1}" = 0 ]; then
	echo "1..0 # SKIP WBCHECK_VALGRIND=0"
	exit 0
fi
wb_require valgrind
wb_require_binary "$wb"
if grep -aq __asan_init "$wb"; then
	echo "1..0 # SKIP $wb is built with ASan (SANITIZE=1)"
	exit 0
fi

n=0
# memcheck DESC ARG...: wbcheck ARG... under memcheck; one TAP test.
memcheck()
{
	desc=$1
	shift
	n=$((n + 1))
	wb_run valgrind --quiet --error-exitcode=99 --leak-check=full \
		--show-leak-kinds=definite,indirect,possible \
		--errors-for-leak-kinds=definite,indirect,possible \
		"$wb" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	# wbcheck's own exit status is 0 on these inputs; 99 is memcheck's.
	if [ "$rc" -eq 0 ] && ! grep -q '^==[0-9]*==' "$tmp/err"; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc"
		{
			echo "valgrind wbcheck $*: exit status $rc"
			head -n 60 "$tmp/err"
		} | wb_diag
	fi
}

for era in 2008 modern; do
	# shellcheck disable=SC2046
	memcheck "kernel-samples/$era: memcheck reports nothing" \
		-j2 -I "kernel-samples/include/$era" $(ls kernel-samples/$era/*.c)
done

# The summary database: storing and reading back (sqlite, the codec).
memcheck "--db=FILE over kernel-samples/2008/errpaths.c: memcheck reports nothing" \
	--db="$tmp/s.db" -j1 -I kernel-samples/include/2008 kernel-samples/2008/errpaths.c
memcheck "--report: memcheck reports nothing" --db="$tmp/s.db" --report

echo "1..$n"

# Shared helpers for the TAP scripts in tests/ (POSIX sh + awk).
# shellcheck shell=sh
# Sourced, not run: "prove tests/" only picks up *.t files.
#
# A finding is named by the pair (LINE, CHECK).  The expected set comes
# from marker comments in the source,
#
#	vfs_unlink(dir, dentry);	/* expect: missing-write-bracket */
#
# (several checks comma-separated), the actual set from the warnings
# wbcheck prints for that same file:
#
#	FILE:LINE:COL: warning: MESSAGE [CHECK]
#
# The two sets must be equal: a marker without a warning is a missed
# finding, a warning without a marker a false positive.

# Run from the repository root whatever directory prove was started in.
wb_cd_root()
{
	cd "$(dirname "$0")/.." || exit 1
}

# The wbcheck to test: $WBCHECK, or the one make just built.
wb_binary()
{
	printf '%s\n' "${WBCHECK:-./wbcheck}"
}

# Scratch directory, removed on exit.  Sets $wb_tmp.
wb_mktemp()
{
	wb_tmp=$(mktemp -d "${TMPDIR:-/tmp}/wbcheck-tests.XXXXXX") || exit 1
	trap 'rm -rf "$wb_tmp"' EXIT
	trap 'rm -rf "$wb_tmp"; exit 1' HUP INT TERM
}

# A tool a test needs and .ci/run installs (git, sqlite3, groff,
# mandoc, patch, valgrind, node and npm): on a developer's machine
# without it the tests that need it skip, but under CI (CI set and not
# empty, as .ci/run sets it) a missing tool is a failure, never a skip,
# or CI would pass without ever running them.
#
# wb_require TOOL...: for a whole script, before its plan.  Returns when
# every TOOL is installed; else prints "1..0 # SKIP" and exits 0, or
# under CI one failed test ("not ok 1") and exits 1.
wb_require()
{
	for wb_tool in "$@"; do
		command -v "$wb_tool" >/dev/null 2>&1 && continue
		if [ -n "${CI:-}" ]; then
			echo "1..1"
			echo "not ok 1 - $wb_tool is not installed (under CI: .ci/run installs it)"
			exit 1
		fi
		echo "1..0 # SKIP $wb_tool is not installed (.ci/run installs it)"
		exit 0
	done
}

# wb_require_binary WB: for a whole script, before its plan.  Returns
# when WB, the wbcheck to test, is there (a path, or a command on PATH);
# else skips the script ("run make"), or under CI fails it.
wb_require_binary()
{
	[ -x "$1" ] && return 0
	case $1 in
	*/*)	;;
	*)	command -v "$1" >/dev/null 2>&1 && return 0 ;;
	esac
	if [ -n "${CI:-}" ]; then
		echo "1..1"
		echo "not ok 1 - no wbcheck binary at $1 (under CI: .ci/run builds it)"
		exit 1
	fi
	echo "1..0 # SKIP no wbcheck binary at $1 (run make)"
	exit 0
}

# wb_skip_missing N TOOL WHAT: test number N, WHAT, not run because
# TOOL is not installed: "ok N # SKIP", or under CI "not ok N".
wb_skip_missing()
{
	if [ -n "${CI:-}" ]; then
		echo "not ok $1 - $3: $2 is not installed (under CI: .ci/run installs it)"
		return 1
	fi
	echo "ok $1 # SKIP $3: $2 is not installed (.ci/run installs it)"
}

# wb_update: succeed when golden expectations are to be rewritten,
# which is when WBCHECK_UPDATE is exactly 1; unset, empty or 0 is a
# plain run, anything else a mistake ("Bail out!", exit 1): call it
# once, before the plan.  A script that rewrites an expectation reports
# that test "not ok" with "rewritten: re-run without WBCHECK_UPDATE",
# so a rewriting run never passes: review the change with git diff and
# run again.
wb_update()
{
	case ${WBCHECK_UPDATE:-0} in
	1)	return 0 ;;
	0)	return 1 ;;
	esac
	echo "Bail out! WBCHECK_UPDATE=$WBCHECK_UPDATE: 1 rewrites the expectations, 0 or unset does not"
	exit 1
}

# Run a command with the time limit $WBCHECK_TIMEOUT (seconds, default
# 300) when timeout(1) is there, so one hang does not stall the suite.
wb_run()
{
	if command -v timeout >/dev/null 2>&1; then
		timeout "${WBCHECK_TIMEOUT:-300}" "$@"
	else
		"$@"
	fi
}

# TAP diagnostics: stdin, each line prefixed with "# ".  They go to
# stderr so that plain "prove" (not -v) shows them for failures.
wb_diag()
{
	sed 's/^/# /' >&2
}

# As wb_diag, but to stdout: for TODO tests, whose failures are
# expected and should not clutter the summary.
wb_note()
{
	sed 's/^/# /'
}

# A TAP description must not contain an unescaped '#'.
wb_desc()
{
	printf '%s' "$1" | sed 's/#/\\#/g'
}

# wb_markers FILE: print "LINE CHECK" for each expect: marker in FILE.
# A marker is "expect:" after "/*" or "//" on the same line; the names
# run to "*/" or the end of the line.  Lines of a golden testcase's
# check-output block are expected stdout, not source, and are skipped.
wb_markers()
{
	awk '
	/^[ \t\/*]*check-output-start[ \t]*$/ { inout = 1; next }
	/^[ \t\/*]*check-output-end[ \t]*$/ { inout = 0; next }
	inout { next }
	{
		p = index($0, "expect:")
		if (!p)
			next
		pre = substr($0, 1, p - 1)
		if (!index(pre, "/*") && !index(pre, "//"))
			next
		rest = substr($0, p + 7)
		q = index(rest, "*/")
		if (q)
			rest = substr(rest, 1, q - 1)
		gsub(/[ \t]/, "", rest)
		n = split(rest, names, ",")
		for (i = 1; i <= n; i++)
			if (names[i] != "")
				print NR, names[i]
	}' "$1" | LC_ALL=C sort -u
}

# wb_warnings FILE OUTPUT: print "LINE CHECK" for each warning about
# FILE (compared as a plain string, as given on the command line) in
# the wbcheck output OUTPUT.  Notes and other files are ignored.
wb_warnings()
{
	awk -v f="$1" '
	BEGIN { pfx = f ":"; plen = length(pfx) }
	substr($0, 1, plen) != pfx { next }
	{
		rest = substr($0, plen + 1)
		if (!match(rest, /^[0-9]+(:[0-9]+)?: warning: /))
			next
		if (!match(rest, /\[[-A-Za-z0-9_.]+\][ \t]*$/))
			next
		check = substr(rest, RSTART + 1, RLENGTH - 1)
		sub(/\][ \t]*$/, "", check)
		split(rest, a, ":")
		print a[1] + 0, check
	}' "$2" | LC_ALL=C sort -u
}

# wb_compare_markers FILE OUTPUT: succeed when the markers in FILE and
# the warnings about FILE in OUTPUT name the same (LINE, CHECK) pairs.
# On a mismatch print the differences (undiagnosed; pipe to wb_diag).
wb_compare_markers()
{
	wb_markers "$1" >"$wb_tmp/markers"
	wb_warnings "$1" "$2" >"$wb_tmp/warnings"
	if cmp -s "$wb_tmp/markers" "$wb_tmp/warnings"; then
		return 0
	fi
	LC_ALL=C comm -23 "$wb_tmp/markers" "$wb_tmp/warnings" |
		sort -k1,1n -k2 |
		awk -v f="$1" '{ print "missing:    " f ":" $1 ": expected [" $2 "] (marker), no such warning" }'
	LC_ALL=C comm -13 "$wb_tmp/markers" "$wb_tmp/warnings" |
		sort -k1,1n -k2 |
		awk -v f="$1" '{ print "unexpected: " f ":" $1 ": warning [" $2 "] has no expect: marker" }'
	return 1
}

# One TAP test: t DESCRIPTION COMMAND...  Counts in $n, failures in
# $fail; a failure shows $tmp/err and $tmp/out (the last run's) as
# diagnostics.  Scripts that use it set n=0, fail=0 and $tmp.
t()
{
	desc=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $desc"
	else
		echo "not ok $n - $desc"
		fail=1
		sed 's/^/# /' "$tmp/err" "$tmp/out" 2>/dev/null
	fi
}

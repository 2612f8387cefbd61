#!/bin/sh
# The layers of checker/: each folder has a rank, and a file includes
# only headers of its own rank or below, so that the low layers (lib,
# the rules, the model) never depend on the high ones (the checks, the
# fixes, the reports).  Ranks, lowest first:
#
#	lib 0, ruleset 1, model 2, input 3, prefilter 4, frontend 5,
#	analysis 6, checks 7, fix 8, report 9; the files directly in
#	checker/ (main.c, options.c, run.c, ...) are the top, rank 10.
#
# The rules, over every checker/**/*.c and *.h (one "ok" per rule that
# holds, one "not ok" per violation, naming FILE:LINE):
#
#   ranked   every subfolder of checker/ has a rank (a new folder must
#            be added to RANKS below)
#   named    every include of a header of checker/ names its folder,
#            #include "lib/util.h", never #include "util.h", even from
#            lib/ itself; only a top-level file includes a top-level
#            header, by its name alone (#include "options.h"); and the
#            header named is there
#   upward   the folder included ranks no higher than the including
#            file's (the message names both folders and their ranks)
#   clang    #include <clang-c/...> only in frontend/, fix/ and
#            input/kbuild_cmds.c and .h
#   cycle    no include cycle among the files (ranks cannot go round
#            between folders, so a cycle can only be within one; all
#            are searched)
#
# Then the self-test, so that the rules are seen to have teeth: the
# script runs itself on two small fake trees made under $TMPDIR, one
# that keeps every rule and must pass, and one with a violation of
# each kind (lib/x.c including "checks/y.h", <clang-c/Index.h> in
# analysis/, ...) that must fail with exactly those violations.
#
# LAYERS_ROOT=DIR checks DIR instead of checker/; LAYERS_SELFTEST=0
# leaves the self-test out (the runs on the fake trees do).  POSIX sh,
# find, sort and awk.

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
root=${LAYERS_ROOT:-}
case $root in
''|/*)	;;
*)	root=$(pwd)/$root ;;
esac

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp
[ -n "$root" ] || root=checker
LC_ALL=C
export LC_ALL

RANKS="lib=0 ruleset=1 model=2 input=3 prefilter=4 frontend=5 analysis=6 checks=7 fix=8 report=9"
TOP_RANK=10

if [ ! -d "$root" ]; then
	echo "Bail out! $root is not a directory"
	exit 1
fi

n=0
failed=0
ok()
{
	n=$((n + 1))
	echo "ok $n - $(wb_desc "$1")"
}
not_ok()
{
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $(wb_desc "$1")"
}

# layers ROOT: print each violation of the rules in ROOT as a line
# "RULE<tab>MESSAGE".
layers()
{
	(cd "$1/." && find . ! -name . -prune -type d) |
		sed 's|^\./||' | sort >"$wb_tmp/dirs"
	(cd "$1/." && find . -type f \( -name '*.c' -o -name '*.h' \)) |
		sed 's|^\./||' | sort >"$wb_tmp/files"
	awk -v root="$1" -v ranks="$RANKS" -v top="$TOP_RANK" \
	    -v dirs="$wb_tmp/dirs" -v files="$wb_tmp/files" '
	function folder(p) {
		return index(p, "/") ? substr(p, 1, index(p, "/") - 1) : "."
	}
	function fname(f) {
		return f == "." ? "the top level" : f
	}
	# The file "#include" names from file p, as the preprocessor finds
	# it: beside p first, then at the root (-Ichecker).  "" if none.
	function resolve(p, inc,   d) {
		d = p
		if (sub(/\/[^\/]*$/, "", d) && (d "/" inc) in exists)
			return d "/" inc
		return inc in exists ? inc : ""
	}
	function bad(rule, msg) {
		print rule "\t" msg
	}
	function edge(u, v, line) {
		if (v == "" || (u SUBSEP v) in seen)
			return
		seen[u, v] = 1
		out[u, ++nout[u]] = v
		eline[u, nout[u]] = line
	}
	# Each back edge closes a cycle: the files on the stack from the
	# one it goes back to.
	function dfs(u,   k, v, j, msg) {
		color[u] = 1
		stk[++sp] = u
		for (k = 1; k <= nout[u]; k++) {
			v = out[u, k]
			if (color[v] == 1) {
				for (j = sp; j > 1 && stk[j] != v; j--)
					;
				msg = ""
				for (; j <= sp; j++)
					msg = msg root "/" stk[j] ":" \
						(j < sp ? sline[j] : eline[u, k]) \
						" includes " (j < sp ? stk[j + 1] : v) ", "
				bad("cycle", msg "an include cycle")
			} else if (color[v] == 0) {
				sline[sp] = eline[u, k]
				dfs(v)
			}
		}
		sp--
		color[u] = 2
	}
	BEGIN {
		nr = split(ranks, kv, " ")
		for (i = 1; i <= nr; i++) {
			split(kv[i], kvp, "=")
			rank[kvp[1]] = kvp[2] + 0
		}
		rank["."] = top + 0

		while ((getline d < dirs) > 0)
			if (!(d in rank))
				bad("ranked", root "/" d "/: a folder with no rank (add it to RANKS in tests/layers.t)")
		close(dirs)

		nf = 0
		while ((getline f < files) > 0) {
			file[++nf] = f
			exists[f] = 1
		}
		close(files)

		for (i = 1; i <= nf; i++) {
			f = file[i]
			fd = folder(f)
			path = root "/" f
			ln = 0
			while ((getline line < path) > 0) {
				ln++
				if (line !~ /^[ \t]*#[ \t]*include[ \t]*[<"]/)
					continue
				sub(/^[ \t]*#[ \t]*include[ \t]*/, "", line)
				angle = substr(line, 1, 1) == "<"
				q = index(substr(line, 2), angle ? ">" : "\"")
				if (!q)
					continue
				inc = substr(line, 2, q - 1)
				shown = angle ? "<" inc ">" : "\"" inc "\""
				where = root "/" f ":" ln ": " fname(fd)

				if (substr(inc, 1, 8) == "clang-c/") {
					if (fd != "frontend" && fd != "fix" &&
					    f != "input/kbuild_cmds.c" &&
					    f != "input/kbuild_cmds.h")
						bad("clang", where " includes " shown ", outside frontend/, fix/ and input/kbuild_cmds.[ch]")
					continue
				}
				id = folder(inc)
				# <...>: a system header, unless it names
				# one of ours by its folder
				if (angle && !(id in rank && id != "." && inc in exists))
					continue

				to = resolve(f, inc)
				if (id == ".") {
					if (fd == "." && inc in exists) {
						edge(f, inc, ln)
						continue
					}
					if (fd != "." && inc in exists) {
						bad("upward", where " (rank " rank[fd] ") includes " shown " of the top level (rank " top ")")
						edge(f, to, ln)
						continue
					}
					hint = ""
					for (j = 1; j <= nf; j++)
						if (substr(file[j], length(file[j]) - length(inc)) == "/" inc)
							hint = hint (hint == "" ? "" : " or ") "\"" file[j] "\""
					bad("named", where " includes " shown ", which names no folder" \
					    (hint == "" ? "" : ": write " hint))
					edge(f, to, ln)
					continue
				}
				if (!(id in rank)) {
					bad("named", where " includes " shown ": " id " is not a ranked folder of " root)
					edge(f, to, ln)
					continue
				}
				if (!(inc in exists)) {
					bad("named", where " includes " shown ", which is not in " root)
					continue
				}
				if ((fd in rank) && rank[id] > rank[fd])
					bad("upward", where " (rank " rank[fd] ") includes " shown " of " id " (rank " rank[id] ")")
				edge(f, inc, ln)
			}
			close(path)
		}

		sp = 0
		for (i = 1; i <= nf; i++)
			if (color[file[i]] == 0)
				dfs(file[i])
	}'
}

# check ROOT: the rules on ROOT, as TAP.
check()
{
	layers "$1" >"$wb_tmp/violations" || {
		not_ok "$1: the rules could be checked (awk failed)"
		return
	}
	while read -r rule desc; do
		grep "^$rule	" "$wb_tmp/violations" | cut -f2- >"$wb_tmp/rule"
		if [ -s "$wb_tmp/rule" ]; then
			while IFS= read -r msg; do
				not_ok "$rule: $msg"
			done <"$wb_tmp/rule"
			# plain prove shows diagnostics, not the test lines
			sed "s/^/$rule: /" "$wb_tmp/rule" | wb_diag
		else
			ok "$rule: $desc"
		fi
	done <<EOF
ranked every subfolder of $1 has a rank
named every include of a header of $1 names its folder, and the header is there
upward no file of $1 includes a header of a folder ranked above its own
clang <clang-c/...> only in $1/frontend, $1/fix and $1/input/kbuild_cmds.[ch]
cycle no include cycle among the files of $1
EOF
}

check "$root"

# ---- the self-test ---------------------------------------------------------

# tree DIR FILE TEXT...: write FILE of the fake tree DIR, a line per TEXT.
tree()
{
	tdir=$1
	tfile=$2
	shift 2
	mkdir -p "$(dirname "$tdir/$tfile")"
	printf '%s\n' "$@" >"$tdir/$tfile"
}

# selfrun DIR: this script on the fake tree DIR; sets $rc and writes
# $wb_tmp/self.out.
selfrun()
{
	LAYERS_ROOT=$1 LAYERS_SELFTEST=0 sh "$self" >"$wb_tmp/self.out" 2>&1
	rc=$?
	shown=no
}

# has TEXT: the last self run has a "not ok" line with TEXT in it.
has()
{
	grep '^not ok ' "$wb_tmp/self.out" | grep -qF -- "$1"
}

# st DESC TEST...: one self-test; the run is shown at its first failure.
st()
{
	desc=$1
	shift
	if "$@"; then
		ok "self-test: $desc"
	else
		not_ok "self-test: $desc"
		[ "$shown" = yes ] || wb_diag <"$wb_tmp/self.out"
		shown=yes
	fi
}

if [ "${LAYERS_SELFTEST:-1}" != 0 ]; then
	good=$wb_tmp/good/checker
	tree "$good" lib/util.h '#ifndef UTIL_H' '#define UTIL_H' '#include <stddef.h>' '#endif'
	tree "$good" lib/util.c '#include <string.h>' '#include "lib/util.h"'
	tree "$good" ruleset/rules.h '#include "lib/util.h"'
	tree "$good" model/ir.h '#include "ruleset/rules.h"' '#include "model/ir_types.h"'
	tree "$good" model/ir_types.h '#include "lib/util.h"'
	tree "$good" input/kbuild_cmds.h '#include <clang-c/Index.h>'
	tree "$good" input/kbuild_cmds.c '#include <clang-c/Index.h>' '#include "input/kbuild_cmds.h"'
	tree "$good" input/args.c '#include "model/ir.h"'
	tree "$good" prefilter/pf.h '#include "input/kbuild_cmds.h"'
	tree "$good" frontend/frontend.h '#include <clang-c/Index.h>' '#include "prefilter/pf.h"'
	tree "$good" frontend/sub/walk.c '  #  include "frontend/frontend.h"'
	tree "$good" analysis/solver.h '#include "frontend/frontend.h"'
	tree "$good" analysis/solver.c '#include "analysis/solver.h"' '/* #include "report/out.h" */'
	tree "$good" checks/checks.h '#include "analysis/solver.h"'
	tree "$good" fix/fix.h '#include <clang-c/CXString.h>' '#include "checks/checks.h"'
	tree "$good" report/out.h '#include "fix/fix.h"'
	tree "$good" options.h '#include "lib/util.h"'
	tree "$good" main.c '#include "options.h"' '#include "report/out.h"' '#include <lib/util.h>'
	selfrun "$good"
	st "a fake tree that keeps the rules passes (5 ok, exit 0)" \
		test "$rc" -eq 0 -a "$(grep -c '^ok ' "$wb_tmp/self.out")" -eq 5 \
		-a "$(grep -c '^not ok ' "$wb_tmp/self.out")" -eq 0

	bad=$wb_tmp/bad/checker
	mkdir -p "$(dirname "$bad")"
	cp -R "$good" "$bad"
	tree "$bad" checks/y.h '#include "analysis/solver.h"'
	tree "$bad" lib/x.c '#include "lib/util.h"' '#include "checks/y.h"'
	tree "$bad" analysis/z.c '#include <clang-c/Index.h>'
	tree "$bad" analysis/q.c '#include "options.h"'
	tree "$bad" lib/w.c '#include "util.h"'
	tree "$bad" top.c '#include "util.h"'
	tree "$bad" newdir/n.c '#include "lib/util.h"'
	tree "$bad" model/a.h '#include "model/b.h"'
	tree "$bad" model/b.h '#include "lib/util.h"' '#include "model/a.h"'
	selfrun "$bad"
	st "an upward include fails, naming lib/x.c:2 and both folders" \
		has "$bad/lib/x.c:2: lib (rank 0) includes \"checks/y.h\" of checks (rank 7)"
	st "<clang-c/...> in analysis/ fails, naming analysis/z.c:1" \
		has "$bad/analysis/z.c:1: analysis includes <clang-c/Index.h>, outside"
	no_folder()
	{
		has "$bad/lib/w.c:1: lib includes \"util.h\", which names no folder: write \"lib/util.h\"" &&
			has "$bad/top.c:1: the top level includes \"util.h\", which names no folder"
	}
	st "an include without its folder fails, in a folder and at the top" \
		no_folder
	st "a top-level header included from analysis/ fails" \
		has "$bad/analysis/q.c:1: analysis (rank 6) includes \"options.h\" of the top level (rank 10)"
	st "a folder with no rank fails" \
		has "$bad/newdir/: a folder with no rank"
	st "an include cycle fails, naming its files" \
		has "$bad/model/a.h:1 includes model/b.h, $bad/model/b.h:2 includes model/a.h, an include cycle"
	st "the broken tree fails with exactly those 7 violations, exit 1" \
		test "$rc" -eq 1 -a "$(grep -c '^not ok ' "$wb_tmp/self.out")" -eq 7
fi

echo "1..$n"
[ "$failed" -eq 0 ]

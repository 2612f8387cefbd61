#!/bin/sh
# --fix and --convert.
#
# Golden fixes: every testcases/fix/*.c names the run in a comment line
#
#	fix-command: wbcheck --fix -I testcases/include $file
#
# and keeps beside it FILE.diff (the exact patch on stdout) and
# FILE.notes (the exact notes on stderr: the sites left alone, the
# brackets kept, with the reasons).  WBCHECK_UPDATE=1 (exactly 1; 0 or
# unset is a plain run) rewrites those that differ, and reports each
# rewritten one "not ok" (rewritten: re-run without WBCHECK_UPDATE), so
# a rewriting run never passes; review the result with git diff.
# For each, and for each kernel sample (--convert on the 2008 API,
# --fix on the modern one), the patch is applied to a copy of the tree
# with "patch -p1" and with "git apply", and then:
#
#   - the patched file parses (clang -fsyntax-only, the run's flags),
#     with no more unused variables or labels than before;
#   - wbcheck on it finds missing-write-bracket exactly at the sites
#     the run left alone (as many as the notes name), and no more of
#     the other checks than before;
#   - a second run prints the same patch (determinism).

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp
wb=$(wb_binary)
wb_require patch git
update=no
wb_update && update=yes
wb_abs=$(cd "$(dirname "$wb")" && pwd)/$(basename "$wb")

clang=$(sed -n 's/^CLANG = //p' config.mk 2>/dev/null)
[ -n "$clang" ] || clang=$(command -v clang-19 || command -v clang)

# fix_command FILE: its fix-command, with wbcheck and $file substituted.
fix_command()
{
	cmd=$(sed -n 's/^[ \t\/*]*fix-command:[ \t]*//p' "$1" | head -n 1)
	[ -n "$cmd" ] || return 1
	cmd="$wb${cmd#wbcheck}"
	# shellcheck disable=SC2016
	while :; do
		case $cmd in
		*'$file'*) cmd="${cmd%%\$file*}$1${cmd#*\$file}" ;;
		*) break ;;
		esac
	done
	printf '%s\n' "$cmd"
}

# count CHECK-REGEX FILE: warnings of those checks in wbcheck's output.
count()
{
	grep -c "warning: .*\[$1\]\$" "$2"
}

n=0
ok()
{
	n=$((n + 1))
	echo "ok $n - $(wb_desc "$1")"
}
not_ok()
{
	n=$((n + 1))
	echo "not ok $n - $(wb_desc "$1")"
	[ -s "$wb_tmp/why" ] && wb_diag <"$wb_tmp/why"
	: >"$wb_tmp/why"
}
check()
{
	if [ "$1" = 0 ]; then ok "$2"; else not_ok "$2"; fi
}

# missing_sites JSON: "LINE FUNCTION CALLEE" of each missing-write-bracket.
missing_sites()
{
	sed -n 's/.*"line": \([0-9]*\),.*"function": "\([^"]*\)", "check": "missing-write-bracket", "callee": "\([^"]*\)".*/\1 \2 \3/p' "$1"
}

# patched_checks NAME FILE FLAGS: apply the patch in $wb_tmp/patch
# to copies of the tree, and check the result (6 tests).
patched_checks()
{
	name=$1 file=$2 flags=$3
	# the compiler's flags: wbcheck's own options (--rules) are not
	cflags=$(printf '%s\n' "$flags" | sed 's/--rules=[^ ]*//g')
	: >"$wb_tmp/why"
	rm -rf "$wb_tmp/p1" "$wb_tmp/ga"
	mkdir "$wb_tmp/p1" "$wb_tmp/ga"
	cp -R testcases kernel-samples "$wb_tmp/p1/"
	cp -R testcases kernel-samples "$wb_tmp/ga/"
	(cd "$wb_tmp/p1" && patch -s -p1 <"$wb_tmp/patch") >"$wb_tmp/why" 2>&1
	check $? "$name: applies with patch -p1"
	# git apply refuses an empty patch: nothing to apply is applied
	{ [ ! -s "$wb_tmp/patch" ] ||
	  (cd "$wb_tmp/ga" && git apply "$wb_tmp/patch"); } >"$wb_tmp/why" 2>&1 &&
		cmp -s "$wb_tmp/p1/$file" "$wb_tmp/ga/$file"
	check $? "$name: applies with git apply, to the same result"

	# shellcheck disable=SC2086
	(cd "$wb_tmp/p1" && "$clang" -fsyntax-only -w $cflags "$file") \
		>"$wb_tmp/why" 2>&1
	check $? "$name: the patched file parses (clang -fsyntax-only)"

	# nothing left unused: a label only the bracket jumped to, a local
	# only the bracket named
	unused="-Wno-everything -Wunused-variable -Wunused-label -Wunused-but-set-variable"
	# shellcheck disable=SC2086
	w0=$("$clang" -fsyntax-only $unused $cflags "$file" 2>&1 | grep -c "warning:")
	# shellcheck disable=SC2086
	(cd "$wb_tmp/p1" && "$clang" -fsyntax-only $unused $cflags "$file") \
		>"$wb_tmp/why" 2>&1
	w1=$(grep -c "warning:" "$wb_tmp/why")
	[ "$w1" -le "$w0" ]
	check $? "$name: leaves nothing unused (clang -Wunused: $w1 <= $w0)"

	# shellcheck disable=SC2086
	"$wb" --format=json $flags "$file" >"$wb_tmp/before" 2>/dev/null
	# shellcheck disable=SC2086
	(cd "$wb_tmp/p1" && "$wb_abs" --format=json $flags "$file") \
		>"$wb_tmp/after" 2>/dev/null
	# sites are "FUNCTION CALLEE": lines move with the patch, names do not
	missing_sites "$wb_tmp/before" >"$wb_tmp/s0"
	missing_sites "$wb_tmp/after" >"$wb_tmp/s1"
	grep 'left alone:' "$wb_tmp/notes" | cut -d: -f2 | while read -r line; do
		awk -v l="$line" '$1 == l { print $2, $3 }' "$wb_tmp/s0"
	done | sort -u >"$wb_tmp/left"
	cut -d' ' -f2- "$wb_tmp/s1" | sort -u >"$wb_tmp/still"
	comm -23 "$wb_tmp/still" "$wb_tmp/left" >"$wb_tmp/why"
	if [ ! -s "$wb_tmp/why" ] && [ -s "$wb_tmp/after" ]; then
		ok "$name: no missing-write-bracket left but at sites it left alone"
	else
		{ echo "fixed, yet still reported (function callee):"; cat "$wb_tmp/why"; } >"$wb_tmp/why2"
		mv "$wb_tmp/why2" "$wb_tmp/why"
		not_ok "$name: no missing-write-bracket left but at sites it left alone"
	fi
	o1=$(grep -c '"check": "write-bracket' "$wb_tmp/before")
	o2=$(grep -c '"check": "write-bracket' "$wb_tmp/after")
	if [ "$o2" -le "$o1" ]; then
		ok "$name: no new findings of the other checks ($o2 <= $o1)"
	else
		echo "before: $o1, after: $o2" >"$wb_tmp/why"
		not_ok "$name: no new findings of the other checks ($o2 <= $o1)"
	fi
}

golden=$(find testcases/fix -name '*.c' 2>/dev/null | LC_ALL=C sort)
samples=$(for f in kernel-samples/2008/*.c kernel-samples/modern/*.c; do
	[ -f "$f" ] && echo "$f"
done)
ng=$(printf '%s\n' "$golden" | grep -c .)
ns=$(printf '%s\n' "$samples" | grep -c .)
echo "1..$((ng * 9 + ns * 7 + 7))"

for f in $golden; do
	cmd=$(fix_command "$f") || cmd="$wb --fix $f"
	flags=$(printf '%s\n' "$cmd" | sed 's/^[^ ]* //; s/--fix//; s/--convert//; s|[^ ]*\.c$||')
	wb_run sh -c "$cmd" </dev/null >"$wb_tmp/patch" 2>"$wb_tmp/stderr"
	rc=$?
	grep ': note: ' "$wb_tmp/stderr" >"$wb_tmp/notes"
	if [ "$update" = yes ] && ! cmp -s "$wb_tmp/patch" "${f%.c}.diff"; then
		diff -u "${f%.c}.diff" "$wb_tmp/patch" >"$wb_tmp/why" 2>&1
		echo "exit value $rc" >>"$wb_tmp/why"
		cp "$wb_tmp/patch" "${f%.c}.diff"
		not_ok "$f: the patch is ${f%.c}.diff: rewritten: re-run without WBCHECK_UPDATE"
	elif [ "$rc" -eq 0 ] && diff -u "${f%.c}.diff" "$wb_tmp/patch" >"$wb_tmp/why" 2>&1; then
		ok "$f: the patch is ${f%.c}.diff"
	else
		echo "exit value $rc" >>"$wb_tmp/why"
		not_ok "$f: the patch is ${f%.c}.diff"
	fi
	if [ "$update" = yes ] && ! cmp -s "$wb_tmp/notes" "${f%.c}.notes"; then
		diff -u "${f%.c}.notes" "$wb_tmp/notes" >"$wb_tmp/why" 2>&1
		cp "$wb_tmp/notes" "${f%.c}.notes"
		not_ok "$f: the notes are ${f%.c}.notes: rewritten: re-run without WBCHECK_UPDATE"
	else
		diff -u "${f%.c}.notes" "$wb_tmp/notes" >"$wb_tmp/why" 2>&1
		check $? "$f: the notes are ${f%.c}.notes"
	fi
	wb_run sh -c "$cmd" </dev/null 2>/dev/null | cmp -s - "$wb_tmp/patch"
	check $? "$f: a second run prints the same patch"
	# shellcheck disable=SC2086
	patched_checks "$f" "$f" "$flags"
done

for f in $samples; do
	era=${f#kernel-samples/}
	era=${era%%/*}
	mode=--fix
	[ "$era" = 2008 ] && mode=--convert
	flags="-I kernel-samples/include/$era"
	# shellcheck disable=SC2086
	wb_run "$wb" $mode $flags "$f" </dev/null >"$wb_tmp/patch" 2>"$wb_tmp/stderr"
	grep ': note: ' "$wb_tmp/stderr" >"$wb_tmp/notes"
	: >"$wb_tmp/why"
	if [ ! -s "$wb_tmp/patch" ]; then
		# nothing fixed: every site is named with its reason
		# shellcheck disable=SC2086
		"$wb" $flags "$f" >"$wb_tmp/before" 2>/dev/null
		[ "$(grep -c 'left alone:' "$wb_tmp/notes")" = \
		  "$(count missing-write-bracket "$wb_tmp/before")" ]
		check $? "$f $mode: no patch, and every site is named on stderr"
		for t in 1 2 3 4 5 6; do
			n=$((n + 1))
			echo "ok $n # skip $f: no patch to apply"
		done
		continue
	fi
	ok "$f $mode: prints a patch"
	patched_checks "$f $mode" "$f" "$flags"
done

# Usage: --fix works on the files of the command line only.
"$wb" --fix -B /nonexistent >/dev/null 2>"$wb_tmp/err"
[ $? -eq 2 ] && grep -q 'command line' "$wb_tmp/err"
check $? "--fix with -B is a usage error"

# A clean file: no patch, no notes.
"$wb" --fix -I testcases/include testcases/calls/path-helpers.c \
	>"$wb_tmp/out" 2>"$wb_tmp/err"
[ $? -eq 0 ] && [ ! -s "$wb_tmp/out" ] && ! grep -q 'note:' "$wb_tmp/err"
check $? "--fix on a file without findings prints nothing"

# --fix never drops a bracket that is right: the correct syscall sample
# gets no patch from --fix, only from --convert.
"$wb" --fix -I kernel-samples/include/2008 kernel-samples/2008/syscalls.c \
	>"$wb_tmp/out" 2>/dev/null
[ ! -s "$wb_tmp/out" ]
check $? "--fix leaves correctly bracketed calls alone"

# --convert on the syscalls sample removes the brackets, and the result
# has no mnt_want_write left where the bracket covered one call only.
"$wb" --convert -I kernel-samples/include/2008 kernel-samples/2008/syscalls.c \
	>"$wb_tmp/out" 2>/dev/null
grep -q '^-	error = mnt_want_write(nd.path.mnt);$' "$wb_tmp/out" &&
	grep -q '^+	error = path_mkdir(&nd.path, dentry, mode);$' "$wb_tmp/out"
check $? "--convert drops the bracket around sys_mkdirat's vfs_mkdir"

# The documentation shows the --convert patch of the syscalls sample as
# it is: the first diff block after the command, in the README or the
# first page of docs/ that has one (docs/fixing.md since the README
# became an overview).
doc=
for f in README.md docs/*.md; do
	[ -f "$f" ] || continue
	awk '/wbcheck --convert -I kernel-samples\/include\/2008$/ { want = 1 }
		want && /^```diff$/ { inblock = 1; next }
		inblock && /^```$/ { exit }
		inblock { print }' "$f" >"$wb_tmp/readme"
	if [ -s "$wb_tmp/readme" ]; then
		doc=$f
		break
	fi
done
"$wb" --convert -I kernel-samples/include/2008 kernel-samples/2008/syscalls.c \
	2>/dev/null | diff -u "$wb_tmp/readme" - >"$wb_tmp/why"
[ $? -eq 0 ] && [ -n "$doc" ]
check $? "${doc:-no page of README.md or docs/} shows the --convert patch of kernel-samples/2008/syscalls.c as printed"

# A file with parse errors is not patched; a site in a header is named.
printf '#include "wb.h"\nint f(struct path *p, struct dentry *d)\n{\n\tint e = vfs_unlink(p->dentry->d_inode, d);\n\treturn e + undeclared;\n}\n' >"$wb_tmp/bad.c"
"$wb" --fix -I testcases/include "$wb_tmp/bad.c" >"$wb_tmp/out" 2>"$wb_tmp/err"
[ ! -s "$wb_tmp/out" ] && grep -q 'not fixed: it does not parse without errors' "$wb_tmp/err"
check $? "--fix does not patch a file with parse errors"
mkdir "$wb_tmp/hdr"
printf '#include "wb.h"\nstatic inline int h(struct inode *dir, struct dentry *d)\n{\n\treturn vfs_unlink(dir, d);\n}\n' >"$wb_tmp/hdr/h.h"
printf '#include "h.h"\nint (*p)(struct inode *, struct dentry *) = h;\n' >"$wb_tmp/hdr/m.c"
"$wb" --fix -I testcases/include -I "$wb_tmp/hdr" "$wb_tmp/hdr/m.c" \
	>"$wb_tmp/out" 2>"$wb_tmp/err"
[ ! -s "$wb_tmp/out" ] && grep -q 'h.h:4:9: note: vfs_unlink() left alone: it is not a call written in a file being fixed' "$wb_tmp/err"
check $? "--fix names a site in a header and leaves it alone"

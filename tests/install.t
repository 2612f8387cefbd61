#!/bin/sh
# Packaging: "make install" with PREFIX=/usr and DESTDIR installs the
# binary, the rules and the man page; the installed binary, run from
# anywhere, finds its rules under ../share/wbcheck/rules (proved by
# changing the installed copy and seeing the output change); the man
# page parses without a single groff warning (and mandoc -Tlint's, when
# mandoc is installed) and covers every option --help lists, every
# check, every format and the exit codes; "make uninstall" removes it
# all again.
#
# The binary installed is the ./wbcheck already built (make -o wbcheck):
# installing must not rebuild it, or a SANITIZE=1 run would relink it.

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp
LC_ALL=C
export LC_ALL

if [ ! -x ./wbcheck ] || [ ! -f config.mk ]; then
	echo "1..0 # SKIP ./wbcheck not built (./configure && make)"
	exit 0
fi

n=0
failed=0

t()
{
	desc=$1
	shift
	n=$((n + 1))
	if "$@" >"$wb_tmp/t.out" 2>&1; then
		echo "ok $n - $(wb_desc "$desc")"
	else
		failed=$((failed + 1))
		echo "not ok $n - $(wb_desc "$desc")"
		wb_diag <"$wb_tmp/t.out"
	fi
}

dest=$wb_tmp/dest
bin=$dest/usr/bin/wbcheck
rules=$dest/usr/share/wbcheck/rules/wbcheck.rules
man1=$dest/usr/share/man/man1/wbcheck.1

# make, not under the make that runs the suite: its jobserver and flags
# are not ours.
mk()
{
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory \
		-o wbcheck "$@"
}

# 1-2: install
do_install()
{
	mk install PREFIX=/usr DESTDIR="$dest"
}
t "make install PREFIX=/usr DESTDIR=...: succeeds" do_install
check_files()
{
	ls -lR "$dest"
	[ -x "$bin" ] && [ -f "$rules" ] && [ -f "$man1" ] &&
		cmp ./wbcheck "$bin" && cmp rules/wbcheck.rules "$rules" &&
		cmp man/wbcheck.1 "$man1" &&
		[ "$(find "$dest" -type f | wc -l)" -eq "$(($(find rules -name "*.rules" | wc -l) + 2))" ]
}
t "the binary, the rules and the man page, under DESTDIR/usr, nothing else" check_files

# 3-4: the installed binary, from another directory, finds its rules
mkdir -p "$wb_tmp/inst-run"
cp tests/cli/unbracketed.c "$wb_tmp/inst-run/a.c"
run_installed()
{
	(cd "$wb_tmp/inst-run" && exec "$bin" a.c) </dev/null \
		>"$wb_tmp/out" 2>"$wb_tmp/err"
	rc=$?
	echo "exit $rc"
	cat "$wb_tmp/out" "$wb_tmp/err"
}
check_runs()
{
	run_installed
	[ "$rc" -eq 0 ] && [ ! -s "$wb_tmp/err" ] &&
		grep -q '^a.c:13:9: warning: vfs_unlink() may be called without a write bracket on the mount \[missing-write-bracket\]$' "$wb_tmp/out"
}
t "the installed binary finds its rules and the finding" check_runs
check_its_rules()
{
	echo 'checks missing=from-installed-rules' >>"$rules"
	run_installed
	[ "$rc" -eq 0 ] && grep -q '\[from-installed-rules\]$' "$wb_tmp/out" || return 1
	# and a broken installed copy is the error, named
	echo 'no-such-directive x' >>"$rules"
	run_installed
	[ "$rc" -eq 2 ] &&
		grep -q "^wbcheck: $dest/usr/.*share/wbcheck/rules/wbcheck.rules:[0-9]*: unknown directive" "$wb_tmp/err"
}
t "the rules it reads are DESTDIR/usr/share/wbcheck/rules/wbcheck.rules" check_its_rules
cp rules/wbcheck.rules "$rules"

# 5-7: the man page
check_groff()
{
	groff -man -Tutf8 -ww -z "$man1" 2>&1 | tee "$wb_tmp/groff.err"
	[ ! -s "$wb_tmp/groff.err" ]
}
if command -v groff >/dev/null 2>&1; then
	t "groff -man -ww: the man page parses without a warning" check_groff
else
	n=$((n + 1))
	wb_skip_missing $n groff "the man page parses without a groff warning"
fi
if command -v mandoc >/dev/null 2>&1; then
	check_mandoc()
	{
		mandoc -Tlint -Wwarning "$man1"
	}
	t "mandoc -Tlint: no warnings" check_mandoc
else
	n=$((n + 1))
	wb_skip_missing $n mandoc "mandoc -Tlint"
fi
# (on the page as groff renders it: an entry is found by its indent, so
# the raw source cannot stand in for it)
check_cover()
{
	groff -man -Tascii -P-c -P-b -P-u "$man1" >"$wb_tmp/page" 2>/dev/null
	# every option --help lists has an entry (a tagged paragraph)
	"$bin" --help | grep "^  -" | grep -o -- "-\{1,2\}[a-zA-Z][-a-z]*" |
		sort -u >"$wb_tmp/opts"
	[ "$(wc -l <"$wb_tmp/opts")" -ge 12 ] || { cat "$wb_tmp/opts"; return 1; }
	miss=0
	while read -r o; do
		grep -qE -- "^ {7}$o([= ]|$)" "$wb_tmp/page" || { echo "option $o has no entry in the man page"; miss=1; }
	done <"$wb_tmp/opts"
	for w in missing-write-bracket write-bracket-leak write-bracket-double-drop \
		'--format=format' 'text' 'json' 'sarif' 'EXIT STATUS' \
		'--error-exitcode value' 'wbcheck baseline v1' 'wbcheck suppressions v1' \
		'share/wbcheck/rules' 'EXAMPLES'; do
		grep -q -- "$w" "$wb_tmp/page" || { echo "'$w' not in the man page"; miss=1; }
	done
	[ "$miss" -eq 0 ]
}
if command -v groff >/dev/null 2>&1; then
	t "the man page covers every option of --help, check, format, exit status" check_cover
else
	n=$((n + 1))
	wb_skip_missing $n groff "the man page covers every option of --help, check, format, exit status"
fi

# 8: uninstall
check_uninstall()
{
	mk uninstall PREFIX=/usr DESTDIR="$dest" || return 1
	find "$dest" -type f | tee "$wb_tmp/left"
	[ ! -s "$wb_tmp/left" ]
}
t "make uninstall removes every file again" check_uninstall

echo "1..$n"
[ "$failed" -eq 0 ]

#!/bin/sh
# Bad input of every kind gets a clear error naming it and the right
# exit status, never a crash.  tests/cli.t already covers a missing
# file, a directory, an empty file, a binary file, invalid UTF-8 in a
# comment and in a suggestion, a file with one syntax error, unknown
# compiler flags, a missing and a bad rules file; tests/builddir.t a
# missing -B/-p directory, a junk --db for --report and concurrent
# --db writers.  This file has the rest:
#
#	1. parse errors: a missing header, many errors, nothing parses
#	2. files that are not C by name, odd bytes in names and literals
#	3. compiler flags libclang refuses outright (-std=, -x, -target)
#	4. rules files: FILE:LINE: reason, at the command line
#	5. compile_commands.json that is not one
#	6. kbuild .o.cmd files that are not one
#	7. summary databases: corrupt, foreign, truncated, unwritable
#	8. two runs writing one database at once
#
# "no crash" is an exit status below 128 (a signal gives 128 + N).

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

# shellcheck source=tests/harness.sh
. "$(dirname "$0")/harness.sh"
no_text()	{ ! grep -Fq -e "$2" "$1"; }
lacks()		{ ! grep -Eq -e "$2" "$1"; }
count_is()	{ [ "$(grep -Ec -e "$2" "$1")" -eq "$3" ]; }
no_crash()	{ [ "$rc" -lt 128 ]; }

# The one-finding fixture of tests/cli: vfs_unlink() at line 13.
fx=tests/cli/unbracketed.c
FINDING=':13:9: warning: vfs_unlink\(\) .*\[missing-write-bracket\]$'

# ---- 1. Parse errors ----------------------------------------------------

{
	echo '#include "wbcheck-no-such-header.h"'
	cat $fx
} >"$tmp/header.c"
run "$tmp/header.c"
t "missing header: no crash" no_crash
t "missing header: exits 2" is "$rc" 2
t "missing header: the error names it at FILE:LINE" \
	has "$tmp/err" "^$tmp/header\\.c:1:[0-9]+: .*'wbcheck-no-such-header\\.h' file not found"
t "missing header: stderr says the functions that parsed are analysed" \
	has_text "$tmp/err" "$tmp/header.c: 1 error while parsing; functions that parsed are still analysed"
t "missing header: the finding after it is still reported" \
	has "$tmp/out" "^$tmp/header\\.c:14:9: warning: .*\\[missing-write-bracket\\]\$"

# Eight broken functions and one good one: five errors shown, all counted.
{
	sed -n '5,8p' $fx
	i=0
	while [ $i -lt 8 ]; do
		printf 'int broken%d(void) { return 1 +; }\n' $i
		i=$((i + 1))
	done
	sed -n '9,$p' $fx
} >"$tmp/many.c"
run "$tmp/many.c"
t "eight syntax errors: exits 2" is "$rc" 2
t "eight syntax errors: five shown" count_is "$tmp/err" ': error: ' 5
t "eight syntax errors: all counted" \
	has_text "$tmp/err" "$tmp/many.c: 8 errors while parsing"
t "eight syntax errors: the good function is still analysed" \
	count_is "$tmp/out" ': warning: .*\[missing-write-bracket\]$' 1

printf '}}}} int ( ;; { return\n"unterminated\n#endif\n' >"$tmp/nothing.c"
run "$tmp/nothing.c"
t "nothing parses: no crash" no_crash
t "nothing parses: exits 2" is "$rc" 2
t "nothing parses: stderr names the file" has_text "$tmp/err" "$tmp/nothing.c:"
t "nothing parses: no findings" empty "$tmp/out"

printf 'int cut_short(void)\n{\n\tif (1) {\n\t\treturn 0;\n' >"$tmp/eof.c"
run "$tmp/eof.c"
t "file ends inside a function: no crash, exits 2" is "$rc" 2
t "file ends inside a function: stderr says where" \
	has "$tmp/err" "^$tmp/eof\\.c:[0-9]+:[0-9]+: error: "

# ---- 2. Not C by name; odd bytes ------------------------------------------

sed '' $fx >"$tmp/no-extension"
run "$tmp/no-extension"
t "a file not named .c: exits 2" is "$rc" 2
t "a file not named .c: stderr names it and says -x c" \
	has "$tmp/err" "^wbcheck: $tmp/no-extension: .*-x c"
run -x c "$tmp/no-extension"
t "a file not named .c, with -x c: exits 0" is "$rc" 0
t "a file not named .c, with -x c: the finding" has "$tmp/out" "$FINDING"

# clang's driver reads a .pch (or .ast, .gch, .pcm) as a serialized AST
# whatever -x says; libclang 19 crashed walking one built with other flags.
clang=$(command -v clang-19 || command -v clang || :)
if [ -z "$clang" ]; then
	n=$((n + 1))
	wb_skip_missing $n clang "a precompiled header as input"
elif "$clang" -x c-header -o "$tmp/hdr.pch" "$fx" 2>"$tmp/err"; then
	run "$tmp/hdr.pch"
	t "a precompiled header as input: no crash, exits 2" is "$rc" 2
	t "a precompiled header as input: stderr names it and says why" \
		has_text "$tmp/err" "wbcheck: $tmp/hdr.pch: a precompiled header or AST file by its name, not C source"
else
	n=$((n + 1))
	echo "not ok $n - a precompiled header as input: $clang could not build one"
	wb_diag <"$tmp/err"
fi
run -include-pch "$tmp/none.pch" "$fx"
t "-include-pch takes a value: not an input file" no_text "$tmp/err" "$tmp/none.pch: "

run /dev/null
t "/dev/null: no crash, exits 2" is "$rc" 2
t "/dev/null: stderr names it" has_text "$tmp/err" "wbcheck: /dev/null: "

odd=$(printf '%s/odd\377\376name.c' "$tmp")
sed '' $fx >"$odd"
run --format=json "$odd"
t "invalid UTF-8 in a file name, json: exits 0" is "$rc" 0
t "invalid UTF-8 in a file name, json: the bytes become U+FFFD" \
	has_text "$tmp/out" '"file": "'"$tmp"'/odd\ufffd\ufffdname.c"'
run "$odd"
t "invalid UTF-8 in a file name, text: the name as given" \
	has_text "$tmp/out" "$odd:13:9: warning: "

{
	sed -n '5,12p' $fx
	printf '\tconst char *s = "caf\351 \377\376 \300\257";\n\n'
	printf '\t(void)s;\n'
	sed -n '13,$p' $fx
} >"$tmp/literal.c"
run --format=json "$tmp/literal.c"
t "invalid UTF-8 in a string literal: exits 0" is "$rc" 0
t "invalid UTF-8 in a string literal: the finding" \
	has "$tmp/out" '"line": 12,'

{
	sed -n '5,$p' $fx
	printf 'int after_nul(void);\n\000\000 garbage \000\n'
} >"$tmp/nul.c"
run "$tmp/nul.c"
t "NUL bytes in a C file: no crash" no_crash
t "NUL bytes in a C file: exits 2 (they do not parse)" is "$rc" 2
t "NUL bytes in a C file: the function before them is analysed" \
	has "$tmp/out" "^$tmp/nul\\.c:9:9: warning: "

# ---- 3. Flags libclang refuses outright ----------------------------------
#
# An invalid value makes libclang refuse the whole command line with no
# diagnostic at all; wbcheck finds the flag to blame.  Under kbuild
# (--arch= on the line, as sparse's CHECK gets it) it drops the flag
# with one note and goes on; outside kbuild a flag typed on the command
# line that clang refuses is an error (the contract of cli.t).

for flag in -std=gnu99x "-x wbcheck-nonsense" "-target wbcheck-nonsense" \
	    -fbracket-depth=x; do
	# shellcheck disable=SC2086
	run --arch=x86_64 $flag -DUNUSED=1 $fx
	t "refused $flag: exits 0" is "$rc" 0
	t "refused $flag: one note naming it" \
		count_is "$tmp/err" "^wbcheck: note: dropping compiler flag '$flag' that clang does not accept\$" 1
	t "refused $flag: the finding is still reported" has "$tmp/err" "$FINDING"
	# shellcheck disable=SC2086
	run $flag -DUNUSED=1 $fx
	t "refused $flag outside kbuild: exits 2" is "$rc" 2
	t "refused $flag outside kbuild: no crash" no_crash
done

run --arch=x86_64 -std=gnu99x -Dvfs_unlink=vfs_rmdir -std=gnu99x $fx
t "a refused flag given twice: one note" count_is "$tmp/err" 'dropping' 1
t "a refused flag: the flags around it still apply" \
	has "$tmp/err" ':13:9: warning: vfs_rmdir\(\)'

run -include wbcheck-missing.h $fx
t "-include of a missing file: exits 2" is "$rc" 2
t "-include of a missing file: named" has_text "$tmp/err" "'wbcheck-missing.h' file not found"
t "-include of a missing file: the finding is still reported" \
	has "$tmp/out" "$FINDING"

run '-Dbad(=1' $fx
t "malformed -D: exits 2" is "$rc" 2
t "malformed -D: the error is on stderr" has "$tmp/err" 'error: '
t "malformed -D: the finding is still reported" has "$tmp/out" "$FINDING"

# ---- 4. Rules files: FILE:LINE: reason -----------------------------------

# bad_rules NAME LINE REASON: the rules in $tmp/NAME.rules are refused.
bad_rules()
{
	run --rules="$tmp/$1.rules" $fx
	t "rules, $1: exits 2" is "$rc" 2
	t "rules, $1: stderr says FILE:$2: $3" \
		has_text "$tmp/err" "wbcheck: $tmp/$1.rules:$2: $3"
	t "rules, $1: nothing on stdout" empty "$tmp/out"
}

printf 'release mnt_drop_write arg=1\nguard vfs_x nargs=2 object=1 replace="path_x(@1\n' \
	>"$tmp/quote.rules"
bad_rules quote 2 'unterminated quote'
printf 'release mnt_drop_write arg=1\n\nrel\000ease x arg=1\n' >"$tmp/nul.rules"
bad_rules nul 3 'invalid byte 0x00'
printf '# caf\351\n' >"$tmp/latin1.rules"
bad_rules latin1 1 'invalid UTF-8 (byte 0xe9)'
printf 'guard vfs_unlink nargs=99999999999999999999 object=1\n' >"$tmp/big.rules"
bad_rules big 1 "bad number '99999999999999999999' for nargs"
printf 'caller-holds demo kernels=6.x\n' >"$tmp/kernels.rules"
bad_rules kernels 1 "kernels: '6.x' is no list of versions (6.1,6.12)"
printf 'returns demo arg=1 kernels=6.1,,6.12\n' >"$tmp/kernels2.rules"
bad_rules kernels2 1 "kernels: '6.1,,6.12' is no list of versions (6.1,6.12)"
mkdir "$tmp/dir.rules"
run --rules="$tmp/dir.rules" $fx
t "rules, a directory: exits 2" is "$rc" 2
t "rules, a directory: named" has_text "$tmp/err" "$tmp/dir.rules: cannot read: Is a directory"

# ---- 5. compile_commands.json that is not one -----------------------------

# bad_compdb NAME: $tmp/NAME/compile_commands.json is refused by name.
bad_compdb()
{
	run -p "$tmp/$1"
	t "-p, $1: no crash" no_crash
	t "-p, $1: exits 2" is "$rc" 2
	t "-p, $1: stderr names the file" \
		has_text "$tmp/err" "wbcheck: $tmp/$1/compile_commands.json: not a valid compilation database"
	t "-p, $1: nothing on stdout" empty "$tmp/out"
}

mkdir "$tmp/cut" "$tmp/notjson" "$tmp/nofile" "$tmp/binary"
printf '[{"directory": "%s", "file": ' "$tmp" >"$tmp/cut/compile_commands.json"
bad_compdb cut
printf 'gcc -c foo.c\n' >"$tmp/notjson/compile_commands.json"
bad_compdb notjson
printf '[{"directory": "%s", "command": "gcc -c x.c"}]\n' "$tmp" \
	>"$tmp/nofile/compile_commands.json"
bad_compdb nofile
printf '\177ELF\002\001\001\000\000\000[{\300\377"' >"$tmp/binary/compile_commands.json"
bad_compdb binary

mkdir "$tmp/gone"
printf '[{"directory": "%s", "file": "%s/gone/gone.c", "arguments": ["gcc", "-c", "%s/gone/gone.c"]}]\n' \
	"$tmp" "$tmp" "$tmp" >"$tmp/gone/compile_commands.json"
run -p "$tmp/gone"
t "-p, a source that is not there: exits 2" is "$rc" 2
t "-p, a source that is not there: named" \
	has_text "$tmp/err" "names a source that is not there ($tmp/gone/gone.c)"

# ---- 6. kbuild .o.cmd files that are not one ------------------------------

tree=$tmp/kb
mkdir -p "$tree/src/fs" "$tree/build/fs"
for f in good quote binary nosource empty; do
	sed -n '5,$p' $fx >"$tree/src/fs/$f.c"
done
cmd()
{
	printf 'savedcmd_fs/%s.o := gcc -nostdinc %s -c -o fs/%s.o %s\n' \
		"$1" "$2" "$1" "$3" >"$tree/build/fs/.$1.o.cmd"
}
cmd good '-DX=1' "$tree/src/fs/good.c"
cmd quote "'-DX=\"unterminated" "$tree/src/fs/quote.c"
cmd nosource '-DX=1' ''
: >"$tree/build/fs/.empty.o.cmd"
printf '\001\000\377savedcmd_fs/binary.o := gcc -c %s\n' "$tree/src/fs/binary.c" \
	>"$tree/build/fs/.binary.o.cmd"
run -B "$tree/build" "$tree/src/fs"
t "-B, bad .cmd files: no crash" no_crash
t "-B, bad .cmd files: exits 2" is "$rc" 2
t "-B, an unterminated quote: named" \
	has_text "$tmp/err" "wbcheck: $tree/build/fs/.quote.o.cmd: unterminated quote in the command"
t "-B, binary data: named" \
	has_text "$tmp/err" "wbcheck: $tree/build/fs/.binary.o.cmd: not a kbuild .cmd file (binary data)"
t "-B, no source in the command: its source is skipped" \
	has_text "$tmp/err" "skipped $tree/src/fs/nosource.c"
t "-B, an empty .cmd file: its source is skipped" \
	has_text "$tmp/err" "skipped $tree/src/fs/empty.c"
t "-B, bad .cmd files: the good file is still analysed" \
	has "$tmp/out" "^$tree/src/fs/good\\.c:9:9: warning: "
t "-B, bad .cmd files: only the good file is analysed" \
	count_is "$tmp/out" ': warning: ' 1

# ---- 7. Summary databases -------------------------------------------------

S="-I kernel-samples/include/2008"
one=kernel-samples/2008/xattr.c

# A database to spoil: one run's worth.
db=$tmp/good.db
# shellcheck disable=SC2086
run --db="$db" $S $one
t "--db: a run stores (exit 0)" is "$rc" 0
cp "$db" "$tmp/good.copy"

printf 'not a database at all' >"$tmp/junk.db"
# shellcheck disable=SC2086
run --db="$tmp/junk.db" $S $one
t "--db=junk while storing: exits 2" is "$rc" 2
t "--db=junk while storing: named" has_text "$tmp/err" "wbcheck: $tmp/junk.db: "
t "--db=junk while storing: the file is left as it was" \
	is "$(cat "$tmp/junk.db")" 'not a database at all'

head -c 3000 "$db" >"$tmp/cut.db"
run --db="$tmp/cut.db" --report
t "--report, a truncated database: no crash" no_crash
t "--report, a truncated database: exits 2" is "$rc" 2
t "--report, a truncated database: named" has_text "$tmp/err" "wbcheck: $tmp/cut.db: "

run --db="$tmp" --report
t "--report, a directory: exits 2" is "$rc" 2
t "--report, a directory: named" has_text "$tmp/err" "wbcheck: $tmp: "

# shellcheck disable=SC2086
run --db="$tmp/no/such/dir/x.db" $S $one
t "--db in a directory that is not there: exits 2" is "$rc" 2
t "--db in a directory that is not there: named" \
	has_text "$tmp/err" "wbcheck: $tmp/no/such/dir/x.db: "

run --db="$tmp/never-written.db" --report
t "--report, no database yet: exits 2" is "$rc" 2
t "--report, no database yet: named" has_text "$tmp/err" "$tmp/never-written.db"
t "--report, no database yet: none created" is "$(ls "$tmp" | grep -c never-written)" 0

if command -v sqlite3 >/dev/null 2>&1; then
	# sql DB STATEMENT: change a copy of the good database.
	spoil()
	{
		cp "$tmp/good.copy" "$tmp/$1.db" && sqlite3 "$tmp/$1.db" "$2"
	}
	spoil row "UPDATE func SET ir = 'wbir2;garbage' WHERE rowid = (SELECT min(rowid) FROM func)"
	run --db="$tmp/row.db" --report
	t "--report, a corrupt stored function: exits 2" is "$rc" 2
	t "--report, a corrupt stored function: said" \
		has_text "$tmp/err" "wbcheck: $tmp/row.db: 1 stored function is corrupt"

	spoil nullesc "INSERT INTO escaped VALUES(NULL)"
	run --db="$tmp/nullesc.db" --report
	t "--report, a NULL stored escape: no crash (was a crash)" no_crash
	t "--report, a NULL stored escape: exits 2" is "$rc" 2
	t "--report, a NULL stored escape: said" \
		has_text "$tmp/err" "wbcheck: $tmp/nullesc.db: 1 stored name is corrupt"

	spoil nullver "UPDATE meta SET value = NULL WHERE key = 'version'"
	run --db="$tmp/nullver.db" --report
	t "--report, a NULL version: no crash (was a crash)" no_crash
	t "--report, a NULL version: exits 2" is "$rc" 2

	spoil ver "UPDATE meta SET value = '999' WHERE key = 'version'"
	run --db="$tmp/ver.db" --report
	t "--report, another version's database: exits 2" is "$rc" 2
	t "--report, another version's database: said" \
		has_text "$tmp/err" "wbcheck: $tmp/ver.db: written by another version of wbcheck"

	sqlite3 "$tmp/other.db" "CREATE TABLE notes(x); INSERT INTO notes VALUES(1);"
	run --db="$tmp/other.db" --report
	t "--report, another program's database: exits 2" is "$rc" 2
	t "--report, another program's database: said" \
		has_text "$tmp/err" "wbcheck: $tmp/other.db: not a wbcheck database"
	# shellcheck disable=SC2086
	run --db="$tmp/other.db" $S $one
	t "--db, another program's database: exits 2" is "$rc" 2
	t "--db, another program's database: not written into" \
		is "$(sqlite3 "$tmp/other.db" .tables)" notes
else
	n=$((n + 1))
	wb_skip_missing $n sqlite3 "the tests of spoilt databases (two of them once crashes)"
fi

# ---- 8. Two runs writing one database at once -----------------------------
#
# Half the 2008 samples each, started together, five times over into
# fresh databases: every time, --report equals a sequential run's, and
# one run over all the files.

set -- kernel-samples/2008/*.c
half=$(($# / 2))
first=
second=
i=0
for f; do
	if [ $i -lt $half ]; then
		first="$first $f"
	else
		second="$second $f"
	fi
	i=$((i + 1))
done
# shellcheck disable=SC2086
"$wb" --db="$tmp/seq.db" $S $first >/dev/null 2>&1
# shellcheck disable=SC2086
"$wb" --db="$tmp/seq.db" $S $second >/dev/null 2>&1
"$wb" --db="$tmp/seq.db" --report >"$tmp/seq.out" 2>/dev/null
# shellcheck disable=SC2086
"$wb" $S kernel-samples/2008/*.c >"$tmp/all.out" 2>/dev/null
t "sequential --db runs: --report equals one run over all the files" \
	cmp -s "$tmp/seq.out" "$tmp/all.out"
bad=0
round=1
while [ $round -le 5 ]; do
	cdb=$tmp/conc$round.db
	# shellcheck disable=SC2086
	"$wb" --db="$cdb" $S $first >/dev/null 2>"$tmp/c1.err" &
	p1=$!
	# shellcheck disable=SC2086
	"$wb" --db="$cdb" $S $second >/dev/null 2>"$tmp/c2.err" &
	p2=$!
	wait $p1 || { bad=1; echo "round $round: first run exit $?" | wb_diag; }
	wait $p2 || { bad=1; echo "round $round: second run exit $?" | wb_diag; }
	if [ -s "$tmp/c1.err" ] || [ -s "$tmp/c2.err" ]; then
		bad=1
		cat "$tmp/c1.err" "$tmp/c2.err" | head -10 | wb_diag
	fi
	"$wb" --db="$cdb" --report >"$tmp/conc.out" 2>"$tmp/c3.err" || {
		bad=1
		head -5 "$tmp/c3.err" | wb_diag
	}
	cmp -s "$tmp/seq.out" "$tmp/conc.out" || {
		bad=1
		diff "$tmp/seq.out" "$tmp/conc.out" | head -20 | wb_diag
	}
	if command -v sqlite3 >/dev/null 2>&1; then
		[ "$(sqlite3 "$cdb" 'PRAGMA integrity_check')" = ok ] || bad=1
	fi
	round=$((round + 1))
done
rc=$bad
t "two concurrent --db runs, five rounds: both exit 0, nothing lost or corrupted" \
	is "$bad" 0

# A --report while a run writes: it waits or reads the old state, never fails.
"$wb" --db="$tmp/rw.db" $S kernel-samples/2008/*.c >/dev/null 2>&1
# shellcheck disable=SC2086
"$wb" --db="$tmp/rw.db" $S $first >/dev/null 2>&1 &
p1=$!
run --db="$tmp/rw.db" --report
wait $p1
t "--report while a run writes: exits 0" is "$rc" 0
t "--report while a run writes: the whole program" cmp -s "$tmp/out" "$tmp/all.out"

echo "1..$n"

#!/bin/sh
# wbcheck's command-line contract: options, usage and input errors,
# compiler flags, exit status, the text and JSON output formats,
# determinism, and files that do not parse or are not C at all.
#
# Uses only sh, grep, sed, awk and mktemp (and rm for the scratch
# directory), so that it runs wherever the rest of the suite does; JSON
# is checked by a small awk parser below, not by python or jq.
#
# Fixtures are tests/cli/*.c; files that must hold odd bytes are written
# to the scratch directory at run time.  A test that asserts the correct
# behaviour where wbcheck does not (yet) have it carries a TAP TODO.

case $0 in
*/*)	cd "${0%/*}/.." || exit 1 ;;
*)	cd .. || exit 1 ;;
esac
root=$PWD

wb=${WBCHECK:-./wbcheck}
# Some runs happen in a scratch directory: make a relative path absolute.
case $wb in
/*)	;;
*/*)	wb=$root/$wb ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/wbcheck-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'rm -rf "$tmp"; exit 1' HUP INT TERM

# Byte semantics for grep, sed and awk whatever the user's locale is.
LC_ALL=C
export LC_ALL

fx=tests/cli
CHECKS='missing-write-bracket|write-bracket-leak|write-bracket-double-drop'
FINDING_KEYS=file,line,column,function,check,callee,message,suggestion,notes
NOTE_KEYS=file,line,column,message

# ---- TAP ---------------------------------------------------------------

n=0
todo=

# run ARG...: run wbcheck; sets $rc, $tmp/out, $tmp/err and $last.
run()
{
	"$wb" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	last="wbcheck $*"
}

# run_in DIR ARG...: run() with DIR as the working directory.
run_in()
{
	dir=$1
	shift
	(cd "$dir" && exec "$wb" "$@") </dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	last="(cd $dir) wbcheck $*"
}

# The last run, for diagnostics.
show_run()
{
	echo "command: $last"
	echo "exit status: $rc"
	for s in out err; do
		if [ -s "$tmp/$s" ]; then
			echo "std$s:"
			sed 's/^/  /' "$tmp/$s"
		else
			echo "std$s: (empty)"
		fi
	done
}

# t DESC TEST...: one TAP test; TEST is a command that succeeds when the
# behaviour is right.  $todo, when set, makes it a TODO test (and is
# cleared).  Diagnostics go to stderr, or stdout for TODO tests.
t()
{
	desc=$1
	shift
	n=$((n + 1))
	directive=
	[ -z "$todo" ] || directive=" # TODO $todo"
	if "$@"; then
		echo "ok $n - $desc$directive"
	elif [ -n "$todo" ]; then
		echo "not ok $n - $desc$directive"
		{ echo "failed: $*"; show_run; } | sed 's/^/# /'
	else
		echo "not ok $n - $desc"
		{ echo "failed: $*"; show_run; } | sed 's/^/# /' >&2
	fi
	todo=
}

# ---- Predicates --------------------------------------------------------

is()		{ [ "$1" = "$2" ]; }
empty()		{ [ ! -s "$1" ]; }
# has FILE ERE / has_text FILE STRING: some line matches.
has()		{ grep -Eq -e "$2" "$1"; }
has_text()	{ grep -Fq -e "$2" "$1"; }
lacks()		{ ! grep -Eq -e "$2" "$1"; }
# count_is FILE ERE N: exactly N lines match.
count_is()	{ [ "$(grep -Ec -e "$2" "$1")" -eq "$3" ]; }
# all_match FILE ERE: FILE is not empty and every line matches.
all_match()	{ [ -s "$1" ] && ! grep -Evq -e "$2" "$1"; }
# under_128: the last run was not killed by a signal or a crash.
under_128()	{ [ "$rc" -lt 128 ]; }

# same FILE1 FILE2: same bytes (sed -n l shows every byte of a line
# unambiguously; wbcheck ends every line it prints with a newline).
same()
{
	[ "$(sed -n l "$1")" = "$(sed -n l "$2")" ]
}

# dir_empty DIR: DIR holds no file at all, dot files included.
dir_empty()
{
	for f in "$1"/* "$1"/.[!.]* "$1"/..?*; do
		[ -e "$f" ] && return 1
	done
	return 0
}

# no_dep_files DIR: DIR holds no *.d file.
no_dep_files()
{
	for f in "$1"/*.d; do
		[ -e "$f" ] && return 1
	done
	return 0
}

# quiet_success: the last run exited 0 with nothing on stderr.
quiet_success()	{ [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ]; }
# silent: the last run printed nothing at all.
silent()	{ [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]; }

# warnings_named FILE: every warning ends with " [CHECK]", CHECK one
# of the three check names.
warnings_named()
{
	! grep ': warning: ' "$1" | grep -Evq " \\[($CHECKS)\\]\$"
}

# first_is_warning FILE: notes only ever follow a warning.
first_is_warning()
{
	[ "$(sed -n '1s/^[^:]*:[0-9]*:[0-9]*: \([a-z]*\): .*/\1/p' "$1")" = warning ]
}

# all_checks FILE: a warning of each check is in FILE.
all_checks()
{
	for c in missing-write-bracket write-bracket-leak \
		 write-bracket-double-drop; do
		has "$1" ": warning: .* \\[$c\\]\$" || return 1
	done
}

# utf8_json FILE: FILE is well-formed JSON in UTF-8.
utf8_json()	{ utf8 "$1" && json_ok "$1"; }

# sorted FILE: the warnings in FILE are in (file, line, column) order.
sorted()
{
	awk '
	!/: warning: / { next }
	{
		if (!match($0, /:[0-9]+:[0-9]+: /))
			exit 1
		file = substr($0, 1, RSTART - 1)
		split(substr($0, RSTART + 1, RLENGTH - 3), lc, ":")
		line = lc[1] + 0
		col = lc[2] + 0
		if (seen && (file < pfile ||
			     (file == pfile && (line < pline ||
				(line == pline && col < pcol)))))
			bad = 1
		pfile = file; pline = line; pcol = col; seen = 1
	}
	END { exit bad }' "$1"
}

# utf8 FILE: FILE is well-formed UTF-8 (RFC 3629: no overlong forms, no
# surrogates, nothing above U+10FFFF).
utf8()
{
	awk '
	{
		s = $0
		gsub(/[\302-\337][\200-\277]/, "", s)
		gsub(/\340[\240-\277][\200-\277]/, "", s)
		gsub(/[\341-\354\356\357][\200-\277][\200-\277]/, "", s)
		gsub(/\355[\200-\237][\200-\277]/, "", s)
		gsub(/\360[\220-\277][\200-\277][\200-\277]/, "", s)
		gsub(/[\361-\363][\200-\277][\200-\277][\200-\277]/, "", s)
		gsub(/\364[\200-\217][\200-\277][\200-\277]/, "", s)
		if (s ~ /[\200-\377]/) {
			print "# " FILENAME ":" NR ": not UTF-8"
			bad = 1
		}
	}
	END { exit bad }' "$1"
}

# json FILE: parse FILE as one JSON value (RFC 8259) and print one line
# per value, "PATH TYPE DETAIL": PATH is $ for the top, then .KEY and
# [INDEX]; DETAIL is the keys in order, comma-separated, for an object,
# the element count for an array, the token as written for a scalar.
# Fails, saying where, on anything that is not well-formed JSON, and on
# an object with a repeated key.
json()
{
	awk '
	function fail(msg) {
		if (!err)
			err = msg " at byte " p
		return 0
	}
	function ws() {
		while (p <= L && index(" \t\n\r", substr(s, p, 1)))
			p++
	}
	function lit(word) {
		if (substr(s, p, length(word)) != word)
			return fail("bad literal")
		p += length(word)
		tok = word
		return 1
	}
	function str(    start, c) {
		start = p
		p++
		while (p <= L) {
			c = substr(s, p, 1)
			if (c == "\"") {
				p++
				tok = substr(s, start, p - start)
				return 1
			}
			if (c == "\\") {
				c = substr(s, p + 1, 1)
				if (c != "" && index("\"\\/bfnrt", c)) {
					p += 2
					continue
				}
				if (c == "u" && substr(s, p + 2, 4) ~ /^[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]$/) {
					p += 6
					continue
				}
				return fail("bad escape")
			}
			if (c ~ /[\001-\037]/)
				return fail("control character in a string")
			p++
		}
		return fail("unterminated string")
	}
	function num(    rest) {
		rest = substr(s, p)
		if (!match(rest, /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/))
			return fail("bad number")
		tok = substr(rest, 1, RLENGTH)
		p += RLENGTH
		return 1
	}
	function object(path,    keys, k, c) {
		p++
		keys = ""
		ws()
		if (substr(s, p, 1) == "}") {
			p++
			print path, "object", ""
			return 1
		}
		for (;;) {
			ws()
			if (substr(s, p, 1) != "\"")
				return fail("expected a key")
			if (!str())
				return 0
			k = substr(tok, 2, length(tok) - 2)
			if (index("," keys ",", "," k ","))
				return fail("repeated key " tok)
			keys = keys (keys == "" ? "" : ",") k
			ws()
			if (substr(s, p, 1) != ":")
				return fail("expected a colon")
			p++
			if (!value(path "." k))
				return 0
			ws()
			c = substr(s, p, 1)
			if (c == ",") {
				p++
				continue
			}
			if (c == "}") {
				p++
				break
			}
			return fail("expected a comma or a closing brace")
		}
		print path, "object", keys
		return 1
	}
	function array(path,    i, c) {
		p++
		i = 0
		ws()
		if (substr(s, p, 1) == "]") {
			p++
			print path, "array", 0
			return 1
		}
		for (;;) {
			if (!value(path "[" i "]"))
				return 0
			i++
			ws()
			c = substr(s, p, 1)
			if (c == ",") {
				p++
				continue
			}
			if (c == "]") {
				p++
				break
			}
			return fail("expected a comma or a closing bracket")
		}
		print path, "array", i
		return 1
	}
	function value(path,    c) {
		ws()
		if (p > L)
			return fail("unexpected end")
		c = substr(s, p, 1)
		if (c == "{")
			return object(path)
		if (c == "[")
			return array(path)
		if (c == "\"") {
			if (!str())
				return 0
			print path, "string", tok
			return 1
		}
		if (c == "-" || (c >= "0" && c <= "9")) {
			if (!num())
				return 0
			print path, "number", tok
			return 1
		}
		if (c == "t" || c == "f") {
			if (!lit(c == "t" ? "true" : "false"))
				return 0
			print path, "boolean", tok
			return 1
		}
		if (c == "n") {
			if (!lit("null"))
				return 0
			print path, "null", tok
			return 1
		}
		return fail("unexpected character")
	}
	{ s = s (NR > 1 ? "\n" : "") $0 }
	END {
		L = length(s)
		p = 1
		if (value("$")) {
			ws()
			if (p <= L)
				fail("text after the value")
		}
		if (err) {
			print "invalid JSON: " err > "/dev/stderr"
			exit 1
		}
	}' "$1"
}

# json_ok FILE: FILE is well-formed JSON; its dump is left in FILE.dump.
json_ok()
{
	json "$1" >"$1.dump" 2>"$1.err" && return 0
	sed 's/^/# /' "$1.err" >&2
	return 1
}

# json_findings_keys DUMP KEYS NOTEKEYS: every finding has exactly the
# keys KEYS and every note the keys NOTEKEYS, in that order, and there
# is at least one finding.
json_findings_keys()
{
	awk -v fk="$2" -v nk="$3" '
	$1 ~ /^\$\.findings\[[0-9]+\]$/ {
		nf++
		if ($2 != "object" || $3 != fk)
			bad = 1
	}
	$1 ~ /^\$\.findings\[[0-9]+\]\.notes\[[0-9]+\]$/ {
		if ($2 != "object" || $3 != nk)
			bad = 1
	}
	END { exit bad || !nf }' "$1"
}

# json_types DUMP: each finding field has the type it must have.
json_types()
{
	awk '
	$1 ~ /^\$\.findings\[[0-9]+\]\./ {
		f = $1
		sub(/^\$\.findings\[[0-9]+\]\./, "", f)
		if (f ~ /^(line|column)$/ || f ~ /^notes\[[0-9]+\]\.(line|column)$/)
			want = "number"
		else if (f == "suggestion")
			want = $2 == "null" ? "null" : "string"
		else if (f == "notes")
			want = "array"
		else if (f ~ /^notes\[[0-9]+\]$/)
			want = "object"
		else
			want = "string"
		if ($2 != want) {
			print $1 " is " $2 ", not " want > "/dev/stderr"
			bad = 1
		}
	}
	END { exit bad }' "$1"
}

# json_field DUMP INDEX FIELD: the token of finding INDEX's FIELD.
json_field()
{
	awk -v path="\$.findings[$2].$3" '
	$1 == path { sub(/^[^ ]+ [^ ]+ /, ""); print; exit }' "$1"
}

# json_is DUMP INDEX FIELD TOKEN: finding INDEX's FIELD is TOKEN.
json_is()
{
	[ "$(json_field "$1" "$2" "$3")" = "$4" ]
}

# warnings_of_text OUT: "FILE:LINE:COL [CHECK]" per warning.
warnings_of_text()
{
	sed -n 's/^\([^:]*:[0-9]*:[0-9]*\): warning: .* \[\([^]]*\)\]$/\1 [\2]/p' "$1"
}

# warnings_of_json DUMP: the same, from a JSON dump (plain file names).
warnings_of_json()
{
	awk '
	$1 ~ /^\$\.findings\[[0-9]+\]\.(file|line|column|check)$/ {
		i = $1
		sub(/^\$\.findings\[/, "", i)
		sub(/\].*/, "", i)
		f = $1
		sub(/.*\./, "", f)
		v = $3
		gsub(/"/, "", v)
		val[i, f] = v
		if (i + 1 > n)
			n = i + 1
	}
	END {
		for (i = 0; i < n; i++)
			print val[i, "file"] ":" val[i, "line"] ":" \
			      val[i, "column"] " [" val[i, "check"] "]"
	}' "$1"
}

# text_json_agree TEXT DUMP: both name the same warnings in one order.
text_json_agree()
{
	warnings_of_text "$1" >"$tmp/agree.text"
	warnings_of_json "$2" >"$tmp/agree.json"
	[ -s "$tmp/agree.text" ] && same "$tmp/agree.text" "$tmp/agree.json"
}

if [ ! -x "$wb" ] && ! command -v "$wb" >/dev/null 2>&1; then
	echo "1..0 # SKIP no wbcheck binary at $wb (run make)"
	exit 0
fi

# ---- 1. --version and --help -------------------------------------------

run --version
t "--version exits 0" is "$rc" 0
t "--version prints 'wbcheck VERSION' and nothing else" \
	all_match "$tmp/out" '^wbcheck [0-9][0-9A-Za-z.+~-]*$'
t "--version prints one line" count_is "$tmp/out" '' 1
t "--version writes nothing to stderr" empty "$tmp/err"

run --help
t "--help exits 0" is "$rc" 0
t "--help prints a usage line" has "$tmp/out" '^usage: wbcheck '
for opt in --rules --format --error-exitcode -B --version --help; do
	t "--help mentions $opt" has "$tmp/out" "(^|[^-a-z])$opt([^-a-z]|\$)"
done
t "--help writes nothing to stderr" empty "$tmp/err"

# ---- 2. Usage errors: exit 2, the problem on stderr, nothing on stdout --

# usage_error WHAT PATTERN ARG...: PATTERN (fixed) must be on stderr.
usage_error()
{
	what=$1
	pat=$2
	shift 2
	run "$@"
	t "$what: exits 2" is "$rc" 2
	t "$what: stderr names the problem" has_text "$tmp/err" "$pat"
	t "$what: nothing on stdout" empty "$tmp/out"
}

usage_error "no input files" "no input files"
usage_error "only compiler flags" "no input files" -Wall -DX=1
usage_error "--format=xml" "'xml'" --format=xml $fx/unbracketed.c
usage_error "--error-exitcode=abc" "'abc'" --error-exitcode=abc $fx/unbracketed.c
usage_error "--error-exitcode=256" "'256'" --error-exitcode=256 $fx/unbracketed.c
usage_error "--error-exitcode=-1" "'-1'" --error-exitcode=-1 $fx/unbracketed.c
usage_error "--rules with no value" "--rules" --rules $fx/unbracketed.c
usage_error "--rules= with an empty value" "--rules" --rules= $fx/unbracketed.c
usage_error "--format with no value" "--format" --format $fx/unbracketed.c
usage_error "trailing -I with no value" "-I" $fx/unbracketed.c -I
usage_error "trailing -include with no value" "-include" $fx/unbracketed.c -include
usage_error "trailing -B with no build directory" "-B" -B

# ---- 3. Input errors: exit 2 and the file named on stderr --------------

run $fx/no-such-file.c
t "missing file: exits 2" is "$rc" 2
t "missing file: stderr names it" has_text "$tmp/err" "$fx/no-such-file.c"
t "missing file: no findings on stdout" empty "$tmp/out"

run $fx/unbracketed.c $fx/no-such-file.c
t "missing file beside a good one: exits 2" is "$rc" 2
t "missing file beside a good one: stderr names it" \
	has_text "$tmp/err" "$fx/no-such-file.c"
t "missing file beside a good one: the good file is still analysed" \
	has "$tmp/out" "^$fx/unbracketed\\.c:13:[0-9]+: warning: "

run $fx
t "directory: exits 2" is "$rc" 2
t "directory: stderr names it" has_text "$tmp/err" "$fx"
t "directory: nothing on stdout" empty "$tmp/out"

run --rules=nope.rules $fx/unbracketed.c
t "--rules=nope.rules: exits 2" is "$rc" 2
t "--rules=nope.rules: stderr names the file" has_text "$tmp/err" "nope.rules"
t "--rules=nope.rules: nothing on stdout" empty "$tmp/out"

cat_bad_rules()
{
	printf '%s\n' \
		'# a rules file with a directive wbcheck does not know' \
		'' \
		'frobnicate vfs_unlink arg=1'
}
cat_bad_rules >"$tmp/bad.rules"
run --rules="$tmp/bad.rules" $fx/unbracketed.c
t "bad rules file: exits 2" is "$rc" 2
t "bad rules file: stderr says FILE:LINE:" has_text "$tmp/err" "$tmp/bad.rules:3:"
t "bad rules file: stderr names the directive" has_text "$tmp/err" "frobnicate"
t "bad rules file: nothing on stdout" empty "$tmp/out"

run -B "$tmp/no-such-build-dir"
t "-B missing directory: exits 2" is "$rc" 2
t "-B missing directory: stderr names it" has_text "$tmp/err" "$tmp/no-such-build-dir"

run -B $fx/unbracketed.c
t "-B on a regular file: exits 2" is "$rc" 2

# ---- 4. Compiler flags clang does not know ------------------------------
#
# Outside kbuild, a flag that is neither an option of wbcheck's nor one
# libclang accepts is an error (exit 2, naming it): a mistyped option
# must not silently change what a CI gate checks.  Under kbuild (sparse's
# flags on the CHECK line) such a flag is dropped with one note naming
# it, and the run goes on.  The gcc-only flags of a kernel build that
# checker/options.c lists (gcc_only_flags) are dropped without a note:
# they are expected.  The unknown flags here are made up, so that no
# clang version knows them.

UNBRACKETED_WARNING="^$fx/unbracketed\\.c:13:[0-9]+: warning: .*\\[missing-write-bracket\\]\$"

for flag in -fwbcheck-test-unknown -mwbcheck-test=thunk; do
	run "$flag" $fx/unbracketed.c
	t "unknown $flag: exits 2" is "$rc" 2
	t "unknown $flag: an error naming it" \
		count_is "$tmp/err" "^wbcheck: unknown option '$flag'" 1
	t "unknown $flag: nothing checked" empty "$tmp/out"
	# as kbuild's CHECK: tolerated
	run --arch=x86_64 "$flag" $fx/unbracketed.c
	t "unknown $flag under kbuild: exits 0" is "$rc" 0
	t "unknown $flag under kbuild: exactly one note naming it" \
		count_is "$tmp/err" "^wbcheck: note: .*'$flag'" 1
	t "unknown $flag under kbuild: the finding is still reported" \
		has "$tmp/err" "$UNBRACKETED_WARNING"
done

for opt in --fromat=json --explain; do
	run "$opt" $fx/unbracketed.c
	t "mistyped $opt: exits 2" is "$rc" 2
	t "mistyped $opt: an error naming it" \
		count_is "$tmp/err" "^wbcheck: unknown option '$opt'" 1
done
run --fromat=json $fx/unbracketed.c
t "--fromat=json: the nearest option is named" \
	has_text "$tmp/err" "did you mean --format=?"

for flag in -fconserve-stack -mindirect-branch=thunk-extern; do
	run "$flag" $fx/unbracketed.c
	t "gcc-only $flag: exits 0" is "$rc" 0
	t "gcc-only $flag: dropped without a note" empty "$tmp/err"
	t "gcc-only $flag: the finding is still reported" \
		has "$tmp/out" "$UNBRACKETED_WARNING"
done

# The flags around a dropped one still reach clang: -D renames the call.
run --arch=x86_64 -fwbcheck-test-unknown -Dvfs_unlink=vfs_rmdir -mwbcheck-test=thunk \
	-fconserve-stack $fx/unbracketed.c
t "dropping unknown flags keeps the known ones (-D still applies)" \
	has "$tmp/err" "^$fx/unbracketed\\.c:13:[0-9]+: warning: vfs_rmdir\\(\\)"
t "two unknown flags: one note each" count_is "$tmp/err" "dropping" 2

# kbuild repeats flags; the same unknown flag twice is still one flag.
run --arch=x86_64 -fwbcheck-test-unknown -O2 -fwbcheck-test-unknown $fx/unbracketed.c
t "an unknown flag given twice: exits 0" is "$rc" 0
t "an unknown flag given twice: one note" \
	count_is "$tmp/err" "'-fwbcheck-test-unknown'" 1

# A whole x86_64 kbuild command line (gcc, 6.12 style) for one object,
# with the file swapped for the fixture and no -include of tree headers.
# -target makes the x86-only flags valid whatever the host is.
kbuild=$(mktemp -d "$tmp/kbuild.XXXXXX") || exit 1
run_in "$kbuild" -target x86_64-linux-gnu -Wp,-MMD,fs/.cli.o.d -nostdinc \
	-I./arch/x86/include -I./arch/x86/include/generated -I./include \
	-I./include/generated -I./arch/x86/include/uapi \
	-I./arch/x86/include/generated/uapi -I./include/uapi \
	-I./include/generated/uapi -D__KERNEL__ -fmacro-prefix-map=./= \
	-std=gnu11 -fshort-wchar -funsigned-char -fno-common -fno-PIE \
	-fno-strict-aliasing -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx \
	-fcf-protection=branch -fno-jump-tables -m64 -falign-jumps=1 \
	-falign-loops=1 -mno-80387 -mno-fp-ret-in-387 \
	-mpreferred-stack-boundary=3 -mskip-rax-setup -mtune=generic \
	-mno-red-zone -mcmodel=kernel -Wno-sign-compare \
	-fno-asynchronous-unwind-tables -mindirect-branch=thunk-extern \
	-mindirect-branch-register -mindirect-branch-cs-prefix \
	-mfunction-return=thunk-extern -fno-jump-tables -mharden-sls=all \
	-fpatchable-function-entry=16,16 -fno-delete-null-pointer-checks -O2 \
	-fno-allow-store-data-races -fstack-protector-strong \
	-fno-omit-frame-pointer -fno-optimize-sibling-calls \
	-ftrivial-auto-var-init=zero -fno-stack-clash-protection \
	-fzero-call-used-regs=used-gpr -pg -mrecord-mcount -mfentry \
	-DCC_USING_FENTRY -fmin-function-alignment=16 -fstrict-flex-arrays=3 \
	-fno-strict-overflow -fno-stack-check -fconserve-stack \
	-fno-var-tracking-assignments -fno-builtin-wcslen -g -gdwarf-5 \
	-Wall -Wundef -Werror=implicit-function-declaration \
	-Werror=strict-prototypes -Wno-format-security -Wno-frame-address \
	-Wframe-larger-than=2048 -Wno-main -Wno-dangling-pointer -Wvla \
	-Wimplicit-fallthrough=5 -Werror=date-time \
	-Werror=incompatible-pointer-types -Werror=designated-init -Wextra \
	-Wno-unused-parameter -Wno-maybe-uninitialized -Wno-packed-not-aligned \
	-Wno-stringop-truncation -Wno-format-truncation \
	'-DKBUILD_MODFILE="fs/cli"' '-DKBUILD_BASENAME="cli"' \
	'-DKBUILD_MODNAME="cli"' -D__KBUILD_MODNAME=kmod_cli \
	-c -o fs/cli.o "$root/$fx/unbracketed.c"
t "x86_64 kbuild command line: exits 0" is "$rc" 0
t "x86_64 kbuild command line: nothing on stderr" empty "$tmp/err"
t "x86_64 kbuild command line: the finding is still reported" \
	has "$tmp/out" ":13:[0-9]+: warning: .*\\[missing-write-bracket\\]\$"
t "x86_64 kbuild command line: no file written" dir_empty "$kbuild"

# As kbuild's CHECK (sparse's own flags seen), neither a finding nor a
# parse error fails the build: the exit status is 0, findings still shown.
run --arch=x86_64 -mlittle-endian --error-exitcode=5 $fx/broken.c
t "as kbuild CHECK (--arch=, -mlittle-endian): exits 0" is "$rc" 0
t "as kbuild CHECK: sparse's flags are not passed on (no note)" \
	lacks "$tmp/err" "dropping"
t "as kbuild CHECK: findings still reported, on stderr as sparse's" \
	has "$tmp/err" "^$fx/broken\\.c:18:[0-9]+: warning: "
t "as kbuild CHECK: nothing on stdout, which make -s sends to /dev/null" \
	empty "$tmp/out"

# ---- 5. Warning and dependency flags are accepted silently -------------

deps=$(mktemp -d "$tmp/deps.XXXXXX") || exit 1
run_in "$deps" -Wall -Wextra -Werror -Wno-maybe-uninitialized \
	-Wp,-MMD,x.d -MD -MF dep.d -MT target.o "$root/$fx/unbracketed.c"
t "-W*, -Werror, -Wp,-MMD and -MD -MF: exits 0" is "$rc" 0
t "-W*, -Werror, -Wp,-MMD and -MD -MF: nothing on stderr" empty "$tmp/err"
t "-W*, -Werror, -Wp,-MMD and -MD -MF: the finding is still reported" \
	has "$tmp/out" ":13:[0-9]+: warning: .*\\[missing-write-bracket\\]\$"
t "-Wp,-MMD,x.d and -MD -MF dep.d write no file" dir_empty "$deps"

run_in "$deps" -MD -MMD "$root/$fx/unbracketed.c"
t "-MD and -MMD without -MF: exits 0, nothing on stderr" quiet_success
t "-MD and -MMD without -MF write no file in the working directory" \
	dir_empty "$deps"
t "-MD and -MMD without -MF write no file beside the source" \
	no_dep_files "$fx"

# ---- 6. Exit status ----------------------------------------------------

run $fx/unbracketed.c
t "findings, default: exits 0" is "$rc" 0
run --error-exitcode=5 $fx/unbracketed.c
t "findings, --error-exitcode=5: exits 5" is "$rc" 5
run --error-exitcode=5 $fx/clean.c
t "no findings, --error-exitcode=5: exits 0" is "$rc" 0
t "no findings: nothing on stdout" empty "$tmp/out"
run --error-exitcode=0 $fx/unbracketed.c
t "findings, --error-exitcode=0: exits 0" is "$rc" 0
run --error-exitcode=5 $fx/broken.c
t "findings and a parse error, --error-exitcode=5: the error wins (2)" \
	is "$rc" 2

# ---- 7. JSON output ----------------------------------------------------

run --format=json $fx/unbracketed.c
t "json: exits 0" is "$rc" 0
t "json: well-formed" json_ok "$tmp/out"
t "json: the top is an object with the one key findings" \
	has "$tmp/out.dump" '^\$ object findings$'
t "json: findings is an array of one" has "$tmp/out.dump" '^\$\.findings array 1$'
t "json: a finding has the keys $FINDING_KEYS in order" \
	json_findings_keys "$tmp/out.dump" "$FINDING_KEYS" "$NOTE_KEYS"
t "json: every field has its type" json_types "$tmp/out.dump"
t "json: file as given on the command line" \
	json_is "$tmp/out.dump" 0 file "\"$fx/unbracketed.c\""
t "json: line" json_is "$tmp/out.dump" 0 line 13
t "json: function" json_is "$tmp/out.dump" 0 function '"cli_remove_entry"'
t "json: check" json_is "$tmp/out.dump" 0 check '"missing-write-bracket"'
t "json: callee" json_is "$tmp/out.dump" 0 callee '"vfs_unlink"'

run --format=json $fx/clean.c
printf '{"findings": []}\n' >"$tmp/empty.json"
t "json, no findings: exits 0" is "$rc" 0
t "json, no findings: exactly {\"findings\": []}" same "$tmp/out" "$tmp/empty.json"
t "json, no findings: well-formed" json_ok "$tmp/out"

run --format=json $fx/unbracketed.c $fx/second.c $fx/notes.c
t "json, three files: well-formed" json_ok "$tmp/out"
t "json, three files: five findings" has "$tmp/out.dump" '^\$\.findings array 5$'
t "json, three files: every finding and note has its keys in order" \
	json_findings_keys "$tmp/out.dump" "$FINDING_KEYS" "$NOTE_KEYS"
t "json, three files: notes are there" \
	has "$tmp/out.dump" '^\$\.findings\[[0-9]+\]\.notes\[0\] object '
t "json, three files: every field has its type" json_types "$tmp/out.dump"
t "json, three files: a finding without a suggestion has null" \
	has "$tmp/out.dump" '^\$\.findings\[[0-9]+\]\.suggestion null null$'
sed "" "$tmp/out.dump" >"$tmp/three.dump"
run $fx/unbracketed.c $fx/second.c $fx/notes.c
t "json and text name the same warnings in the same order" \
	text_json_agree "$tmp/out" "$tmp/three.dump"

# A file name that needs escaping: a quote, a backslash and a tab.
odd="$tmp/q\"b\\s	t.c"
sed '' $fx/unbracketed.c >"$odd"
run --format=json "$odd"
t "json, file name with quote, backslash and tab: well-formed" json_ok "$tmp/out"
t "json, file name with quote, backslash and tab: escaped" \
	json_is "$tmp/out.dump" 0 file "\"$tmp/q\\\"b\\\\s\\tt.c\""

run --format=json $fx/broken.c
t "json, a file that does not parse: stdout is still well-formed" \
	json_ok "$tmp/out"

# Source text quoted in a suggestion (here a string literal with a
# Latin-1 byte, common in old kernel files) must not make the JSON
# invalid: JSON text is UTF-8 (RFC 8259 section 8.1).
{
	printf '%s\n' \
		'struct dentry;' \
		'struct vfsmount;' \
		'struct path { struct vfsmount *mnt; struct dentry *dentry; };' \
		'int vfs_setxattr(struct dentry *dentry, const char *name,' \
		'		 const void *value, unsigned long size, int flags);' \
		'int path_setxattr(struct path *path, const char *name,' \
		'		  const void *value, unsigned long size, int flags);' \
		'' \
		'int cli_tag(struct path *path)' \
		'{'
	printf '\treturn vfs_setxattr(path->dentry, "user.caf\351", "", 0, 0);\n'
	printf '}\n'
} >"$tmp/latin1.c"
run --format=json "$tmp/latin1.c"
t "json, Latin-1 source text in a suggestion: exits 0" is "$rc" 0
t "json, Latin-1 source text in a suggestion: well-formed" json_ok "$tmp/out"
t "json, Latin-1 source text in a suggestion: output is valid UTF-8" \
	utf8 "$tmp/out"

# ---- 8. Text output format ---------------------------------------------

run $fx/unbracketed.c $fx/second.c $fx/notes.c $fx/broken.c
t "text: every line is FILE:LINE:COL: warning|note: ..." \
	all_match "$tmp/out" '^[^:]+:[0-9]+:[0-9]+: (warning|note): '
t "text: every warning ends with [check-name]" warnings_named "$tmp/out"
t "text: the first line is a warning" first_is_warning "$tmp/out"
t "text: all three checks appear" all_checks "$tmp/out"
t "text: suggestion notes say 'note: suggestion: '" \
	has "$tmp/out" '^[^:]+:[0-9]+:[0-9]+: note: suggestion: .'

# ---- 9. Determinism ----------------------------------------------------

run $fx/unbracketed.c $fx/second.c $fx/notes.c
sed "" "$tmp/out" >"$tmp/run1"
run $fx/unbracketed.c $fx/second.c $fx/notes.c
t "two runs over the same input: identical output" same "$tmp/run1" "$tmp/out"
run $fx/notes.c $fx/second.c $fx/unbracketed.c
t "inputs in reverse order: identical output" same "$tmp/run1" "$tmp/out"
t "warnings are sorted by file, line, column" sorted "$tmp/out"
run $fx/second.c $fx/unbracketed.c
sed "" "$tmp/out" >"$tmp/run2"
run $fx/unbracketed.c $fx/second.c
t "two files in either order: identical output" same "$tmp/run2" "$tmp/out"

run --format=json $fx/unbracketed.c $fx/second.c $fx/notes.c
sed "" "$tmp/out" >"$tmp/json1"
run --format=json $fx/notes.c $fx/unbracketed.c $fx/second.c
t "json, inputs in another order: identical output" same "$tmp/json1" "$tmp/out"

run -j 1 $fx/unbracketed.c $fx/second.c $fx/notes.c
t "-j 1: same output as the default" same "$tmp/run1" "$tmp/out"
run -j2 $fx/unbracketed.c $fx/second.c $fx/notes.c
t "-j2: same output as -j 1" same "$tmp/run1" "$tmp/out"
run -j 0 $fx/unbracketed.c
t "-j 0: usage error, exit 2" is "$rc" 2
t "-j 0: stderr names -j" has_text "$tmp/err" "-j"

# ---- 10. A file with a syntax error -------------------------------------

run $fx/broken.c
t "syntax error: exits 2" is "$rc" 2
t "syntax error: the parse error is on stderr at its line" \
	has "$tmp/err" "^$fx/broken\\.c:13:[0-9]+: error: "
t "syntax error: stderr says the file had errors" \
	has "$tmp/err" "^wbcheck: $fx/broken\\.c: .*error"
t "syntax error: the good function's finding is still reported" \
	has "$tmp/out" "^$fx/broken\\.c:18:[0-9]+: warning: .*\\[missing-write-bracket\\]\$"
t "syntax error: no other warning" count_is "$tmp/out" ': warning: ' 1
t "syntax error: the last line names the file that did not parse" \
	sh -c 'tail -1 "$1" | grep -q "^wbcheck: 1 file did not parse cleanly: $2\$"' sh "$tmp/err" "$fx/broken.c"
run $fx/clean.c
t "a clean file: no such line" sh -c '! grep -q "did not parse" "$1"' sh "$tmp/err"

# ---- 11. Odd inputs: no crash ------------------------------------------

: >"$tmp/empty.c"
run "$tmp/empty.c"
t "empty file: exits 0" is "$rc" 0
t "empty file: nothing on stdout or stderr" silent
run --format=json "$tmp/empty.c"
t "empty file, json: {\"findings\": []}" same "$tmp/out" "$tmp/empty.json"

printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000\003\000>\000' >"$tmp/binary.c"
printf '\001\000\000\000\300\377\000\001\200\376\n\033{{[(\000\351\377*/"' >>"$tmp/binary.c"
run "$tmp/binary.c"
t "binary file: no crash (exit status below 128)" under_128
t "binary file: exits 2 (it does not parse)" is "$rc" 2
t "binary file: stderr names it" has_text "$tmp/err" "$tmp/binary.c"
t "binary file: nothing on stdout" empty "$tmp/out"
run --format=json "$tmp/binary.c"
t "binary file, json: no crash" under_128
t "binary file, json: stdout is still well-formed" json_ok "$tmp/out"

{
	printf '/* d\351j\340 vu: Latin-1 \377\376 and an overlong \300\257 */\n'
	sed -n '5,$p' $fx/unbracketed.c
} >"$tmp/latin1-comment.c"
run "$tmp/latin1-comment.c"
t "invalid UTF-8 in a comment: no crash (exit status below 128)" under_128
t "invalid UTF-8 in a comment: exits 0" is "$rc" 0
t "invalid UTF-8 in a comment: the finding is still reported" \
	has "$tmp/out" "^$tmp/latin1-comment\\.c:10:[0-9]+: warning: .*\\[missing-write-bracket\\]\$"
run --format=json "$tmp/latin1-comment.c"
t "invalid UTF-8 in a comment, json: valid UTF-8 and well-formed" \
	utf8_json "$tmp/out"

echo "1..$n"

#!/bin/sh
# --infer on samples whose answer is known (tests/infer/): a made-up
# writer called under the write bracket three times and twice without
# it is proposed as a guard, with those two calls named; an ops member
# called only under the bracket is a callback-holds proposal; helpers
# called mostly outside brackets, or only once, are not proposed; a
# program with no bracket gives an empty proposal and exit 0.  The
# output loads with --rules=, and loaded after the default rules it
# turns the two deviant calls into findings.  The same from files, from
# -p, and from --db ... --report.
. "$(dirname "$0")/lib.sh"
wb_cd_root
wb_mktemp
WB=$(wb_binary)
D=tests/infer
I="-I testcases/include -I $D/include"

echo "1..26"
n=0
t() {
	desc=$1
	shift
	n=$((n + 1))
	if "$@"; then
		echo "ok $n - $(wb_desc "$desc")"
	else
		echo "not ok $n - $(wb_desc "$desc")"
	fi
}

has() {
	grep -qF -- "$2" "$1"
}

lacks() {
	! grep -qF -- "$2" "$1"
}

# The proposal's lines: from its heading to its directive.
proposal() {
	awk -v name="$2" '
		/^# [0-9]+\. / { keep = index($0, ". " name ":") || index($0, ". " name " (") }
		keep { print }
		/^(guard|callback-holds) / { keep = 0 }' "$1"
}

# The lines of the two calls without the bracket.
quick=$(grep -n 'return demo_set_label' $D/writer.c | cut -d: -f1)
again=$(grep -n 'return demo_set_label' $D/reader.c | cut -d: -f1)

out=$wb_tmp/out.rules
err=$wb_tmp/err
$WB --infer $I $D/writer.c $D/reader.c >"$out" 2>"$err"
rc=$?
t "files: exit 0" [ "$rc" = 0 ]
proposal "$out" demo_set_label >"$wb_tmp/p"
t "the writer is proposed, with the argument on the mount" \
	has "$wb_tmp/p" 'guard demo_set_label nargs=3 object=2 helper="mnt_want_write()/mnt_drop_write()"'
t "its counts: held at 3 of 5 calls (one through a helper all of whose callers hold it)" \
	has "$wb_tmp/p" 'demo_set_label: held at 3 of 5 calls'
t "the deviant in the file with no bracket is named" \
	has "$wb_tmp/p" "not held: $D/reader.c:$again: in demo_label_again()"
t "the deviant beside the brackets is named" \
	has "$wb_tmp/p" "not held: $D/writer.c:$quick: in demo_label_quick()"
t "the ops member called under the bracket is a callback-holds proposal" \
	has "$out" 'callback-holds demo_ops.commit'
t "the member called outside it is not" lacks "$out" 'demo_ops.peek'
t "a helper called mostly outside brackets is not proposed" \
	lacks "$out" 'demo_log'
t "a function called once under a bracket is not proposed" \
	lacks "$out" 'demo_flush'
t "a helper held only where it is defined is not proposed" \
	lacks "$out" 'demo_relabel'
t "stderr counts it among the helpers held only in their own directory" \
	grep -Eq ', [1-9][0-9]* more held only in the directory that defines them' "$err"
t "what the rules know already is not proposed" \
	sh -c '! grep -Eq "^guard (vfs_|mnt_|kern_path_create|done_path_create)" "$1"' sh "$out"
t "stderr says how many callees were considered" \
	grep -Eq '^wbcheck: --infer: .* [0-9]+ functions and [0-9]+ members considered' "$err"

# --verbose says why each function held somewhere is not proposed.
$WB --infer --verbose $I $D/writer.c $D/reader.c >/dev/null 2>"$wb_tmp/verbose"
t "--verbose: a helper of its own directory, and why" \
	grep -q '^wbcheck: --infer: not proposed: demo_relabel: held at 2 of 2 calls .*: held only at calls made in the directory that defines it$' "$wb_tmp/verbose"
t "--verbose: a helper called mostly outside brackets, and why" \
	grep -q '^wbcheck: --infer: not proposed: mnt_idmap: held at 3 of 7 calls .*: held at no more than half its calls$' "$wb_tmp/verbose"

# The output is a rules file.
$WB --rules="$out" $I $D/reader.c >/dev/null 2>"$wb_tmp/err2"
rc=$?
t "it loads alone with --rules= (exit $rc)" [ "$rc" = 0 ]
$WB --rules=rules/wbcheck.rules --rules="$out" $I $D/writer.c $D/reader.c \
	>"$wb_tmp/found" 2>&1
t "loaded after the default rules, the deviant calls become findings" \
	sh -c 'grep -q "reader.c:$2:.*demo_set_label() may be called without" "$1" &&
	       grep -q "writer.c:$3:.*demo_set_label() may be called without" "$1"' \
	sh "$wb_tmp/found" "$again" "$quick"

# No bracket anywhere.
$WB --infer $I $D/nobracket.c >"$wb_tmp/none" 2>"$wb_tmp/none.err"
rc=$?
t "no bracket: exit 0" [ "$rc" = 0 ]
t "no bracket: an empty proposal (comments only)" \
	sh -c '! grep -qv "^#" "$1"' sh "$wb_tmp/none"
t "no bracket: stderr says so" grep -q 'nothing takes a write bracket on the mount anywhere' "$wb_tmp/none.err"
$WB --rules="$wb_tmp/none" $I $D/nobracket.c >/dev/null 2>&1
rc=$?
t "no bracket: the empty proposal loads too (exit $rc)" [ "$rc" = 0 ]

# From the database: per-file runs, then the whole program.
for f in writer.c reader.c; do
	$WB --db="$wb_tmp/x.db" $I $D/$f >/dev/null 2>&1
done
$WB --db="$wb_tmp/x.db" --report --infer >"$wb_tmp/db.rules" 2>/dev/null
t "--db ... --report --infer proposes what the files run does" \
	cmp -s "$out" "$wb_tmp/db.rules"

# -p: every file is parsed, reader.c too (it names nothing of the rules).
abs=$(pwd)
cat >"$wb_tmp/compile_commands.json" <<J
[
  { "directory": "$abs", "file": "$abs/$D/writer.c",
    "arguments": ["cc", "-I$abs/testcases/include", "-I$abs/$D/include", "-c", "$abs/$D/writer.c"] },
  { "directory": "$abs", "file": "$abs/$D/reader.c",
    "arguments": ["cc", "-I$abs/testcases/include", "-I$abs/$D/include", "-c", "$abs/$D/reader.c"] }
]
J
$WB --infer -p "$wb_tmp" >"$wb_tmp/p.rules" 2>"$wb_tmp/p.err"
t "-p: the deviant of the file the prefilter would skip is named" \
	grep -q "not held: .*reader.c:$again: in demo_label_again()" "$wb_tmp/p.rules"

# What does not go with it.
$WB --infer --db="$wb_tmp/y.db" $I $D/writer.c >/dev/null 2>"$wb_tmp/e1"
rc=$?
t "--infer with --db but no --report: exit 2, saying why" \
	sh -c '[ "$1" = 2 ] && grep -q "needs --report" "$2"' sh "$rc" "$wb_tmp/e1"
$WB --infer --format=json $I $D/writer.c >/dev/null 2>"$wb_tmp/e2"
rc=$?
t "--infer --format=json: exit 2" [ "$rc" = 2 ]
$WB --infer --fix $I $D/writer.c >/dev/null 2>"$wb_tmp/e3"
rc=$?
t "--infer --fix: exit 2" [ "$rc" = 2 ]

#!/bin/sh
# Golden testcases: every testcases/**/*.c, in the manner of sparse's
# validation suite.  The comment block at the top of a testcase says
#
#	check-name: DESCRIPTION           (default: the file name)
#	check-command: wbcheck $file      (default: wbcheck $file)
#	check-exit-value: N               (default: 0)
#	check-known-to-fail               (optional: TAP TODO)
#	check-output-start
#	...exact expected stdout, copied verbatim...
#	check-output-end
#
# $file becomes the testcase's path from the repository root, a leading
# "wbcheck" becomes ./wbcheck (or $WBCHECK), and the command runs from
# the repository root.  Each testcase is two TAP tests:
#
#   NAME: output   exit value and stdout are exactly as expected
#                  (stderr is not compared; shown when the test fails)
#   NAME: markers  the (line, check) pairs of the warnings about the
#                  testcase itself equal its expect: markers
#                  (see tests/lib.sh)
#
# Rule for JSON: when check-command has --format=json there are no text
# warnings to match the markers against, so the markers test is skipped;
# the output block is then the whole check.
#
# WBCHECK_UPDATE=1 (exactly 1; 0 or unset is a plain run) rewrites each
# check-output block that differs with the actual stdout, and reports
# its output test "not ok" (rewritten: re-run without WBCHECK_UPDATE),
# so a rewriting run never passes; review the result with git diff.

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp
wb=$(wb_binary)
update=no
wb_update && update=yes

START_RE='^[ \t/*]*check-output-start[ \t]*$'
END_RE='^[ \t/*]*check-output-end[ \t]*$'

# tc_field FILE KEY: the value of the first "KEY: value" line.
tc_field()
{
	awk -v key="$2" '
	{
		line = $0
		sub(/^[ \t\/*]*/, "", line)
		if (substr(line, 1, length(key) + 1) != key ":")
			next
		line = substr(line, length(key) + 2)
		sub(/^[ \t]+/, "", line)
		sub(/[ \t]+$/, "", line)
		print line
		exit
	}' "$1"
}

# tc_flag FILE KEY: succeed when FILE has a line that is just KEY.
tc_flag()
{
	grep -Eq "^[[:space:]/*]*$2[[:space:]]*(\*/)?[[:space:]]*\$" "$1"
}

# tc_expected FILE OUT: write the check-output block to OUT; fail when
# FILE has no complete block.
tc_expected()
{
	awk -v s="$START_RE" -v e="$END_RE" '
	state == 0 && $0 ~ s { state = 1; next }
	state == 1 && $0 ~ e { state = 2; exit }
	state == 1 { print }
	END { exit state == 2 ? 0 : 1 }' "$1" >"$2"
}

# tc_update FILE ACTUAL: replace the check-output block with ACTUAL.
tc_update()
{
	awk -v s="$START_RE" -v e="$END_RE" -v out="$2" '
	BEGIN {
		while ((getline l < out) > 0)
			buf[n++] = l
		close(out)
	}
	state == 0 && $0 ~ s {
		print
		for (i = 0; i < n; i++)
			print buf[i]
		state = 1
		next
	}
	state == 1 && $0 ~ e { state = 2 }
	state == 1 { next }
	{ print }' "$1" >"$wb_tmp/update" && cat "$wb_tmp/update" >"$1"
}

# tc_run CMD: run the command line CMD, setting $rc and writing
# $wb_tmp/stdout and $wb_tmp/stderr.
tc_run()
{
	wb_run sh -c "$1" </dev/null >"$wb_tmp/stdout" 2>"$wb_tmp/stderr"
	rc=$?
}

# tc_command FILE: the command line to run, substituted.
tc_command()
{
	cmd=$(tc_field "$1" check-command)
	# '$file' is literal text to substitute, not an expansion.
	# shellcheck disable=SC2016
	[ -n "$cmd" ] || cmd='wbcheck $file'
	case $cmd in
	wbcheck|"wbcheck "*|"wbcheck	"*)
		cmd="$wb${cmd#wbcheck}"
		;;
	esac
	while :; do
		# shellcheck disable=SC2016
		case $cmd in
		*'$file'*)
			cmd="${cmd%%\$file*}$1${cmd#*\$file}"
			;;
		*)
			break
			;;
		esac
	done
	printf '%s\n' "$cmd"
}

files=$(find testcases -type f -name '*.c' 2>/dev/null | LC_ALL=C sort)
if [ -z "$files" ]; then
	echo "1..0 # SKIP no testcases"
	exit 0
fi
count=$(printf '%s\n' "$files" | wc -l)
echo "1..$((count * 2))"

n=0
while IFS= read -r f; do
	name=$(tc_field "$f" check-name)
	[ -n "$name" ] || name=$f
	name=$(wb_desc "$name")
	want_rc=$(tc_field "$f" check-exit-value)
	[ -n "$want_rc" ] || want_rc=0
	todo=
	show=wb_diag
	if tc_flag "$f" check-known-to-fail; then
		todo=" # TODO known to fail"
		show=wb_note
	fi
	cmd=$(tc_command "$f")

	tc_run "$cmd"

	# -- output ----------------------------------------------------------
	n=$((n + 1))
	problems=
	rewritten=no
	have_block=yes
	tc_expected "$f" "$wb_tmp/expected" || have_block=no
	if [ "$have_block" = yes ] && [ "$update" = yes ]; then
		cp "$wb_tmp/expected" "$wb_tmp/before"
		# Rewriting the block moves every line below it when the
		# number of output lines changes, and with them the line
		# numbers in the output: rerun until the block is stable.
		tries=0
		while ! cmp -s "$wb_tmp/expected" "$wb_tmp/stdout" &&
		      [ "$tries" -lt 5 ]; do
			if ! tc_update "$f" "$wb_tmp/stdout"; then
				problems="update failed"
				break
			fi
			rewritten=yes
			tries=$((tries + 1))
			tc_run "$cmd"
			tc_expected "$f" "$wb_tmp/expected"
		done
	fi
	if [ "$rc" != "$want_rc" ]; then
		problems="${problems:+$problems; }exit value $rc, expected $want_rc"
	fi
	if [ "$have_block" = no ]; then
		problems="${problems:+$problems; }no check-output-start/check-output-end block"
	elif ! cmp -s "$wb_tmp/expected" "$wb_tmp/stdout"; then
		problems="${problems:+$problems; }stdout differs"
	fi
	if [ "$rewritten" = yes ]; then
		# never a pass, not even a TODO one: the expectation was
		# just made equal to the output
		echo "not ok $n - $name: output rewritten: re-run without WBCHECK_UPDATE${problems:+ ($problems)}"
		{
			echo "$f: the check-output block was rewritten"
			diff -u "$wb_tmp/before" "$wb_tmp/expected" |
				sed -e "1s|.*|--- old block|" \
				    -e "2s|.*|+++ new block ($f)|"
		} | wb_diag
	elif [ -z "$problems" ]; then
		echo "ok $n - $name: output$todo"
	else
		echo "not ok $n - $name: output$todo"
		{
			echo "$f: $problems"
			echo "command: $cmd"
			if [ "$have_block" = yes ] &&
			   ! cmp -s "$wb_tmp/expected" "$wb_tmp/stdout"; then
				diff -u "$wb_tmp/expected" "$wb_tmp/stdout" |
					sed -e "1s|.*|--- expected ($f)|" \
					    -e "2s|.*|+++ actual|"
			fi
			if [ -s "$wb_tmp/stderr" ]; then
				echo "stderr:"
				sed 's/^/  /' "$wb_tmp/stderr"
			fi
		} | $show
	fi

	# -- markers ---------------------------------------------------------
	n=$((n + 1))
	case $cmd in
	*--format=json*)
		echo "ok $n - $name: markers # SKIP JSON output has no text warnings"
		continue
		;;
	esac
	if wb_compare_markers "$f" "$wb_tmp/stdout" >"$wb_tmp/mdiff"; then
		echo "ok $n - $name: markers$todo"
	else
		echo "not ok $n - $name: markers$todo"
		$show <"$wb_tmp/mdiff"
	fi
done <<EOF
$files
EOF

#!/bin/sh
# SARIF's tool.driver.rules must list every check a result can carry:
# a code-scanning service shows a result whose ruleId or ruleIndex does
# not resolve without a name, help text or severity, and the schema
# validator (tests/sarif.t) does not catch it.  For every rules file,
# over the samples and the testcases that use it, each result's ruleId
# must be the id of the rule its ruleIndex points at; and every check a
# rules file of rules/ names must be carried by some result of these
# runs, so that none of them goes unchecked (a check added without its
# metadata fails here, once a testcase fires it).
. "$(dirname "$0")/lib.sh"
wb_cd_root
wb_require node
wb_mktemp
WB=$(wb_binary)

# RULES-OPTIONS|INCLUDE|FILES...
runs="
|kernel-samples/include/2008|kernel-samples/2008/*.c
|kernel-samples/include/modern|kernel-samples/modern/*.c
--rules=rules/wbcheck.rules --rules=rules/dir-lock.rules|kernel-samples/include/modern|kernel-samples/modern/*.c
--rules=rules/wbcheck.rules --rules=rules/dir-lock.rules|testcases/include|testcases/dirlock/*.c
|testcases/include|testcases/mount/*.c testcases/checks/*.c testcases/interproc/*.c testcases/nested/*.c
"

nruns=$(echo "$runs" | grep -c '|')
echo "1..$((nruns + 1))"
: >"$wb_tmp/seen"
n=0
echo "$runs" | while IFS='|' read -r opts inc files; do
	[ -n "$inc" ] || continue
	n=$((n + 1))
	# shellcheck disable=SC2086 # word lists on purpose
	$WB --format=sarif $opts -I "$inc" $files >"$wb_tmp/out.sarif" 2>/dev/null
	msg=$(node -e '
		const s = JSON.parse(require("fs").readFileSync(process.argv[1]));
		const run = s.runs[0];
		const ids = run.tool.driver.rules.map(r => r.id);
		const bad = run.results.filter(r => ids[r.ruleIndex] !== r.ruleId);
		const checks = [...new Set(run.results.map(r => r.ruleId))];
		if (!run.results.length)
			console.log("no results");
		else if (bad.length)
			console.log("unresolved: " + bad.map(r => r.ruleId).join(" "));
		else
			console.log("ok " + checks.join(" "));
	' "$wb_tmp/out.sarif" 2>&1)
	case $msg in
	"ok "*)
		echo "ok $n - ${opts:-default rules} over $files: every ruleId resolves (${msg#ok })"
		echo "${msg#ok }" | tr ' ' '\n' >>"$wb_tmp/seen"
		;;
	*) echo "not ok $n - ${opts:-default rules} over $files: $msg" ;;
	esac
done

# The checks the rules files name: the values of their checks lines, and
# the check= of order and filled lines.
sed -n 's/#.*//; /^[ \t]*\(checks\|order\|filled\)[ \t]/p' rules/*.rules |
	tr ' \t' '\n\n' | sed -n 's/^[a-z-]*=\([a-z0-9-]*\)$/\1/p' |
	grep -v '^before$' | sort -u >"$wb_tmp/named"
# order's before= names a discipline, not a check
sed -n 's/#.*//; s/^[ \t]*order[ \t].*before=\([a-z0-9-]*\).*/\1/p' rules/*.rules |
	sort -u >"$wb_tmp/discs"
LC_ALL=C comm -23 "$wb_tmp/named" "$wb_tmp/discs" >"$wb_tmp/checks"
missing=$(LC_ALL=C sort -u "$wb_tmp/seen" | LC_ALL=C comm -23 "$wb_tmp/checks" - | tr '\n' ' ')
if [ ! -s "$wb_tmp/checks" ]; then
	echo "not ok $((nruns + 1)) - no check names read from rules/*.rules"
elif [ -n "$missing" ]; then
	echo "not ok $((nruns + 1)) - checks of rules/*.rules no run above carries: $missing"
else
	echo "ok $((nruns + 1)) - every check of rules/*.rules is carried by some result above ($(wc -l <"$wb_tmp/checks") checks)"
fi

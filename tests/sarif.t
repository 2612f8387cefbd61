#!/bin/sh
# --format=sarif: every log wbcheck writes is valid SARIF 2.1.0, checked
# against the official OASIS schema (tests/sarif/) by a real validator,
# ajv (ajv-cli, with ajv-formats for the uri and date-time formats),
# installed with npm from the pinned lock under build/sarif-validator.
# Plus what the schema cannot say: rule metadata for every check, one
# result per warning of the text output, stable fingerprints, the notes
# as a code flow, the exit status.
#
# Skips only when node or npm is not installed at all, and never under
# CI (.ci/run installs them); a failed npm install is a failure, not a
# skip.

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp
root=$PWD
wb=$(wb_binary)
case $wb in
/*)	;;
*)	wb=$root/$wb ;;
esac
LC_ALL=C
export LC_ALL

# .ci/run installs them: under CI a missing one is a failure, not a skip
wb_require node npm

# ---- the validator -------------------------------------------------------

vdir=$root/build/sarif-validator
ajv=$vdir/node_modules/.bin/ajv
if [ ! -x "$ajv" ] || ! cmp -s tests/sarif/package-lock.json "$vdir/package-lock.json"; then
	rm -rf "$vdir"
	mkdir -p "$vdir"
	cp tests/sarif/package.json tests/sarif/package-lock.json "$vdir/"
	# npm keeps its cache and logs under $HOME/.npm unless told:
	# tests write only under TMPDIR (and build/)
	if ! (cd "$vdir" &&
	      export npm_config_cache="$wb_tmp/npm-cache" \
		     npm_config_update_notifier=false &&
	      wb_run npm ci --no-audit --no-fund --loglevel=error) \
	     >"$wb_tmp/npm.log" 2>&1 || [ ! -x "$ajv" ]; then
		echo "Bail out! cannot install the SARIF validator: npm ci in $vdir failed"
		wb_diag <"$wb_tmp/npm.log"
		exit 1
	fi
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

# t DESC CMD...: one test, CMD's output becomes diagnostics on failure.
t()
{
	desc=$1
	shift
	if "$@" >"$wb_tmp/t.out" 2>&1; then
		ok "$desc"
	else
		not_ok "$desc"
		wb_diag <"$wb_tmp/t.out"
	fi
}

schema=$wb_tmp/sarif-schema-draft7.json

# validate FILE: FILE (named *.json: ajv reads other names as modules)
# is a valid SARIF 2.1.0 log.
validate()
{
	"$ajv" validate --spec=draft7 -c ajv-formats -s "$schema" -d "$1" \
		--all-errors --errors=text
}

# invalid FILE: the validator rejects FILE (and says why).
invalid()
{
	if validate "$1" >"$wb_tmp/inv.out" 2>&1; then
		echo "accepted: $1"
		return 1
	fi
	grep -q 'invalid' "$wb_tmp/inv.out"
}

# sarif NAME ARGS...: run wbcheck --format=sarif ARGS, the log in
# $wb_tmp/NAME.json, the exit status in $rc.
sarif()
{
	name=$1
	shift
	"$wb" --format=sarif "$@" >"$wb_tmp/$name.json" 2>"$wb_tmp/$name.err"
	rc=$?
}

fingerprints()
{
	grep -o '"wbcheckFingerprint/v1": "[^"]*"' "$1" | sed 's/.*: //' | sort
}

echo "1..26"

# 1: the draft-04 schema converted by ajv's own converter
t "ajv migrate reads the OASIS schema (draft-04 to draft-07)" \
	"$ajv" migrate -s tests/sarif/sarif-schema-2.1.0.json -o "$schema" --spec=draft7

# 2-3: controls: the validator accepts a minimal log, rejects broken ones
cat >"$wb_tmp/min.json" <<'EOF'
{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [
 {"message": {"text": "m"}, "locations": [{"physicalLocation":
  {"artifactLocation": {"uri": "a.c"}, "region": {"startLine": 1}}}]}]}]}
EOF
t "control: the validator accepts a minimal valid log" validate "$wb_tmp/min.json"
sed 's/"startLine": 1/"startLine": 0/' "$wb_tmp/min.json" >"$wb_tmp/bad1.json"
sed 's/"uri": "a.c"/"uri": "a c.c"/' "$wb_tmp/min.json" >"$wb_tmp/bad2.json"
sed 's/"version": "2.1.0", //' "$wb_tmp/min.json" >"$wb_tmp/bad3.json"
check_controls()
{
	invalid "$wb_tmp/bad1.json" && invalid "$wb_tmp/bad2.json" &&
		invalid "$wb_tmp/bad3.json"
}
t "control: it rejects startLine 0, a space in a URI, a missing version" check_controls

# 4-8: wbcheck's own logs
sarif modern -I kernel-samples/include/modern kernel-samples/modern/*.c
t "kernel-samples/modern: valid SARIF 2.1.0" validate "$wb_tmp/modern.json"
sarif old -I kernel-samples/include/2008 kernel-samples/2008/*.c
t "kernel-samples/2008: valid SARIF 2.1.0" validate "$wb_tmp/old.json"
sarif notes tests/cli/notes.c
t "leak and double-drop findings: valid" validate "$wb_tmp/notes.json"
sarif clean tests/cli/clean.c
check_clean()
{
	[ "$rc" -eq 0 ] && validate "$wb_tmp/clean.json" &&
		grep -q '"results": \[\]' "$wb_tmp/clean.json"
}
t "no findings: valid, an empty results array, exit 0" check_clean
sarif broken --error-exitcode=3 tests/cli/broken.c
check_broken()
{
	[ "$rc" -eq 2 ] && validate "$wb_tmp/broken.json" &&
		grep -q '"executionSuccessful": false' "$wb_tmp/broken.json"
}
t "a file that does not parse: valid, executionSuccessful false, exit 2" check_broken

# 9-10: file names that are not plain URIs
odd="$wb_tmp/dir #1/odd name%é.c"
mkdir -p "$wb_tmp/dir #1"
cp tests/cli/unbracketed.c "$odd"
sarif oddabs "$odd"
check_oddabs()
{
	validate "$wb_tmp/oddabs.json" &&
		grep -q '"uri": "file:///.*/dir%20%231/odd%20name%25%C3%A9.c"' "$wb_tmp/oddabs.json"
}
t "absolute name with space, #, % and UTF-8: a percent-encoded file: URI" check_oddabs
(cd "$wb_tmp" && "$wb" --format=sarif "dir #1/odd name%é.c") >"$wb_tmp/oddrel.json" 2>/dev/null
check_oddrel()
{
	validate "$wb_tmp/oddrel.json" &&
		grep -q '"uri": "dir%20%231/odd%20name%25%C3%A9.c", "uriBaseId": "SRCROOT"' "$wb_tmp/oddrel.json" &&
		grep -q "\"SRCROOT\": {\"uri\": \"file://.*/\"}" "$wb_tmp/oddrel.json"
}
t "relative name: relative URI under SRCROOT, which originalUriBaseIds maps" check_oddrel

# 11-13: rule metadata
check_rules()
{
	for c in missing-write-bracket write-bracket-leak write-bracket-double-drop; do
		grep -q "{\"id\": \"$c\", \"shortDescription\": {\"text\": \"[^\"]*\"}, \"fullDescription\": {\"text\": \"[^\"]*\"}, \"help\": {\"text\": \"[^\"]*\"}, \"defaultConfiguration\": {\"level\": \"warning\"}" "$wb_tmp/clean.json" ||
			{ echo "no metadata for $c"; return 1; }
	done
}
t "rules: every check has id, descriptions, help and a default level" check_rules
check_ruleids()
{
	for f in "$wb_tmp/modern.json" "$wb_tmp/notes.json"; do
		grep -o '{"id": "[^"]*"' "$f" | sed 's/.*"id": "//; s/"$//' >"$wb_tmp/rule-ids"
		# every result has a ruleIndex, and it names its ruleId
		[ "$(grep -c '"ruleId": ' "$f")" -eq \
		  "$(grep -c '"ruleId": "[^"]*", "ruleIndex": [0-9]' "$f")" ] ||
			{ echo "$f: a result with no ruleIndex"; return 1; }
		grep -o '"ruleId": "[^"]*", "ruleIndex": [0-9]*' "$f" |
			sed 's/"ruleId": "\([^"]*\)", "ruleIndex": \([0-9]*\)/\1 \2/' |
			while read -r id idx; do
				[ "$(sed -n "$((idx + 1))p" "$wb_tmp/rule-ids")" = "$id" ] ||
					{ echo "$f: $id has ruleIndex $idx"; exit 1; }
			done || return 1
	done
}
t "results: ruleId and ruleIndex name the check's rule" check_ruleids
check_count()
{
	"$wb" -I kernel-samples/include/modern kernel-samples/modern/*.c 2>/dev/null |
		grep -c ': warning: ' >"$wb_tmp/nt"
	grep -c '^        {"ruleId": ' "$wb_tmp/modern.json" >"$wb_tmp/ns"
	echo "text warnings: $(cat "$wb_tmp/nt"), SARIF results: $(cat "$wb_tmp/ns")"
	[ "$(cat "$wb_tmp/nt")" -gt 0 ] && cmp -s "$wb_tmp/nt" "$wb_tmp/ns"
}
t "one result per warning of the text output" check_count

# 14-16: fingerprints
check_fps()
{
	fingerprints "$wb_tmp/modern.json" >"$wb_tmp/fps"
	[ -s "$wb_tmp/fps" ] || return 1
	grep -v '^"[0-9a-f]\{32\}"$' "$wb_tmp/fps" && return 1
	# one per result, all different
	[ "$(wc -l <"$wb_tmp/fps")" -eq "$(cat "$wb_tmp/ns")" ] &&
		[ "$(sort -u "$wb_tmp/fps" | wc -l)" -eq "$(wc -l <"$wb_tmp/fps")" ]
}
t "partialFingerprints: one wbcheckFingerprint/v1 of 32 hex digits a result, all distinct" check_fps
mkdir -p "$wb_tmp/mv"
cp tests/cli/unbracketed.c "$wb_tmp/mv/a.c"
(cd "$wb_tmp/mv" && "$wb" --format=sarif a.c) >"$wb_tmp/mv1.json" 2>/dev/null
{
	printf '/* a new comment block\n * above everything\n */\n\n\n'
	sed 's/return vfs_unlink(dir, victim);/return vfs_unlink(dir,\n\t\t\t  victim);/' tests/cli/unbracketed.c
} >"$wb_tmp/mv/a.c"
(cd "$wb_tmp/mv" && "$wb" --format=sarif a.c) >"$wb_tmp/mv2.json" 2>/dev/null
check_moved()
{
	fingerprints "$wb_tmp/mv1.json" >"$wb_tmp/f1"
	fingerprints "$wb_tmp/mv2.json" >"$wb_tmp/f2"
	grep -o '"startLine": [0-9]*' "$wb_tmp/mv1.json" "$wb_tmp/mv2.json"
	[ -s "$wb_tmp/f1" ] && cmp "$wb_tmp/f1" "$wb_tmp/f2" &&
		! cmp -s "$wb_tmp/mv1.json" "$wb_tmp/mv2.json"
}
t "the fingerprint survives lines moving and the call being re-wrapped" check_moved
sed "s/return vfs_unlink(dir, victim);/return vfs_unlink(dir, (struct dentry *)victim);/" tests/cli/unbracketed.c >"$wb_tmp/mv/a.c"
(cd "$wb_tmp/mv" && "$wb" --format=sarif a.c) >"$wb_tmp/mv3.json" 2>/dev/null
check_changed()
{
	fingerprints "$wb_tmp/mv3.json" >"$wb_tmp/f3"
	[ -s "$wb_tmp/f3" ] && ! cmp "$wb_tmp/f1" "$wb_tmp/f3"
}
t "a different call text gives a different fingerprint" check_changed

# 17-18: code flows from the notes
check_flow()
{
	# notes.c: the double drop has the note "dropped here" at 24:3,
	# then the finding itself at 25:2
	grep '"ruleId": "write-bracket-double-drop"' "$wb_tmp/notes.json" >"$wb_tmp/dd"
	grep -q '"codeFlows": \[{"threadFlows": \[{"locations": \[{"location": {"physicalLocation": {"artifactLocation": {"uri": "tests/cli/notes.c", "uriBaseId": "SRCROOT"}, "region": {"startLine": 24, "startColumn": 3}}, "message": {"text": "dropped here by mnt_drop_write()"}}}, {"location": {"physicalLocation": {[^}]*}, "region": {"startLine": 25, "startColumn": 2}}, "message": {"text": "mnt_drop_write() releases' "$wb_tmp/dd"
}
t "the notes become a code flow, in order, ending at the finding" check_flow
check_noflow()
{
	# unbracketed.c's finding has no note: no empty code flow
	grep -q '"ruleId"' "$wb_tmp/mv1.json" && ! grep -q codeFlows "$wb_tmp/mv1.json"
}
t "no notes, no codeFlows" check_noflow

# 19: a fix exactly where --fix makes one, and the log still valid
sarif fixpath -I testcases/include testcases/fix/fix-path.c
check_fixes()
{
	validate "$wb_tmp/fixpath.json" || return 1
	nfix=$(grep -o '"fixes": ' "$wb_tmp/fixpath.json" | wc -l)
	nmiss=$("$wb" -I testcases/include testcases/fix/fix-path.c 2>/dev/null |
		grep -c '\[missing-write-bracket\]')
	nleft=$("$wb" --fix -I testcases/include testcases/fix/fix-path.c 2>&1 >/dev/null |
		grep -c 'left alone')
	echo "# fixes $nfix, missing $nmiss, left alone $nleft"
	[ "$nfix" -gt 0 ] && [ "$nfix" -eq $((nmiss - nleft)) ]
}
t "fixes: one per site --fix fixes, none where it leaves the site alone" check_fixes

# 20-21: the fix seam, through the unit test that writes a log with fixes
unit=${WBCHECK_BUILD_DIR:-build}/unit/test_sarif
case $unit in
/*)	;;
*)	unit=$root/$unit ;;
esac
if [ -x "$unit" ]; then
	WBCHECK_SARIF_OUT=$wb_tmp/fixes.json "$unit" >"$wb_tmp/unit.out" 2>&1
	t "a log with fixes (from test_sarif): valid" validate "$wb_tmp/fixes.json"
	check_fixshape()
	{
		grep -q '"fixes": \[{"description": {"text": "[^"]*"}, "artifactChanges": \[{"artifactLocation": {"uri": "[^"]*", "uriBaseId": "SRCROOT"}, "replacements": \[{"deletedRegion": {"startLine": [0-9]*, "startColumn": [0-9]*, "endLine": [0-9]*, "endColumn": [0-9]*}, "insertedContent": {"text": ' "$wb_tmp/fixes.json"
	}
	t "fixes: artifactChanges with deletedRegion and insertedContent" check_fixshape
else
	for _ in 1 2; do
		n=$((n + 1))
		echo "ok $n # SKIP unit tests not built (make unit)"
	done
fi

# 22-24: the exit status is the same as for text
sarif ex1 --error-exitcode=5 tests/cli/unbracketed.c
t "findings with --error-exitcode=5: exit 5" test "$rc" -eq 5
sarif ex2 --error-exitcode=5 tests/cli/clean.c
t "no findings with --error-exitcode=5: exit 0" test "$rc" -eq 0
sarif ex3 --format=sarif tests/cli/does-not-exist.c
check_missing()
{
	[ "$rc" -eq 2 ] && validate "$wb_tmp/ex3.json"
}
t "a missing input: exit 2, and the log is still valid" check_missing

# 25-26: -B: URIs relative to the source tree, whatever the cwd
src=$wb_tmp/ksrc
build=$wb_tmp/kbuild
mkdir -p "$src/fs/demo" "$build/fs/demo" "$wb_tmp/elsewhere"
ln -s "$src" "$build/source"
cp tests/cli/unbracketed.c "$src/fs/demo/built.c"
printf 'savedcmd_fs/demo/built.o := gcc -nostdinc -c -o fs/demo/built.o %s/fs/demo/built.c\n' \
	"$src" >"$build/fs/demo/.built.o.cmd"
(cd "$build" && "$wb" --format=sarif -B . fs/demo) >"$wb_tmp/kb1.json" 2>"$wb_tmp/kb1.err"
(cd "$wb_tmp/elsewhere" && "$wb" --format=sarif -B "$build") >"$wb_tmp/kb2.json" 2>"$wb_tmp/kb2.err"
realsrc=$(cd "$src" && pwd -P)
check_kbuild()
{
	cat "$wb_tmp/kb1.err"
	validate "$wb_tmp/kb1.json" &&
		grep -q '"uri": "fs/demo/built.c", "uriBaseId": "SRCROOT"' "$wb_tmp/kb1.json" &&
		grep -q "\"SRCROOT\": {\"uri\": \"file://$realsrc/\"}" "$wb_tmp/kb1.json"
}
t "-B: names relative to the source tree, SRCROOT is the tree" check_kbuild
(cd "$src" && "$wb" --format=sarif fs/demo/built.c) >"$wb_tmp/kb3.json" 2>/dev/null
check_kbuild_fps()
{
	fingerprints "$wb_tmp/kb3.json" >"$wb_tmp/k3"
	fingerprints "$wb_tmp/kb1.json" >"$wb_tmp/k1"
	fingerprints "$wb_tmp/kb2.json" >"$wb_tmp/k2"
	[ -s "$wb_tmp/k1" ] && cmp "$wb_tmp/k1" "$wb_tmp/k2" &&
		cmp "$wb_tmp/k1" "$wb_tmp/k3"
}
t "-B: the same fingerprints from any directory, and as a run at the tree root" check_kbuild_fps

[ "$failed" -eq 0 ]

#!/bin/sh
# Findings that cross files: a helper in one file, its callers in
# others, each file checked on its own with --db (as kbuild's CHECK
# does), then the whole program with --report; and the same split into
# two databases, as two machines would write them, joined with --merge.
# Where the finding goes depends on every caller (docs/checks.md, "Where
# a finding is placed"): a --report that analysed each stored file alone
# would put it elsewhere, or find one where there is none (the helper
# alone needs a bracket its only caller holds).
. "$(dirname "$0")/lib.sh"
wb_cd_root
wb_mktemp
WB=$(wb_binary)
D=tests/crossfile
I="-I testcases/include"

echo "1..23"
n=0
check() {
	n=$((n + 1))
	if [ "$1" = "$2" ]; then
		echo "ok $n - $3"
	else
		echo "not ok $n - $3"
		printf '# expected: %s\n# got:      %s\n' "$1" "$2"
	fi
}

# Only the warnings, as FILE:LINE [CHECK], sorted.
warnings() {
	grep ': warning: ' | sed 's/^\([^:]*\):\([0-9]*\):[0-9]*: warning: .*\(\[[a-z-]*\]\)$/\1:\2 \3/' |
		sed "s#^$PWD/##" | sort | tr '\n' ' ' | sed 's/ $//'
}

per_file() {
	db=$1
	shift
	rm -f "$db"
	for f in "$@"; do
		$WB --db="$db" $I "$f" >/dev/null 2>&1 || return 1
	done
}

# One caller holds the bracket: the other call deviates, and is reported.
per_file "$wb_tmp/a.db" $D/helper.c $D/holder.c $D/bare.c
got=$($WB --db="$wb_tmp/a.db" --report 2>&1 | warnings)
check "$D/bare.c:8 [missing-write-bracket]" "$got" \
	"--report: a caller in another file holds it, so the bare call in a third deviates"

# The per-file runs place nothing that depends on callers elsewhere.
got=$($WB --db="$wb_tmp/b.db" $I $D/helper.c 2>&1 | warnings)
check "" "$got" "--db on the helper's file alone: nothing placed yet"

# No caller holds it: the helper takes the bracket itself.
per_file "$wb_tmp/c.db" $D/helper.c $D/bare.c
got=$($WB --db="$wb_tmp/c.db" --report 2>&1 | warnings)
check "$D/helper.c:8 [missing-write-bracket]" "$got" \
	"--report: no caller anywhere holds it, so it is reported inside the helper"

# The same as one run over all the files.
got=$($WB $I $D/helper.c $D/holder.c $D/bare.c 2>&1 | warnings)
check "$D/bare.c:8 [missing-write-bracket]" "$got" \
	"one run over the three files: the same as --report"
got=$($WB $I $D/helper.c $D/bare.c 2>&1 | warnings)
check "$D/helper.c:8 [missing-write-bracket]" "$got" \
	"one run over helper.c and bare.c: the same as --report"

# The notes of the inside finding name the caller in the other file.
got=$($WB --db="$wb_tmp/c.db" --report 2>&1 | grep -c 'remove_entry() is called here from bare_remove()')
check "1" "$got" "the finding inside the helper names its caller in bare.c"

# The only caller holds it: nothing to report, though the helper alone
# would need the bracket.
per_file "$wb_tmp/d.db" $D/helper.c $D/holder.c
got=$($WB --db="$wb_tmp/d.db" --report 2>&1 | warnings)
check "" "$got" "--report: the only caller, in another file, holds it: silent"
got=$($WB $I $D/helper.c 2>&1 | warnings)
check "$D/helper.c:8 [missing-write-bracket]" "$got" \
	"the helper alone, with no caller: reported inside it"

# The same splits, each file's run on a machine of its own: the helper
# in one database, its callers in another, joined with --merge.
merged() {
	rm -f "$wb_tmp/m.db"
	$WB --db="$wb_tmp/m.db" --merge "$@" >/dev/null 2>&1 || return 1
	$WB --db="$wb_tmp/m.db" --report 2>&1
}
per_file "$wb_tmp/helper.db" $D/helper.c
per_file "$wb_tmp/holder.db" $D/holder.c
per_file "$wb_tmp/bare.db" $D/bare.c
per_file "$wb_tmp/callers.db" $D/holder.c $D/bare.c
got=$(merged "$wb_tmp/helper.db" "$wb_tmp/holder.db" | warnings)
check "" "$got" "--merge, helper and holding caller apart: silent"
got=$(merged "$wb_tmp/helper.db" "$wb_tmp/callers.db" | warnings)
check "$D/bare.c:8 [missing-write-bracket]" "$got" \
	"--merge, helper apart from both callers: the bare call deviates"
got=$(merged "$wb_tmp/callers.db" "$wb_tmp/helper.db" | warnings)
check "$D/bare.c:8 [missing-write-bracket]" "$got" \
	"--merge, the other order: the same"
got=$(merged "$wb_tmp/helper.db" "$wb_tmp/bare.db" | warnings)
check "$D/helper.c:8 [missing-write-bracket]" "$got" \
	"--merge, helper apart from its bare caller: reported inside it"
got=$(merged "$wb_tmp/helper.db" "$wb_tmp/bare.db" | grep -c 'remove_entry() is called here from bare_remove()')
check "1" "$got" "--merge: the finding inside the helper names its caller in the other part"
got=$(merged "$wb_tmp/bare.db" "$wb_tmp/holder.db" "$wb_tmp/helper.db" | warnings)
check "$D/bare.c:8 [missing-write-bracket]" "$got" \
	"--merge of three parts, a file each: as one run over the three"

# A bracket taken again through two files: the lookup's store that puts
# the child on its parent's mount is stored with its function, and the
# helper's take with its summary.
per_file "$wb_tmp/d.db" $D/nest-lookup.c $D/nest-open.c
got=$($WB --db="$wb_tmp/d.db" --report 2>&1 | warnings)
check "$D/nest-open.c:18 [write-bracket-nested]" "$got" \
	"--report: the helper in nest-lookup.c takes the bracket nest-open.c holds"
got=$($WB $I $D/nest-lookup.c $D/nest-open.c 2>&1 | warnings)
check "$D/nest-open.c:18 [write-bracket-nested]" "$got" \
	"one run over both files: the same as --report"

# The callers a finding names come in order of place, not in the order
# the functions were parsed or loaded: --report and a run given the
# files in another order print the same notes, byte for byte.
per_file "$wb_tmp/o.db" $D/order/caller4.c $D/order/caller3.c $D/order/caller2.c $D/helper.c $D/order/caller1.c
$WB --db="$wb_tmp/o.db" --report 2>&1 | sed "s#^$PWD/##" >"$wb_tmp/o.report"
$WB $I $D/order/caller4.c $D/order/caller3.c $D/helper.c $D/order/caller2.c $D/order/caller1.c \
	>"$wb_tmp/o.plain" 2>&1
got=$(cmp -s "$wb_tmp/o.report" "$wb_tmp/o.plain" && echo same || echo different)
check same "$got" "--report and one run in another order: the same notes"
got=$(grep 'note: remove_entry() is called here' "$wb_tmp/o.plain" | cut -d: -f1 | tr '\n' ' ')
check "$D/order/caller1.c $D/order/caller2.c $D/order/caller3.c " "$got" \
	"the first three callers named are the first three by place"

# Two files defining one external function: the run keeps one copy, the
# first by path, whatever the order the files are named in.
T=$D/twice
got=$($WB $I $T/a-bare.c $T/b-held.c 2>&1 | warnings)
check "$T/a-bare.c:10 [missing-write-bracket]" "$got" \
	"one function in two files: the first by path is kept"
got=$($WB $I $T/b-held.c $T/a-bare.c 2>&1 | warnings)
check "$T/a-bare.c:10 [missing-write-bracket]" "$got" \
	"named the other way round: the same"
per_file "$wb_tmp/t1.db" $T/a-bare.c $T/b-held.c
got=$($WB --db="$wb_tmp/t1.db" --report 2>&1 | warnings)
check "$T/a-bare.c:10 [missing-write-bracket]" "$got" \
	"one function in two files, stored first by path: --report keeps it"
per_file "$wb_tmp/t2.db" $T/b-held.c $T/a-bare.c
got=$($WB --db="$wb_tmp/t2.db" --report 2>&1 | warnings)
check "$T/a-bare.c:10 [missing-write-bracket]" "$got" \
	"stored the other way round: the same"
per_file "$wb_tmp/ta.db" $T/a-bare.c
per_file "$wb_tmp/tb.db" $T/b-held.c
got=$(merged "$wb_tmp/ta.db" "$wb_tmp/tb.db" | warnings)
check "$T/a-bare.c:10 [missing-write-bracket]" "$got" \
	"--merge of a part with each file, the first by path given first: the same"

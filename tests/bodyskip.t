#!/bin/sh
# Skipped header bodies (checker/bodyskip.c): --verbose says when a file
# is parsed again with every body, which must happen exactly when a
# skipped body is needed (a function a macro defines whose invocation
# matters) or the skipping broke the parse, and never otherwise; and
# the findings are those of --parse-all-bodies.  The golden testcases
# of testcases/bodyskip/ check the findings themselves.
cd "$(dirname "$0")/.." || exit 1
wb=${WBCHECK:-./wbcheck}
n=0
fail=0

# t DESCRIPTION COMMAND..., and the scratch directory: tests/lib.sh
. tests/lib.sh
wb_mktemp
tmp=$wb_tmp

inc=testcases/include
tc=testcases/bodyskip

# run FILE [OPTIONS...]: stdout in $tmp/out, stderr in $tmp/err
run() {
	f=$1
	shift
	"$wb" "$@" -I "$inc" -I "$tmp" "$f" >"$tmp/out" 2>"$tmp/err"
}

again() {
	grep -q "parsed again with every header body$1" "$tmp/err"
}

run "$tc/macro-arg-in-header.c" --verbose
t "an invocation that names a rule's function makes the file parsed again" \
	again ": demo_macro_want_write(), declared by a macro, may need its body"
run "$tc/macro-in-main.c" --verbose
t "so does a function a macro defines in the main file" \
	again ": macro_in_main_want(), declared by a macro, may need its body"
run "$tc/misread-falls-back.c" --verbose
t "a header misread as a function is parsed again as it is" \
	again ": it does not parse with some skipped"
run "$tc/skipped-body.c" --verbose
t "a header whose skipped bodies are not needed is parsed once" \
	sh -c "! grep -q 'parsed again' '$tmp/err'"
run "$tc/macro-skipped.c" --verbose
t "so is one whose macro's bodies are not needed" \
	sh -c "! grep -q 'parsed again' '$tmp/err'"
run "$tc/pasted-decl.c" --verbose
t "a call through a pasted name whose declaration was left out makes it parsed again" \
	again ": it does not parse with some skipped"
run "$tc/unnamed-decl.c" --verbose
t "a header whose declarations the file never names, left out, is parsed once" \
	sh -c "! grep -q 'parsed again' '$tmp/err'"
WBCHECK_STATS=1 "$wb" --verbose -I "$inc" "$tc/invocation.c" >"$tmp/out" 2>"$tmp/err"
t "a header's macro invocation whose names the file never names is left out" \
	grep -q "^wbcheck: stats: macro invocations left out: 1, over 1 files parsed$" "$tmp/err"
t "... and the file, which calls what another declares, is parsed once" \
	sh -c "! grep -q 'parsed again' '$tmp/err'"
run "$tc/macro-arg-in-header.c" --verbose --parse-all-bodies
t "--parse-all-bodies never parses a file again" \
	sh -c "! grep -q 'parsed again' '$tmp/err'"

# A directive's comment over several lines ends the directive: the
# text after it is not code, so "demo_fill() ... struct demo_box {"
# is not a function whose body could be skipped.
cat >"$tmp/comment.h" <<'H'
#include "wb.h"

#define DEMO_SLOTS 2	/* how many slots
			 * demo_fill() writes */
struct demo_box {
	int slot[DEMO_SLOTS];
};
H
cat >"$tmp/comment.c" <<'C'
#include "comment.h"

int demo_comment(struct path *dir, struct dentry *victim,
		 struct demo_box *box)
{
	box->slot[0] = 0;
	return vfs_unlink(dir->dentry->d_inode, victim);
}
C
run "$tmp/comment.c" --verbose
t "a comment over lines of a #define is not read as code" \
	sh -c "! grep -q 'parsed again' '$tmp/err'"
t "and the finding is there" grep -q "missing-write-bracket" "$tmp/out"

# A file that does not parse, with every header given as it is: the
# parser is given those texts too (tufilter.h), but a parse again from
# the files could only fail the same way, so there is none.
cat >"$tmp/plain.h" <<'H'
#define DEMO_PLAIN_SLOTS 4
struct demo_plain {
	int slot[DEMO_PLAIN_SLOTS];
};
H
cat >"$tmp/broken.c" <<'C'
#include "plain.h"

int demo_broken(struct demo_plain *p)
{
	return p->slot[0] +;
}
C
run "$tmp/broken.c" --verbose
t "a file that does not parse, its headers unchanged, is parsed once" \
	sh -c "! grep -q 'parsed again' '$tmp/err'"
t "and its error is reported" grep -q "broken.c:5:.*error" "$tmp/err"

# The same findings either way, for each testcase that parses.
for f in "$tc"/*.c "$tmp/comment.c"; do
	case $f in
	*all-bodies.c)
		continue
		;;
	esac
	run "$f"
	cp "$tmp/out" "$tmp/skip.out"
	run "$f" --parse-all-bodies
	t "$(basename "$f"): the findings of --parse-all-bodies" \
		cmp -s "$tmp/skip.out" "$tmp/out"
done

echo "1..$n"
exit $fail

#!/bin/sh
# The CI gate end to end, on a throwaway git repository: a small
# kernel-style tree with one old finding accepted in a committed
# baseline, and a gate command a CI job would run on every commit:
#
#	wbcheck --error-exitcode=1 --baseline=wbcheck.baseline \
#		--suppress=wbcheck.suppress fs/*.c
#
# A commit that adds an unbracketed vfs_unlink() fails the gate, the
# commit that fixes it passes, the old finding in the baseline never
# fails it (not even when code above it moves it down), a suppression
# with a reason silences a finding, and bad gate files are errors
# (exit 2) that name FILE:LINE.

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

wb_require git

n=0
failed=0

# t DESC TEST...: one TAP test; on failure the last gate run is shown.
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
		{
			cat "$wb_tmp/t.out"
			echo "last gate run (in $repo, at $(git -C "$repo" log --oneline -1 2>/dev/null)): exit $rc"
			echo "stdout:"
			cat "$wb_tmp/gate.out"
			echo "stderr:"
			cat "$wb_tmp/gate.err"
		} | wb_diag
	fi
}

repo=$wb_tmp/repo
mkdir -p "$repo/fs"
git -C "$repo" init -q
git -C "$repo" config user.name "wbcheck test"
git -C "$repo" config user.email "wbcheck-test@example.invalid"
git -C "$repo" config commit.gpgsign false

commit()
{
	git -C "$repo" add -A && git -C "$repo" commit -q -m "$1"
}

# gate [ARGS...]: the CI job's command, run at the repository's root.
GATE="--error-exitcode=1 --baseline=wbcheck.baseline --suppress=wbcheck.suppress"
gate()
{
	# shellcheck disable=SC2086
	(cd "$repo" && exec "$wb" $GATE "$@" fs/*.c) \
		</dev/null >"$wb_tmp/gate.out" 2>"$wb_tmp/gate.err"
	rc=$?
}

# The tree: declarations, a correct caller, and one old finding
# (legacy_rmdir) the project has accepted for now.
cat >"$repo/fs/decls.h" <<'EOF'
struct dentry;
struct inode;
struct vfsmount;

int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);
int vfs_rmdir(struct inode *dir, struct dentry *dentry);
int vfs_mkdir(struct inode *dir, struct dentry *dentry, int mode);
EOF

write_base()
{
	cat >"$repo/fs/demo.c" <<'EOF'
#include "decls.h"

int demo_remove(struct vfsmount *mnt, struct inode *dir, struct dentry *d)
{
	int err;

	err = mnt_want_write(mnt);
	if (err)
		return err;
	err = vfs_unlink(dir, d);
	mnt_drop_write(mnt);
	return err;
}

/* An old bug, recorded in the baseline until someone fixes it. */
int legacy_rmdir(struct inode *dir, struct dentry *d)
{
	return vfs_rmdir(dir, d);
}
EOF
}

write_base
: >"$repo/wbcheck.suppress"
commit "base: one old finding"

# 1-3: the first run writes the baseline; committed, the gate passes
gate
check_first()
{
	[ "$rc" -eq 0 ] && [ ! -s "$wb_tmp/gate.out" ] &&
		grep -q '^wbcheck: wrote 1 finding to the new baseline wbcheck.baseline$' "$wb_tmp/gate.err"
}
t "no baseline yet: it is written with the old finding, exit 0" check_first
check_baseline_file()
{
	cat "$repo/wbcheck.baseline"
	head -1 "$repo/wbcheck.baseline" | grep -qx '# wbcheck baseline v1' &&
		[ "$(grep -vc '^#' "$repo/wbcheck.baseline")" -eq 1 ] &&
		grep -q "^[0-9a-f]\{32\}	missing-write-bracket	fs/demo.c	legacy_rmdir	vfs_rmdir\$" "$repo/wbcheck.baseline"
}
t "the baseline: versioned header, one line for legacy_rmdir's vfs_rmdir" check_baseline_file
commit "accept the old finding for now"
gate
check_pass_base()
{
	[ "$rc" -eq 0 ] && [ ! -s "$wb_tmp/gate.out" ] &&
		grep -qx 'wbcheck: 1 finding not shown: 1 in the baseline wbcheck.baseline' "$wb_tmp/gate.err"
}
t "base commit: the gate passes, stderr counts the baselined finding" check_pass_base

# 4-5: a commit that adds an unbracketed vfs_unlink() fails the gate
cat >>"$repo/fs/demo.c" <<'EOF'

int demo_quick_remove(struct inode *dir, struct dentry *d)
{
	return vfs_unlink(dir, d);
}
EOF
commit "add demo_quick_remove"
gate
line=$(grep -n 'return vfs_unlink(dir, d);' "$repo/fs/demo.c" | cut -d: -f1)
check_fail_new()
{
	[ "$rc" -eq 1 ] &&
		grep -q "^fs/demo.c:$line:[0-9]*: warning: vfs_unlink() may be called without a write bracket on the mount \[missing-write-bracket\]\$" "$wb_tmp/gate.out" &&
		[ "$(grep -c ': warning: ' "$wb_tmp/gate.out")" -eq 1 ]
}
t "unbracketed vfs_unlink() added: exit 1, the new finding and only it" check_fail_new
gate --format=sarif
check_fail_sarif()
{
	[ "$rc" -eq 1 ] && [ "$(grep -c '"ruleId": ' "$wb_tmp/gate.out")" -eq 1 ] &&
		grep -q "\"uri\": \"fs/demo.c\", \"uriBaseId\": \"SRCROOT\"}, \"region\": {\"startLine\": $line," "$wb_tmp/gate.out"
}
t "the same gate with --format=sarif: exit 1, one result at the new call" check_fail_sarif

# 6: the fix commit passes
perl -0pi -e 's/int demo_quick_remove\(struct inode \*dir, struct dentry \*d\)\n\{\n\treturn vfs_unlink\(dir, d\);\n\}/int demo_quick_remove(struct vfsmount *mnt, struct inode *dir,\n\t\t      struct dentry *d)\n{\n\tint err;\n\n\terr = mnt_want_write(mnt);\n\tif (err)\n\t\treturn err;\n\terr = vfs_unlink(dir, d);\n\tmnt_drop_write(mnt);\n\treturn err;\n}/' "$repo/fs/demo.c"
commit "demo_quick_remove: take the write bracket"
gate
t "the fix commit: the gate passes again" check_pass_base

# 7: code added above the old finding moves it down: still baselined
perl -0pi -e 's/(\/\* An old bug)/int demo_mkdir(struct vfsmount *mnt, struct inode *dir, struct dentry *d)\n{\n\tint err = mnt_want_write(mnt);\n\n\tif (err)\n\t\treturn err;\n\terr = vfs_mkdir(dir, d, 0755);\n\tmnt_drop_write(mnt);\n\treturn err;\n}\n\n$1/' "$repo/fs/demo.c"
commit "add demo_mkdir above legacy_rmdir"
old=$(git -C "$repo" show HEAD~1:fs/demo.c | grep -n 'return vfs_rmdir' | cut -d: -f1)
new=$(grep -n 'return vfs_rmdir' "$repo/fs/demo.c" | cut -d: -f1)
gate
check_moved()
{
	echo "legacy vfs_rmdir() was on line $old, is on line $new"
	[ "$new" -gt "$old" ] && check_pass_base
}
t "the old finding moved down 11 lines: still in the baseline, the gate passes" check_moved

# 8: a changed call is a new finding, however old the function
sed -i 's/return vfs_rmdir(dir, d);/return vfs_rmdir(dir, (struct dentry *)d);/' "$repo/fs/demo.c"
gate
check_changed()
{
	[ "$rc" -eq 1 ] && grep -q "^fs/demo.c:$new:.*\[missing-write-bracket\]\$" "$wb_tmp/gate.out"
}
t "the old call's text changed: no longer the baselined finding, exit 1" check_changed
git -C "$repo" checkout -q -- fs/demo.c

# 9-10: a suppression with its reason; then without one
cat >>"$repo/fs/demo.c" <<'EOF'

/* Runs on a private internal mount that is never read-only. */
int demo_scratch_remove(struct inode *dir, struct dentry *d)
{
	return vfs_unlink(dir, d);
}
EOF
cat >"$repo/wbcheck.suppress" <<'EOF'
# wbcheck suppressions v1
check=missing-write-bracket file=fs/* function=demo_scratch_remove callee=vfs_unlink reason=scratch files live on an internal mount that is never read-only
EOF
commit "demo_scratch_remove, suppressed with a reason"
gate
check_suppressed()
{
	[ "$rc" -eq 0 ] && [ ! -s "$wb_tmp/gate.out" ] &&
		grep -qx 'wbcheck: 2 findings not shown: 1 suppressed by wbcheck.suppress, 1 in the baseline wbcheck.baseline' "$wb_tmp/gate.err"
}
t "a suppression with a reason: the gate passes, stderr counts both" check_suppressed
printf '# wbcheck suppressions v1\n\ncheck=missing-write-bracket function=demo_scratch_remove\n' >"$repo/wbcheck.suppress"
gate
check_noreason()
{
	[ "$rc" -eq 2 ] && [ ! -s "$wb_tmp/gate.out" ] &&
		grep -qx 'wbcheck: wbcheck.suppress:3: no reason: every suppression ends with reason=WHY' "$wb_tmp/gate.err"
}
t "a suppression without a reason: exit 2 naming wbcheck.suppress:3" check_noreason
git -C "$repo" checkout -q -- wbcheck.suppress

# 11-12: a damaged baseline is an error, not an empty baseline
cp "$repo/wbcheck.baseline" "$wb_tmp/baseline.good"
printf 'garbage line\n' >>"$repo/wbcheck.baseline"
gate
check_badbase()
{
	nl=$(wc -l <"$repo/wbcheck.baseline")
	[ "$rc" -eq 2 ] && [ ! -s "$wb_tmp/gate.out" ] &&
		grep -qx "wbcheck: wbcheck.baseline:$nl: 1 tab-separated field, expected 5 (fingerprint, check, file, function, callee)" "$wb_tmp/gate.err"
}
t "a garbage line in the baseline: exit 2 naming wbcheck.baseline:LINE" check_badbase
printf 'not a baseline\n' >"$repo/wbcheck.baseline"
gate
check_nothdr()
{
	[ "$rc" -eq 2 ] &&
		grep -q '^wbcheck: wbcheck.baseline:1: not a wbcheck baseline' "$wb_tmp/gate.err"
}
t "a file that is not a baseline: exit 2, not overwritten" check_nothdr
cp "$wb_tmp/baseline.good" "$repo/wbcheck.baseline"

# 13-14: the exit status contract
gate
t "everything baselined or suppressed: exit 0" test "$rc" -eq 0
(cd "$repo" && exec "$wb" fs/demo.c) </dev/null >"$wb_tmp/gate.out" 2>"$wb_tmp/gate.err"
rc=$?
check_default()
{
	[ "$rc" -eq 0 ] && [ "$(grep -c ': warning: ' "$wb_tmp/gate.out")" -eq 2 ]
}
t "without --error-exitcode findings still exit 0 (the default)" check_default

# 15-: the options' usage errors, and files that cannot be used
# usage ERR-REGEX ARGS...: exit 2, nothing on stdout, ERR-REGEX on stderr
usage()
{
	want=$1
	shift
	(cd "$repo" && exec "$wb" "$@" fs/demo.c) </dev/null >"$wb_tmp/gate.out" 2>"$wb_tmp/gate.err"
	rc=$?
	[ "$rc" -eq 2 ] && [ ! -s "$wb_tmp/gate.out" ] && grep -q -- "$want" "$wb_tmp/gate.err"
}
t "--baseline without a value: usage error" \
	usage '^wbcheck: --baseline needs a value: --baseline=VALUE$' --baseline
t "--baseline= empty: usage error" usage '^wbcheck: --baseline needs a file name$' --baseline=
t "--suppress= empty: usage error" usage '^wbcheck: --suppress needs a file name$' --suppress=
t "--format=sarf: usage error listing sarif" \
	usage "^wbcheck: unknown --format 'sarf' (text, json or sarif)\$" --format=sarf
t "--suppresion=x: a misspelling, not a compiler flag" \
	usage "^wbcheck: unknown option '--suppresion=x' (did you mean --suppress=?)\$" --suppresion=x
t "a suppressions file that does not exist: exit 2, named" \
	usage '^wbcheck: nosuch.suppress: cannot read the suppressions: No such file or directory$' --suppress=nosuch.suppress
t "a baseline that is a directory: exit 2, named" \
	usage '^wbcheck: fs: cannot read the baseline: ' --baseline=fs
check_unwritable()
{
	(cd "$repo" && exec "$wb" --baseline=no/such/dir/bl fs/demo.c) </dev/null >"$wb_tmp/gate.out" 2>"$wb_tmp/gate.err"
	rc=$?
	# the findings are still shown: nothing was baselined
	[ "$rc" -eq 2 ] && grep -q '^wbcheck: no/such/dir/bl: cannot write the baseline: ' "$wb_tmp/gate.err" &&
		[ "$(grep -c ': warning: ' "$wb_tmp/gate.out")" -eq 2 ]
}
t "a baseline that cannot be written: exit 2, the findings still shown" check_unwritable
check_broken()
{
	printf 'int broken(void) { return ; + }\n' >"$repo/fs/broken.c"
	gate
	rm -f "$repo/fs/broken.c"
	[ "$rc" -eq 2 ] || return 1
	rm -f "$repo/wbcheck.baseline"
	gate
	git -C "$repo" checkout -q -- wbcheck.baseline
	echo "$rc"
	[ "$rc" -eq 0 ] || return 1
	printf 'int broken(void) { return ; + }\n' >"$repo/fs/broken.c"
	rm -f "$repo/wbcheck.baseline"
	gate
	rm -f "$repo/fs/broken.c"
	[ "$rc" -eq 2 ] && [ ! -e "$repo/wbcheck.baseline" ] &&
		grep -q '^wbcheck: not writing the baseline wbcheck.baseline: some input could not be parsed$' "$wb_tmp/gate.err"
	st=$?
	git -C "$repo" checkout -q -- wbcheck.baseline
	return $st
}
t "a file that does not parse: exit 2, and no new baseline is written from it" check_broken

echo "1..$n"
[ "$failed" -eq 0 ]

#!/bin/sh
# Kernel samples: each kernel-samples/ERA/*.c (ERA is 2008 or modern)
# is checked on its own with
#
#	./wbcheck -I kernel-samples/include/ERA [FLAGS] FILE [TOGETHER...]
#
# FLAGS: the contents of kernel-samples/ERA/FILE.flags (that is,
#   foo.c.flags; foo.flags is accepted too), split on white space;
#   lines starting with '#' are comments.
# TOGETHER: a sample that must be analysed with other files of its
#   directory (its callers, say) names them on a line
#	/* wbcheck-together: other.c other2.c */
#   They are passed too, but only the sample's own findings count.
#
# One TAP test per sample: the (line, check) pairs of the warnings
# about the sample equal its expect: markers (see tests/lib.sh).  A
# last test asserts wbcheck exited 0 on every sample.

wb_lib=$(dirname "$0")/lib.sh
# shellcheck source=tests/lib.sh
. "$wb_lib"

wb_cd_root
wb_mktemp
wb=$(wb_binary)

ERAS="2008 modern"

# sample_together FILE: the files named by its wbcheck-together: lines,
# with FILE's directory prepended.
sample_together()
{
	awk -v dir="${1%/*}" '
	{
		p = index($0, "wbcheck-together:")
		if (!p)
			next
		rest = substr($0, p + 17)
		q = index(rest, "*/")
		if (q)
			rest = substr(rest, 1, q - 1)
		n = split(rest, w, /[ \t,]+/)
		for (i = 1; i <= n; i++)
			if (w[i] != "")
				print dir "/" w[i]
	}' "$1"
}

# sample_flags FILE: its extra arguments, one line.
sample_flags()
{
	for ff in "$1.flags" "${1%.c}.flags"; do
		if [ -f "$ff" ]; then
			grep -v '^[[:space:]]*#' "$ff" | tr '\n' ' '
			return
		fi
	done
}

files=
for era in $ERAS; do
	for f in kernel-samples/"$era"/*.c; do
		[ -f "$f" ] && files="$files$era $f
"
	done
done
if [ -z "$files" ]; then
	echo "1..0 # SKIP no kernel samples"
	exit 0
fi
count=$(printf '%s' "$files" | wc -l)
echo "1..$((count + 1))"

n=0
failed_runs=
while read -r era f; do
	[ -n "$f" ] || continue
	n=$((n + 1))
	flags=$(sample_flags "$f")
	together=$(sample_together "$f" | tr '\n' ' ')

	# The flags and the file lists are word lists: split them, but
	# do not glob them.
	set -f
	# shellcheck disable=SC2086
	wb_run "$wb" -I "kernel-samples/include/$era" $flags "$f" $together \
		</dev/null >"$wb_tmp/stdout" 2>"$wb_tmp/stderr"
	rc=$?
	set +f

	if [ "$rc" -ne 0 ]; then
		failed_runs="$failed_runs$f: exit value $rc
"
	fi
	if wb_compare_markers "$f" "$wb_tmp/stdout" >"$wb_tmp/mdiff" &&
	   [ "$rc" -eq 0 ]; then
		echo "ok $n - $(wb_desc "$f")"
		continue
	fi
	echo "not ok $n - $(wb_desc "$f")"
	{
		echo "command: $wb -I kernel-samples/include/$era $flags$f $together"
		[ "$rc" -eq 0 ] || echo "exit value $rc, expected 0"
		cat "$wb_tmp/mdiff"
		if [ -s "$wb_tmp/stderr" ]; then
			echo "stderr:"
			sed 's/^/  /' "$wb_tmp/stderr"
		fi
	} | wb_diag
done <<EOF
$files
EOF

n=$((n + 1))
if [ -z "$failed_runs" ]; then
	echo "ok $n - wbcheck exited 0 on every sample"
else
	echo "not ok $n - wbcheck exited 0 on every sample"
	printf '%s' "$failed_runs" | wb_diag
fi

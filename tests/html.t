#!/bin/sh
# wbcheck --html=DIR, read by a real browser: Debian's chromium, headless
# (--dump-dom prints the page as its script left it).  Over the 2008
# kernel samples and the findings that cross files (tests/crossfile/):
#
#   - the index chromium renders lists exactly the findings of
#     --format=json (file, line, column, check, function, callee, message);
#   - each finding's page holds, as chromium renders it, the source line
#     of the finding and of every note, in the section of its file, at its
#     line number;
#   - index.html#check=wrong-mount hides every other row once the script
#     has run (and #dir=, #q= filter the same way);
#   - no page refers to anything outside DIR: every href, src and url()
#     is a fragment or a file of DIR, in the files and in the DOM;
#
# and, without a browser: every input mode writes a report whose index
# lists the findings of that mode's --format=json (-B, -p, --kernel-tree,
# --diff, --db --report, files); source text is escaped; a long file is
# cut to the lines around the steps; the --fix diff is on the page; a
# directory that is not an earlier report is refused (exit 2) and left
# as it was; an earlier report is replaced whole.
#
# Without chromium the browser tests skip (CHROMIUM names another
# binary); under CI they fail instead (.ci/run installs chromium).
. "$(dirname "$0")/lib.sh"
wb_cd_root
wb_mktemp
tmp=$wb_tmp
WB=$(wb_binary)
chromium=${CHROMIUM:-chromium}
n=0
fail=0

echo "1..25"

have_chromium=
command -v "$chromium" >/dev/null 2>&1 && have_chromium=1

# dump URL OUT: the DOM after the page's scripts ran.  Its own profile
# and home under $tmp; no sandbox, as CI runs the tests as root.
dump() {
	HOME=$tmp/home wb_run "$chromium" --headless --no-sandbox --disable-gpu \
		--no-first-run --user-data-dir="$tmp/chromium" \
		--dump-dom "$1" >"$2" 2>>"$tmp/chromium.log"
}

# browser DESCRIPTION COMMAND...: a test that needs chromium.
browser() {
	if [ -z "$have_chromium" ]; then
		n=$((n + 1))
		wb_skip_missing $n "$chromium" "$1" || fail=1
		return
	fi
	t "$@"
}

# JSON findings as "file|line|column|check|function|callee|message".
json_rows() {
	sed -n 's/^    {"file": "\([^"]*\)", "line": \([0-9]*\), "column": \([0-9]*\), "function": "\([^"]*\)", "check": "\([^"]*\)", "callee": "\([^"]*\)", "message": "\(\([^"\\]\|\\.\)*\)", "suggestion".*/\1|\2|\3|\5|\4|\6|\7/p' "$1" |
		sed 's/\\"/"/g; s/\\\\/\\/g'
}

# The same from an index (its rows as written, or chromium's DOM).
index_rows() {
	sed -n 's/^<tr data-check="\([^"]*\)" data-dir="[^"]*" data-file="\([^"]*\)" data-line="\([0-9]*\)" data-col="\([0-9]*\)"[^>]*><td class="mono"><a href="[^"]*">[^<]*<\/a><\/td><td class="n">[0-9]*<\/td><td class="mono">\([^<]*\)<\/td><td>[^<]*<\/td><td class="mono">\([^<]*\)<\/td><td><a href="[^"]*">\([^<]*\)<\/a><\/td><\/tr>$/\2|\3|\4|\1|\5|\6|\7/p' "$1" |
		sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&#39;/'"'"'/g; s/&amp;/\&/g'
}

# The pages an index links its rows to, in order.
index_pages() {
	sed -n 's/^<tr data-check=.*<td class="mono"><a href="\([^"]*\)">.*/\1/p' "$1"
}

same_rows() {
	json_rows "$1" >"$tmp/want"
	index_rows "$2" >"$tmp/got"
	[ -s "$tmp/want" ] || { echo "no findings in $1" >"$tmp/err"; return 1; }
	diff "$tmp/want" "$tmp/got" >"$tmp/err"
}

run_html() {
	out=$1
	shift
	rm -rf "$out"
	"$WB" --format=json --html="$out" "$@" >"$out.json" 2>"$tmp/err"
}

# --- the 2008 samples and the cross-file findings --------------------------
S=$tmp/samples
X=$tmp/cross
run_html "$S" -I kernel-samples/include/2008 kernel-samples/2008/*.c
rc_s=$?
run_html "$X" -I testcases/include tests/crossfile/*.c
rc_x=$?
"$WB" --format=json -I kernel-samples/include/2008 kernel-samples/2008/*.c \
	>"$tmp/plain.json" 2>/dev/null

written() {
	[ "$rc_s" = 0 ] && [ "$rc_x" = 0 ] && [ -f "$S/index.html" ] &&
		[ -f "$S/.wbcheck-report" ] && [ -f "$X/index.html" ] &&
		cmp -s "$tmp/plain.json" "$S.json" &&
		[ "$(ls "$S"/finding-*.html | wc -l)" = "$(json_rows "$S.json" | wc -l)" ]
}
t "--html writes the report beside the usual output, one page per finding" written

# --- in the browser ----------------------------------------------------------
url() {
	printf 'file://%s/%s' "$(cd "$1" && pwd)" "$2"
}

[ -n "$have_chromium" ] && {
	dump "$(url "$S" index.html)" "$tmp/s-index.dom"
	dump "$(url "$X" index.html)" "$tmp/x-index.dom"
}

browser "the index chromium renders lists exactly the findings of --format=json (samples)" \
	same_rows "$S.json" "$tmp/s-index.dom"
browser "the index chromium renders lists exactly the findings of --format=json (cross-file)" \
	same_rows "$X.json" "$tmp/x-index.dom"

# dom_lines DOM: "file<TAB>line<TAB>text" for each source row of a page.
dom_lines() {
	awk '
	/<section class="file"/ {
		match($0, /data-file="[^"]*"/)
		file = substr($0, RSTART + 11, RLENGTH - 12)
	}
	/^<tr id="f[0-9]+-L[0-9]+" data-line="[0-9]+"/ {
		match($0, /data-line="[0-9]+"/)
		line = substr($0, RSTART + 11, RLENGTH - 12)
		text = $0
		sub(/^[^>]*><td class="ln">[0-9]*<\/td><td class="src">/, "", text)
		sub(/<\/td><\/tr>$/, "", text)
		print file "\t" line "\t" text
	}' "$1"
}

# want_lines JSONLINE: the same for the finding and each of its notes,
# from the source files, escaped as a DOM prints text.
want_lines() {
	printf '%s\n' "$1" | grep -o '"file": "[^"]*", "line": [0-9]*' |
		sed 's/"file": "\([^"]*\)", "line": \([0-9]*\)/\1 \2/' |
		while read -r file line; do
			printf '%s\t%s\t' "$file" "$line"
			sed -n "${line}p" "$file" | tr -d '\r' |
				sed 's/&/\&amp;/g; s/</\&lt;/g; s/>/\&gt;/g'
		done
}

# dump_pages DIR PREFIX: the DOM of each finding page of DIR as chromium
# renders it, in PREFIX.finding-NNN.html.dom.  One chromium run for them
# all (a run takes seconds): a page of the test's own, outside DIR,
# loads each in a frame and gathers the DOMs (file:// frames may be
# read with --allow-file-access-from-files).
dump_pages() {
	h=$tmp/gather.$(basename "$1").html
	{
		echo '<!DOCTYPE html><html><body><script>'
		echo 'var pages = ['
		for p in "$1"/finding-*.html; do
			printf '"%s",\n' "$(url "$1" "${p##*/}")"
		done
		cat <<'EOF'
];
pages.forEach(function (p) {
	var f = document.createElement('iframe');

	f.onload = function () {
		var d = document.createElement('div');

		d.setAttribute('data-page', p);
		d.appendChild(document.importNode(f.contentDocument.documentElement, true));
		document.body.appendChild(d);
		f.remove();
	};
	f.src = p;
	document.body.appendChild(f);
});
</script></body></html>
EOF
	} >"$h"
	HOME=$tmp/home wb_run "$chromium" --headless --no-sandbox --disable-gpu \
		--no-first-run --user-data-dir="$tmp/chromium" \
		--allow-file-access-from-files --dump-dom "file://$h" \
		>"$2.all" 2>>"$tmp/chromium.log"
	awk -v pfx="$2" '
	{
		line = $0
		while ((i = index(line, "<div data-page=\"")) > 0) {
			if (out != "")
				print substr(line, 1, i - 1) >out
			rest = substr(line, i + 16)
			j = index(rest, "\">")
			page = substr(rest, 1, j - 1)
			sub(/.*\//, "", page)
			if (out != "")
				close(out)
			out = pfx "." page ".dom"
			line = substr(rest, j + 2)
		}
		if (out != "")
			print line >out
	}' "$2.all"
}

# pages_hold DIR DOMPREFIX: every finding's page holds its lines.
pages_hold() {
	: >"$tmp/err"
	index_pages "$1/index.html" >"$tmp/pages"
	grep '^    {"file"' "$1.json" >"$tmp/findings"
	[ "$(wc -l <"$tmp/pages")" = "$(wc -l <"$tmp/findings")" ] || {
		echo "pages and findings differ in number" >"$tmp/err"
		return 1
	}
	dump_pages "$1" "$2"
	k=0
	while read -r page <&3 && read -r finding <&4; do
		k=$((k + 1))
		dom=$2.$page.dom
		[ -s "$dom" ] || { echo "$page: not rendered" >>"$tmp/err"; continue; }
		dom_lines "$dom" >"$dom.lines"
		want_lines "$finding" | while IFS= read -r want; do
			grep -Fxq -- "$want" "$dom.lines" ||
				printf '%s: no row %s\n' "$page" "$want" >>"$tmp/err"
		done
		# every step of the page is numbered and linked
		steps=$(grep -c '<tr class="note[^"]*" id="step-' "$dom")
		[ "$steps" = "$(printf '%s\n' "$finding" | grep -o '"file": ' | wc -l)" ] ||
			echo "$page: $steps steps" >>"$tmp/err"
	done 3<"$tmp/pages" 4<"$tmp/findings"
	[ "$k" -gt 0 ] && [ ! -s "$tmp/err" ]
}

browser "each finding's page holds the source line of the finding and of every note (samples)" \
	pages_hold "$S" "$tmp/s-page"
browser "each finding's page holds the source line of the finding and of every note (cross-file)" \
	pages_hold "$X" "$tmp/x-page"

# The cross-file page: both files, step 1 in bare.c linked to step 2 in
# helper.c, and the call chain drawn.
cross_page() {
	d=$tmp/x-page.finding-001.html.dom
	grep -q '<section class="file" id="file-1" data-file="tests/crossfile/bare.c">' "$d" &&
		grep -q '<section class="file" id="file-2" data-file="tests/crossfile/helper.c">' "$d" &&
		grep '<tr class="note finding" id="step-1">' "$d" | grep -q 'href="#step-2">step 2, helper.c:8' &&
		grep '<tr class="note" id="step-2">' "$d" | grep -q 'href="#step-1"' &&
		grep -q '<svg class="chain"' "$d" &&
		grep -q '<text[^>]*>remove_entry()</text>' "$d" &&
		grep -q '<text[^>]*>vfs_unlink()</text>' "$d"
}
browser "a path across files: one page, both files, steps linked, the call chain drawn" \
	cross_page

# visible DOM: the checks of the rows the script left shown.
visible() {
	grep '^<tr data-check=' "$1" | grep -v ' hidden=""' |
		sed 's/^<tr data-check="\([^"]*\)".*/\1/'
}

filtered() {
	want=$(json_rows "$S.json" | grep -c '|wrong-mount|')
	dump "$(url "$S" index.html)#check=wrong-mount" "$tmp/f.dom"
	got=$(visible "$tmp/f.dom" | sort | uniq -c | sed 's/^ *//')
	[ "$want" -gt 0 ] && [ "$got" = "$want wrong-mount" ] &&
		grep -q '<select name="check">' "$tmp/f.dom" &&
		! grep -q '<form class="filter" id="filter" hidden' "$tmp/f.dom" ||
		{ echo "want $want wrong-mount rows, got: $got" >"$tmp/err"; return 1; }
}
browser "index.html#check=wrong-mount: the script hides every other row" filtered

filtered_more() {
	dump "$(url "$S" index.html)#dir=kernel-samples&q=vfs_rename" "$tmp/g.dom"
	want=$(json_rows "$S.json" | grep -c 'vfs_rename')
	got=$(visible "$tmp/g.dom" | wc -l)
	dump "$(url "$S" index.html)#dir=fs" "$tmp/h.dom"
	[ "$want" -gt 0 ] && [ "$got" = "$want" ] &&
		[ "$(visible "$tmp/h.dom" | wc -l)" = 0 ] ||
		{ echo "vfs_rename: want $want rows, got $got" >"$tmp/err"; return 1; }
}
browser "index.html#dir=...&q=...: by directory (a prefix) and by text" filtered_more

# refs FILE...: every href, src, url() and @import target.
refs() {
	cat "$@" | grep -o -e '\(href\|src\|action\|srcset\)="[^"]*"' \
		-e "\(href\|src\)='[^']*'" -e 'url([^)]*)' -e '@import[^;]*' |
		sed 's/^[a-z]*=["'"'"']\(.*\)["'"'"']$/\1/; s/^url(\(.*\))$/\1/; s/^["'"'"']//; s/["'"'"']$//'
}

# inside DIR FILE...: every reference of FILE... is within DIR.
inside() {
	dir=$1
	shift
	: >"$tmp/err"
	refs "$@" | sort -u | while IFS= read -r r; do
		target=${r%%#*}
		case $target in
		'') continue ;;
		*:* | /* | *..* | *\\*)
			echo "refers outside: $r" >>"$tmp/err"
			continue ;;
		esac
		[ -f "$dir/$target" ] || echo "refers to a file not in the report: $r" >>"$tmp/err"
	done
	[ ! -s "$tmp/err" ]
}

self_contained() {
	[ "$(refs "$S"/*.html "$S"/*.css | wc -l)" -gt 50 ] &&
		inside "$S" "$S"/*.html "$S"/*.css "$S"/*.js &&
		inside "$X" "$X"/*.html "$X"/*.css "$X"/*.js &&
		! grep -q 'https\?:\|fetch\|XMLHttpRequest\|@import\|import(\|//[a-z]' \
			"$S/index.js" "$S/style.css"
}
t "no file of the report refers to anything outside DIR" self_contained

self_contained_dom() {
	inside "$S" "$tmp"/s-index.dom "$tmp"/s-page.*.dom "$tmp"/f.dom &&
		inside "$X" "$tmp"/x-index.dom "$tmp"/x-page.*.dom
}
browser "no page chromium renders refers to anything outside DIR" self_contained_dom

# Without the script the index shows every finding, the filter hidden.
no_script() {
	index_rows "$S/index.html" >"$tmp/got"
	json_rows "$S.json" >"$tmp/want"
	diff "$tmp/want" "$tmp/got" >"$tmp/err" &&
		! grep -q '^<tr data-check=.* hidden' "$S/index.html" &&
		grep -q '<form class="filter" id="filter" hidden>' "$S/index.html"
}
t "without JavaScript the index lists every finding (the filter form hidden)" no_script

# --- what the pages show -----------------------------------------------------
W=$tmp/w
mkdir -p "$W"
{
	printf '#include "wb.h"\n\n'
	i=3
	while [ $i -le 240 ]; do
		printf '/* filler line %d */\n' $i
		i=$((i + 1))
	done
	cat <<'C'
int escaped(struct path *path, struct dentry *dentry)
{
	/* </td></tr><script>document.title = "pwned";</script> & co */
	return vfs_unlink(path->dentry->d_inode, dentry); /* <b>x</b> */
}
C
} >"$W/long.c"
run_html "$W/out" -I testcases/include "$W/long.c"

escaped() {
	p=$W/out/finding-001.html
	grep -Fq '<td class="src">	/* &lt;/td&gt;&lt;/tr&gt;&lt;script&gt;document.title = &quot;pwned&quot;;&lt;/script&gt; &amp; co */</td>' "$p" &&
		[ "$(grep -c '<script' "$p")" = 0 ] &&
		grep -Fq 'vfs_unlink(path-&gt;dentry-&gt;d_inode, dentry); /* &lt;b&gt;x&lt;/b&gt; */</td>' "$p"
}
t "source text is escaped: markup in the source stays text" escaped

cut_long() {
	p=$W/out/finding-001.html
	grep -q 'data-line="244" class="at"' "$p" &&
		grep -q 'data-line="238"' "$p" && ! grep -q 'data-line="100"' "$p" &&
		grep -q '<tr class="gap"><td class="ln"></td><td>[^<]*lines 1.*237 not shown' "$p"
}
t "a long file is cut to the lines around the steps" cut_long

fix_diff() {
	"$WB" --fix -I testcases/include tests/crossfile/*.c >"$tmp/fix" 2>/dev/null
	sed -n '/<pre class="diff">/,/<\/pre>/p' "$X/finding-001.html" |
		sed 's/<pre class="diff">//; s/<\/pre>//; s/<[^>]*>//g; /^$/d' |
		sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&#39;/'"'"'/g; s/&amp;/\&/g' >"$tmp/page-fix"
	grep -v '^$' "$tmp/fix" >"$tmp/fix.nb"
	[ -s "$tmp/fix.nb" ] && diff "$tmp/fix.nb" "$tmp/page-fix" >"$tmp/err"
}
t "a finding's page shows the diff --fix makes for it" fix_diff

# --- the output directory ----------------------------------------------------
D=$tmp/dir
refused() {
	rm -rf "$D" && mkdir -p "$D" && echo mine >"$D/notes.txt"
	"$WB" --html="$D" -I testcases/include tests/crossfile/*.c >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" = 2 ] && grep -q "html=$D: .*not an earlier wbcheck report" "$tmp/err" &&
		[ "$(ls -A "$D")" = notes.txt ] && [ "$(cat "$D/notes.txt")" = mine ] &&
		[ ! -s "$tmp/out" ] && [ "$(ls -d "$D".* 2>/dev/null)" = "" ]
}
t "a directory that is not an earlier report is refused (exit 2) and left as it was" refused

refused_file() {
	rm -rf "$D" && echo mine >"$D"
	"$WB" --html="$D" -I testcases/include tests/crossfile/*.c >"$tmp/out" 2>"$tmp/err"
	[ $? = 2 ] && grep -q "html=$D: it exists and is not a directory" "$tmp/err" &&
		[ "$(cat "$D")" = mine ]
}
t "a file in DIR's place is refused (exit 2)" refused_file

refused_empty() {
	rm -rf "$D" && mkdir "$D"
	"$WB" --html="$D" -I testcases/include tests/crossfile/*.c >"$tmp/out" 2>"$tmp/err"
	[ $? = 2 ] && grep -q "html=$D: the directory exists and is not an earlier wbcheck report" "$tmp/err" &&
		[ -z "$(ls -A "$D")" ]
}
t "an existing empty directory is refused too (exit 2), and left as it was" refused_empty

replaced() {
	rm -rf "$D"
	"$WB" --html="$D" -I kernel-samples/include/2008 kernel-samples/2008/*.c >/dev/null 2>&1 &&
		[ "$(ls "$D"/finding-*.html | wc -l)" -gt 1 ] && echo stale >"$D/extra.html" &&
		"$WB" --html="$D/" -I testcases/include tests/crossfile/*.c >/dev/null 2>"$tmp/err" &&
		[ ! -e "$D/extra.html" ] && [ -f "$D/.wbcheck-report" ] &&
		[ -f "$D/index.html" ] && [ -f "$D/finding-001.html" ] &&
		[ "$(ls -d "$D".* 2>/dev/null)" = "" ]
}
t "a new directory is made; an earlier report is replaced whole" replaced

no_findings() {
	rm -rf "$D"
	"$WB" --html="$D/sub/report" -I testcases/include tests/cli/clean.c >"$tmp/out" 2>"$tmp/err" &&
		grep -q '<p>No findings.</p>' "$D/sub/report/index.html" &&
		[ "$(ls "$D/sub/report" | tr '\n' ' ')" = "index.html index.js style.css " ]
}
t "no findings: an index that says so (missing parent directories made)" no_findings

# --- every input mode ----------------------------------------------------------
decls='struct inode;
struct dentry { struct inode *d_inode; };
struct vfsmount;
struct path { struct vfsmount *mnt; struct dentry *dentry; };
int mnt_want_write(struct vfsmount *mnt);
void mnt_drop_write(struct vfsmount *mnt);
int vfs_unlink(struct inode *dir, struct dentry *dentry);'
demo_c='#include <linux/fs.h>

int demo_unlink(struct path *dir, struct dentry *victim)
{
	return vfs_unlink(dir->dentry->d_inode, victim);
}'

# mode_ok DIR: the report's index lists the findings of the same run's JSON.
mode_ok() {
	[ -f "$1/index.html" ] && same_rows "$1.json" "$1/index.html" &&
		grep -q 'class="at"' "$1/finding-001.html"
}

# -B and -p: a kbuild-shaped tree.
src=$tmp/src
build=$tmp/build
mkdir -p "$src/include/linux" "$src/fs/demo" "$build/fs/demo"
printf '%s\n' "$decls" >"$src/include/linux/fs.h"
printf '%s\n' "$demo_c" >"$src/fs/demo/demo.c"
printf 'savedcmd_fs/demo/demo.o := gcc -nostdinc -I%s/include -c -o fs/demo/demo.o %s/fs/demo/demo.c\n\nsource_fs/demo/demo.o := %s/fs/demo/demo.c\n' \
	"$src" "$src" "$src" >"$build/fs/demo/.demo.o.cmd"
cat >"$build/compile_commands.json" <<J
[{"directory": "$build", "file": "$src/fs/demo/demo.c",
  "arguments": ["gcc", "-nostdinc", "-I$src/include", "-c", "-o", "fs/demo/demo.o", "$src/fs/demo/demo.c"]}]
J
run_html "$tmp/mB" -B "$build"
t "-B: the report lists the findings of the run" mode_ok "$tmp/mB"
run_html "$tmp/mp" -p "$build"
t "-p: the report lists the findings of the run" mode_ok "$tmp/mp"

# --kernel-tree: a tree with no build.
kt=$tmp/kt
mkdir -p "$kt/include/linux" "$kt/fs/demo" "$kt/arch/x86/include/asm"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 7\nEXTRAVERSION =\n' >"$kt/Makefile"
printf '%s\n' "$decls" >"$kt/include/linux/fs.h"
printf '%s\n' "$demo_c" >"$kt/fs/demo/demo.c"
kernel_tree_ok() {
	run_html "$tmp/mk" --kernel-tree="$kt" "$kt/fs/demo/demo.c" &&
		mode_ok "$tmp/mk" &&
		grep -q '<pre class="diff">' "$tmp/mk/finding-001.html"
}
if [ "$(uname -m)" = x86_64 ]; then
	t "--kernel-tree: the report lists the findings of the run, with the fix" kernel_tree_ok
else
	n=$((n + 1))
	echo "ok $n # SKIP --kernel-tree: the fake tree is an x86_64 tree"
fi

# --db per file, then --report: the path crosses files.
rm -f "$tmp/x.db"
for f in tests/crossfile/*.c; do
	"$WB" --db="$tmp/x.db" -I testcases/include "$f" >/dev/null 2>&1
done
run_html "$tmp/mr" --db="$tmp/x.db" --report
report_ok() {
	mode_ok "$tmp/mr" && grep -q 'data-file="tests/crossfile/helper.c"' "$tmp/mr/finding-001.html"
}
t "--db --report: the report lists the findings of the run, across files" report_ok

# --diff: a git repository with one change staged.
diff_mode() {
	g=$tmp/git
	mkdir -p "$g/include/linux" "$g/fs" || return 1
	rm -rf "$tmp/md"
	(
		cd "$g" || exit 1
		export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
		git init -q . && git config user.email t@example.org &&
			git config user.name t || exit 1
		printf '%s\n' "$decls" >include/linux/fs.h
		printf '#include <linux/fs.h>\n' >fs/demo.c
		git add . && git commit -qm base || exit 1
		printf '%s\n' "$demo_c" >fs/demo.c
		git add fs/demo.c || exit 1
		"$WBA" --diff -Iinclude --format=json --html="$tmp/md" \
			>"$tmp/md.json" 2>"$tmp/err"
	) || return 1
	# the report names files as the JSON does: from the repository's top
	(cd "$g" && mode_ok "$tmp/md")
}
WBA=$(cd "$(dirname "$WB")" && pwd)/$(basename "$WB")
if command -v git >/dev/null 2>&1; then
	t "--diff: the report lists the findings of the change" diff_mode
else
	n=$((n + 1))
	wb_skip_missing $n git "--diff: the report lists the findings of the change" || fail=1
fi

# files mode was the first run; and the option's own errors.
bad_option() {
	"$WB" --html= tests/crossfile/bare.c >/dev/null 2>"$tmp/err"
	[ $? = 2 ] && grep -q -- '--html needs a directory' "$tmp/err" &&
		{ "$WB" --html tests/crossfile/bare.c >/dev/null 2>"$tmp/err"; [ $? = 2 ]; } &&
		grep -q -- '--html needs a value' "$tmp/err"
}
t "--html= and --html without a directory: a usage error (exit 2)" bad_option

exit $fail

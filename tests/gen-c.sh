#!/bin/sh
# Write a self-contained C file of a given shape and size to stdout, for
# the scale tests (tests/scale.t) and measurements (bench/scale):
#
#	tests/gen-c.sh funcs N	N functions, a quarter of them with a finding
#	tests/gen-c.sh nest D	one function, ifs nested D deep with braces
#	tests/gen-c.sh ifs D	one function, D nested ifs without braces
#	tests/gen-c.sh elseif D	one function, an else-if chain D long
#	tests/gen-c.sh goto G	one function, an unwind ladder of G labels
#	tests/gen-c.sh switch S	one function, a switch of S cases
#	tests/gen-c.sh expr E	one function, a condition of E terms
#
# A third argument PREFIX names the functions PREFIX0, PREFIX1... (funcs)
# or PREFIX (the others), so that several files can be analysed together.
#
# Every shape brackets vfs_unlink() correctly but in a few known places
# (a missing bracket or a double drop; tests/scale.t counts them), so
# the analysis has work to do everywhere.  POSIX sh and awk.

usage()
{
	echo "usage: tests/gen-c.sh funcs|nest|ifs|elseif|goto|switch|expr N [PREFIX]" >&2
	exit 2
}

[ $# -eq 2 ] || [ $# -eq 3 ] || usage
case $2 in
''|*[!0-9]*)	usage ;;
esac

awk -v kind="$1" -v n="$2" -v pfx="${3:-f}" '
function prelude() {
	print "struct vfsmount;"
	print "struct inode;"
	print "struct dentry { struct inode *d_inode; };"
	print "struct path { struct vfsmount *mnt; struct dentry *dentry; };"
	print "int mnt_want_write(struct vfsmount *mnt);"
	print "void mnt_drop_write(struct vfsmount *mnt);"
	print "int vfs_unlink(struct inode *dir, struct dentry *dentry);"
	print "int step(int i);"
	print "void undo(int i);"
	print ""
}
function head(name) {
	print "int " name "(struct path *p, struct dentry *d, int x)"
	print "{"
	print "\tint err;"
	print ""
}
function tabs(k,    s) {
	s = ""
	while (k-- > 0)
		s = s "\t"
	return s
}
# one bracketed unlink; "bad" leaves out the bracket
function unlink(ind, bad) {
	if (bad) {
		print ind "err = vfs_unlink(p->dentry->d_inode, d);"
		return
	}
	print ind "err = mnt_want_write(p->mnt);"
	print ind "if (!err) {"
	print ind "\terr = vfs_unlink(p->dentry->d_inode, d);"
	print ind "\tmnt_drop_write(p->mnt);"
	print ind "}"
}
BEGIN {
	prelude()
	if (kind == "funcs") {
		for (i = 0; i < n; i++) {
			print (i % 2 ? "static " : "") "int " pfx i "(struct path *p, struct dentry *d, int x);"
		}
		print ""
		for (i = 0; i < n; i++) {
			print (i % 2 ? "static " : "") "int " pfx i "(struct path *p, struct dentry *d, int x)"
			print "{"
			print "\tint err = mnt_want_write(p->mnt);"
			print ""
			print "\tif (err)"
			print "\t\treturn err;"
			if (i % 4 == 3)
				print "\tmnt_drop_write(p->mnt);"
			print "\terr = vfs_unlink(p->dentry->d_inode, d);"
			if (i % 4 != 3)
				print "\tmnt_drop_write(p->mnt);"
			# the next one takes the bracket itself: after the drop,
			# or it would be taken twice (write-bracket-nested)
			print "\tif (!err && x)"
			print "\t\terr = " pfx (i + 1) % n "(p, d, x - 1);"
			print "\treturn err;"
			print "}"
			print ""
		}
		exit
	}
	head(pfx == "f" ? "shape" : pfx)
	if (kind == "nest" || kind == "ifs") {
		for (i = 1; i <= n; i++)
			print tabs(i) "if (x > " i ")" (kind == "nest" ? " {" : "")
		if (kind == "ifs")
			print tabs(n + 1) "{"
		unlink(tabs(n + 1 + (kind == "ifs")), 0)
		if (kind == "ifs")
			print tabs(n + 1) "}"
		if (kind == "nest")
			for (i = n; i >= 1; i--)
				print tabs(i) "}"
		unlink("\t", 1)
	} else if (kind == "elseif") {
		for (i = 0; i < n; i++) {
			print "\t" (i ? "else " : "") "if (x == " i ")"
			if (i == n - 1)
				unlink("\t\t", 1)
			else
				print "\t\terr = step(" i ");"
		}
	} else if (kind == "goto") {
		print "\terr = mnt_want_write(p->mnt);"
		print "\tif (err)"
		print "\t\treturn err;"
		for (i = 0; i < n; i++) {
			print "\terr = step(" i ");"
			print "\tif (err)"
			print "\t\tgoto out" i ";"
		}
		print "\terr = vfs_unlink(p->dentry->d_inode, d);"
		for (i = n - 1; i >= 0; i--) {
			if (i < n - 1)
				print "\tundo(" i + 1 ");"
			print "out" i ":"
		}
		print "\tmnt_drop_write(p->mnt);"
		print "\tmnt_drop_write(p->mnt);"
	} else if (kind == "switch") {
		print "\tswitch (x) {"
		for (i = 0; i < n; i++) {
			print "\tcase " i ":"
			if (i % 3 == 0)
				unlink("\t\t", i == n - 1)
			else
				print "\t\terr = step(" i ");"
			if (i % 5)
				print "\t\tbreak;"
		}
		print "\tdefault:"
		unlink("\t\t", 1)
		print "\t}"
	} else if (kind == "expr") {
		s = "\tif (x == 0"
		for (i = 1; i < n; i++)
			s = s (i % 8 ? " || " : "\n\t    || ") "x == " i
		print s ")"
		unlink("\t\t", 1)
		unlink("\t", 0)
	} else {
		print "unknown shape " kind > "/dev/stderr"
		exit 2
	}
	print "\treturn err;"
	print "}"
}'

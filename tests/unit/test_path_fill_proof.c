/* Unit tests of the proof that a file's struct path locals are filled
 * before anything can read them (checker/fillproof.c).  A proof that is
 * wrong makes the prefilter skip a file path-uninitialized has a finding
 * in, so most cases here are files it must NOT prove: each reason to be
 * unsure has its own.  The others are the shapes of fs/ it must prove,
 * or it saves nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "prefilter/path_fill_proof.h"

struct fp_case {
	const char *what;
	const char *text;
};

/* Macros of the "tree": FILL_MACRO(p), WRAP(x), and USES_LOCAL, whose
 * text names "path". */
static int is_macro(void *ctx, const char *name)
{
	(void)ctx;
	return !strcmp(name, "FILL_MACRO") || !strcmp(name, "WRAP") ||
	       !strcmp(name, "USES_LOCAL") || !strcmp(name, "LOOKUP_FOLLOW");
}

static int macro_names(void *ctx, const char *macro, const char *ident)
{
	(void)ctx;
	return !strcmp(macro, "USES_LOCAL") && !strcmp(ident, "path");
}

/* mnt_want_write() and path_unlink() read what they are given;
 * kern_path_create() fills its third argument only. */
static int call_fills(void *ctx, const char *callee, int arg)
{
	(void)ctx;
	if (!strcmp(callee, "kern_path_create"))
		return arg == 3;
	return strcmp(callee, "mnt_want_write") &&
	       strcmp(callee, "path_unlink");
}

static const struct fillproof_env env = {
	"path", NULL, is_macro, macro_names, call_fills,
};

static void check_all(const struct fp_case *cases, size_t n, int want)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int got = fillproof_text(cases[i].text, strlen(cases[i].text),
					 &env);

		if (got != want)
			print_error("case \"%s\": got %d, want %d\n",
				    cases[i].what, got, want);
		assert_int_equal(got, want);
	}
}

static const struct fp_case proven[] = {
	{ "a lookup fills it first",
	  "int f(const char *name)\n{\n\tstruct path path;\n\tint err;\n\n"
	  "\terr = kern_path(name, LOOKUP_FOLLOW, &path);\n"
	  "\tif (err)\n\t\treturn err;\n"
	  "\terr = mnt_want_write(path.mnt);\n\tpath_put(&path);\n"
	  "\treturn err;\n}\n" },
	{ "an initialiser, with an attribute",
	  "int f(struct vfsmount *m, struct dentry *d)\n{\n"
	  "\tstruct path path __free(path_put) = { .mnt = m, .dentry = d };\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "copied whole",
	  "int f(struct file *file)\n{\n\tstruct path path;\n\n"
	  "\tpath = file->f_path;\n\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "a member assigned",
	  "int f(struct vfsmount *m)\n{\n\tstruct path path;\n\n"
	  "\tpath.mnt = m;\n\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "filled in an if's condition",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\tif (kern_path(n, 0, &path))\n\t\treturn -1;\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "the argument a rule fills",
	  "int f(const char *n)\n{\n\tstruct path path;\n\tstruct dentry *d;\n\n"
	  "\td = kern_path_create(0, n, &path, 0);\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "two locals filled by one call, in one declaration",
	  "void f(struct fs_struct *fs)\n{\n\tstruct path pwd, root;\n\n"
	  "\tget_fs_root_and_pwd(fs, &root, &pwd);\n"
	  "\tshow(pwd.dentry, root.dentry);\n}\n" },
	{ "a goto from before the fill lands after the last mention",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\tint err = 0;\n\n"
	  "\tif (x)\n\t\tgoto out;\n"
	  "\terr = kern_path(n, 0, &path);\n\tif (err)\n\t\tgoto out;\n"
	  "\terr = mnt_want_write(path.mnt);\n\tif (err)\n\t\tgoto put;\n"
	  "\tmnt_drop_write(path.mnt);\nput:\n\tpath_put(&path);\n"
	  "out:\n\treturn err;\n}\n" },
	{ "a switch after the fill",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tkern_path(n, 0, &path);\n\tswitch (x) {\n\tcase 1:\n"
	  "\t\treturn mnt_want_write(path.mnt);\n\tdefault:\n\t\tbreak;\n\t}\n"
	  "\treturn 0;\n}\n" },
	{ "not locals: a member, a pointer, a cast, a parameter, a global",
	  "struct holder { struct path path; };\n"
	  "struct path global_path;\n"
	  "int g(struct path path);\n"
	  "int f(void *p)\n{\n\tstruct path *pp = (struct path *)p;\n"
	  "\tstruct { struct path path; } in_fn;\n"
	  "\treturn mnt_want_write(pp->mnt) + sizeof(struct path);\n}\n" },
	{ "a local never named",
	  "int f(void)\n{\n\tstruct path unused;\n\treturn 0;\n}\n" },
	{ "a parameter of a parameter that is a function",
	  "int f(const char *n, int test(const struct path *path, void *d))\n"
	  "{\n\tstruct path path;\n\n\tif (kern_path(n, 0, &path))\n"
	  "\t\treturn -1;\n\treturn test(&path, 0);\n}\n" },
	{ "both arms of an if fill it, one after an early return",
	  "int f(struct dentry *d, int meta)\n{\n\tstruct path path;\n\tint err;\n\n"
	  "\tif (meta) {\n\t\tget_real(d, &path);\n\t} else {\n"
	  "\t\terr = verify(d);\n\t\tif (err)\n\t\t\treturn err;\n\n"
	  "\t\tget_realdata(d, &path);\n\t}\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "both arms of an if fill it, no braces",
	  "int f(const char *n, int upper)\n{\n\tstruct path path;\n\tint err;\n\n"
	  "\tif (upper)\n\t\terr = mount_dir(n, &path);\n\telse\n"
	  "\t\terr = mount_dir_noesc(n, &path);\n\tif (err)\n\t\treturn err;\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "every arm of an else-if chain fills it",
	  "int f(const char *n, struct file *file, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x == 1)\n\t\tkern_path(n, 0, &path);\n\telse if (x == 2)\n"
	  "\t\tpath = file->f_path;\n\telse {\n\t\tpath.mnt = 0;\n\t}\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "#ifdef after the fill, a comment and a string",
	  "int f(const char *n)\n{\n\t/* struct path path; in a comment */\n"
	  "\tstruct path path;\n\tconst char *s = \"&path\";\n\n"
	  "\tkern_path(n, 0, &path);\n#ifdef CONFIG_X\n"
	  "\tmnt_want_write(path.mnt);\n#endif\n\treturn 0;\n}\n" },
};

static const struct fp_case unsure[] = {
	{ "read before the fill",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\tmnt_want_write(path.mnt);\n\treturn kern_path(n, 0, &path);\n}\n" },
	{ "filled on one branch",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x)\n\t\tkern_path(n, 0, &path);\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "filled in a block of its own",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\t{\n\t\tkern_path(n, 0, &path);\n\t}\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "filled after &&",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x && kern_path(n, 0, &path))\n\t\treturn 1;\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "filled in one arm of ?:",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\tint e;\n\n"
	  "\te = x ? kern_path(n, 0, &path) : 0;\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "filled by an else",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x)\n\t\treturn 0;\n\telse\n\t\tkern_path(n, 0, &path);\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "an if whose condition reads it, both arms filling it",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\tif (path.mnt)\n\t\tkern_path(n, 0, &path);\n\telse\n"
	  "\t\tkern_path(n, 1, &path);\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "an else-if chain with no last else",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x == 1)\n\t\tkern_path(n, 0, &path);\n\telse if (x == 2)\n"
	  "\t\tkern_path(n, 1, &path);\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "an arm that reads it before it fills it",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x) {\n\t\tmnt_want_write(path.mnt);\n\t\tkern_path(n, 0, &path);\n"
	  "\t} else {\n\t\tkern_path(n, 1, &path);\n\t}\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "an arm that fills it in a loop",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x) {\n\t\twhile (x--)\n\t\t\tkern_path(n, 0, &path);\n"
	  "\t} else {\n\t\tkern_path(n, 1, &path);\n\t}\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "a label in an arm",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x) {\nback:\n\t\tkern_path(n, 0, &path);\n"
	  "\t} else {\n\t\tkern_path(n, 1, &path);\n\t}\n"
	  "\tif (mnt_want_write(path.mnt))\n\t\tgoto back;\n\treturn 0;\n}\n" },
	{ "a goto in an arm, before its fill, to a mention after the if",
	  "int f(const char *n, int x, int y)\n{\n\tstruct path path;\n\n"
	  "\tif (x) {\n\t\tif (y)\n\t\t\tgoto use;\n\t\tkern_path(n, 0, &path);\n"
	  "\t} else {\n\t\tkern_path(n, 1, &path);\n\t}\n"
	  "use:\n\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "an arm that is a statement of its own kind",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x)\n\t\tdo kern_path(n, 0, &path); while (0);\n\telse\n"
	  "\t\tkern_path(n, 1, &path);\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "a goto from before the fill to a mention",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x)\n\t\tgoto use;\n\tkern_path(n, 0, &path);\n"
	  "use:\n\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "a macro handed a label before the fill",
	  "int f(const char *n, int *u)\n{\n\tstruct path path;\n\n"
	  "\tunsafe_get_user(x, u, use);\n\tkern_path(n, 0, &path);\n"
	  "use:\n\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "a jump back from the label a goto before the fill reaches",
	  "int f(const char *n, int x, int y)\n{\n\tstruct path path;\n\n"
	  "\tif (x)\n\t\tgoto out;\n\tkern_path(n, 0, &path);\nagain:\n"
	  "\tmnt_want_write(path.mnt);\nout:\n\tif (y--)\n\t\tgoto again;\n"
	  "\treturn 0;\n}\n" },
	{ "a jump into a loop after the fill",
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tif (x)\n\t\tgoto again;\n\tkern_path(n, 0, &path);\n"
	  "\twhile (x--) {\n\t\tmnt_want_write(path.mnt);\nagain:\n\t\t;\n\t}\n"
	  "\treturn 0;\n}\n" },
	{ "a case label of an outer switch after the fill",
	  "int f(const char *n, int x)\n{\n\tswitch (x) {\n\tcase 0: ;\n"
	  "\t\tstruct path path;\n\t\tkern_path(n, 0, &path);\n"
	  "\tcase 1:\n\t\treturn mnt_want_write(path.mnt);\n\t}\n"
	  "\treturn 0;\n}\n" },
	{ "a computed goto in the function",
	  "int f(const char *n, void *to)\n{\n\tstruct path path;\n\n"
	  "\tgoto *to;\n\tkern_path(n, 0, &path);\nl:\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "a macro of the file says goto",
	  "#define BAIL(e) do { if (e) goto out; } while (0)\n"
	  "int f(const char *n, int x)\n{\n\tstruct path path;\n\n"
	  "\tBAIL(x);\n\tkern_path(n, 0, &path);\nout:\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "its address to a rule that reads it",
	  "int f(void)\n{\n\tstruct path path;\n\n"
	  "\treturn path_unlink(&path, 0);\n}\n" },
	{ "the rule's argument it does not fill",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\tkern_path_create(0, n, 0, &path);\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "handed to a macro",
	  "int f(void)\n{\n\tstruct path path;\n\n"
	  "\tFILL_MACRO(&path);\n\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "the call inside a macro's argument",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\tWRAP(kern_path(n, 0, &path));\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "a macro that names the local before the fill",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\tUSES_LOCAL;\n\tkern_path(n, 0, &path);\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "#ifdef between the declaration and the fill",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n#ifdef CONFIG_X\n"
	  "\tkern_path(n, 0, &path);\n#endif\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "#else in its block",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\tkern_path(n, 0, &path);\n#ifdef CONFIG_X\n\tx();\n#else\n\ty();\n"
	  "#endif\n\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "one name declared twice",
	  "int f(const char *n, int x)\n{\n\tif (x) {\n\t\tstruct path path = { 0 };\n"
	  "\t\treturn 0;\n\t}\n\t{\n\t\tstruct path path;\n\n"
	  "\t\treturn mnt_want_write(path.mnt);\n\t}\n}\n" },
	{ "named again after its block (another entity)",
	  "int f(const char *n, int x)\n{\n\tif (x) {\n\t\tstruct path path;\n\n"
	  "\t\tkern_path(n, 0, &path);\n\t}\n"
	  "\treturn mnt_want_write(path.mnt);\n}\n" },
	{ "a parameter of the same name",
	  "int f(struct path *path)\n{\n\tmnt_want_write(path->mnt);\n\t{\n"
	  "\t\tstruct path path;\n\n\t\tkern_path(0, 0, &path);\n\t}\n"
	  "\treturn 0;\n}\n" },
	{ "read by another argument of the filling call",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\treturn fill_from(&path, path.mnt);\n}\n" },
	{ "read by a later operand of the filling statement",
	  "int f(const char *n)\n{\n\tstruct path path;\n\n"
	  "\treturn kern_path(n, 0, &path) + mnt_want_write(path.mnt);\n}\n" },
	{ "declared by a macro",
	  "#define DECLARE_LOCAL struct path path\n"
	  "int f(void)\n{\n\tstruct path other = { 0 };\n\treturn 0;\n}\n" },
	{ "declared in a for",
	  "int f(void)\n{\n\tfor (struct path p; ;)\n\t\treturn 0;\n}\n" },
	{ "a body the brace counting cannot place",
	  "int f(void) __cold\n{\n\tstruct path path = { 0 };\n\treturn 0;\n}\n" },
	{ "braces that do not pair up",
	  "int f(void)\n{\n\tstruct path path = { 0 };\n\treturn 0;\n" },
	{ "a whole-struct copy from a ternary",
	  "int f(struct path *a, struct path *b, int x)\n{\n\tstruct path path;\n\n"
	  "\tpath = x ? *a : *b;\n\treturn mnt_want_write(path.mnt);\n}\n" },
};

static void test_proven(void **state)
{
	(void)state;
	check_all(proven, sizeof(proven) / sizeof(proven[0]), 1);
}

static void test_unsure(void **state)
{
	(void)state;
	check_all(unsure, sizeof(unsure) / sizeof(unsure[0]), 0);
}

/* Only the filled type counts: "struct pathname" is another. */
static void test_other_tag(void **state)
{
	static const char text[] =
		"int f(void)\n{\n\tstruct pathname p;\n\n"
		"\treturn mnt_want_write(p.mnt);\n}\n";

	(void)state;
	assert_int_equal(fillproof_text(text, strlen(text), &env), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_proven),
		cmocka_unit_test(test_unsure),
		cmocka_unit_test(test_other_tag),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

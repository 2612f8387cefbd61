/* Unit tests of the rules parser (checker/rules.c): the default rules
 * must parse and answer the engine's look-ups for both eras of the VFS
 * API; every kind of bad input must be refused with "FILE:LINE: ";
 * no input, however broken, may crash the parser or leak.
 * Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ruleset/ruleset.h"
#include "lib/util.h"

#define DEFAULT_RULES "rules/wbcheck.rules"

/* ---- Fixtures ------------------------------------------------------ */

static int load_default(void **state)
{
	struct rules *r = malloc(sizeof(*r));
	char *err = NULL;

	if (!r)
		return -1;
	rules_init(r);
	if (rules_load(r, DEFAULT_RULES, &err)) {
		fprintf(stderr, "%s\n", err);
		free(err);
		rules_free(r);
		free(r);
		return -1;
	}
	*state = r;
	return 0;
}

static int free_rules(void **state)
{
	rules_free(*state);
	free(*state);
	return 0;
}

/* The argtype callback: CTX is an array of type spellings, 1-based. */
static const char *types_cb(void *ctx, int n)
{
	const char **types = ctx;

	return types[n - 1];
}

static const struct rule_guard *find(const struct rules *r, const char *name,
				     int nargs, const char *type1)
{
	const char *types[8] = { type1 };

	return rules_find_guard(r, name, nargs, types_cb, types);
}

/* ---- The default rules -------------------------------------------- */

static void test_default_counts(void **state)
{
	const struct rules *r = *state;

	assert_int_equal(r->nguards, 51);
	assert_int_equal(r->nacquires, 9);
	assert_int_equal(r->nreleases, 7);
	assert_int_equal(r->nnoreturns, 6);
	assert_int_equal(r->nfiles, 1);
	assert_string_equal(r->files[0], DEFAULT_RULES);
	assert_string_equal(r->names.missing, "missing-write-bracket");
	assert_string_equal(r->names.leak, "write-bracket-leak");
	assert_string_equal(r->names.double_release,
			    "write-bracket-double-drop");
	assert_string_equal(r->names.nested, "write-bracket-nested");
	assert_string_equal(r->names.resource, "a write bracket on the mount");
}

/* Each guarded call in the 2008 era (with its path_* replacement) and in
 * the modern era (idmap first: objects shift by one). */
static const struct era_case {
	const char *name;
	int old_nargs, old_obj[2];
	const char *replace;
	int new_nargs, new_obj[2];
	const char *helper;
} era_cases[] = {
	{ "vfs_create", 4, { 1 }, "path_create(@1, $2, $3, $4)",
	  5, { 2 }, "kern_path_create()/done_path_create()" },
	{ "vfs_mknod", 4, { 1 }, "path_mknod(@1, $2, $3, $4)",
	  5, { 2 }, "kern_path_create()/done_path_create()" },
	{ "vfs_mkdir", 3, { 1 }, "path_mkdir(@1, $2, $3)",
	  4, { 2 }, "kern_path_create()/done_path_create()" },
	{ "vfs_rmdir", 2, { 1 }, "path_rmdir(@1, $2)",
	  3, { 2 }, "mnt_want_write()/mnt_drop_write()" },
	{ "vfs_unlink", 2, { 1 }, "path_unlink(@1, $2)",
	  4, { 2 }, "mnt_want_write()/mnt_drop_write()" },
	{ "vfs_symlink", 4, { 1 }, "path_symlink(@1, $2, $3, $4)",
	  4, { 2 }, "kern_path_create()/done_path_create()" },
	{ "vfs_link", 3, { 2 }, "path_link($1, @2, $3)",
	  5, { 3 }, "kern_path_create()/done_path_create()" },
	{ "vfs_rename", 4, { 1, 3 }, "path_rename(@1, $2, @3, $4)",
	  1, { 1 }, "mnt_want_write()/mnt_drop_write()" },
	{ "notify_change", 2, { 1 }, "path_setattr(@1, $2)",
	  4, { 2 }, "mnt_want_write()/mnt_drop_write()" },
	{ "vfs_setxattr", 5, { 1 }, "path_setxattr(@1, $2, $3, $4, $5)",
	  6, { 2 }, "mnt_want_write()/mnt_drop_write()" },
	{ "vfs_removexattr", 2, { 1 }, "path_removexattr(@1, $2)",
	  3, { 2 }, "mnt_want_write()/mnt_drop_write()" },
};

static void check_objects(const struct rule_guard *g, const int obj[2])
{
	int n = obj[1] ? 2 : 1;

	assert_int_equal(g->nobjects, n);
	assert_int_equal(g->objects[0], obj[0]);
	if (n == 2)
		assert_int_equal(g->objects[1], obj[1]);
}

static void test_guards_old_era(void **state)
{
	const struct rules *r = *state;
	const struct era_case *c;
	const struct rule_guard *g;
	size_t i;

	for (i = 0; i < sizeof(era_cases) / sizeof(era_cases[0]); i++) {
		c = &era_cases[i];
		assert_true(rules_is_guarded_name(r, c->name));
		g = find(r, c->name, c->old_nargs, "struct inode *");
		assert_non_null(g);
		assert_string_equal(g->name, c->name);
		assert_int_equal(g->nargs, c->old_nargs);
		check_objects(g, c->old_obj);
		assert_non_null(g->replace);
		assert_string_equal(g->replace, c->replace);
		assert_null(g->helper);
		assert_string_equal(g->file, DEFAULT_RULES);
	}
}

static void test_guards_modern_era(void **state)
{
	const struct rules *r = *state;
	const struct era_case *c;
	const struct rule_guard *g;
	size_t i;

	for (i = 0; i < sizeof(era_cases) / sizeof(era_cases[0]); i++) {
		c = &era_cases[i];
		g = find(r, c->name, c->new_nargs, "struct mnt_idmap *");
		assert_non_null(g);
		assert_int_equal(g->nargs, c->new_nargs);
		check_objects(g, c->new_obj);
		assert_null(g->replace);
		assert_non_null(g->helper);
		assert_string_equal(g->helper, c->helper);
	}
}

static void test_symlink_argtype(void **state)
{
	const struct rules *r = *state;
	const struct rule_guard *g;

	g = find(r, "vfs_symlink", 4, "struct inode *");
	assert_non_null(g);
	assert_int_equal(g->objects[0], 1);
	assert_non_null(g->replace);
	g = find(r, "vfs_symlink", 4, "struct mnt_idmap *");
	assert_non_null(g);
	assert_int_equal(g->objects[0], 2);
	assert_null(g->replace);
	/* 5.12 .. 6.2 passed a user namespace. */
	g = find(r, "vfs_symlink", 4, "struct user_namespace *");
	assert_non_null(g);
	assert_int_equal(g->objects[0], 2);
	/* An unknown type matches neither form. */
	assert_null(find(r, "vfs_symlink", 4, "int"));
	assert_null(find(r, "vfs_symlink", 4, NULL));
	assert_null(rules_find_guard(r, "vfs_symlink", 4, NULL, NULL));
	/* The 3.x form has no argtype: no callback needed. */
	g = rules_find_guard(r, "vfs_symlink", 3, NULL, NULL);
	assert_non_null(g);
	assert_int_equal(g->nargs, 3);
}

/*
 * The writers beyond the 2008 eleven, one line per form: before 5.12
 * (no namespace), and 5.12 and later (a user namespace, then an idmap,
 * first).  nargs 0: the function has no such form.
 */
static const struct writer_case {
	const char *name;
	int old_nargs, old_obj;
	int new_nargs, new_obj;
	const char *helper;
} writer_cases[] = {
	{ "set_posix_acl", 3, 1, 4, 2, "mnt_want_write()/mnt_drop_write()" },
	{ "vfs_set_acl", 0, 0, 4, 2, "mnt_want_write()/mnt_drop_write()" },
	{ "vfs_remove_acl", 0, 0, 3, 2, "mnt_want_write()/mnt_drop_write()" },
	{ "vfs_fileattr_set", 0, 0, 3, 2,
	  "mnt_want_write_file()/mnt_drop_write_file()" },
	{ "vfs_tmpfile", 3, 1, 4, 2, "mnt_want_write()/mnt_drop_write()" },
	{ "vfs_tmpfile_open", 0, 0, 5, 2, "mnt_want_write()/mnt_drop_write()" },
	{ "kernel_tmpfile_open", 0, 0, 5, 2,
	  "mnt_want_write()/mnt_drop_write()" },
	{ "backing_tmpfile_open", 0, 0, 5, 3,
	  "mnt_want_write()/mnt_drop_write()" },
	{ "vfs_mkobj", 4, 1, 4, 1, "kern_path_create()/done_path_create()" },
	{ "__vfs_setxattr_locked", 6, 1, 7, 2,
	  "mnt_want_write()/mnt_drop_write()" },
	{ "__vfs_removexattr_locked", 3, 1, 4, 2,
	  "mnt_want_write()/mnt_drop_write()" },
	{ "__vfs_setxattr_noperm", 5, 1, 6, 2,
	  "mnt_want_write()/mnt_drop_write()" },
	{ "__vfs_setxattr", 6, 1, 7, 2, "mnt_want_write()/mnt_drop_write()" },
	{ "__vfs_removexattr", 2, 1, 3, 2, "mnt_want_write()/mnt_drop_write()" },
	/* 6.1 passes the time (3), 6.12 does not (2): the inode is first */
	{ "inode_update_time", 3, 1, 2, 1, "file_update_time()" },
};

static void check_writer_form(const struct rules *r, const char *name,
			      int nargs, int obj, const char *helper)
{
	const struct rule_guard *g = find(r, name, nargs, NULL);

	assert_non_null(g);
	assert_int_equal(g->nargs, nargs);
	assert_int_equal(g->nobjects, 1);
	assert_int_equal(g->objects[0], obj);
	assert_null(g->replace);
	assert_string_equal(g->helper, helper);
}

static void test_guards_writers(void **state)
{
	const struct rules *r = *state;
	const struct writer_case *c;
	size_t i;

	for (i = 0; i < sizeof(writer_cases) / sizeof(writer_cases[0]); i++) {
		c = &writer_cases[i];
		assert_true(rules_is_guarded_name(r, c->name));
		if (c->old_nargs)
			check_writer_form(r, c->name, c->old_nargs, c->old_obj,
					  c->helper);
		check_writer_form(r, c->name, c->new_nargs, c->new_obj,
				  c->helper);
	}
	/* the ones that take the bracket themselves, or need a file open
	 * for write, are not guarded */
	assert_false(rules_is_guarded_name(r, "vfs_truncate"));
	assert_false(rules_is_guarded_name(r, "vfs_utimes"));
	assert_false(rules_is_guarded_name(r, "touch_atime"));
	assert_false(rules_is_guarded_name(r, "file_update_time"));
	assert_false(rules_is_guarded_name(r, "vfs_fallocate"));
	assert_false(rules_is_guarded_name(r, "file_remove_privs"));
	assert_false(rules_is_guarded_name(r, "vfs_fileattr_get"));
	assert_null(find(r, "vfs_set_acl", 3, NULL));
	assert_null(find(r, "__vfs_setxattr", 5, NULL));
}

static void test_guard_misses(void **state)
{
	const struct rules *r = *state;

	assert_null(find(r, "vfs_mkdir", 7, NULL));
	assert_null(find(r, "vfs_read", 3, NULL));
	assert_null(find(r, "path_mkdir", 3, NULL));
	assert_false(rules_is_guarded_name(r, "vfs_read"));
	assert_false(rules_is_guarded_name(r, "path_mkdir"));
	assert_false(rules_is_guarded_name(r, "vfs_"));
	/* The middle era: delegated inode, no idmap. */
	assert_int_equal(find(r, "vfs_unlink", 3, NULL)->objects[0], 1);
	assert_int_equal(find(r, "vfs_rename", 6, NULL)->nobjects, 2);
	assert_int_equal(find(r, "vfs_rename", 5, NULL)->nobjects, 2);
}

static void test_acquire_release(void **state)
{
	static const struct {
		const char *acquire;
		int arg;
		enum success_kind success;
		const char *release;
	} pairs[] = {
		{ "mnt_want_write", 1, SUCCESS_ZERO, "mnt_drop_write" },
		{ "mnt_want_write_file", 1, SUCCESS_ZERO,
		  "mnt_drop_write_file" },
		{ "kern_path_create", 3, SUCCESS_NOT_ERR_PTR,
		  "done_path_create" },
		{ "user_path_create", 3, SUCCESS_NOT_ERR_PTR,
		  "done_path_create" },
		{ "filename_create", 3, SUCCESS_NOT_ERR_PTR,
		  "done_path_create" },
		{ "mnt_get_write_access", 1, SUCCESS_ZERO,
		  "mnt_put_write_access" },
		{ "__mnt_want_write", 1, SUCCESS_ZERO, "__mnt_drop_write" },
		{ "__mnt_want_write_file", 1, SUCCESS_ZERO,
		  "__mnt_drop_write_file" },
		{ "mnt_get_write_access_file", 1, SUCCESS_ZERO,
		  "mnt_put_write_access_file" },
	};
	const struct rules *r = *state;
	const struct rule_acquire *a;
	const struct rule_release *rel;
	size_t i;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		a = rules_find_acquire(r, pairs[i].acquire);
		assert_non_null(a);
		assert_int_equal(a->arg, pairs[i].arg);
		assert_int_equal(a->success, pairs[i].success);
		assert_string_equal(a->release, pairs[i].release);
		rel = rules_find_release(r, a->release);
		assert_non_null(rel);
		assert_int_equal(rel->arg, 1);
		assert_null(rules_find_release(r, a->name));
	}
	assert_null(rules_find_acquire(r, "mnt_drop_write"));
	assert_null(rules_find_acquire(r, "vfs_mkdir"));
	/* only write access alone (no freeze protection) may be taken
	 * again while held */
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		const char *n = pairs[i].acquire;
		int alone = !strcmp(n, "mnt_get_write_access") ||
			    !strcmp(n, "mnt_get_write_access_file") ||
			    !strcmp(n, "__mnt_want_write") ||
			    !strcmp(n, "__mnt_want_write_file");

		assert_int_equal(rules_find_acquire(r, n)->reentrant, alone);
	}
}

/* reentrant-before=V: reentrant on the kernels older than V only. */
static void test_reentrant_before(void **state)
{
	static const char text[] =
		"acquire take arg=1 success=zero release=give reentrant-before=3.6\n"
		"release give arg=1\n";
	static const struct { const char *version; int reentrant; } cases[] = {
		{ "2.6.26", 1 }, { "3.5.7", 1 }, { "3", 1 }, { "3.6", 0 },
		{ "3.6.0", 0 }, { "6.12.118", 0 },
	};
	struct strbuf dropped;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rules r;

		rules_init(&r);
		sb_init(&dropped);
		assert_int_equal(rules_parse(&r, "t.rules", text, sizeof(text) - 1,
					     NULL), 0);
		assert_int_equal(rules_find_acquire(&r, "take")->reentrant, 0);
		rules_set_kernel(&r, cases[i].version, &dropped);
		assert_int_equal(rules_find_acquire(&r, "take")->reentrant,
				 cases[i].reentrant);
		sb_free(&dropped);
		rules_free(&r);
	}
}

static void test_noreturn(void **state)
{
	static const char *const yes[] = {
		"BUG", "panic", "do_exit", "__stack_chk_fail", "kthread_exit",
		"make_task_dead",
	};
	const struct rules *r = *state;
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		assert_true(rules_is_noreturn(r, yes[i]));
	assert_false(rules_is_noreturn(r, "printk"));
	assert_false(rules_is_noreturn(r, "BUG_ON"));
	assert_false(rules_is_noreturn(r, "vfs_mkdir"));
}

static void test_callback_holds(void **state)
{
	const struct rules *r = *state;

	assert_true(rules_callback_holds(r, "file_operations.write_iter") != 0);
	assert_true(rules_callback_holds(r, "vm_operations_struct.page_mkwrite") != 0);
	assert_true(rules_callback_holds(r, "address_space_operations.write_begin") != 0);
	assert_true(rules_callback_holds(r, "security_list_options.inode_killpriv") != 0);
	assert_true(rules_callback_holds(r, "security_list_options.inode_setsecctx") != 0);
	assert_false(rules_callback_holds(r, "security_list_options.inode_post_setxattr"));
	assert_false(rules_callback_holds(r, "file_operations.read_iter"));
	assert_false(rules_callback_holds(r, "write_iter"));
	assert_false(rules_callback_holds(r, "nfsd4_truncate"));
}

static void test_caller_holds(void **state)
{
	const struct rules *r = *state;

	assert_true(rules_caller_holds(r, "nfsd4_truncate"));
	assert_true(rules_caller_holds(r, "cachefiles_adjust_size"));
	assert_true(rules_caller_holds(r, "ecryptfs_write_inode_size_to_metadata"));
	assert_true(rules_caller_holds(r, "posix_acl_xattr_set"));
	/* by the ops table now (callback-holds ...write_begin), not by name */
	assert_false(rules_caller_holds(r, "ecryptfs_write_begin"));
	assert_false(rules_caller_holds(r, "nfsd_setattr"));
	assert_false(rules_caller_holds(r, "file_operations.write_iter"));
}

static void test_holds(void **state)
{
	const struct rules *r = *state;
	const struct rule_holds *h = rules_find_holds(r, "FMODE_WRITE");

	assert_non_null(h);
	assert_string_equal(h->member, "f_mode");
	assert_null(rules_find_holds(r, "FMODE_READ"));
	/* the two kinds share a table and never answer for each other */
	assert_null(rules_find_holds_if(r, "FMODE_WRITE"));
	h = rules_find_holds_if(r, "xchk_could_repair");
	assert_non_null(h);
	assert_null(h->member);
	assert_int_equal(h->arg, 1);
	assert_null(rules_find_holds(r, "xchk_could_repair"));
}

/* ---- A second file adds to the first ------------------------------ */

static const char second[] =
	"# a second discipline on top of the first\n"
	"checks missing=missing-dir-lock leak=dir-lock-leak\n"
	"resource \"the parent directory's i_rwsem\"\n"
	"acquire inode_lock arg=1 success=always release=inode_unlock scope=guarded\n"
	"release inode_unlock arg=1 scope=guarded\n"
	"acquire lock_twice arg=1 success=zero release=mnt_drop_write\n"
	"guard vfs_mkdir object=1 helper=\"inode_lock()\"\n"
	"guard my_op object=1\n"
	"guard my_op object=2 argtype=\"1:struct mnt_idmap|struct user_namespace\"\n"
	"guard my_op nargs=2 object=1,2 argtype=2:inode\n"
	"guard my_op nargs=2 object=2\n"
	"noreturn BUG my_die\n";

static void test_second_file(void **state)
{
	struct rules *r = *state;
	const struct rule_guard *g;
	char *err = NULL;

	assert_int_equal(rules_parse(r, "dirlock.rules", second,
				     sizeof(second) - 1, &err), 0);
	assert_null(err);
	assert_int_equal(r->nfiles, 2);
	/* checks/resource override; double-release is kept. */
	assert_string_equal(r->names.missing, "missing-dir-lock");
	assert_string_equal(r->names.leak, "dir-lock-leak");
	assert_string_equal(r->names.double_release,
			    "write-bracket-double-drop");
	assert_string_equal(r->names.resource,
			    "the parent directory's i_rwsem");
	assert_int_equal(rules_find_acquire(r, "inode_lock")->success,
			 SUCCESS_ALWAYS);
	assert_int_equal(rules_find_acquire(r, "inode_lock")->scope_guarded, 1);
	assert_int_equal(rules_find_release(r, "inode_unlock")->scope_guarded, 1);
	assert_int_equal(rules_find_acquire(r, "lock_twice")->scope_guarded, 0);
	assert_non_null(rules_find_acquire(r, "mnt_want_write"));
	/* A release of the first file serves an acquire of the second. */
	assert_non_null(rules_find_acquire(r, "lock_twice"));
	assert_true(rules_is_noreturn(r, "my_die"));
	assert_int_equal(r->nnoreturns, 7);
	/* Exact forms still win over the any-count form. */
	assert_non_null(find(r, "vfs_mkdir", 3, NULL)->replace);
	g = find(r, "vfs_mkdir", 9, NULL);
	assert_int_equal(g->nargs, -1);
	assert_string_equal(g->file, "dirlock.rules");
	assert_int_equal(g->line, 7);
	/* The any-count forms: the argtype one when its type matches. */
	assert_int_equal(find(r, "my_op", 3, "struct mnt_idmap *")->objects[0],
			 2);
	assert_int_equal(find(r, "my_op", 3, "struct inode *")->objects[0], 1);
	assert_int_equal(find(r, "my_op", 3, NULL)->objects[0], 1);
}

static const char *second_arg_inode(void *ctx, int n)
{
	(void)ctx;
	return n == 2 ? "struct inode *" : "int";
}

static void test_argtype_preferred(void **state)
{
	struct rules *r = *state;
	const struct rule_guard *g;

	assert_int_equal(rules_parse(r, "dirlock.rules", second,
				     sizeof(second) - 1, NULL), 0);
	g = rules_find_guard(r, "my_op", 2, second_arg_inode, NULL);
	assert_int_equal(g->nobjects, 2);
	g = rules_find_guard(r, "my_op", 2, NULL, NULL);
	assert_int_equal(g->nobjects, 1);
	assert_int_equal(g->objects[0], 2);
}

/* ---- Errors -------------------------------------------------------- */

struct err_case {
	const char *text;
	int line;
	const char *reason;	/* a substring of the message */
};

#define ACQ "acquire mnt_want_write arg=1 success=zero release=mnt_drop_write\n"
#define REL "release mnt_drop_write arg=1\n"

static const struct err_case err_cases[] = {
	/* Lexical. */
	{ "# ok\nguard vfs_mkdir object=1 helper=\"abc\n", 2,
	  "unterminated quote" },
	{ "resource \"abc\\\"\n", 1, "unterminated quote" },
	{ "resource \"a\\nb\"\n", 1, "unknown escape" },
	{ "resource \"abc\"def\n", 1, "unexpected 'd'" },
	{ "\n\nresource abc\"def\"\n", 3, "unexpected '\"'" },
	{ "guard vfs_mkdir object==1\n", 1, "unexpected '='" },
	{ "guard vfs_mkdir =1\n", 1, "unexpected '='" },
	{ "guard vfs_mkdir object= nargs=3\n", 1, "empty value for key 'object'" },
	{ "guard vfs_mkdir object=\"\"\n", 1, "empty value" },
	{ "resource \"\"\n", 1, "empty quoted value" },
	{ "noreturn BUG\npanic\n", 2, "unknown directive 'panic'" },
	{ "arg=1\n", 1, "expected a directive" },
	/* Unknown directive, key; missing, duplicate key. */
	{ "\n\n\nguards vfs_mkdir object=1\n", 4, "unknown directive 'guards'" },
	{ "guard vfs_mkdir object=1 nrags=3\n", 1, "unknown key 'nrags'" },
	{ "resource x=y\n", 1, "unknown key 'x'" },
	{ "noreturn BUG foo=1\n", 1, "unknown key 'foo'" },
	{ "checks missing=a lost=b\n", 1, "unknown key 'lost'" },
	{ ACQ REL "guard vfs_mkdir nargs=3\n", 3,
	  "missing required key 'object'" },
	{ "acquire mnt_want_write success=zero release=x\n", 1,
	  "missing required key 'arg'" },
	{ "acquire mnt_want_write arg=1 release=x\n", 1,
	  "missing required key 'success'" },
	{ "acquire mnt_want_write arg=1 success=zero\n", 1,
	  "missing required key 'release'" },
	{ "release mnt_drop_write\n", 1, "missing required key 'arg'" },
	{ "guard vfs_mkdir nargs=3 object=1 nargs=3\n", 1,
	  "duplicate key 'nargs'" },
	{ "checks leak=a leak=b\n", 1, "duplicate key 'leak'" },
	{ "release mnt_drop_write arg=1 arg=1\n", 1, "duplicate key 'arg'" },
	/* Positional arguments. */
	{ "guard object=1\n", 1, "guard: missing name" },
	{ "guard a b object=1\n", 1, "unexpected argument 'b'" },
	{ "resource\n", 1, "missing text" },
	{ "resource a b\n", 1, "unexpected argument 'b'" },
	{ "checks x\n", 1, "unexpected argument 'x'" },
	{ "noreturn\n", 1, "noreturn: missing name" },
	{ "noreturn  # nothing\n", 1, "noreturn: missing name" },
	{ "callback-holds\n", 1, "callback-holds: missing name" },
	{ "export-marker\n", 1, "export-marker: missing name" },
	{ "export-marker a.b\n", 1, "bad identifier" },
	{ "callback-holds write_iter\n", 1, "bad member 'write_iter'" },
	{ "callback-holds fops.write.x\n", 1, "bad member" },
	{ "callback-holds .write\n", 1, "bad member" },
	{ "caller-holds\n", 1, "caller-holds: missing name" },
	{ "caller-holds a.b\n", 1, "bad identifier" },
	{ "caller-holds f x=1\n", 1, "unknown key" },
	{ "callback-holds fops. \n", 1, "bad member" },
	/* Numbers. */
	{ "release r arg=0\n", 1, "bad number '0' for arg" },
	{ "release r arg=-1\n", 1, "bad number '-1'" },
	{ "release r arg=+1\n", 1, "bad number '+1'" },
	{ "release r arg=1x\n", 1, "bad number '1x'" },
	{ "release r arg=x1\n", 1, "bad number 'x1'" },
	{ "release r arg=0x10\n", 1, "bad number" },
	{ "release r arg=2147483648\n", 1, "bad number" },
	{ "release r arg=99999999999999999999999\n", 1, "bad number" },
	{ "guard g nargs=0 object=1\n", 1, "bad number '0' for nargs" },
	{ "guard g object=1,\n", 1, "bad number '' for object" },
	{ "guard g object=,1\n", 1, "bad number" },
	{ "guard g object=1,2,3\n", 1, "more than 2 arguments" },
	{ "guard g object=2,2\n", 1, "argument 2 twice" },
	{ "guard g nargs=2 object=3\n", 1, "object names argument 3 but nargs=2" },
	{ "guard g nargs=2 object=1,3\n", 1, "nargs=2" },
	/* argtype. */
	{ "guard g object=1 argtype=inode\n", 1, "bad argtype" },
	{ "guard g object=1 argtype=0:inode\n", 1, "bad number '0' for argtype" },
	{ "guard g object=1 argtype=:inode\n", 1, "bad number" },
	{ "guard g object=1 argtype=1:\n", 1, "empty type alternative" },
	{ "guard g object=1 argtype=1:a||b\n", 1, "empty type alternative" },
	{ "guard g object=1 argtype=1:a|\n", 1, "empty type alternative" },
	{ "guard g object=1 argtype=1:|a\n", 1, "empty type alternative" },
	{ "guard g nargs=2 object=1 argtype=3:a\n", 1,
	  "argtype names argument 3 but nargs=2" },
	/* Templates. */
	{ "guard g nargs=2 object=1 replace=\"p(@1, $3)\"\n", 1,
	  "replace names argument 3 but nargs=2" },
	{ "guard g nargs=2 object=1 replace=\"p(@3, $1)\"\n", 1,
	  "replace names argument 3" },
	{ "guard g nargs=2 object=1 replace=\"p(@1, $x)\"\n", 1,
	  "'$' must be followed by an argument number" },
	{ "guard g nargs=2 object=1 replace=\"p(@, $1)\"\n", 1,
	  "'@' must be followed" },
	{ "guard g nargs=2 object=1 replace=\"p(@1, $)\"\n", 1,
	  "'$' must be followed" },
	{ "guard g object=1 replace=\"p(@1, $0)\"\n", 1,
	  "bad number '0' for replace" },
	{ "guard g object=1 replace=\"p($99999999999)\"\n", 1,
	  "bad number" },
	/* Identifiers and names. */
	{ "guard 1abc object=1\n", 1, "bad identifier '1abc'" },
	{ "guard a-b object=1\n", 1, "bad identifier 'a-b'" },
	{ "release a.b arg=1\n", 1, "bad identifier 'a.b'" },
	{ "acquire a arg=1 success=zero release=b-c\n", 1,
	  "bad identifier 'b-c'" },
	{ "noreturn BUG 9lives\n", 1, "bad identifier '9lives'" },
	{ "checks missing=Missing\n", 1, "bad check name 'Missing'" },
	{ "checks leak=a_b\n", 1, "bad check name" },
	{ "acquire a arg=1 success=yes release=b\n", 1,
	  "bad success 'yes'" },
	{ "acquire a arg=1 success=zero release=b scope=some\n", 1,
	  "bad scope 'some' (expected all or guarded)" },
	{ "release b arg=1 scope=\"\"\n", 1, "empty" },
	{ "release b arg=1 scope=Guarded\n", 1, "bad scope 'Guarded'" },
	{ "acquire a arg=1 success=zero release=b reentrant=maybe\n", 1,
	  "bad reentrant 'maybe' (expected yes or no)" },
	{ "acquire a arg=1 success=zero release=b reentrant=\"\"\n", 1,
	  "empty" },
	{ "checks nested=Nested\n", 1, "bad check name 'Nested' for nested" },
	/* Cross-line checks. */
	{ REL "\n" "acquire a arg=1 success=zero release=nope\n" ACQ, 3,
	  "acquire a: release=nope names no release rule" },
	{ "guard g nargs=2 object=1\n# x\nguard g nargs=2 object=2\n", 3,
	  "duplicate guard form g nargs=2 (first at t.rules:1)" },
	{ "guard g object=1\nguard g object=2\n", 2, "duplicate guard form" },
	{ "guard g nargs=4 object=1 argtype=1:inode\n"
	  "guard g nargs=4 object=1 argtype=1:inode\n", 2,
	  "duplicate guard form g nargs=4 argtype=1:inode" },
	{ ACQ REL ACQ, 3, "duplicate acquire rule for mnt_want_write" },
	{ REL REL, 2, "duplicate release rule" },
	/* Bytes. */
	{ "noreturn BUG\x01\n", 1, "invalid byte 0x01" },
	{ "# \x7f\n", 1, "invalid byte 0x7f" },
	{ "\n# caf\xc3\n", 2, "invalid UTF-8" },
	{ "# \xc0\x80\n", 1, "invalid UTF-8" },
	{ "# \xed\xa0\x80\n", 1, "invalid UTF-8" },
	{ "# \xf4\x90\x80\x80\n", 1, "invalid UTF-8" },
	{ "noreturn BUG\r\r\n", 1, "invalid byte 0x0d" },
	{ "holds FMODE_WRITE\n", 1, "missing required key 'member'" },
	{ "holds member=f_mode\n", 1, "flag" },
	{ "holds A member=x\nholds A member=y\n", 2, "duplicate holds rule for A" },
	{ "holds A member=1x\n", 1, "bad identifier" },
	{ "holds-if pred\n", 1, "missing required key 'arg'" },
	{ "holds-if arg=1\n", 1, "function" },
	{ "holds-if pred arg=0\n", 1, "bad number '0' for arg" },
	{ "holds-if pred arg=x\n", 1, "bad number 'x' for arg" },
	{ "holds-if 1pred arg=1\n", 1, "bad identifier" },
	{ "holds-if p arg=1\nholds-if p arg=2\n", 2, "duplicate holds-if rule for p" },
	{ "holds-if p arg=1 member=f\n", 1, "member" },
	{ "noreturn caf\xc3\xa9\n", 1, "bad identifier 'caf\xc3\xa9'" },
};

static void check_error(const char *text, size_t len, int line,
			const char *reason)
{
	struct rules r;
	char prefix[32];
	char *err = NULL;

	rules_init(&r);
	assert_int_equal(rules_parse(&r, "t.rules", text, len, &err), -1);
	assert_non_null(err);
	snprintf(prefix, sizeof(prefix), "t.rules:%d: ", line);
	if (strncmp(err, prefix, strlen(prefix)) || !strstr(err, reason))
		fail_msg("input \"%s\": got \"%s\", want \"%s...%s\"", text,
			 err, prefix, reason);
	/* Nothing of a bad file is kept. */
	assert_int_equal(r.nguards + r.nacquires + r.nreleases +
			 r.nnoreturns + r.nfiles, 0);
	assert_string_equal(r.names.missing, "missing-write-bracket");
	free(err);
	rules_free(&r);
}

static void test_errors(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(err_cases) / sizeof(err_cases[0]); i++)
		check_error(err_cases[i].text, strlen(err_cases[i].text),
			    err_cases[i].line, err_cases[i].reason);
}

static void test_nul_byte(void **state)
{
	static const char text[] = "noreturn BUG\n# fine\nnoreturn pa\0nic\n";

	(void)state;
	check_error(text, sizeof(text) - 1, 3, "invalid byte 0x00");
	/* Length, not NUL, ends the buffer: a NUL just past it is fine. */
	check_error(text, 22, 3, "unknown directive 'no'");
}

/* A bad second file leaves the first file's rules untouched. */
static void test_error_keeps_rules(void **state)
{
	static const char bad[] =
		"checks missing=other\n"
		"resource \"something else\"\n"
		"release x arg=1\n"
		"guard vfs_foo object=1\n"
		"noreturn die\n"
		"acquire a arg=1 success=zero release=nope\n";
	struct rules *r = *state;
	char *err = NULL;
	char want[128];

	assert_int_equal(rules_parse(r, "bad.rules", bad, sizeof(bad) - 1,
				     &err), -1);
	assert_string_equal(err, "bad.rules:6: acquire a: release=nope names no release rule");
	free(err);
	assert_int_equal(r->nguards, 51);
	assert_int_equal(r->nreleases, 7);
	assert_int_equal(r->nnoreturns, 6);
	assert_int_equal(r->nfiles, 1);
	assert_string_equal(r->names.missing, "missing-write-bracket");
	assert_false(rules_is_guarded_name(r, "vfs_foo"));
	/* A later file may not repeat a form of an earlier one. */
	assert_int_equal(rules_parse(r, "dup.rules",
				     "guard vfs_mkdir nargs=3 object=2\n", 33,
				     &err), -1);
	snprintf(want, sizeof(want),
		 "dup.rules:1: duplicate guard form vfs_mkdir nargs=3 (first at rules/wbcheck.rules:%d)",
		 find(r, "vfs_mkdir", 3, NULL)->line);
	assert_string_equal(err, want);
	free(err);
	/* Not passing ERR is allowed. */
	assert_int_equal(rules_parse(r, "x", "bogus\n", 6, NULL), -1);
}

static void test_load_errors(void **state)
{
	struct rules r;
	char *err = NULL;

	(void)state;
	rules_init(&r);
	assert_int_equal(rules_load(&r, "rules/no-such.rules", &err), -1);
	assert_string_equal(err, "rules/no-such.rules: cannot read: No such file or directory");
	free(err);
	assert_int_equal(rules_load(&r, "rules", &err), -1);
	assert_string_equal(err, "rules: cannot read: Is a directory");
	free(err);
	assert_int_equal(r.nfiles, 0);
	rules_free(&r);
}

static void test_edge_syntax(void **state)
{
	static const char text[] =
		"\t  # indented comment\r\n"
		"resource \"a \\\"quoted\\\" # and \\\\ res\" # comment\r\n"
		"checks\n"
		"release\tr\targ=1#comment right after\n"
		"acquire a release=r success=always arg=2\n"
		"guard g object=\"1,2\" helper=caf\xc3\xa9 nargs=3\n"
		"noreturn x y x\n"
		"noreturn y";
	struct rules r;
	char *err = NULL;

	(void)state;
	rules_init(&r);
	assert_int_equal(rules_parse(&r, "e.rules", text, sizeof(text) - 1,
				     &err), 0);
	assert_null(err);
	assert_string_equal(r.names.resource,
			    "a \"quoted\" # and \\ res");
	assert_int_equal(rules_find_acquire(&r, "a")->arg, 2);
	assert_int_equal(rules_find_acquire(&r, "a")->line, 5);
	assert_int_equal(find(&r, "g", 3, NULL)->objects[1], 2);
	assert_string_equal(find(&r, "g", 3, NULL)->helper, "caf\xc3\xa9");
	assert_int_equal(r.nnoreturns, 2);
	/* Empty input is an empty rule set. */
	assert_int_equal(rules_parse(&r, "empty", "", 0, &err), 0);
	assert_int_equal(rules_parse(&r, "null", NULL, 0, &err), 0);
	assert_int_equal(r.nfiles, 3);
	rules_free(&r);
}

/* ---- Robustness ---------------------------------------------------- */

static uint64_t rng_state;

static uint64_t rng(void)
{
	/* xorshift64: deterministic, so a failure can be replayed. */
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void parse_garbage(const char *buf, size_t len)
{
	struct rules r;
	char *err = NULL;
	int ret;

	rules_init(&r);
	ret = rules_parse(&r, "fuzz", buf, len, &err);
	assert_true(ret == 0 || ret == -1);
	if (ret)
		assert_non_null(err);
	else
		assert_null(err);
	free(err);
	rules_free(&r);
}

static void test_random_bytes(void **state)
{
	static const size_t sizes[] = { 0, 1, 2, 7, 64, 513, 4096, 65536 };
	size_t i, j;
	char *buf;
	int iter;

	(void)state;
	rng_state = 0x5eed5eed12345678ull;
	buf = xmalloc(65536);
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		for (iter = 0; iter < 50; iter++) {
			for (j = 0; j < sizes[i]; j++)
				buf[j] = (char)rng();
			parse_garbage(buf, sizes[i]);
		}
	}
	free(buf);
}

/* Random lines made of the format's own words reach deeper than bytes. */
static const char *const words[] = {
	"checks", "resource", "acquire", "release", "guard", "noreturn",
	"vfs_mkdir", "r", "a", "arg=1", "arg=2", "arg=0", "success=zero",
	"success=always", "release=r", "release=a", "nargs=2", "nargs=3",
	"object=1", "object=1,2", "object=2,1,", "argtype=1:inode",
	"argtype=2:a|b", "replace=\"p(@1, $2)\"", "replace=\"$3\"",
	"helper=\"x\"", "missing=m", "leak=l", "double-release=d", "\"",
	"\"\\\"", "=", "#", "\t", "\xc3\xa9", "\xff", "x\"y", "\\",
};

static void test_word_soup(void **state)
{
	struct strbuf sb;
	int iter, k, nwords;

	(void)state;
	rng_state = 0xc0ffee0ddba11ull;
	for (iter = 0; iter < 3000; iter++) {
		sb_init(&sb);
		nwords = (int)(rng() % 24);
		for (k = 0; k < nwords; k++) {
			sb_add(&sb, words[rng() % (sizeof(words) /
						   sizeof(words[0]))]);
			sb_addc(&sb, rng() % 4 ? ' ' : '\n');
		}
		parse_garbage(sb.buf, sb.len);
		sb_free(&sb);
	}
}

/* Mutations of the default file: valid prefixes, one bad byte. */
static void test_mutated_default(void **state)
{
	size_t len, i;
	char *text, *copy;
	int iter;

	(void)state;
	text = read_file(DEFAULT_RULES, &len);
	assert_non_null(text);
	copy = xmalloc(len + 1);
	rng_state = 0xdefa017ull;
	for (iter = 0; iter < 2000; iter++) {
		memcpy(copy, text, len);
		for (i = rng() % 4; i < 4; i++)
			copy[rng() % len] = (char)rng();
		parse_garbage(copy, rng() % (len + 1));
	}
	free(copy);
	free(text);
}

static void test_long_lines(void **state)
{
	size_t n = 1 << 20;
	char *buf = xmalloc(n + 16);

	(void)state;
	memset(buf, 'a', n);
	check_error(buf, n, 1, "unknown directive 'aaaa");
	memcpy(buf, "resource \"", 10);
	check_error(buf, n, 1, "unterminated quote");
	buf[n - 1] = '"';
	parse_garbage(buf, n);
	memcpy(buf, "noreturn ", 9);
	memset(buf + 9, 'b', n - 9);
	parse_garbage(buf, n);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_default_counts,
						load_default, free_rules),
		cmocka_unit_test_setup_teardown(test_guards_old_era,
						load_default, free_rules),
		cmocka_unit_test_setup_teardown(test_guards_modern_era,
						load_default, free_rules),
		cmocka_unit_test_setup_teardown(test_symlink_argtype,
						load_default, free_rules),
		cmocka_unit_test_setup_teardown(test_guards_writers,
						load_default, free_rules),
		cmocka_unit_test_setup_teardown(test_guard_misses,
						load_default, free_rules),
		cmocka_unit_test_setup_teardown(test_acquire_release,
						load_default, free_rules),
		cmocka_unit_test(test_reentrant_before),
		cmocka_unit_test_setup_teardown(test_noreturn,
						load_default, free_rules),
		cmocka_unit_test_setup_teardown(test_holds, load_default,
						free_rules),
		cmocka_unit_test_setup_teardown(test_callback_holds, load_default,
						free_rules),
		cmocka_unit_test_setup_teardown(test_caller_holds, load_default,
						free_rules),
		cmocka_unit_test_setup_teardown(test_second_file,
						load_default, free_rules),
		cmocka_unit_test_setup_teardown(test_argtype_preferred,
						load_default, free_rules),
		cmocka_unit_test_setup_teardown(test_error_keeps_rules,
						load_default, free_rules),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_edge_syntax),
		cmocka_unit_test(test_random_bytes),
		cmocka_unit_test(test_word_soup),
		cmocka_unit_test(test_mutated_default),
		cmocka_unit_test(test_long_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

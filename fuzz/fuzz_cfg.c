/*
 * libFuzzer target: the control-flow and bracket analysis on C that
 * libclang really parsed.  The input bytes drive a small grammar that
 * writes a few functions (nested if/else, loops, switch, goto, return,
 * the bracket calls, guarded calls, helper calls with constant flags,
 * IS_ERR tests, and now and then a stray token that breaks the syntax);
 * the file goes through the same front end as any input (libclang, the
 * lowering into the IR) and the whole program is analysed.  Nothing is
 * checked but that nothing crashes, leaks or hangs.
 *
 * The generated text goes to a file in /dev/shm (or $TMPDIR), as the
 * front end reads files; WBCHECK_FUZZ_SHOW=1 prints it, to turn a crash
 * into a testcase.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "model/findings.h"
#include "frontend/parse.h"
#include "model/ir_serialize.h"
#include "ruleset/ruleset.h"
#include "model/program.h"
#include "analysis/interproc.h"
#include "checks/all_checks.h"
#include "lib/util.h"

#ifndef WBCHECK_SOURCE_DIR
#define WBCHECK_SOURCE_DIR "."
#endif

#define MAX_DEPTH 8
#define MAX_STMTS 400
#define MAX_FUNCS 4
#define NLABELS 4

static struct rules rules;
static CXIndex cx_index;
static char path[64];
static int show;

static const char prelude[] =
	"struct vfsmount;\n"
	"struct inode;\n"
	"struct dentry { struct inode *d_inode; };\n"
	"struct path { struct vfsmount *mnt; struct dentry *dentry; };\n"
	"struct file { struct path f_path; unsigned int f_mode; };\n"
	"struct iattr { unsigned int ia_valid; };\n"
	"#define FMODE_WRITE 2\n"
	"#define AT_FDCWD (-100)\n"
	"#define likely(x) __builtin_expect(!!(x), 1)\n"
	"_Bool IS_ERR(const void *ptr);\n"
	"long PTR_ERR(const void *ptr);\n"
	"__attribute__((__noreturn__)) void panic(const char *fmt, ...);\n"
	"#define BUG() panic(\"BUG\")\n"
	"int mnt_want_write(struct vfsmount *mnt);\n"
	"void mnt_drop_write(struct vfsmount *mnt);\n"
	"int mnt_want_write_file(struct file *file);\n"
	"void mnt_drop_write_file(struct file *file);\n"
	"struct dentry *kern_path_create(int dfd, const char *name,\n"
	"\t\t\t\tstruct path *path, unsigned int flags);\n"
	"void done_path_create(struct path *path, struct dentry *dentry);\n"
	"int vfs_unlink(struct inode *dir, struct dentry *dentry);\n"
	"int vfs_mkdir(struct inode *dir, struct dentry *dentry, int mode);\n"
	"int notify_change(struct dentry *dentry, struct iattr *attr);\n"
	"int cond(void);\n";

/* The generator's state: the input it reads, the text it writes. */
struct gen {
	const uint8_t *p, *end;
	struct strbuf sb;
	int nfuncs, stmts, loops, switches;
};

static unsigned byte(struct gen *g)
{
	return g->p < g->end ? *g->p++ : 0;
}

static void out(struct gen *g, int depth, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void out(struct gen *g, int depth, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	while (depth-- > 0)
		sb_addc(&g->sb, '\t');
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb_add(&g->sb, s);
	free(s);
}

static const char *cond(struct gen *g)
{
	static const char *const conds[] = {
		"err", "!err", "err < 0", "err != 0", "IS_ERR(dn)", "!IS_ERR(dn)",
		"flag", "!flag", "x", "cond()", "err && flag", "likely(!err)",
		"0", "1", "f->f_mode & FMODE_WRITE", "err == -30",
	};

	return conds[byte(g) % (sizeof(conds) / sizeof(conds[0]))];
}

static void stmt(struct gen *g, int depth);

static void block(struct gen *g, int depth)
{
	unsigned n = byte(g) % 5;

	out(g, depth - 1, "{\n");
	while (n-- && g->p < g->end)
		stmt(g, depth);
	out(g, depth - 1, "}\n");
}

/* A token that breaks the syntax, now and then. */
static void junk(struct gen *g, int depth)
{
	static const char *const toks[] = {
		"}", "{", "(", ")", "else", "case 1:", "goto;", "err =",
		"return", "int", "nolabel:", "goto L9;", "#if 0", "\"",
	};

	out(g, depth, "%s\n", toks[byte(g) % (sizeof(toks) / sizeof(toks[0]))]);
}

static void stmt(struct gen *g, int depth)
{
	unsigned b = byte(g), k = byte(g);

	if (++g->stmts > MAX_STMTS || depth > MAX_DEPTH)
		b = 0;
	switch (b % 26) {
	case 0:
		out(g, depth, "err = mnt_want_write(p->mnt);\n");
		break;
	case 1:
		out(g, depth, "mnt_drop_write(p->mnt);\n");
		break;
	case 2:
		out(g, depth, "err = vfs_unlink(p->dentry->d_inode, d);\n");
		break;
	case 3:
		out(g, depth, "if (%s)\n", cond(g));
		stmt(g, depth + 1);
		break;
	case 4:
		out(g, depth, "if (%s)\n", cond(g));
		stmt(g, depth + 1);
		out(g, depth, "else\n");
		stmt(g, depth + 1);
		break;
	case 5:
		block(g, depth + 1);
		break;
	case 6:
		out(g, depth, "while (%s)\n", cond(g));
		g->loops++;
		stmt(g, depth + 1);
		g->loops--;
		break;
	case 7:
		out(g, depth, "for (i = 0; i < %u; i++)\n", k % 4);
		g->loops++;
		stmt(g, depth + 1);
		g->loops--;
		break;
	case 8:
		out(g, depth, "do\n");
		g->loops++;
		stmt(g, depth + 1);
		g->loops--;
		out(g, depth, "while (%s);\n", cond(g));
		break;
	case 9:
		out(g, depth, "switch (x) {\n");
		g->switches++;
		out(g, depth, "case 0:\n");
		stmt(g, depth + 1);
		out(g, depth, "case %u:\n", 1 + k % 3);
		stmt(g, depth + 1);
		out(g, depth + 1, "break;\n");
		out(g, depth, "default:\n");
		stmt(g, depth + 1);
		g->switches--;
		out(g, depth, "}\n");
		break;
	case 10:
		out(g, depth, "goto L%u;\n", k % NLABELS);
		break;
	case 11:
		out(g, depth, "return err;\n");
		break;
	case 12:
		out(g, depth, "return 0;\n");
		break;
	case 13:
		if (g->nfuncs)
			out(g, depth, "err = h%u(p, d, f, %s);\n", k % g->nfuncs,
			    k & 0x80 ? "flag" : (k & 0x40 ? "1" : "0"));
		else
			out(g, depth, "err = cond();\n");
		break;
	case 14:
		out(g, depth, "if (%s)\n", cond(g));
		out(g, depth + 1, "goto L%u;\n", k % NLABELS);
		break;
	case 15:
		out(g, depth, "%s\n", g->loops || g->switches ? "break;" : ";");
		break;
	case 16:
		out(g, depth, "%s\n", g->loops ? "continue;" : ";");
		break;
	case 17:
		out(g, depth, "dn = kern_path_create(AT_FDCWD, name, &np, 0);\n");
		if (k & 1) {
			out(g, depth, "if (IS_ERR(dn))\n");
			out(g, depth + 1, "return PTR_ERR(dn);\n");
		}
		break;
	case 18:
		out(g, depth, "done_path_create(&np, dn);\n");
		break;
	case 19:
		out(g, depth, "err = mnt_want_write_file(f);\n");
		break;
	case 20:
		out(g, depth, "mnt_drop_write_file(f);\n");
		break;
	case 21:
		out(g, depth, "BUG();\n");
		break;
	case 22:
		out(g, depth, "err = %s;\n", k & 1 ? "notify_change(d, &attr)" :
		    "vfs_mkdir(np.dentry->d_inode, dn, 0755)");
		break;
	case 23:
		out(g, depth, "%s;\n", k % 3 == 0 ? "flag = 1" :
		    k % 3 == 1 ? "x = !err" : "err = -30");
		break;
	case 24:
		out(g, depth, "err = %s;\n", k & 1 ? "x" : "0");
		break;
	default:
		if (k == 0xff)
			junk(g, depth);
		else
			out(g, depth, ";\n");
		break;
	}
}

static void function(struct gen *g, int n, int last)
{
	unsigned nstmts = 1 + byte(g) % 12;

	out(g, 0, "%sint %s%d(struct path *p, struct dentry *d, struct file *f, int flag)\n{\n",
	    last ? "" : "static ", last ? "entry" : "h", n);
	out(g, 1, "int err = 0, x = cond(), i;\n");
	out(g, 1, "struct dentry *dn = d;\n");
	out(g, 1, "struct path np = *p;\n");
	out(g, 1, "struct iattr attr = { 0 };\n");
	out(g, 1, "const char *name = \"n\";\n\n");
	out(g, 1, "(void)name; (void)i; (void)attr;\n");
	g->stmts = 0;
	while (nstmts-- && g->p < g->end)
		stmt(g, 1);
	out(g, 0, "L0:\n");
	out(g, 1, "mnt_drop_write(p->mnt);\n");
	out(g, 0, "L1:\n");
	out(g, 1, "return err;\n");
	out(g, 0, "L2:\n");
	out(g, 1, "done_path_create(&np, dn);\n");
	out(g, 0, "L3:\n");
	out(g, 1, "return -1;\n}\n\n");
}

static char *generate(const uint8_t *data, size_t size)
{
	struct gen g = { data, data + size, { 0 }, 0, 0, 0, 0 };
	int i, n = 1 + (int)(byte(&g) % MAX_FUNCS);

	sb_init(&g.sb);
	sb_add(&g.sb, prelude);
	/* prototypes, so that helpers may call each other either way */
	for (i = 0; i < n - 1; i++)
		out(&g, 0, "static int h%d(struct path *p, struct dentry *d, struct file *f, int flag);\n", i);
	sb_addc(&g.sb, '\n');
	g.nfuncs = n - 1;
	for (i = 0; i < n; i++)
		function(&g, i, i == n - 1);
	return sb_detach(&g.sb);
}

/* What --db stores of each function must read back as it was. */
static void check_codec(const struct ir_func *fn)
{
	char *a = ir_encode(fn), *b;
	struct ir_func *back = ir_decode(a, strlen(a));

	if (!back)
		abort();	/* the reader refuses what the writer wrote */
	b = ir_encode(back);
	if (strcmp(a, b))
		abort();
	free(a);
	free(b);
	ir_func_free(back);
}

static void cleanup(void)
{
	if (path[0])
		unlink(path);
	if (cx_index)
		clang_disposeIndex(cx_index);
	rules_free(&rules);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* $TMPDIR when the tests set it; else memory, which is faster */
	const char *dir = getenv("TMPDIR") ? tmp_dir() :
			  access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
	char *err = NULL;
	int fd;

	(void)argc;
	(void)argv;
	/* a crash inside libclang is for the fuzzer to see, not to swallow */
	setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
	show = getenv("WBCHECK_FUZZ_SHOW") != NULL;
	rules_init(&rules);
	if (rules_load(&rules, WBCHECK_SOURCE_DIR "/rules/wbcheck.rules",
		       &err)) {
		fprintf(stderr, "fuzz_cfg: %s\n", err);
		abort();
	}
	snprintf(path, sizeof(path), "%s/.fuzz_cfg.XXXXXX.c", dir);
	fd = mkstemps(path, 2);
	if (fd < 0)
		abort();
	close(fd);
	cx_index = clang_createIndex(0, 0);
	atexit(cleanup);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *flags[] = { "-std=gnu11", "-nostdinc" };
	char *text = generate(data, size);
	struct program prog;
	struct findings fs = { 0 };
	struct tu_result r;
	FILE *f = fopen(path, "w");
	size_t i;

	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
	if (show)
		fprintf(stderr, "/* ---- fuzz_cfg: generated ---- */\n%s/* ---- end ---- */\n", text);
	free(text);
	program_init(&prog);
	frontend_parse_tu(cx_index, &rules, NULL, path, flags, 2, 0, NULL, NULL, NULL,
			  &r);
	unlink(path);	/* written again next time; none left behind */
	/* tu_result_merge without its stderr */
	for (i = 0; i < r.nfuncs; i++) {
		check_codec(r.funcs[i]);
		program_add(&prog, r.funcs[i]);
	}
	for (i = 0; i < r.escaped.n; i++)
		program_escape(&prog, r.escaped.keys[i]);
	free(r.funcs);
	strmap_free(&r.escaped);
	sb_free(&r.messages);
	program_analyse(&prog, &rules, all_checks, nall_checks, &fs);
	findings_free(&fs);
	program_free(&prog);
	return 0;
}

/*
 * input: --kernel-tree: the flags kbuild would use, derived from the layout of
 * the tree itself (docs: README "Checking a tree with no build").  The
 * headers "make prepare" generates are missing from a tree that was
 * never configured; each missing one gets a stand-in in a directory of
 * our own, searched after the tree's own directories so that a stand-in
 * never hides a real file.
 */
#include "input/kernel_tree.h"
#include "input/kernel_version.h"
#include "input/kbuild_needs.h"
#include "input/kconfig.h"
#include "lib/util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

/*
 * What we created, in order, for removal in reverse: a fixed array of
 * paths so that a signal handler can remove them (unlink and rmdir are
 * async-signal-safe, freeing memory is not).
 */
#define MAX_MADE 512
static char *made[MAX_MADE];
static volatile int nmade;
static int cleanup_armed;

void kerneltree_cleanup(void)
{
	while (nmade > 0) {
		const char *p = made[--nmade];

		if (unlink(p) < 0)
			rmdir(p);
	}
}

static void on_signal(int sig)
{
	kerneltree_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void arm_cleanup(void)
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGTERM, SIGPIPE };
	size_t i;

	if (cleanup_armed)
		return;
	cleanup_armed = 1;
	atexit(kerneltree_cleanup);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction sa, old;

		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

static int record(char *path)
{
	if (nmade >= MAX_MADE) {
		free(path);
		return -1;
	}
	made[nmade] = path;
	nmade = nmade + 1;
	return 0;
}

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int existsf(const char *fmt, const char *a, const char *b)
{
	char *p = xasprintf(fmt, a, b);
	int r = exists(p);

	free(p);
	return r;
}

struct tree {
	char *dir;		/* the tree, absolute */
	char *tmp;		/* our stand-ins */
	const char *srcarch;	/* arch/ name: x86, arm64, ... */
	const char *machine;	/* uname -m */
	int bits;
	struct strbuf said;	/* the stand-ins, for the one line */
	size_t wrappers;
	char **flags;
	size_t *nflags, *cap;
	char *const *inputs;	/* the files and directories checked */
	size_t ninputs;
};

/* mkdir -p under our directory, recording each directory made. */
static int make_dirs(struct tree *t, const char *rel)
{
	char *p = xasprintf("%s/%s", t->tmp, rel), *s;

	for (s = p + strlen(t->tmp) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		if (!is_dir(p)) {
			if (mkdir(p, 0700) < 0 || record(xstrdup(p)) < 0) {
				free(p);
				return -1;
			}
		}
		*s = '/';
	}
	free(p);
	return 0;
}

/* Write REL (relative to our directory) with TEXT. */
static int stand_in(struct tree *t, const char *rel, const char *text)
{
	char *p;
	FILE *f;

	if (make_dirs(t, rel) < 0)
		return -1;
	p = xasprintf("%s/%s", t->tmp, rel);
	f = fopen(p, "w");
	if (!f || record(xstrdup(p)) < 0) {
		if (f)
			fclose(f);
		free(p);
		return -1;
	}
	fputs(text, f);
	free(p);
	return fclose(f) ? -1 : 0;
}

static void say(struct tree *t, const char *what)
{
	sb_add(&t->said, t->said.len ? ", " : "");
	sb_add(&t->said, what);
}

static void flag(struct tree *t, const char *f)
{
	*ARRAY_PUSH(t->flags, *t->nflags, *t->cap) = xstrdup(f);
}

static void flag2(struct tree *t, const char *f, char *value)
{
	flag(t, f);
	*ARRAY_PUSH(t->flags, *t->nflags, *t->cap) = value;
}

/* -I DIR/REL when it exists in the tree. */
static void inc_tree(struct tree *t, const char *rel)
{
	char *p = xasprintf("%s/%s", t->dir, rel);

	if (is_dir(p))
		flag2(t, "-I", p);
	else
		free(p);
}

static void inc_tmp(struct tree *t, const char *rel)
{
	char *p = xasprintf("%s/%s", t->tmp, rel);

	if (is_dir(p))
		flag2(t, "-I", p);
	else
		free(p);
}

/* The host, as kbuild's SUBARCH would see it. */
static void host_arch(struct tree *t)
{
	static struct utsname u;
	static const struct { const char *prefix, *srcarch; } map[] = {
		{ "x86_64", "x86" }, { "i386", "x86" }, { "i486", "x86" },
		{ "i586", "x86" }, { "i686", "x86" }, { "aarch64", "arm64" },
		{ "arm", "arm" }, { "ppc", "powerpc" }, { "s390", "s390" },
		{ "riscv", "riscv" }, { "mips", "mips" },
		{ "loongarch", "loongarch" }, { "sparc", "sparc" },
		{ NULL, NULL },
	};
	int i;

	if (uname(&u) < 0)
		strcpy(u.machine, "x86_64");
	t->machine = u.machine;
	t->srcarch = u.machine;
	for (i = 0; map[i].prefix; i++)
		if (!strncmp(u.machine, map[i].prefix, strlen(map[i].prefix))) {
			t->srcarch = map[i].srcarch;
			break;
		}
	t->bits = sizeof(long) * 8;
}

static int makefile_says(const char *dir, const char *what)
{
	char *path = xasprintf("%s/Makefile", dir), *text;
	size_t len;
	int r;

	text = read_file(path, &len);
	free(path);
	r = text && strstr(text, what);
	free(text);
	return r;
}

/* Does the configuration the parse is given (the tree's REL, else our
 * stand-in for it) set NAME? */
static int config_set(struct tree *t, const char *rel, const char *name)
{
	char *p = xasprintf("%s/%s", t->dir, rel), *text, *want;
	size_t len;
	int r;

	text = read_file(p, &len);
	if (!text) {
		free(p);
		p = xasprintf("%s/%s", t->tmp, rel);
		text = read_file(p, &len);
	}
	want = xasprintf("#define %s 1\n", name);
	r = text && strstr(text, want);
	free(want);
	free(text);
	free(p);
	return r;
}

static char *version_h(const char *dir)
{
	int v[3];

	kernel_makefile_version(dir, v);
	return xasprintf("#define LINUX_VERSION_CODE %d\n"
			 "#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))\n"
			 "#define LINUX_VERSION_MAJOR %d\n"
			 "#define LINUX_VERSION_PATCHLEVEL %d\n"
			 "#define LINUX_VERSION_SUBLEVEL %d\n",
			 (v[0] << 16) + (v[1] << 8) + (v[2] > 255 ? 255 : v[2]),
			 v[0], v[1], v[2]);
}

static char *utsrelease_h(const char *dir)
{
	int v[3];

	kernel_makefile_version(dir, v);
	return xasprintf("#define UTS_RELEASE \"%d.%d.%d\"\n", v[0], v[1], v[2]);
}

/*
 * kbuild makes bounds.h and asm-offsets.h by compiling a file of the tree
 * (kernel/bounds.c, arch/ARCH/kernel/asm-offsets.c) and reading the
 * values its DEFINE()s print.  The tree says what they are for its own
 * version and configuration: each is written empty here, and filled in
 * by the caller once the flags are known (kerneltree_computed()).
 * Their DEFINE()s are read with this linux/kbuild.h, searched first,
 * which makes each value an enumerator the front end can evaluate.
 */
static const char kbuild_h[] =
	"#ifndef __LINUX_KBUILD_H\n#define __LINUX_KBUILD_H\n"
	"#define DEFINE(sym, val) enum { __wbcheck_define_##sym = (val) }\n"
	"#define BLANK() do { } while (0)\n"
	"#define OFFSET(sym, str, mem) DEFINE(sym, offsetof(struct str, mem))\n"
	"#define COMMENT(x) do { } while (0)\n"
	"#endif\n";

#define MAX_COMPUTED 4
static struct kt_computed computed[MAX_COMPUTED];
static size_t ncomputed;

/* The inputs no Makefile builds. */
static const char **unbuilt;
static size_t nunbuilt, unbuilt_cap;

size_t kerneltree_unbuilt(const char *const **list)
{
	*list = unbuilt;
	return nunbuilt;
}

size_t kerneltree_computed(const struct kt_computed **list)
{
	*list = computed;
	return ncomputed;
}

/* <stdarg.h> of the compiler, which -nostdinc hides from old trees. */
static const char stdarg_h[] =
	"#ifndef _WBCHECK_STDARG_H\n#define _WBCHECK_STDARG_H\n"
	"typedef __builtin_va_list va_list;\n"
	"#define va_start(v, l) __builtin_va_start(v, l)\n"
	"#define va_end(v) __builtin_va_end(v)\n"
	"#define va_arg(v, T) __builtin_va_arg(v, T)\n"
	"#define va_copy(d, s) __builtin_va_copy(d, s)\n"
	"#endif\n";

/* The first defconfig of the tree for this host. */
static char *find_defconfig(struct tree *t)
{
	char *cands[6];
	char *found = NULL;
	int i;

	cands[0] = xasprintf("%s/arch/%s/configs/%s_defconfig", t->dir,
			     t->srcarch, t->bits == 64 && !strcmp(t->srcarch, "x86") ?
			     "x86_64" : !strcmp(t->srcarch, "x86") ? "i386" : t->machine);
	cands[1] = xasprintf("%s/arch/%s/configs/defconfig", t->dir, t->srcarch);
	cands[2] = xasprintf("%s/arch/%s/defconfig", t->dir, t->srcarch);
	cands[3] = xasprintf("%s/arch/%s/defconfig", t->dir,
			     !strcmp(t->srcarch, "x86") ?
			     (t->bits == 64 ? "x86_64" : "i386") : t->machine);
	cands[4] = xasprintf("%s/arch/%s/configs/%s_defconfig", t->dir,
			     t->srcarch, t->srcarch);
	cands[5] = NULL;
	for (i = 0; cands[i]; i++) {
		if (!found && exists(cands[i]))
			found = cands[i];
		else
			free(cands[i]);
	}
	return found;
}

/* INPUT relative to the tree, or NULL when it is outside. */
static char *tree_relative(struct tree *t, const char *input)
{
	char *abs = realpath(input, NULL), *rel = NULL;
	size_t n = strlen(t->dir);

	if (abs && !strncmp(abs, t->dir, n) && abs[n] == '/')
		rel = xstrdup(abs + n + 1);
	free(abs);
	return rel;
}

/* The directories of the inputs, whose Kconfig files are read too. */
static char **input_dirs(struct tree *t, struct kbuild_wants *ws)
{
	char **dirs = xcalloc(t->ninputs + 1, sizeof(*dirs));
	size_t i, n = 0;

	for (i = 0; i < t->ninputs; i++) {
		char *rel = tree_relative(t, t->inputs[i]), *slash;

		if (!rel)
			continue;
		if (!kbuild_wants_add(ws, t->dir, rel))
			*ARRAY_PUSH(unbuilt, nunbuilt, unbuilt_cap) = t->inputs[i];
		slash = strrchr(rel, '/');
		if (slash && strlen(rel) > 2 && !strcmp(rel + strlen(rel) - 2, ".c"))
			*slash = '\0';
		if (slash)
			dirs[n++] = rel;
		else
			free(rel);
	}
	return dirs;
}

static void say_config(struct tree *t, const char *rel, const char *def,
		       const struct kconfig_said *said)
{
	struct strbuf what;

	sb_init(&what);
	sb_addf(&what, "%s (from %s and the Kconfig defaults", rel,
		def ? def + strlen(t->dir) + 1 : "no defconfig");
	if (said->nturned_on)
		sb_addf(&what, ", with %zu options the checked files need turned on",
			said->nturned_on);
	sb_add(&what, ")");
	say(t, what.buf);
	sb_free(&what);
	if (said->left_out.len)
		fprintf(stderr, "wbcheck: --kernel-tree: checked with options off that the stand-in configuration cannot turn on: %s\n",
			said->left_out.buf);
}

static int autoconf(struct tree *t, const char *rel)
{
	char *def = find_defconfig(t), *text, **dirs;
	struct kbuild_wants ws = { 0 };
	struct kconfig_said said = { 0 };
	size_t i;
	int rc;

	dirs = input_dirs(t, &ws);
	sb_init(&said.left_out);
	text = kconfig_autoconf(t->dir, t->srcarch, t->bits, def, ws.w, ws.n,
				dirs, &said);
	rc = stand_in(t, rel, text);
	say_config(t, rel, def, &said);
	sb_free(&said.left_out);
	for (i = 0; dirs[i]; i++)
		free(dirs[i]);
	free(dirs);
	kbuild_wants_free(&ws);
	free(text);
	free(def);
	return rc;
}

/* One stand-in REL_TREE when the tree lacks it, written at REL_TMP. */
static int need(struct tree *t, const char *rel_tree, const char *rel_tmp,
		const char *text)
{
	if (existsf("%s/%s", t->dir, rel_tree))
		return 0;
	say(t, rel_tree);
	return stand_in(t, rel_tmp, text);
}

/* REL_TMP, missing from the tree as REL_TREE, is computed from SOURCE. */
static int compute(struct tree *t, const char *rel_tree, const char *rel_tmp,
		   const char *source)
{
	struct kt_computed *c;
	char *p;

	if (existsf("%s/%s", t->dir, rel_tree))
		return 0;
	if (!existsf("%s/%s", t->dir, source) || ncomputed == MAX_COMPUTED)
		return need(t, rel_tree, rel_tmp, "");
	if (!existsf("%s/%s", t->tmp, "kbuild/linux/kbuild.h") &&
	    stand_in(t, "kbuild/linux/kbuild.h", kbuild_h) < 0)
		return -1;
	c = &computed[ncomputed++];
	c->header = xasprintf("%s/%s", t->tmp, rel_tmp);
	c->source = xasprintf("%s/%s", t->dir, source);
	c->kbuild_dir = xasprintf("%s/kbuild", t->tmp);
	p = xasprintf("%s (from %s)", rel_tree, source);
	say(t, p);
	free(p);
	return stand_in(t, rel_tmp, "");
}

/*
 * The syscall numbers x86 generates from its tables (what
 * scripts/syscallhdr.sh writes): "NR ABI NAME ..." lines whose ABI is
 * one of ABIS become "#define __NR_PREFIXNAME NR".  Other arches'
 * tables stay empty.
 */
static char *syscall_header(struct tree *t, const char *name)
{
	static const struct {
		const char *name, *table, *abis, *prefix, *offset;
	} hdrs[] = {
		{ "unistd_64.h", "syscall_64.tbl", ",common,64,", "", "" },
		{ "unistd_32.h", "syscall_32.tbl", ",i386,", "", "" },
		{ "unistd_x32.h", "syscall_64.tbl", ",common,x32,", "", "__X32_SYSCALL_BIT + " },
		{ "unistd_32_ia32.h", "syscall_32.tbl", ",i386,", "ia32_", "" },
		{ "unistd_64_x32.h", "syscall_64.tbl", ",x32,", "x32_", "" },
		{ NULL, NULL, NULL, NULL, NULL },
	};
	struct strbuf sb;
	char *path, *text, *line, *next;
	size_t len;
	int i;

	if (strcmp(t->srcarch, "x86"))
		return xstrdup("");
	for (i = 0; hdrs[i].name && strcmp(hdrs[i].name, name); i++)
		;
	if (!hdrs[i].name)
		return xstrdup("");
	path = xasprintf("%s/arch/x86/entry/syscalls/%s", t->dir, hdrs[i].table);
	text = read_file(path, &len);
	free(path);
	if (!text)
		return xstrdup("");
	sb_init(&sb);
	sb_add(&sb, "");
	for (line = text; line && *line; line = next) {
		char abi[32], sys[128], key[40];
		unsigned nr;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (sscanf(line, "%u %31s %127s", &nr, abi, sys) != 3)
			continue;
		snprintf(key, sizeof(key), ",%s,", abi);
		if (strstr(hdrs[i].abis, key))
			sb_addf(&sb, "#define __NR_%s%s (%s%u)\n", hdrs[i].prefix, sys,
				hdrs[i].offset, nr);
	}
	free(text);
	return sb_detach(&sb);
}

/*
 * kbuild's asm-generic wrappers: every header an arch must have
 * (mandatory-y) or takes from asm-generic (generic-y) and does not
 * provide itself becomes "#include <asm-generic/NAME>"; the ones made
 * from tables (generated-y: syscall numbers) are left empty.
 */
static int wrappers(struct tree *t, const char *kbuild, const char *archdir,
		    const char *gendir)
{
	char *path = xasprintf("%s/%s", t->dir, kbuild), *text, *line, *next;
	size_t len;
	int rc = 0;

	text = read_file(path, &len);
	free(path);
	if (!text)
		return 0;
	for (line = text; line && *line && !rc; line = next) {
		char name[256], *rel, *body;
		int generated;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		generated = !strncmp(line, "generated-y", 11);
		if (strncmp(line, "mandatory-y", 11) && strncmp(line, "generic-y", 9) &&
		    !generated)
			continue;
		if (sscanf(line, "%*[a-z-] += %255[A-Za-z0-9_.-]", name) != 1 ||
		    !strstr(name, ".h"))
			continue;
		if (existsf("%s/%s", t->dir, archdir)) {
			char *own = xasprintf("%s/%s/%s", t->dir, archdir, name);
			int has = exists(own);

			free(own);
			if (has)
				continue;
		}
		rel = xasprintf("%s/%s", gendir, name);
		if (!existsf("%s/%s", t->dir, rel) && !existsf("%s/%s", t->tmp, rel)) {
			body = generated ? syscall_header(t, name) :
			       xasprintf("#include <asm-generic/%s>\n", name);
			rc = stand_in(t, rel, body);
			free(body);
			t->wrappers++;
		}
		free(rel);
	}
	free(text);
	return rc;
}

static void arch_flags(struct tree *t)
{
	static const char *const x86_64[] = {
		"-m64", "-mno-red-zone", "-mcmodel=kernel", "-mno-sse", "-mno-mmx",
		"-mno-sse2", "-mno-3dnow", "-mno-avx", "-mno-80387", NULL,
	};
	static const char *const common[] = {
		"-D__KERNEL__", "-fshort-wchar", "-funsigned-char", "-fno-common",
		"-fno-strict-aliasing", "-DKBUILD_MODNAME=\"wbcheck\"",
		"-DKBUILD_BASENAME=\"wbcheck\"", "-D__KBUILD_MODNAME=kmod_wbcheck",
		"-DKBUILD_MODFILE=\"wbcheck\"",
		NULL,
	};
	int i;

	for (i = 0; common[i]; i++)
		flag(t, common[i]);
	if (!strcmp(t->srcarch, "x86")) {
		if (t->bits == 64)
			for (i = 0; x86_64[i]; i++)
				flag(t, x86_64[i]);
		else
			flag(t, "-m32");
	}
}

static void include_if(struct tree *t, const char *rel)
{
	char *p = xasprintf("%s/%s", t->dir, rel);

	if (exists(p))
		flag2(t, "-include", p);
	else
		free(p);
}

/* arch/ARCH/kernel/asm-offsets.c, or the x86 one that replaced i386 and
 * x86_64 in 2.6.24. */
static char *asm_offsets_c(struct tree *t, const char *arch)
{
	char *p = xasprintf("arch/%s/kernel/asm-offsets.c", arch);

	if (existsf("%s/%s", t->dir, p) || strcmp(t->srcarch, "x86"))
		return p;
	free(p);
	return xstrdup("arch/x86/kernel/asm-offsets.c");
}

static int modern(struct tree *t)
{
	char *a = xasprintf("arch/%s/include", t->srcarch), *p;
	int rc = 0;
	char *gen = xasprintf("%s/generated", a);
	char *genasm = xasprintf("%s/generated/asm", a);
	char *genuapi = xasprintf("%s/generated/uapi/asm", a);
	char *asmdir = xasprintf("%s/asm", a);
	char *uapiasm = xasprintf("%s/uapi/asm", a);
	char *kb = xasprintf("%s/asm/Kbuild", a);
	char *ukb = xasprintf("%s/uapi/asm/Kbuild", a);

	if (!existsf("%s/%s", t->dir, "include/generated/autoconf.h"))
		rc |= autoconf(t, "include/generated/autoconf.h");
	rc |= compute(t, "include/generated/bounds.h",
		      "include/generated/bounds.h", "kernel/bounds.c");
	p = asm_offsets_c(t, t->srcarch);
	rc |= compute(t, "include/generated/asm-offsets.h",
		      "include/generated/asm-offsets.h", p);
	free(p);
	rc |= need(t, "include/generated/timeconst.h",
		   "include/generated/timeconst.h", "");
	p = utsrelease_h(t->dir);
	rc |= need(t, "include/generated/utsrelease.h",
		   "include/generated/utsrelease.h", p);
	free(p);
	p = version_h(t->dir);
	if (is_dir(t->dir) && existsf("%s/%s", t->dir, "include/uapi"))
		rc |= need(t, "include/generated/uapi/linux/version.h",
			   "include/generated/uapi/linux/version.h", p);
	else
		rc |= need(t, "include/linux/version.h", "include/linux/version.h", p);
	free(p);
	if (!rc)
		rc |= wrappers(t, "include/asm-generic/Kbuild", asmdir, genasm);
	if (!rc)
		rc |= wrappers(t, kb, asmdir, genasm);
	if (!rc)
		rc |= wrappers(t, "include/uapi/asm-generic/Kbuild", uapiasm, genuapi);
	if (!rc)
		rc |= wrappers(t, ukb, uapiasm, genuapi);
	if (t->wrappers) {
		p = xasprintf("%zu headers of %s/generated (asm-generic wrappers, syscall numbers)",
			      t->wrappers, a);
		say(t, p);
		free(p);
	}

	flag(t, "-nostdinc");
	inc_tree(t, a);
	inc_tree(t, gen);
	inc_tmp(t, gen);
	inc_tree(t, "include");
	inc_tmp(t, "include");
	p = xasprintf("%s/uapi", a);
	inc_tree(t, p);
	free(p);
	p = xasprintf("%s/generated/uapi", a);
	inc_tree(t, p);
	inc_tmp(t, p);
	free(p);
	inc_tree(t, "include/uapi");
	inc_tree(t, "include/generated/uapi");
	inc_tmp(t, "include/generated/uapi");
	include_if(t, "include/linux/compiler-version.h");
	if (existsf("%s/%s", t->dir, "include/linux/kconfig.h")) {
		include_if(t, "include/linux/kconfig.h");
	} else {
		p = xasprintf("%s/include/generated/autoconf.h", t->tmp);
		if (exists(p))
			flag2(t, "-include", p);
		else
			free(p);
		include_if(t, "include/generated/autoconf.h");
	}
	include_if(t, "include/linux/compiler_types.h");
	flag(t, makefile_says(t->dir, "-std=gnu11") ? "-std=gnu11" : "-std=gnu89");
	arch_flags(t);
	/* kbuild adds it with -mfentry when the function tracer is on and
	 * the arch has fentry; without it asm/ftrace.h stops with #error */
	if (config_set(t, "include/generated/autoconf.h",
		       "CONFIG_FUNCTION_TRACER") &&
	    config_set(t, "include/generated/autoconf.h", "CONFIG_HAVE_FENTRY"))
		flag(t, "-DCC_USING_FENTRY");
	free(a);
	free(gen);
	free(genasm);
	free(genuapi);
	free(asmdir);
	free(uapiasm);
	free(kb);
	free(ukb);
	return rc;
}

/* 2.6-era: include/asm-ARCH, the include/asm link, linux/autoconf.h. */
static int old(struct tree *t, const char *asmdir)
{
	char *p, *src, *link, *target;
	int rc = 0;

	if (!existsf("%s/%s", t->dir, "include/asm")) {
		link = xasprintf("%s/include/asm", t->tmp);
		target = xasprintf("%s/include/%s", t->dir, asmdir);
		if (make_dirs(t, "include/asm") < 0 || symlink(target, link) < 0 ||
		    record(xstrdup(link)) < 0)
			rc = -1;
		free(link);
		free(target);
		p = xasprintf("the include/asm link (to include/%s)", asmdir);
		say(t, p);
		free(p);
	}
	if (!existsf("%s/%s", t->dir, "include/linux/autoconf.h"))
		rc |= autoconf(t, "include/linux/autoconf.h");
	p = version_h(t->dir);
	rc |= need(t, "include/linux/version.h", "include/linux/version.h", p);
	free(p);
	p = utsrelease_h(t->dir);
	rc |= need(t, "include/linux/utsrelease.h", "include/linux/utsrelease.h", p);
	free(p);
	if (existsf("%s/%s", t->dir, "kernel/bounds.c"))
		rc |= compute(t, "include/linux/bounds.h",
			      "include/linux/bounds.h", "kernel/bounds.c");
	p = xasprintf("include/%s/asm-offsets.h", asmdir);
	src = asm_offsets_c(t, asmdir + strlen("asm-"));
	rc |= compute(t, p, "over/asm/asm-offsets.h", src);
	free(src);
	free(p);
	if (!existsf("%s/%s", t->dir, "include/linux/stdarg.h")) {
		say(t, "stdarg.h (-nostdinc hides the compiler's)");
		rc |= stand_in(t, "sys/stdarg.h", stdarg_h);
	}

	flag(t, "-nostdinc");
	/* -isystem, where kbuild gives the compiler's own directory */
	p = xasprintf("%s/sys", t->tmp);
	if (is_dir(p))
		flag2(t, "-isystem", p);
	else
		free(p);
	inc_tree(t, "include");
	inc_tmp(t, "include");
	p = xasprintf("include/%s/mach-default", asmdir);
	inc_tree(t, p);
	free(p);
	inc_tmp(t, "over");
	p = xasprintf("%s/include/linux/autoconf.h", t->dir);
	if (!exists(p)) {
		free(p);
		p = xasprintf("%s/include/linux/autoconf.h", t->tmp);
	}
	flag2(t, "-include", p);
	flag(t, "-std=gnu89");
	arch_flags(t);
	return rc;
}

/* include/asm-ARCH of an old tree for this host, or NULL. */
static const char *old_asm_dir(struct tree *t)
{
	static char name[300];
	const char *cands[4];
	int i;

	cands[0] = t->srcarch;
	cands[1] = !strcmp(t->srcarch, "x86") ? (t->bits == 64 ? "x86_64" : "i386") :
		   t->machine;
	cands[2] = t->machine;
	cands[3] = NULL;
	for (i = 0; cands[i]; i++) {
		snprintf(name, sizeof(name), "asm-%s", cands[i]);
		if (existsf("%s/include/%s", t->dir, name))
			return name;
	}
	return NULL;
}

int kerneltree_flags(const char *dir, char *const *inputs, size_t ninputs,
		     char ***flags, size_t *nflags, size_t *cap, char **err)
{
	struct tree t = { 0 };
	const char *tmpdir = getenv("TMPDIR"), *asmdir = NULL;
	char *modern_asm;
	int rc, is_modern;

	t.dir = realpath(dir, NULL);
	if (!t.dir || !is_dir(t.dir)) {
		*err = xasprintf("--kernel-tree %s: %s", dir,
				 t.dir ? "not a directory" : strerror(errno));
		free(t.dir);
		return -1;
	}
	if (!existsf("%s/%s", t.dir, "include/linux")) {
		*err = xasprintf("--kernel-tree %s: not a kernel source tree (no include/linux)",
				 dir);
		free(t.dir);
		return -1;
	}
	host_arch(&t);
	modern_asm = xasprintf("%s/arch/%s/include/asm", t.dir, t.srcarch);
	is_modern = is_dir(modern_asm);
	free(modern_asm);
	if (!is_modern && !(asmdir = old_asm_dir(&t))) {
		*err = xasprintf("--kernel-tree %s: no arch/%s/include/asm nor include/asm-%s: not a tree for this host (%s)",
				 dir, t.srcarch, t.srcarch, t.machine);
		free(t.dir);
		return -1;
	}
	arm_cleanup();
	t.tmp = xasprintf("%s/wbcheck-kt.XXXXXX",
			  tmpdir && *tmpdir ? tmpdir : "/tmp");
	if (!mkdtemp(t.tmp)) {
		*err = xasprintf("--kernel-tree: cannot make a directory in %s: %s",
				 tmpdir && *tmpdir ? tmpdir : "/tmp", strerror(errno));
		free(t.tmp);
		free(t.dir);
		return -1;
	}
	record(xstrdup(t.tmp));
	sb_init(&t.said);
	t.flags = *flags;
	t.nflags = nflags;
	t.cap = cap;
	t.inputs = inputs;
	t.ninputs = ninputs;
	rc = is_modern ? modern(&t) : old(&t, asmdir);
	*flags = t.flags;
	if (rc) {
		*err = xasprintf("--kernel-tree: cannot write stand-ins under %s: %s",
				 t.tmp, strerror(errno));
	} else if (t.said.len) {
		fprintf(stderr, "wbcheck: --kernel-tree %s: %s layout, no build: stand-ins for %s\n",
			dir, is_modern ? "modern" : "2.6-era", t.said.buf);
	}
	sb_free(&t.said);
	free(t.tmp);
	free(t.dir);
	return rc ? -1 : 0;
}

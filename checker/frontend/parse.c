/*
 * frontend: parse one translation unit with libclang (with the header
 * texts the prefilter gives it, and again from the files should those
 * not parse), note its per-TU facts (errors, escapes, ops-table holds,
 * declared helpers, which header functions to lower) and lower its
 * functions into IR; tu_result_merge() hands them to the program.
 */
#include "frontend/parse.h"
#include "frontend/cursor.h"
#include "frontend/lower.h"
#include "frontend/lower_claims.h"
#include "frontend/shared_pch.h"
#include "prefilter/macro_index.h"
#include "prefilter/header_funcs.h"
#include "prefilter/tu_select.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <clang-c/Index.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_ERRORS_SHOWN 5

void frontend_init(struct frontend *fe, const struct rules *rules,
		   struct program *prog)
{
	memset(fe, 0, sizeof(*fe));
	fe->index = clang_createIndex(0, 0);
	fe->rules = rules;
	fe->prog = prog;
}

	size_t i;

void frontend_free(struct frontend *fe)
{
	size_t i;

	clang_disposeIndex(fe->index);
	shared_pch_free(fe->pch);
	strmap_free(&fe->flag_ok);
	strmap_free(&fe->flag_bad);
	for (i = 0; i < fe->nfailed_files; i++)
		free(fe->failed_files[i]);
	free(fe->failed_files);
}

static const char **argv_of(char *const *flags, size_t nflags)
{
	const char **argv = xcalloc(nflags + 2, sizeof(*argv));
	size_t i;

	for (i = 0; i < nflags; i++)
		argv[i] = flags[i];
	argv[nflags] = "-w";	/* warnings are of no use to the analysis */
	return argv;
}

static void drop_at(char **flags, size_t *nflags, size_t i)
{
	free(flags[i]);
	memmove(&flags[i], &flags[i + 1], (*nflags - i - 1) * sizeof(*flags));
	(*nflags)--;
}

/* Drop every copy of BAD, with one note for all of them. */
static int remove_flag(struct frontend *fe, char **flags, size_t *nflags,
		       const char *bad)
{
	size_t i = 0;
	int found = 0;

	while (i < *nflags) {
		if (strcmp(flags[i], bad)) {
			i++;
			continue;
		}
		if (!found++)
			fprintf(stderr, "wbcheck: note: dropping compiler flag '%s' that clang does not accept\n",
				bad);
		drop_at(flags, nflags, i);
	}
	if (found)
		strmap_put(&fe->flag_bad, bad, 1);
	return found;
}

/* The flag quoted in a driver diagnostic ("unknown argument: '-fx'"). */
static char *quoted_flag(const char *msg)
{
	const char *a = strchr(msg, '\''), *b;

	if (!a || !(b = strchr(a + 1, '\'')))
		return NULL;
	return xstrndup(a + 1, b - a - 1);
}

static int drop_from_diagnostics(struct frontend *fe, CXTranslationUnit tu,
				 char **flags, size_t *nflags)
{
	unsigned i, n = tu ? clang_getNumDiagnostics(tu) : 0;
	int dropped = 0;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString s = clang_getDiagnosticSpelling(d);
		const char *msg = clang_getCString(s);
		char *flag = NULL;

		if (msg && (strstr(msg, "unknown argument") ||
			    strstr(msg, "unsupported option") ||
			    strstr(msg, "unsupported argument") ||
			    strstr(msg, "does not support")))
			flag = quoted_flag(msg);
		if (flag) {
			char *eq;

			dropped |= remove_flag(fe, flags, nflags, flag);
			eq = strchr(flag, '=');
			if (!dropped && eq) {
				*eq = '\0';
				dropped |= remove_flag(fe, flags, nflags, flag);
			}
		}
		free(flag);
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
	return dropped;
}

/*
 * Drop the flags already known bad; returns 1 when every other flag is
 * known good, so that a build directory of a thousand files with the
 * same flags probes libclang once, not a thousand times.
 */
/* Defines, include paths and the values of flags never upset libclang. */
static int trivially_ok(const char *f)
{
	return f[0] != '-' || !strncmp(f, "-D", 2) || !strncmp(f, "-U", 2) ||
	       !strncmp(f, "-I", 2) || !strcmp(f, "-include") ||
	       !strcmp(f, "-isystem") || !strcmp(f, "-iquote");
}

static int known_flags(struct frontend *fe, char **flags, size_t *nflags)
{
	size_t i = 0;
	int all = 1;

	while (i < *nflags) {
		if (strmap_get(&fe->flag_bad, flags[i])) {
			drop_at(flags, nflags, i);
			continue;
		}
		all &= trivially_ok(flags[i]) ||
		       strmap_get(&fe->flag_ok, flags[i]) != NULL;
		i++;
	}
	return all;
}

static void remember_good(struct frontend *fe, char **flags, size_t nflags)
{
	size_t i;

	for (i = 0; i < nflags; i++)
		strmap_put(&fe->flag_ok, flags[i], 1);
}

/* The words from I that form one flag: the flag and the values after it. */
static size_t flag_words(char *const *flags, size_t nflags, size_t i)
{
	size_t n = 1;

	while (i + n < nflags && flags[i + n][0] != '-')
		n++;
	return n;
}

/*
 * Parse an empty C file with FLAGS, to hear what libclang says of them.
 * The file is /dev/null, not an unsaved buffer: libclang leaks the
 * buffer when it refuses the command line.  "-x c" goes first, so that
 * a -x among the flags still counts.
 */
static CXTranslationUnit probe_parse(struct frontend *fe, char **flags,
				     size_t nflags)
{
	const char **argv = xcalloc(nflags + 4, sizeof(*argv));
	CXTranslationUnit tu = NULL;
	size_t i;

	argv[0] = "-x";
	argv[1] = "c";
	for (i = 0; i < nflags; i++)
		argv[i + 2] = flags[i];
	argv[nflags + 2] = "-w";
	clang_parseTranslationUnit2(fe->index, "/dev/null", argv,
				    (int)nflags + 3, NULL, 0,
				    CXTranslationUnit_Incomplete, &tu);
	free(argv);
	return tu;
}

static int probe_ok(struct frontend *fe, char **flags, size_t nflags)
{
	CXTranslationUnit tu = probe_parse(fe, flags, nflags);

	if (!tu)
		return 0;
	clang_disposeTranslationUnit(tu);
	return 1;
}

/*
 * libclang refused the whole command line without a diagnostic to say
 * why (an invalid -std=, -x or -target value): find the flags to blame
 * by adding one at a time, and drop them with a note.
 */
static int drop_fatal_flags(struct frontend *fe, char **flags, size_t *nflags)
{
	size_t i = 0, n, k;
	int dropped = 0;

	while (i < *nflags) {
		n = flag_words(flags, *nflags, i);
		if (probe_ok(fe, flags, i + n)) {
			i += n;
			continue;
		}
		dropped = 1;
		if (n == 1) {
			/* every copy, with one note */
			char *bad = xstrdup(flags[i]);

			remove_flag(fe, flags, nflags, bad);
			free(bad);
			continue;
		}
		fprintf(stderr, "wbcheck: note: dropping compiler flag '%s", flags[i]);
		for (k = 1; k < n; k++)
			fprintf(stderr, " %s", flags[i + k]);
		fprintf(stderr, "' that clang does not accept\n");
		for (k = 0; k < n; k++)
			drop_at(flags, nflags, i);
	}
	return dropped;
}

void frontend_drop_unknown_flags(struct frontend *fe, char **flags,
				 size_t *nflags)
{
	int round;

	if (known_flags(fe, flags, nflags))
		return;
	for (round = 0; round < 32; round++) {
		CXTranslationUnit tu = probe_parse(fe, flags, *nflags);
		int dropped;

		dropped = drop_from_diagnostics(fe, tu, flags, nflags);
		if (!tu)
			dropped = drop_fatal_flags(fe, flags, nflags);
		if (tu)
			clang_disposeTranslationUnit(tu);
		if (!dropped)
			break;
	}
	remember_good(fe, flags, *nflags);
}

static int report_errors(CXTranslationUnit tu, const char *file,
			 struct strbuf *msg)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	int errors = 0;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);

		if (sev >= CXDiagnostic_Error) {
			if (errors < MAX_ERRORS_SHOWN) {
				CXString s = clang_formatDiagnostic(d,
					clang_defaultDiagnosticDisplayOptions());

				sb_addf(msg, "%s\n", clang_getCString(s));
				clang_disposeString(s);
			}
			errors++;
		}
		clang_disposeDiagnostic(d);
	}
	if (errors)
		sb_addf(msg, "wbcheck: %s: %d error%s while parsing; functions that parsed are still analysed\n",
			file, errors, errors == 1 ? "" : "s");
	return errors;
}

struct defn_list {
	CXCursor *items;
	char *in_main;
	size_t n, cap, main_cap;
	/* functions a macro declares and nothing here defines, in a parse
	 * with bodies skipped: the body may be one prefilter/skip_bodies.c
	 * blanked */
	CXCursor *gens;
	size_t ngens, gens_cap;
};

struct tu_walk {
	const struct rules *rules;
	const struct tufilter *live;	/* names that matter across the run */
	int skipped;			/* parsed with header bodies skipped */
	const struct tufilter_text *given;	/* the texts parsed, or NULL */
	int verbose;			/* say why a file is parsed again */
	const char *file;
	struct tu_result *out;
	struct lower_claims *claims;	/* copies other files lowered */
	size_t order;			/* this file's place in the merge */
	struct lower_env env;
	struct strbuf declared;
	struct defn_list defs;
	const struct shared_pch *pch;	/* loaded first, or NULL */
};

static void escape_cb(void *ctx, const char *usr)
{
	struct tu_result *out = ctx;

	strmap_put(&out->escaped, usr, 1);
}

/* The designator of ".member = value" in an initialiser. */
struct designator {
	const struct rules *rules;
	char *member;		/* NULL until the MemberRef is seen */
	unsigned long holds;	/* the disciplines its callbacks start with */
	struct tu_result *out;
};

/* "file_operations.write_iter" for a MemberRef to that field. */
static char *member_path(CXCursor member_ref)
{
	CXCursor field = clang_getCursorReferenced(member_ref);
	CXCursor rec = clang_getCursorSemanticParent(field);
	char *f = cursor_spelling(field), *r = cursor_spelling(rec), *s;

	s = xasprintf("%s.%s", r, f);
	free(f);
	free(r);
	return s;
}

static enum CXChildVisitResult mark_held(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct designator *d = data;
	CXCursor ref;
	CXString usr;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_MemberRef && !d->member) {
		d->member = member_path(c);
		d->holds = rules_callback_holds(d->rules, d->member);
		return d->holds ? CXChildVisit_Continue : CXChildVisit_Break;
	}
	if (!d->holds)
		return CXChildVisit_Break;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
		usr = clang_getCursorUSR(ref);
		strmap_or(&d->out->held, clang_getCString(usr), (long)d->holds);
		clang_disposeString(usr);
	}
	return CXChildVisit_Continue;
}

/*
 * ".write_iter = foo_write_iter": the VFS calls foo_write_iter only on a
 * file open for write, which holds write access to its mount until the
 * last fput, so foo_write_iter is entered with the bracket held.
 */
static void find_held_callbacks(CXCursor c, struct tu_walk *w)
{
	struct designator d = { .rules = w->rules, .out = w->out };

	if (!w->rules->ncallback_holds)
		return;
	clang_visitChildren(c, mark_held, &d);
	free(d.member);
}

static enum CXChildVisitResult find_escapes(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct tu_walk *w = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr)
		find_held_callbacks(c, w);
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(c);

		if (clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
			CXString usr = clang_getCursorUSR(ref);

			escape_cb(w->out, clang_getCString(usr));
			clang_disposeString(usr);
		}
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult collect_declared(CXCursor c, CXCursor parent,
						CXClientData data)
{
	struct tu_walk *w = data;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return CXChildVisit_Continue;
	name = cursor_spelling(c);
	if (rules_is_replacement_helper(w->rules, name)) {
		sb_add(&w->declared, name);
		sb_addc(&w->declared, ' ');
	}
	free(name);
	return CXChildVisit_Continue;
}

/* EXPORT_SYMBOL(f) stores &f in a variable of a discarded section: that
 * exports f, it hands f to no caller the analysis cannot see. */
static int export_marker(const struct rules *rules, CXCursor var)
{
	char *name;
	int yes;

	if (!rules->nexport_markers)
		return 0;
	name = cursor_spelling(var);
	yes = rules_is_export_marker(rules, name);
	free(name);
	return yes;
}

/* Is the text at END inside parentheses opened after START? */
static int inside_parens(const char *buf, size_t start, size_t end)
{
	size_t i = start;
	int depth = 0;

	while (i < end) {
		size_t skip = c_noise_len(buf + i, end - i);

		if (skip) {
			i += skip;
			continue;
		}
		if (buf[i] == '(')
			depth++;
		else if (buf[i] == ')' && depth)
			depth--;
		i++;
	}
	return depth > 0;
}

/*
 * A function a macro declares, that nothing in the TU defines.  Where
 * it is declared, its name is not there (pasted: "trace_##name" puts
 * "trace_nfsd_read_start" at the invocation), or comes after a "(" of
 * the invocation's parentheses (an argument: "DEFINE_X(name, fn)"),
 * not after an attribute's ("__printf(1, 2) void f(...)").
 */
static int macro_declared(struct tu_walk *w, CXCursor fn)
{
	CXSourceLocation at = clang_getCursorLocation(fn);
	CXSourceRange extent = clang_getCursorExtent(fn);
	CXFile file, first;
	unsigned offset, start;
	const char *buf;
	size_t size, n;
	char *name;
	int yes;

	if (!clang_Cursor_isNull(clang_getCursorDefinition(fn)))
		return 0;
	clang_getFileLocation(at, &file, NULL, NULL, &offset);
	clang_getFileLocation(clang_getRangeStart(extent), &first, NULL, NULL,
			      &start);
	if (!file || !srctext_file(w->env.text, file, &buf, &size))
		return 0;
	name = cursor_spelling(fn);
	n = strlen(name);
	yes = offset > size || size - offset < n ||
	      strncmp(buf + offset, name, n) ||
	      (offset + n < size && (isalnum((unsigned char)buf[offset + n]) ||
				     buf[offset + n] == '_')) ||
	      (clang_File_isEqual(file, first) && start < offset &&
	       inside_parens(buf, start, offset));
	free(name);
	return yes;
}

static enum CXChildVisitResult collect_top(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct tu_walk *w = data;
	struct defn_list *d = &w->defs;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c)) {
		*ARRAY_PUSH(d->items, d->n, d->cap) = c;
		grow_array((void **)&d->in_main, &d->main_cap, d->n, 1);
		d->in_main[d->n - 1] =
			clang_Location_isFromMainFile(clang_getCursorLocation(c));
	} else if (k == CXCursor_FunctionDecl && w->skipped &&
		   macro_declared(w, c)) {
		*ARRAY_PUSH(d->gens, d->ngens, d->gens_cap) = c;
	} else if (k == CXCursor_VarDecl && !export_marker(w->rules, c)) {
		/* ops tables: functions named in initialisers escape */
		clang_visitChildren(c, find_escapes, w);
	}
	return CXChildVisit_Continue;
}

/* Each "#define NAME ..." of a header, continuation lines included. */
static void add_macro(void *tl, const char *name, size_t name_len,
		      const char *text, size_t len)
{
	tulive_add_macro(tl, name, name_len, text, len);
}

struct inclusion_walk {
	struct tulive *tl;
	struct srctext *text;
	const struct tufilter_text *given;
	unsigned char *in;	/* by tufilter's numbers: given, included */
	const struct shared_pch *pch;
};

/* A header's macros for TL: those of a text the parser was given are
 * filed for the run already (tulive_use_macros()). */
static void visit_inclusion(CXFile file, CXSourceLocation *stack,
			    unsigned depth, CXClientData data)
{
	struct inclusion_walk *iw = data;
	const char *buf;
	size_t size;
	long at;

	(void)stack;
	if (!depth)
		return;
	at = iw->in ? srctext_given(iw->text, file) : -1;
	if (at >= 0)
		iw->in[iw->given[at].file] = 1;
	else if (srctext_file(iw->text, file, &buf, &size))
		macroidx_scan(buf, size, add_macro, iw->tl);
}

/*
 * A header's function that matters only through a wrapper defined in
 * another file of the run (a static inline around ovl_want_write()):
 * this TU's text cannot tell, the run's index can.
 */
static int header_matters(const struct tu_walk *w, CXCursor fn)
{
	char *name;
	int yes;

	if (!w->live)
		return 0;
	name = cursor_spelling(fn);
	yes = tufilter_name_matters(w->live, w->file, name);
	free(name);
	return yes;
}

/* FN's body was skipped and is needed: the file is parsed again. */
static int needs_body(struct tu_walk *w, CXCursor fn)
{
	char *name;

	if (w->verbose) {
		name = cursor_spelling(fn);
		sb_addf(&w->out->messages, "wbcheck: %s: parsed again with every header body: %s(), declared by a macro, may need its body\n",
			w->file, name);
		free(name);
	}
	return 1;
}

/*
 * Would a function a macro declares, had its body not been skipped,
 * have been lowered?  A function of the main file always is; a header's
 * is if it can matter, which a node of its own in TL says
 * (prefilter/skip_bodies.c skips a macro's bodies when the macro cannot matter,
 * but what its arguments bring in is seen only here, at the invocation). 
 * Solves TL for lower_all(): a node added here that is not live changes
 * nothing.
 */
static int skipped_needed(struct tu_walk *w, struct tulive *tl,
			  size_t *node)
{
	struct defn_list *d = &w->defs;
	size_t i;

	for (i = 0; i < d->ngens; i++) {
		const char *text;
		size_t len;
		char *name;

		if (clang_Location_isFromMainFile(clang_getCursorLocation(d->gens[i])))
			return needs_body(w, d->gens[i]);
		if (!srctext_raw(w->env.text, d->gens[i], &text, &len))
			continue;
		name = cursor_spelling(d->gens[i]);
		node[i] = tulive_add_function(tl, name, text, len) + 1;
		tulive_ask(tl, node[i] - 1);
		free(name);
	}
	tulive_solve(tl);
	for (i = 0; i < d->ngens; i++)
		if ((node[i] && tulive_live(tl, node[i] - 1)) ||
		    header_matters(w, d->gens[i]))
			return needs_body(w, d->gens[i]);
	return 0;
}

static void defs_free(struct defn_list *d)
{
	free(d->items);
	free(d->in_main);
	free(d->gens);
	memset(d, 0, sizeof(*d));
}

/*
 * FN into the result, unless the merge is sure to drop it for another
 * file's copy (frontend/lower_claims.c).  It is lowered all the same:
 * the functions whose addresses its body takes were noted meanwhile,
 * and the merge takes those from every copy.
 */
static void keep_lowered(struct tu_walk *w, struct ir_func *fn)
{
	if (lower_claims_dropped(w->claims, fn->usr, w->order)) {
		ir_func_free(fn);
		return;
	}
	*ARRAY_PUSH(w->out->funcs, w->out->nfuncs, w->out->funcs_cap) = fn;
}

/* Lower the main file's functions, and the header functions that can
 * matter (prefilter/header_funcs.c; across the run, prefilter/tu_select.c).
 * Returns -1, lowering nothing, if a body that was skipped is needed
 * after all. */
static int lower_all(struct tu_walk *w)
{
	struct defn_list *d = &w->defs;
	struct tulive *tl = tulive_new(w->rules);
	struct inclusion_walk iw = { tl, w->env.text, w->given, NULL, w->pch };
	size_t *node = xcalloc(d->n + 1, sizeof(*node)), i;
	size_t *gen = xcalloc(d->ngens + 1, sizeof(*gen));
	char *matters = xcalloc(d->n + 1, 1);
	size_t nfiles = w->live ? tufilter_nfiles(w->live) : 0;
	int needed;

	if ((w->given || w->pch) && w->live)
		iw.in = xcalloc(nfiles + 1, 1);
	clang_getInclusions(w->env.tu, visit_inclusion, &iw);
	for (i = 0; iw.in && w->pch && i < w->pch->nfiles; i++)
		if (w->pch->files[i] >= 0 && (size_t)w->pch->files[i] < nfiles)
			iw.in[w->pch->files[i]] = 1;
	if (iw.in)
		tulive_use_macros(tl, tufilter_macros(w->live), iw.in, nfiles);
	for (i = 0; i < d->n; i++) {
		const char *text;
		size_t len;
		char *name;

		if (d->in_main[i] || !srctext_raw(w->env.text, d->items[i],
						  &text, &len))
			continue;
		name = cursor_spelling(d->items[i]);
		node[i] = tulive_add_function(tl, name, text, len) + 1;
		free(name);
		/* the run's index may say so already; else this TU's text */
		matters[i] = header_matters(w, d->items[i]);
		if (!matters[i])
			tulive_ask(tl, node[i] - 1);
	}
	needed = skipped_needed(w, tl, gen);
	for (i = 0; !needed && i < d->n; i++)
		if (d->in_main[i] || !node[i] || matters[i] ||
		    tulive_live(tl, node[i] - 1))
			keep_lowered(w, lower_function(&w->env, d->items[i]));
	free(matters);
	free(gen);
	free(node);
	tulive_free(tl);
	free(iw.in);
	defs_free(d);
	return needed ? -1 : 0;
}

/*
 * clang's driver takes these names for serialized ASTs whatever -x says,
 * and libclang 19 crashes walking one that was built with other flags.
 */
static int is_ast_name(const char *file)
{
	static const char *const ext[] = { ".pch", ".gch", ".ast", ".pcm", NULL };
	size_t n = strlen(file), i;

	for (i = 0; ext[i]; i++)
		if (n > 4 && !strcmp(file + n - 4, ext[i]))
			return 1;
	return 0;
}

static int check_input(const char *file, struct strbuf *msg)
{
	struct stat st;

	if (stat(file, &st) < 0) {
		sb_addf(msg, "wbcheck: %s: %s\n", file, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		sb_addf(msg, "wbcheck: %s: is a directory\n", file);
		return -1;
	}
	if (is_ast_name(file)) {
		sb_addf(msg, "wbcheck: %s: a precompiled header or AST file by its name, not C source\n",
			file);
		return -1;
	}
	return 0;
}

static const char *parse_error_name(enum CXErrorCode rc)
{
	switch (rc) {
	case CXError_Crashed:
		return "libclang crashed on it";
	case CXError_InvalidArguments:
		return "invalid arguments";
	case CXError_ASTReadError:
		return "no C compile job for it with these flags";
	default:
		return "error";
	}
}

static int is_c_name(const char *file)
{
	size_t n = strlen(file);

	return n > 2 && file[n - 2] == '.' && strchr("chi", file[n - 1]);
}

static int has_errors(CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	int errors = 0;

	for (i = 0; i < n && !errors; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		errors = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return errors;
}

/* The texts a parse was given, kept for frontend/cursor_text.c until the walk
 * ends. */
struct given {
	struct tufilter_text *texts;
	struct CXUnsavedFile *unsaved;
	size_t n;
	int changed;		/* some text is not the file's */
};

static void given_free(struct given *g)
{
	free(g->unsaved);
	tufilter_texts_free(g->texts, g->n);
	memset(g, 0, sizeof(*g));
}

/* G's texts as libclang takes them: G->unsaved, one for each. */
static void given_unsaved(struct given *g)
{
	size_t i;

	g->unsaved = xcalloc(g->n + 1, sizeof(*g->unsaved));
	for (i = 0; i < g->n; i++) {
		g->unsaved[i].Filename = g->texts[i].path;
		g->unsaved[i].Contents = g->texts[i].text;
		g->unsaved[i].Length = g->texts[i].len;
		g->changed |= g->texts[i].changed;
	}
}

/*
 * Parse with the headers whose bodies that cannot matter are skipped
 * (prefilter/skip_bodies.c); should that not parse cleanly, parse the files as
 * they are, so that what is reported, and analysed, is theirs.  The headers
 * left as they are are given too (prefilter/tu_select.h says why).
 */
static enum CXErrorCode parse_skipping(void *index,
				       const struct tufilter *live,
				       const char *file, const char **argv,
				       size_t nflags, CXTranslationUnit *tu,
				       struct given *g, struct strbuf *verbose)
{
	enum CXErrorCode rc;

	g->n = live ? tufilter_skipped(live, file, NULL, &g->texts) : 0;
	if (g->n) {
		given_unsaved(g);
		rc = clang_parseTranslationUnit2(index, file, argv,
						 (int)nflags + 1, g->unsaved,
						 (unsigned)g->n,
						 CXTranslationUnit_KeepGoing, tu);
		if (rc == CXError_Success && *tu &&
		    (!g->changed || !has_errors(*tu)))
			return rc;
		given_free(g);
		if (verbose)
			sb_addf(verbose, "wbcheck: %s: parsed again with every header body: it does not parse with some skipped\n",
				file);
		if (*tu)
			clang_disposeTranslationUnit(*tu);
		*tu = NULL;
	}
	return clang_parseTranslationUnit2(index, file, argv, (int)nflags + 1,
					   NULL, 0, CXTranslationUnit_KeepGoing,
					   tu);
}

/* Walk a parsed TU into OUT; -2 if its skipped bodies are needed. */
static int walk_parsed(CXTranslationUnit tu, const struct rules *rules,
		       const struct tufilter *live, const char *file,
		       const struct given *g, int verbose,
		       const struct claim_place *at, struct tu_result *out,
		       const struct shared_pch *pch, char **declared_out)
{
	struct tu_walk w;
	CXCursor root;
	int errors, rc;

	errors = report_errors(tu, file, &out->messages);
	memset(&w, 0, sizeof(w));
	w.rules = rules;
	w.live = live;
	w.skipped = g->changed;
	w.given = g->n ? g->texts : NULL;
	w.verbose = verbose;
	w.file = file;
	w.out = out;
	w.claims = at ? at->claims : NULL;
	w.order = at ? at->order : 0;
	sb_init(&w.declared);
	sb_addc(&w.declared, ' ');
	root = clang_getTranslationUnitCursor(tu);
	clang_visitChildren(root, collect_declared, &w);
	if (pch && pch->declared)
		sb_add(&w.declared, pch->declared);
	if (declared_out)
		*declared_out = xstrdup(w.declared.buf + 1);
	w.pch = pch;
	w.env.tu = tu;
	w.env.text = srctext_new(tu, g->unsaved, (unsigned)g->n);
	w.env.rules = rules;
	w.env.declared = intern(w.declared.buf);
	w.env.address_taken = escape_cb;
	w.env.ctx = out;
	clang_visitChildren(root, collect_top, &w);
	rc = lower_all(&w);
	srctext_free(w.env.text);
	sb_free(&w.declared);
	if (rc < 0) {
		/* what the skipping parse gave is dropped */
		strmap_free(&out->escaped);
		strmap_free(&out->held);
		return -2;
	}
	return errors ? 1 : 0;
}

/* What a walk gave, let go of: the file is parsed again, or not used. */
static void result_drop(struct tu_result *r)
{
	size_t i;

	for (i = 0; i < r->nfuncs; i++)
		ir_func_free(r->funcs[i]);
	free(r->funcs);
	r->funcs = NULL;
	r->nfuncs = r->funcs_cap = 0;
	strmap_free(&r->escaped);
	strmap_free(&r->held);
	memset(&r->escaped, 0, sizeof(r->escaped));
	memset(&r->held, 0, sizeof(r->held));
}

/* ---- With the shared headers precompiled (frontend/shared_pch.c) ---- */

/* ARGV (NFLAGS and "-w") and what loads P first. */
static const char **argv_with_pch(const char **argv, size_t nflags,
				  const struct shared_pch *p, int *argc)
{
	const char **args = xcalloc(nflags + 6, sizeof(*args));

	memcpy(args, argv, (nflags + 1) * sizeof(*args));
	args[nflags + 1] = "-include-pch";
	args[nflags + 2] = p->path;
	/* its headers are given by other texts than the files' */
	args[nflags + 3] = "-Xclang";
	args[nflags + 4] = "-fno-validate-pch";
	*argc = (int)nflags + 5;
	return args;
}

/* FILE's texts, less those P holds (libclang refuses a precompiled
 * header some of whose files are given again). */
static void given_less_pch(const struct tufilter *live, const char *file,
			   const struct shared_pch *p, struct given *g)
{
	g->n = live ? tufilter_skipped(live, file, &p->paths, &g->texts) : 0;
	given_unsaved(g);
	g->changed = 1;		/* the shared headers are skipping texts too */
}

/* After the parse: P's texts too, for what the walk reads of them (the
 * macros of its headers, the text under a cursor). */
static void add_pch_texts(const struct shared_pch *p, struct given *g)
{
	size_t i;

	g->texts = xrealloc(g->texts, (g->n + p->ntexts + 1) * sizeof(*g->texts));
	g->unsaved = xrealloc(g->unsaved,
			      (g->n + p->ntexts + 1) * sizeof(*g->unsaved));
	for (i = 0; i < p->ntexts; i++, g->n++) {
		g->texts[g->n] = p->texts[i];
		g->unsaved[g->n].Filename = p->texts[i].path;
		g->unsaved[g->n].Contents = p->texts[i].text;
		g->unsaved[g->n].Length = p->texts[i].len;
	}
}

struct own_headers {
	const struct shared_pch *p;
	struct strmap given;	/* path -> its text in G, + 1 */
	const struct given *g;
	int tells;		/* one #defines a name the set tests */
	char *which;		/* that one */
};

static void check_own_header(CXFile file, CXSourceLocation *stack,
			     unsigned depth, CXClientData data)
{
	struct own_headers *oh = data;
	CXString name;
	const char *path;
	const long *at;
	char *text;
	size_t len;

	(void)stack;
	if (!depth || oh->tells)
		return;
	name = clang_getFileName(file);
	path = clang_getCString(name);
	if (path && !strmap_get(&oh->p->paths, path)) {
		at = strmap_get(&oh->given, path);
		if (at) {
			oh->tells = shared_pch_defines_tested(oh->p,
				oh->g->texts[*at - 1].text,
				oh->g->texts[*at - 1].len);
		} else if ((text = read_file(path, &len))) {
			oh->tells = shared_pch_defines_tested(oh->p, text, len);
			free(text);
		}
		if (oh->tells) {
			shared_pch_turned_down(oh->p, path);
			oh->which = xstrdup(path);
		}
	}
	clang_disposeString(name);
}

/* Did TU read a header P does not hold that #defines a name P's
 * conditionals test (before P's headers, in its own order, it would
 * have changed them)? */
static int own_headers_tell(CXTranslationUnit tu, const struct shared_pch *p,
			    const struct given *g, const char *file,
			    struct strbuf *verbose)
{
	struct own_headers oh = { p, { 0 }, g, 0, NULL };
	size_t i;

	for (i = 0; i < g->n; i++)
		strmap_put(&oh.given, g->texts[i].path, (long)i + 1);
	clang_getInclusions(tu, check_own_header, &oh);
	strmap_free(&oh.given);
	if (oh.which && verbose)
		sb_addf(verbose, "wbcheck: %s: parsed again without the shared headers: %s, which it reads, defines a name they test\n",
			file, oh.which);
	free(oh.which);
	return oh.tells;
}

/* FILE parsed with P loaded first; -3 if it must be parsed without, -4
 * if a header of its own it read tells it cannot take P after all (it
 * is parsed again without, as before). */
static int parse_with_pch(void *index, const struct shared_pch *p,
			  const struct rules *rules,
			  const struct tufilter *live, const char *file,
			  const char **argv, size_t nflags, int verbose,
			  const struct claim_place *at, struct tu_result *out)
{
	CXTranslationUnit tu = NULL;
	struct given g = { 0 };
	int argc, status = -3;
	const char **args = argv_with_pch(argv, nflags, p, &argc);

	given_less_pch(live, file, p, &g);
	if (clang_parseTranslationUnit2(index, file, args, argc, g.unsaved,
					(unsigned)g.n,
					CXTranslationUnit_KeepGoing,
					&tu) == CXError_Success &&
	    tu && !has_errors(tu)) {
		status = -4;
		if (!own_headers_tell(tu, p, &g, file,
				      verbose ? &out->messages : NULL)) {
			add_pch_texts(p, &g);
			status = walk_parsed(tu, rules, live, file, &g, verbose,
					     at, out, p, NULL);
		}
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	given_free(&g);
	free(args);
	return status == -2 ? -3 : status;
}

struct pch_files {
	const struct tufilter *live;
	struct shared_pch *p;
	size_t cap;
};

static void note_pch_file(CXFile file, CXSourceLocation *stack,
			  unsigned depth, CXClientData data)
{
	struct pch_files *pf = data;
	CXString name;
	const char *path;

	(void)stack;
	if (!depth)
		return;
	name = clang_getFileName(file);
	path = clang_getCString(name);
	if (path && !strmap_get(&pf->p->paths, path)) {
		strmap_put(&pf->p->paths, path, 1);
		*ARRAY_PUSH(pf->p->files, pf->p->nfiles, pf->cap) =
			tufilter_file_no(pf->live, path);
	}
	clang_disposeString(name);
}

/* The texts of the headers P holds, for what reads them later: the
 * shared ones, else the file (a header read more than once, which the
 * index gives no text). */
static void keep_pch_texts(struct shared_pch *p, const struct given *g)
{
	size_t i, len;
	char *text;

	p->texts = xcalloc(p->paths.n + 1, sizeof(*p->texts));
	for (i = 0; i < g->n; i++)
		if (strmap_get(&p->paths, g->texts[i].path)) {
			strmap_put(&p->paths, g->texts[i].path, 2);
			p->texts[p->ntexts++] = g->texts[i];
		}
	p->read = xcalloc(p->paths.n + 1, sizeof(*p->read));
	for (i = 0; i < p->paths.n; i++) {
		if (p->paths.vals[i] == 2 ||
		    !(text = read_file(p->paths.keys[i], &len)))
			continue;
		p->read[p->nread++] = text;
		p->texts[p->ntexts++] = (struct tufilter_text){
			.path = p->paths.keys[i], .text = text, .len = len,
			.file = p->files[i] };
	}
}

int frontend_parse_pch(void *index, const struct rules *rules,
		       const struct tufilter *live, const char *header,
		       char *const *flags, size_t nflags,
		       struct shared_pch *p, struct tu_result *out)
{
	const char **argv = xcalloc(nflags + 4, sizeof(*argv));
	CXTranslationUnit tu = NULL;
	struct given g = { 0 };
	struct pch_files pf = { live, p, 0 };
	size_t i;
	int status = -1;

	memset(out, 0, sizeof(*out));
	sb_init(&out->messages);
	for (i = 0; i < nflags; i++)
		argv[i] = flags[i];
	argv[nflags] = "-w";
	argv[nflags + 1] = "-x";
	argv[nflags + 2] = "c-header";
	g.n = tufilter_shared_texts(live, &g.texts);
	given_unsaved(&g);
	if (clang_parseTranslationUnit2(index, header, argv, (int)nflags + 3,
					g.unsaved, (unsigned)g.n,
					CXTranslationUnit_Incomplete |
					CXTranslationUnit_ForSerialization |
					CXTranslationUnit_KeepGoing,
					&tu) == CXError_Success &&
	    tu && !has_errors(tu)) {
		clang_getInclusions(tu, note_pch_file, &pf);
		keep_pch_texts(p, &g);
		status = walk_parsed(tu, rules, live, header, &g, 0, NULL,
				     out, NULL, &p->declared);
		if (status == 0 &&
		    clang_saveTranslationUnit(tu, p->path,
					      clang_defaultSaveOptions(tu)) !=
		    CXSaveError_None)
			status = -1;
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	/* the shared texts are the index's own: not freed one by one */
	free(g.unsaved);
	free(g.texts);
	free(argv);
	if (status != 0)
		result_drop(out);
	return status;
}

static int parse_into(void *index, const struct rules *rules,
		      const struct tufilter *live, const char *file,
		      char *const *flags, size_t nflags, int verbose,
		      const struct claim_place *at,
		      const struct shared_pch *pch, void *pch_index,
		      struct tu_result *out)
{
	const char **argv;
	CXTranslationUnit tu = NULL;
	enum CXErrorCode rc;
	int status = -2;
	struct given g = { 0 };
	const struct tufilter *skip_from = live;
	const char *down;

	if (check_input(file, &out->messages) < 0)
		return -1;
	argv = argv_of(flags, nflags);
	down = pch && pch_index ? shared_pch_down_header(pch, file) : NULL;
	if (down && verbose)
		sb_addf(&out->messages, "wbcheck: %s: parsed without the shared headers: it includes %s, which defines a name they test\n",
			file, down);
	if (pch && pch_index && !down &&
	    shared_pch_fits(pch, live, file, flags, nflags)) {
		status = parse_with_pch(pch_index, pch, rules, live, file, argv,
					nflags, verbose, at, out);
		if (status != -3 && status != -4) {
			out->with_pch = 1;
			free(argv);
			return status;
		}
		result_drop(out);
		if (verbose && status == -3)
			sb_addf(&out->messages, "wbcheck: %s: parsed again without the shared headers: it does not parse cleanly with them\n",
				file);
		status = -2;
	}
	while (status == -2) {
		rc = parse_skipping(index, skip_from, file, argv, nflags, &tu,
				    &g, verbose ? &out->messages : NULL);
		if (rc != CXError_Success || !tu) {
			sb_addf(&out->messages, "wbcheck: %s: libclang could not parse it (%s)%s\n",
				file, parse_error_name(rc),
				is_c_name(file) ? "" :
				"; not a .c file: -x c parses it as C anyway");
			status = -1;
			break;
		}
		status = walk_parsed(tu, rules, live, file, &g, verbose, at,
				     out, NULL, NULL);
		clang_disposeTranslationUnit(tu);
		given_free(&g);
		skip_from = NULL;	/* again, with every body */
	}
	given_free(&g);
	free(argv);
	return status;
}

int frontend_parse_tu(void *index, const struct rules *rules,
		      const struct tufilter *live, const char *file,
		      char *const *flags, size_t nflags, int verbose,
		      const struct claim_place *at,
		      const struct shared_pch *pch, void *pch_index,
		      struct tu_result *out)
{
	memset(out, 0, sizeof(*out));
	sb_init(&out->messages);
	out->status = parse_into(index, rules, live, file, flags, nflags,
				 verbose, at, pch, pch_index, out);
	return out->status;
}

void tu_result_merge(struct program *prog, struct tu_result *r)
{
	size_t i;

	fputs(r->messages.buf, stderr);
	for (i = 0; i < r->nfuncs; i++)
		program_add(prog, r->funcs[i]);
	for (i = 0; i < r->escaped.n; i++)
		program_escape(prog, r->escaped.keys[i]);
	for (i = 0; i < r->held.n; i++)
		program_hold_on_entry(prog, r->held.keys[i], r->held.vals[i]);
	free(r->funcs);
	strmap_free(&r->escaped);
	strmap_free(&r->held);
	sb_free(&r->messages);
}

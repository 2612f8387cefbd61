/*
 * prefilter: which translation units of a -B/-p run to parse at all.
 * Reads every selected file and the headers it includes as text (no
 * preprocessing), indexes each function body and #define by the name it
 * defines, spreads "matters" from the rules' names (name_graph.c) and
 * parses a file only if its text names something that matters; the
 * rounds (run_build.c) block names whose summaries came out empty.  It
 * also builds the header texts given to the parser.  Why this loses no
 * finding: docs/design/prefilter.md.
 */
#include "prefilter/tu_select.h"
#include "prefilter/skip_bodies.h"
#include "prefilter/prune_decls.h"
#include "prefilter/invocations.h"
#include "prefilter/path_fill_proof.h"
#include "prefilter/macro_index.h"
#include "prefilter/name_graph.h"
#include "prefilter/tu_names.h"
#include "lib/ctext.h"
#include "lib/phase_stats.h"
#include "lib/util.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct incl {
	char *name;
	int quoted;		/* "x.h" rather than <x.h> */
};

/* A file read once: the includes it names, in order. */
struct scanned {
	char *path;
	struct incl *incls;
	size_t nincls, incls_cap;
	int computed;		/* has #include MACRO, MACRO unknown */
	/* the MACROs of its "#include MACRO" lines: a build that compiled
	 * never reached one whose macro nothing it reads defines */
	char **incl_macros;
	size_t nincl_macros, incl_macros_cap;
	int is_header;
	int parsed;		/* a TU it belongs to was parsed */
	/* where its includes land under each search seen (-1: nowhere):
	 * the TUs of one directory share their flags, and this spares
	 * them resolving the same few thousand includes again */
	struct edges {
		long sid;
		long *to;
	} *edges;
	size_t nedges, edges_cap;
	unsigned long walked;	/* the walk that last reached it */
	size_t size;		/* bytes */
	uint64_t hash;		/* of the text read, to see it again */
	/* a header's bodies the parser may skip (prefilter/skip_bodies.c), if
	 * their names do not matter; and its text with those skipped */
	struct skippable {
		struct body_range at;
		char *name;
		size_t node;	/* its definition in the name graph */
		int skip;	/* decided at the first solve */
		int kind;	/* enum body_kind */
		/* if maybe pure: the names it puts before "(" */
		const char **calls;
		size_t ncalls, calls_cap;
		int pure;	/* may be pure: never skipped */
		/* a TU that was parsed with it skipped (-1: none), and
		 * whether one was given it whole */
		long skipped_in;
		int given;
	} *bodies;
	size_t nbodies, bodies_cap;
	char *blanked;		/* NULL: none skipped, or not built */
	int blank_built;
	/* the text tufilter_macros() filed its #defines from, which must
	 * outlive it: the blanked or plain text of the first build */
	const char *macro_text;
	/* statements a TU that never names their function may drop
	 * (prefilter/prune_decls.c), and the names of the text the parser is
	 * given */
	struct decl_site *decls;
	size_t ndecls, decls_cap;
	char *plain;		/* the text, when none of it is blanked */
	long *name_id;
	unsigned *name_count;
	size_t nnames;
	int counted;
	/* invocations a TU that never names what they declare may drop
	 * (prefilter/invocations.c), and how often the text holds each key */
	struct inv_site *invs;
	size_t ninvs, invs_cap;
	long *key_id;
	unsigned *key_count;
	size_t nkeys;
	int filled_local;	/* declares a local of the filled type */
	/* a .c file: the TUs it belongs to (its own, or those including
	 * it) */
	long *tus;
	size_t ntus, tus_cap;
};

struct tu {
	char *file;
	int needed;
	long dist;		/* of the nearest name that matters */
	int parsed;
	/* the file and the non-headers it includes */
	long *own;
	size_t nown, own_cap;
	const char **idents;	/* the names they mention, once each
				 * (prefilter/tu_names.c's) */
	size_t nidents;
	/* those of them that name a definition, once the first solve let
	 * go of the others (NULL before) */
	const char **defining;
	size_t ndefining;
	/* by name, of idents or defining: mentioned only as a value a
	 * file-scope initialiser stores (tu_names.h), or NULL */
	const unsigned char *only_stored;
	unsigned char *defining_stored;
	int computed;		/* has a computed include somewhere */
	int filled_local;	/* declares a local of the filled type */
	size_t bytes;		/* of the file and all it includes */
	long *hdrs;		/* every header it includes, sorted */
	size_t nhdrs, hdrs_cap;
	char **defined;		/* the names its -D flags mention */
	size_t ndefined, defined_cap;
	char **dmacros;		/* the macros its -D flags define */
	size_t ndmacros, dmacros_cap;
	int c89;		/* calls need no declaration: keep them all */
	/* by invocation of its headers, in their order: left out of its
	 * parse (note_drops()), or NULL */
	unsigned char *inv_drop;
	int settled;		/* needed whatever the files not parsed hold */
	int skips_noted;	/* its bodies' skipped_in and given are */
	/* why it was last found needed, for --verbose: the name of its
	 * text nearest to a rule's function, or what else; NULL if not */
	char *reason;
};

struct tufilter {
	struct prefilter *pf;
	struct macroidx *given_macros;	/* of the texts given to the parser */
	struct scanned *files;
	size_t nfiles, files_cap;
	struct strmap by_path;		/* path -> index in files */
	struct strmap resolved;		/* "dirs\nname" -> path ("" if none) */
	struct strmap file_there;	/* a path tried -> whether a file is there */
	char **paths;			/* values of resolved */
	size_t npaths, paths_cap;
	struct tu *tus;
	size_t ntus, tus_cap;
	unsigned long walk;		/* numbers each TU's walk */
	struct strmap searches;		/* a search's key -> its sid */
	struct tuidents *own_idents;	/* what the TUs' own files name */
	size_t ntus_named;		/* TUs given their names so far */
	struct strmap tu_of;		/* a TU's file -> its index in tus */
	/* for the skipping of bodies: names declared as functions, names
	 * #defined, names bodies put before "(" */
	struct strmap functions, macros, names;
	int solved;			/* bodies' skip decided */
	int reasons;			/* keep each TU's reason (--verbose) */
	int forgot;			/* tufilter_forget_unneeded() ran */
	char *filled_tag;		/* "path" of the rules' "struct path", or NULL */
	struct name_counter nc;		/* names of headers, for prefilter/prune_decls.c */
	struct strmap keep_names;	/* declarations never dropped */
	struct inv_keys *keys;		/* of the invocations that may go */
	struct strmap inv_names;	/* the names they hold */
	size_t inv_dropped, inv_tus;	/* left out, in so many TUs */
	struct strmap paste_prefix, paste_suffix;	/* note_pastes() */
	const struct rules *rules;
	/* for prefilter/path_fill_proof.c: identifier -> the names of the
	 * macros that name it */
	struct strmap mentioners_of;
	struct strmap *mentioners;
	size_t nmentioners, mentioners_cap;
};

/* ---- Lexing just enough of C --------------------------------------- */

struct lexer {
	const char *b;
	size_t i, n;
	int bol;		/* only blanks since the last newline */
	int cond;		/* #if, #ifdef, #ifndef open here */
	int cond_bad;		/* an #endif closed none */
};

/* Skip a comment, string or character literal at the cursor. */
static int skip_noise(struct lexer *lx)
{
	size_t len = c_noise_len(lx->b + lx->i, lx->n - lx->i);

	lx->i += len;
	return len != 0;
}

/* ---- Preprocessor lines -------------------------------------------- */

/* +1 for the #if, #ifdef or #ifndef at I, -1 for an #endif, else 0. */
static int cond_step(const char *b, size_t i, size_t end)
{
	size_t n, w = c_directive_word(b, i, end, &n);

	if (c_word_is(b + w, n, "if") || c_word_is(b + w, n, "ifdef") ||
	    c_word_is(b + w, n, "ifndef"))
		return 1;
	return c_word_is(b + w, n, "endif") ? -1 : 0;
}

static void count_cond(struct lexer *lx, int step)
{
	lx->cond += step;
	if (lx->cond < 0) {
		lx->cond_bad = 1;
		lx->cond = 0;
	}
}

/*
 * The kernel's tracepoint machinery (include/trace/define_trace.h and
 * the headers it pulls in) reads the trace header that included it once
 * more, through "#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)", with other
 * definitions of its macros: text this walk has already read as the
 * includer.  Counting it as an unknown include would make every file
 * that includes a trace header (most of fs/) parsed for nothing.
 */
static int rereads_includer(const char *b, size_t i, size_t end)
{
	static const char macro[] = "TRACE_INCLUDE";
	size_t n = sizeof(macro) - 1;

	return end - i > n && !memcmp(b + i, macro, n) &&
	       !c_ident_char((unsigned char)b[i + n]);
}


static void add_include(struct scanned *s, const char *b, size_t i,
			size_t end)
{
	char close;
	size_t start;
	struct incl *in;

	i = c_skip_line_blanks(b, i, end);
	if (i >= end)
		return;
	if (b[i] != '"' && b[i] != '<') {
		if (rereads_includer(b, i, end))
			return;
		start = i;
		i = c_ident_end(b, i, end);
		/* compiler-defined (__FILE__) and unreadable: unknown */
		if (i == start || (i - start >= 2 && !memcmp(b + start, "__", 2)))
			s->computed = 1;
		else
			*ARRAY_PUSH(s->incl_macros, s->nincl_macros,
				    s->incl_macros_cap) = xstrndup(b + start, i - start);
		return;
	}
	close = b[i] == '"' ? '"' : '>';
	start = ++i;
	while (i < end && b[i] != close)
		i++;
	if (i >= end || i == start)
		return;
	in = ARRAY_PUSH(s->incls, s->nincls, s->incls_cap);
	in->name = xstrndup(b + start, i - start);
	in->quoted = close == '"';
}

static void note_macro_bodies(struct tufilter *tf, struct scanned *s,
			      const char *b, size_t from, size_t to,
			      const char *macro, size_t node);

/* After the ")" of a macro's parameters at I. */
static size_t params_end(const char *b, size_t i, size_t end)
{
	while (i < end && b[i] != ')')
		i++;
	return i < end ? i + 1 : end;
}

/* Is the identifier at [I, E) one of the parameters in [P, Q)? */
static int is_param(const char *b, size_t p, size_t q, size_t i, size_t e)
{
	size_t w;

	while (p < q) {
		if (!c_ident_start((unsigned char)b[p])) {
			p++;
			continue;
		}
		w = c_ident_end(b, p, q);
		if (w - p == e - i && !memcmp(b + p, b + i, e - i))
			return 1;
		p = w;
	}
	return !strncmp(b + i, "__VA_ARGS__", 11) && e - i == 11;
}

/*
 * "arch_##name", "name##_show": the names a macro pastes together start
 * or end with such a word of its text, and a declaration of one of them
 * is never dropped (prefilter/prune_decls.c).  A parameter on both sides of
 * "##" gives nothing to go by: a name so made that is used with its
 * declaration dropped does not parse, and the TU is parsed again.
 */
static void note_pastes(struct tufilter *tf, const char *b, size_t i,
			size_t end)
{
	size_t p = i, q = i, k, w, e;
	char *frag;

	if (i < end && b[i] == '(')
		q = params_end(b, i, end), i = q;
	for (k = i; k + 1 < end; k++) {
		if (b[k] != '#' || b[k + 1] != '#')
			continue;
		/* the word before */
		for (e = k; e > i && (b[e - 1] == ' ' || b[e - 1] == '\t'); e--)
			;
		for (w = e; w > i && c_ident_char((unsigned char)b[w - 1]); w--)
			;
		if (w < e && c_ident_start((unsigned char)b[w]) &&
		    !is_param(b, p, q, w, e)) {
			frag = xstrndup(b + w, e - w);
			strmap_put(&tf->paste_prefix, frag, 1);
			free(frag);
		}
		/* the word after */
		for (w = k + 2; w < end && (b[w] == ' ' || b[w] == '\t'); w++)
			;
		e = c_ident_end(b, w, end);
		if (w < e && !is_param(b, p, q, w, e)) {
			frag = xstrndup(b + w, e - w);
			strmap_put(&tf->paste_suffix, frag, 1);
			free(frag);
		}
		k++;
	}
}

/*
 * Could NAME be made by pasting, as note_pastes() saw it?  Words of one
 * or two letters ("_", "__", "x" of "x##_" when not a parameter) would
 * keep most declarations: a name pasted from them is left to the parse
 * again.
 */
#define MIN_PASTE_WORD 3

static int maybe_pasted(const struct tufilter *tf, const char *name)
{
	size_t n = strlen(name), k;
	char buf[256];
	int yes = 0;

	if (n >= sizeof(buf))
		return 1;
	for (k = MIN_PASTE_WORD; k <= n && !yes; k++) {
		memcpy(buf, name, k);
		buf[k] = '\0';
		yes = strmap_get(&tf->paste_prefix, buf) ||
		      strmap_get(&tf->paste_suffix, name + n - k);
	}
	return yes;
}

/* A definition of S: a header's, or its own .c file's. */
static long file_no(const struct tufilter *tf, const struct scanned *s)
{
	return (long)(s - tf->files);
}

/* "#define NAME ..." becomes a node; "#include" is remembered. */
static void directive(struct tufilter *tf, struct scanned *s,
		      const char *b, size_t i, size_t end)
{
	size_t n, word = c_directive_word(b, i, end, &n), word_end = word + n;
	size_t node;
	char *name;

	if (c_word_is(b + word, n, "define")) {
		i = c_skip_line_blanks(b, word_end, end);
		word_end = c_ident_end(b, i, end);
		if (word_end == i)
			return;
		name = xstrndup(b + i, word_end - i);
		note_pastes(tf, b, word_end, end);
		node = prefilter_add_macro(tf->pf, name, b + word_end,
					   end - word_end,
					   s->is_header ? PF_HEADER : PF_LOCAL,
					   file_no(tf, s));
		strmap_put(&tf->macros, name, 1);
		if (s->is_header && word_end < end && b[word_end] == '(')
			note_macro_bodies(tf, s, b, params_end(b, word_end, end),
					  end, name, node);
		free(name);
	} else if (c_word_is(b + word, n, "include") ||
		   c_word_is(b + word, n, "include_next")) {
		add_include(s, b, word_end, end);
	}
}

/* ---- Top-level definitions ----------------------------------------- */

/* Names that take parentheses before a function's name or after its
 * parameters without being it. */
static int attribute_like(const char *s, size_t n)
{
	static const char *const names[] = {
		"__attribute__", "__attribute", "__printf", "__scanf",
		"__acquires", "__releases", "__must_hold", "__cond_acquires",
		"__cond_releases", "__alloc_size", "__section", "__aligned",
		"__diagnose_as", "__assume_aligned", "__malloc", "__counted_by",
		"__cleanup", "__free", "__nonstring", "__no_sanitize_address",
		"__used", "__maybe_unused", "__always_unused", "__init",
		"__exit", "asm", "__asm__", "typeof", "__typeof__", "sizeof",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(names[i], s, n))
			return 1;
	return 0;
}

/*
 * The words of statements that take parentheses.  At the top level of
 * the text they are no definition's name: they are there when an #if
 * branch of a function's body opens or closes a brace its #else branch
 * does too, and the braces counted in both end the body early (fs/
 * tty_ioctl.c's "} else if" in both branches).  An "if" taken for a
 * function's name is named by nearly every body of the tree.
 */
static int statement_word(const char *s, size_t n)
{
	static const char *const words[] = {
		"if", "for", "while", "switch", "return", "do", "else", "case",
		"goto", "_Generic", "_Static_assert", "static_assert",
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strlen(words[i]) == n && !strncmp(words[i], s, n))
			return 1;
	return 0;
}

/* Position after the brace matching the one at I; the #if lines on
 * the way are counted into LX. */
static size_t block_end(struct lexer *lx, size_t i)
{
	struct lexer sub = { .b = lx->b, .i = i + 1, .n = lx->n };
	int depth = 1;
	char c;

	while (sub.i < sub.n && depth) {
		if (skip_noise(&sub))
			continue;
		c = sub.b[sub.i];
		if (c == '{')
			depth++;
		else if (c == '}')
			depth--;
		else if (c == '#' && sub.bol)
			count_cond(lx, cond_step(sub.b, sub.i,
						 c_directive_end(sub.b, sub.i,
								 sub.n)));
		if (c == '\n')
			sub.bol = 1;
		else if (c != ' ' && c != '\t')
			sub.bol = 0;
		sub.i++;
	}
	return sub.i;
}

/* What a top-level statement looks like so far. */
struct decl_state {
	size_t name, name_len;	/* the first call-like name, if any */
	int assigned;		/* an initialiser: "= {" is not a body */
	int parens;
	size_t start;		/* of its first token */
	int started;
	int calls;		/* names before "(" at the top */
	int mixed;		/* a comma, a directive or a block: more than
				 * one function's declaration */
	int is_static;		/* "static" at the top */
	int directive;		/* a directive among its tokens */
	/* the parentheses after its first name, and a token after them */
	size_t open, close;
	int after;
};

static void decl_reset(struct decl_state *d)
{
	memset(d, 0, sizeof(*d));
}

/*
 * SYSCALL_DEFINE3(mkdirat, ...) { ... } defines sys_mkdirat, which no
 * code calls by either name: a body under a macro's name (all capitals,
 * kernel style) is indexed by nobody's name.  The file itself names
 * what the body calls, so it is still parsed when that matters.
 */
static int has_lower(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] >= 'a' && s[i] <= 'z')
			return 1;
	return 0;
}

/*
 * Where a function defined in S can be named from: a static one, in its
 * own file (a header's: where the header is included); one with
 * external linkage, anywhere.  "static" must be on the definition: a
 * static declaration before it may sit in an #if branch not taken, and
 * the definition is then another function's.
 */
static enum pf_scope function_scope(const struct scanned *s, int is_static)
{
	if (!is_static)
		return PF_EXTERN;
	return s->is_header ? PF_HEADER : PF_LOCAL;
}

/*
 * "name(" at the top of a declaration: a function, declared or
 * defined.  With a blank before the "(", it is more likely a type
 * ("void (*hook)(void)"), which is left out.
 */
static void note_function(struct tufilter *tf, const char *b, size_t name,
			  size_t len)
{
	char *s;

	if (b[name + len] != '(' || !has_lower(b + name, len))
		return;
	s = xstrndup(b + name, len);
	strmap_put(&tf->functions, s, 1);
	free(s);
}

struct body_calls {
	struct tufilter *tf;
	struct skippable *k;
};

static void body_called(void *ctx, const char *name, size_t n)
{
	struct body_calls *bc = ctx;
	char *s = xstrndup(name, n);

	*ARRAY_PUSH(bc->k->calls, bc->k->ncalls, bc->k->calls_cap) =
		strmap_put(&bc->tf->names, s, 1);
	free(s);
}

/* A header's body that may be skipped (decided once all is read);
 * takes NAME: the function's, or the macro's that defines it.  Returns
 * whether the body was noted. */
static int note_body(struct tufilter *tf, struct scanned *s, const char *b,
		      size_t n, size_t start, size_t end, char *name,
		      size_t node)
{
	struct skippable k = {
		.at = { start, end }, .name = name, .node = node,
		.skipped_in = -1,
		/* read after decide_skips(): never judged, never skipped */
		.pure = tf->solved != 0,
	};
	struct body_calls bc = { tf, &k };

	if (s->is_header)
		k.kind = bodyskip_scan(b, n, start, end, body_called, &bc);
	if (!s->is_header || k.kind == BODY_KEEP) {
		free(k.calls);
		free(name);
		return 0;
	}
	if (k.kind == BODY_IMPURE) {
		free(k.calls);
		k.calls = NULL;
		k.ncalls = k.calls_cap = 0;
	}
	*ARRAY_PUSH(s->bodies, s->nbodies, s->bodies_cap) = k;
	return 1;
}

struct macro_bodies {
	struct tufilter *tf;
	struct scanned *s;
	const char *b;
	size_t to;
	const char *macro;
	size_t node;
};

static void macro_body(void *ctx, size_t start, size_t end)
{
	struct macro_bodies *mb = ctx;

	(void)note_body(mb->tf, mb->s, mb->b, mb->to, start, end,
			xstrdup(mb->macro), mb->node);
}

/*
 * The functions a macro defines ("static inline void trace_##name(...)
 * { ... }") have pasted names no index holds: their bodies go under the
 * macro's name, which matters if its text can.  What its arguments
 * bring in is seen at each invocation, by frontend/parse.c.
 */
static void note_macro_bodies(struct tufilter *tf, struct scanned *s,
			      const char *b, size_t from, size_t to,
			      const char *macro, size_t node)
{
	struct macro_bodies mb = { tf, s, b, to, macro, node };

	bodyskip_macro_bodies(b, from, to, macro_body, &mb);
}

/* Names the parser treats as its own, whatever a header declares. */
static int reserved_name(const char *s, size_t n)
{
	return (n > 1 && s[0] == '_' && s[1] >= 'A' && s[1] <= 'Z') ||
	       (n > 9 && !strncmp(s, "__builtin", 9)) ||
	       (n > 6 && !strncmp(s, "__has_", 6));
}

/*
 * The statement D ended at END, declaring its name's function and
 * nothing else: a TU that never names it may drop it (prefilter/prune_decls.c).
 */
static void note_decl(struct tufilter *tf, struct scanned *s, const char *b,
		      const struct decl_state *d, size_t end)
{
	struct decl_site *site;

	if (!s->is_header || !d->started || d->mixed || d->calls != 1 ||
	    !d->name_len || d->assigned || b[d->name + d->name_len] != '(' ||
	    !has_lower(b + d->name, d->name_len) ||
	    reserved_name(b + d->name, d->name_len))
		return;
	site = ARRAY_PUSH(s->decls, s->ndecls, s->decls_cap);
	site->start = d->start;
	site->end = end;
	site->name = declprune_id(&tf->nc, b + d->name, d->name_len);
	site->keep = site->name < 0;
}

struct inv_scan {
	struct tufilter *tf;
	struct inv_site *site;
	const char *b;
};

static void inv_ident(void *ctx, size_t at, size_t n, int lone)
{
	struct inv_scan *sc = ctx;
	struct inv_site *site = sc->site;
	char *s = xstrndup(sc->b + at, n);
	const char *name = strmap_put(&sc->tf->inv_names, s, 1);
	size_t i;

	/* each asked of the name graph before every round: once will do */
	for (i = 0; i < site->nidents && site->idents[i] != name; i++)
		;
	if (i == site->nidents)
		*ARRAY_PUSH(site->idents, site->nidents, site->idents_cap) =
			name;
	if (lone && n >= INVKEYS_MIN_LEN)
		*ARRAY_PUSH(site->lone, site->nlone, site->lone_cap) = name;
	free(s);
}

/*
 * The statement D ended at END, and was one macro's invocation, its
 * parentheses and a ";": a TU that names nothing it declares from its
 * arguments may drop it (decide_invocations(), key_totals()).
 */
static void note_invocation(struct tufilter *tf, struct scanned *s,
			    const char *b, const struct decl_state *d,
			    size_t end)
{
	struct inv_site *site;
	struct inv_scan sc;
	char *name;

	if (!s->is_header || !d->started || d->name != d->start ||
	    d->calls != 1 || d->assigned || d->mixed || d->directive ||
	    !d->close || d->after)
		return;
	site = ARRAY_PUSH(s->invs, s->ninvs, s->invs_cap);
	memset(site, 0, sizeof(*site));
	site->start = d->start;
	site->end = end;
	site->args = d->open;
	site->args_end = d->close;
	name = xstrndup(b + d->name, d->name_len);
	site->macro = strmap_put(&tf->inv_names, name, 1);
	site->dropped_in = -1;
	free(name);
	sc.tf = tf;
	sc.site = site;
	sc.b = b;
	invocation_each_ident(b, d->open, d->close, inv_ident, &sc);
}

/*
 * "MACRO(...)" opened the statement and a name follows its parentheses:
 * the invocation had no ";" (module_init(fn) in older trees, an
 * EXPORT_SYMBOL(fn) here and there), and the name [FROM, TO) starts a
 * declaration of its own.  Read as one, the function defined next would
 * go under the macro's name, and every file naming the macro would seem
 * to call it.  An attribute after a macro that defines a function
 * (SYSCALL_DEFINE1(...) __attribute__((...)) {) belongs to it.
 */
static int invocation_ended(const struct decl_state *d, const char *b,
			    size_t from, size_t to)
{
	return d->close && !d->after && !d->parens && d->name == d->start &&
	       d->name_len && !d->assigned &&
	       !attribute_like(b + from, to - from);
}

static void decl_token(struct decl_state *d, size_t at)
{
	if (!d->started) {
		d->started = 1;
		d->start = at;
	}
}

static void scan_text(struct tufilter *tf, struct scanned *s, const char *b,
		      size_t n)
{
	struct lexer lx = { .b = b, .n = n, .bol = 1 };
	struct decl_state d;
	size_t end, j, node;
	char *name;
	size_t *whole = NULL, nwhole = 0, whole_cap = 0;

	decl_reset(&d);
	while (lx.i < n) {
		char c = b[lx.i];

		if (skip_noise(&lx))
			continue;
		if (c == '\n') {
			lx.bol = 1;
			lx.i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
			lx.i++;
			continue;
		}
		if (c == '#' && lx.bol) {
			end = c_directive_end(b, lx.i, n);
			directive(tf, s, b, lx.i, end);
			d.mixed |= d.started;
			d.directive |= d.started;
			count_cond(&lx, cond_step(b, lx.i, end));
			lx.i = end;
			continue;
		}
		lx.bol = 0;
		decl_token(&d, lx.i);
		if (c_ident_start((unsigned char)c) &&
		    invocation_ended(&d, b, lx.i, c_ident_end(b, lx.i, n))) {
			decl_reset(&d);
			decl_token(&d, lx.i);
		}
		if (d.close && c != ';')
			d.after = 1;
		if (c_ident_start((unsigned char)c)) {
			end = c_ident_end(b, lx.i, n);
			if (!d.parens && end - lx.i == 6 &&
			    !memcmp(b + lx.i, "static", 6))
				d.is_static = 1;
			j = c_next_token(b, end, n);
			if (!d.parens && j < n && b[j] == '(' &&
			    !attribute_like(b + lx.i, end - lx.i) &&
			    !statement_word(b + lx.i, end - lx.i)) {
				d.calls++;
				if (!d.name_len) {
					d.name = lx.i;
					d.name_len = end - lx.i;
				}
			}
			lx.i = end;
			continue;
		}
		if (c == '(') {
			if (!d.parens && d.name_len && d.name == d.start &&
			    !d.open)
				d.open = lx.i + 1;
			d.parens++;
		} else if (c == ')') {
			if (d.parens && !--d.parens && d.open && !d.close)
				d.close = lx.i;
		} else if (c == '=' && !d.parens) {
			d.assigned = 1;
		} else if (c == ',' && !d.parens) {
			d.mixed = 1;
		} else if (c == ';' && !d.parens) {
			if (d.name_len && !d.assigned)
				note_function(tf, b, d.name, d.name_len);
			note_decl(tf, s, b, &d, lx.i + 1);
			note_invocation(tf, s, b, &d, lx.i + 1);
			decl_reset(&d);
		} else if (c == '{' && !d.parens) {
			int whole_def = !s->is_header && !lx.cond && !d.directive;

			end = block_end(&lx, lx.i);
			if (d.name_len && !d.assigned &&
			    has_lower(b + d.name, d.name_len)) {
				name = xstrndup(b + d.name, d.name_len);
				node = prefilter_add(tf->pf, name, b + lx.i,
						     end - lx.i,
						     function_scope(s, d.is_static),
						     file_no(tf, s));
				if (whole_def)
					*ARRAY_PUSH(whole, nwhole, whole_cap) = node;
				note_function(tf, b, d.name, d.name_len);
				if (note_body(tf, s, b, n, lx.i, end, name, node))
					note_decl(tf, s, b, &d, end);
				decl_reset(&d);
			} else {
				/* "struct s { ... } *f(void);" declares more */
				decl_reset(&d);
				d.started = d.mixed = 1;
			}
			lx.i = end;
			continue;
		}
		lx.i++;
	}
	for (j = 0; !lx.cond && !lx.cond_bad && j < nwhole; j++)
		prefilter_set_unconditional(tf->pf, whole[j]);
	free(whole);
}

/* ---- Files and include resolution ---------------------------------- */

static int is_header(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && !strcmp(path + n - 2, ".h");
}

static long scan_file(struct tufilter *tf, const char *path)
{
	long *have = strmap_get(&tf->by_path, path);
	struct scanned *s;
	size_t len, i;
	char *text;

	if (have)
		return *have;
	text = read_file(path, &len);
	s = ARRAY_PUSH(tf->files, tf->nfiles, tf->files_cap);
	memset(s, 0, sizeof(*s));
	s->path = xstrdup(path);
	s->is_header = is_header(path);
	s->size = text ? len : 0;
	s->hash = text ? text_hash(text, len) : 0;
	strmap_put(&tf->by_path, path, (long)tf->nfiles - 1);
	if (text) {
		scan_text(tf, s, text, len);
		free(text);
	}
	/* decide_skips() has judged the names already: a header read only
	 * now keeps its declarations */
	for (i = 0; tf->solved && i < s->ndecls; i++)
		s->decls[i].keep = 1;
	return (long)tf->nfiles - 1;
}

/* The include search of one command line, as clang would do it. */
struct search {
	char **quote, **angle;
	size_t nquote, quote_cap, nangle, angle_cap;
	char **forced;		/* -include FILE */
	size_t nforced, forced_cap;
	char *key;		/* the directories, as one string */
	long sid;		/* the key's number in tf->searches */
};

static void search_from_flags(struct search *sr, char *const *flags,
			      size_t nflags)
{
	struct strbuf key;
	size_t i;

	memset(sr, 0, sizeof(*sr));
	sb_init(&key);
	for (i = 0; i < nflags; i++) {
		const char *f = flags[i], *arg = NULL;
		int kind = 0;	/* 1 quote+angle, 2 quote only, 3 forced */

		if (!strncmp(f, "-I", 2))
			kind = 1, arg = f + 2;
		else if (!strcmp(f, "-isystem") || !strcmp(f, "-idirafter"))
			kind = 1, arg = "";
		else if (!strcmp(f, "-iquote"))
			kind = 2, arg = "";
		else if (!strcmp(f, "-include"))
			kind = 3, arg = "";
		if (!kind)
			continue;
		if (!*arg) {
			if (i + 1 >= nflags)
				break;
			arg = flags[++i];
		}
		if (kind == 3) {
			*ARRAY_PUSH(sr->forced, sr->nforced, sr->forced_cap) =
				xstrdup(arg);
			continue;
		}
		*ARRAY_PUSH(sr->quote, sr->nquote, sr->quote_cap) = xstrdup(arg);
		if (kind == 1)
			*ARRAY_PUSH(sr->angle, sr->nangle, sr->angle_cap) =
				xstrdup(arg);
		sb_addf(&key, "%d%s\n", kind, arg);
	}
	sr->key = sb_detach(&key);
}

static long intern_search(struct tufilter *tf, const char *key)
{
	long *have = strmap_get(&tf->searches, key);

	if (have)
		return *have;
	strmap_put(&tf->searches, key, (long)tf->searches.n);
	return (long)tf->searches.n - 1;
}

static void search_free(struct search *sr)
{
	size_t i;

	for (i = 0; i < sr->nquote; i++)
		free(sr->quote[i]);
	for (i = 0; i < sr->nangle; i++)
		free(sr->angle[i]);
	for (i = 0; i < sr->nforced; i++)
		free(sr->forced[i]);
	free(sr->quote);
	free(sr->angle);
	free(sr->forced);
	free(sr->key);
}

static int is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, slash - path) : xstrdup(".");
}

/* is_file(), asked once per path: the searches of the TUs of different
 * directories differ, but mostly try the same directories first. */
static int is_file_cached(struct tufilter *tf, const char *path)
{
	long *known = strmap_get(&tf->file_there, path);
	int yes;

	if (known)
		return (int)*known;
	yes = is_file(path);
	strmap_put(&tf->file_there, path, yes);
	return yes;
}

static char *try_dirs(struct tufilter *tf, char **dirs, size_t n,
		      const char *name)
{
	size_t i;
	char *p;

	for (i = 0; i < n; i++) {
		p = xasprintf("%s/%s", dirs[i], name);
		if (is_file_cached(tf, p))
			return p;
		free(p);
	}
	return NULL;
}

/* Where "#include NAME" from FROM lands; NULL if nowhere. */
static const char *resolve(struct tufilter *tf, const struct search *sr,
			   const char *from, const struct incl *in)
{
	char *dir = in->quoted ? dir_of(from) : NULL;
	char *key = xasprintf("%s\n%ld\n%s", dir ? dir : "", sr->sid, in->name);
	long *have = strmap_get(&tf->resolved, key);
	char *path = NULL;

	if (have) {
		free(key);
		free(dir);
		return *have < 0 ? NULL : tf->paths[*have];
	}
	if (in->name[0] == '/') {
		path = is_file(in->name) ? xstrdup(in->name) : NULL;
	} else if (in->quoted) {
		path = try_dirs(tf, &dir, 1, in->name);
		if (!path)
			path = try_dirs(tf, sr->quote, sr->nquote, in->name);
	} else {
		path = try_dirs(tf, sr->angle, sr->nangle, in->name);
	}
	if (path) {
		*ARRAY_PUSH(tf->paths, tf->npaths, tf->paths_cap) = path;
		strmap_put(&tf->resolved, key, (long)tf->npaths - 1);
	} else {
		strmap_put(&tf->resolved, key, -1);
	}
	free(key);
	free(dir);
	return path;
}

/* The files F's includes land on under search SR, resolved once. */
static const long *edges_of(struct tufilter *tf, long f,
			    const struct search *sr)
{
	size_t i, n = tf->files[f].nincls;
	struct edges *e;
	long *to;

	for (i = 0; i < tf->files[f].nedges; i++)
		if (tf->files[f].edges[i].sid == sr->sid)
			return tf->files[f].edges[i].to;
	to = xcalloc(n + 1, sizeof(*to));
	for (i = 0; i < n; i++) {
		/* tf->files may move as scan_file grows it */
		struct incl in = tf->files[f].incls[i];
		const char *path = resolve(tf, sr, tf->files[f].path, &in);

		to[i] = path ? scan_file(tf, path) : -1;
	}
	e = ARRAY_PUSH(tf->files[f].edges, tf->files[f].nedges,
		       tf->files[f].edges_cap);
	e->sid = sr->sid;
	e->to = to;
	return to;
}

/*
 * Read FILE and everything it includes; the non-header files it pulls
 * in are added to T->own, to be checked like the file.
 */
static void walk_tu(struct tufilter *tf, const char *file,
		    const struct search *sr, struct tu *t)
{
	long *stack = NULL;
	size_t nstack = 0, stack_cap = 0, i;
	unsigned long walk = ++tf->walk;

	for (i = 0; i < sr->nforced; i++)
		*ARRAY_PUSH(stack, nstack, stack_cap) = scan_file(tf, sr->forced[i]);
	*ARRAY_PUSH(stack, nstack, stack_cap) = scan_file(tf, file);
	while (nstack) {
		long f = stack[--nstack];
		const long *to;

		if (tf->files[f].walked == walk)
			continue;
		tf->files[f].walked = walk;
		t->bytes += tf->files[f].size;
		if (!tf->files[f].is_header)
			*ARRAY_PUSH(t->own, t->nown, t->own_cap) = f;
		else
			*ARRAY_PUSH(t->hdrs, t->nhdrs, t->hdrs_cap) = f;
		to = edges_of(tf, f, sr);
		for (i = 0; i < tf->files[f].nincls; i++)
			if (to[i] >= 0 && tf->files[to[i]].walked != walk)
				*ARRAY_PUSH(stack, nstack, stack_cap) = to[i];
	}
	free(stack);
}

/* Any #define of any file read, or a name of T's -D flags. */
static int defines_macro(const struct tufilter *tf, const struct tu *t,
			 const char *name)
{
	size_t i;

	for (i = 0; i < t->ndmacros; i++)
		if (!strcmp(t->dmacros[i], name))
			return 1;
	return strmap_get(&tf->macros, name) != NULL;
}

/*
 * Must T be parsed whatever the index says, for an include it cannot
 * follow?  "#include MACRO" with MACRO #defined in no file read yet
 * (every file T reads is) nor by a -D flag was left out by an #if:
 * reached, it would have stopped the build (drivers/acpi/tables.c's
 * "#include CONFIG_ACPI_CUSTOM_DSDT_FILE", a Kconfig string unset in
 * most configurations).  After the first solve the #defines are no
 * longer kept, and every such include is unknown again.
 */
static int has_computed_include(const struct tufilter *tf,
				const struct tu *t)
{
	const long *lists[2] = { t->own, t->hdrs };
	size_t sizes[2] = { t->nown, t->nhdrs }, k, i, j;

	for (k = 0; k < 2; k++)
		for (i = 0; i < sizes[k]; i++) {
			const struct scanned *f = &tf->files[lists[k][i]];

			if (f->computed || (f->nincl_macros && tf->solved))
				return 1;
			for (j = 0; j < f->nincl_macros; j++)
				if (defines_macro(tf, t, f->incl_macros[j]))
					return 1;
		}
	return 0;
}

/* ---- The TU decision ----------------------------------------------- */

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

static int has_header(const struct tu *t, long hdr)
{
	return t->nhdrs && bsearch(&hdr, t->hdrs, t->nhdrs, sizeof(*t->hdrs),
				   cmp_long) != NULL;
}

static int owns(const struct tu *t, long file)
{
	size_t i;

	for (i = 0; i < t->nown; i++)
		if (t->own[i] == file)
			return 1;
	return 0;
}

/* Does a TU that .c file FILE belongs to include header HDR? */
static int file_includes(void *ctx, long file, long hdr)
{
	const struct tufilter *tf = ctx;
	const struct scanned *f = &tf->files[file];
	size_t i;

	for (i = 0; i < f->ntus; i++)
		if (has_header(&tf->tus[f->tus[i]], hdr))
			return 1;
	return 0;
}

/* Do .c files A and B belong to one TU (one includes the other)? */
static int same_unit(void *ctx, long a, long b)
{
	const struct tufilter *tf = ctx;
	const struct scanned *f = &tf->files[a];
	size_t i;

	for (i = 0; i < f->ntus; i++)
		if (owns(&tf->tus[f->tus[i]], b))
			return 1;
	return 0;
}

/* Each name of TEXT into MAP (or onto a list), once. */
static void add_names(const char *text, struct strmap *map, char ***list,
		      size_t *n, size_t *cap)
{
	size_t i = 0, end, len = text ? strlen(text) : 0;
	char *name;

	while (i < len) {
		if (!c_ident_start((unsigned char)text[i]) ||
		    (i && c_ident_char((unsigned char)text[i - 1]))) {
			i++;
			continue;
		}
		end = c_ident_end(text, i, len);
		name = xstrndup(text + i, end - i);
		if (!strmap_get(map, name)) {
			strmap_put(map, name, 1);
			if (list)
				*ARRAY_PUSH(*list, *n, *cap) = xstrdup(name);
		}
		free(name);
		i = end;
	}
}

/*
 * Under C89 a call of a function nothing declares is no error: one
 * whose declaration was left out (a name pasted together) would be
 * declared implicitly, not parsed again (prefilter/prune_decls.c).  2.6-era
 * trees are built so.
 */
static int implicit_calls(const char *flag)
{
	static const char *const c89[] = {
		"-std=c89", "-std=gnu89", "-std=c90", "-std=gnu90",
		"-std=iso9899:1990", "-std=iso9899:199409", "-ansi",
	};
	size_t i;

	for (i = 0; i < sizeof(c89) / sizeof(c89[0]); i++)
		if (!strcmp(flag, c89[i]))
			return 1;
	return 0;
}

/* -DNAME=TEXT: NAME is a macro, and the TU's text names TEXT's names. */
static void add_defined(struct tu *t, const char *flag, struct strmap *seen)
{
	size_t n = 0;

	if (!flag)
		return;
	add_names(flag, seen, &t->defined, &t->ndefined, &t->defined_cap);
	while (c_ident_char((unsigned char)flag[n]))
		n++;
	if (n)
		*ARRAY_PUSH(t->dmacros, t->ndmacros, t->dmacros_cap) =
			xstrndup(flag, n);
}

struct tufilter *tufilter_new(const struct rules *r)
{
	struct tufilter *tf = xcalloc(1, sizeof(*tf));
	struct pf_files files = { file_includes, same_unit, tf };
	size_t i;

	tf->rules = r;
	if (r->filled_type && !strncmp(r->filled_type, "struct ", 7))
		tf->filled_tag = xstrdup(r->filled_type + 7);
	/* the suggestions ask whether a path_* helper is declared */
	for (i = 0; i < r->nguards; i++) {
		add_names(r->guards[i].replace, &tf->keep_names, NULL, 0, 0);
		add_names(r->guards[i].helper, &tf->keep_names, NULL, 0, 0);
	}

	tf->own_idents = tuidents_new(tf->filled_tag);
	tf->pf = prefilter_new();
	prefilter_set_files(tf->pf, &files);
	prefilter_seed_rules(tf->pf, r);
	tf->given_macros = macroidx_new();
	return tf;
}

void tufilter_add(struct tufilter *tf, const char *file, char *const *flags,
		  size_t nflags)
{
	struct strmap defined = { 0 };
	const char **own;
	struct search sr;
	struct tu *t = ARRAY_PUSH(tf->tus, tf->ntus, tf->tus_cap);
	size_t i;

	memset(t, 0, sizeof(*t));
	t->file = xstrdup(file);
	if (!strmap_get(&tf->tu_of, file))
		strmap_put(&tf->tu_of, file, (long)tf->ntus - 1);
	search_from_flags(&sr, flags, nflags);
	sr.sid = intern_search(tf, sr.key);
	walk_tu(tf, file, &sr, t);
	search_free(&sr);
	if (t->nhdrs > 1)
		qsort(t->hdrs, t->nhdrs, sizeof(*t->hdrs), cmp_long);
	for (i = 0; i < t->nown; i++) {
		struct scanned *f = &tf->files[t->own[i]];

		*ARRAY_PUSH(f->tus, f->ntus, f->tus_cap) = (long)tf->ntus - 1;
	}
	for (i = 0; i < nflags; i++)	/* the last -std= counts */
		if (!strncmp(flags[i], "-std=", 5) || !strcmp(flags[i], "-ansi"))
			t->c89 = implicit_calls(flags[i]);
	/* a -D flag's text is the TU's too: -Dfoo=bar names bar */
	for (i = 0; i < nflags; i++)
		if (!strncmp(flags[i], "-D", 2))
			add_defined(t, flags[i][2] ? flags[i] + 2 :
				    i + 1 < nflags ? flags[i + 1] : NULL,
				    &defined);
	strmap_free(&defined);
	t->computed = has_computed_include(tf, t);
	own = xcalloc(t->nown + 1, sizeof(*own));
	for (i = 0; i < t->nown; i++)
		own[i] = tf->files[t->own[i]].path;
	tuidents_queue(tf->own_idents, tf->ntus - 1, own, t->nown);
	free(own);
}

/* What the TUs' own files name, gathered meanwhile (prefilter/tu_names.c). */
static void name_tus(struct tufilter *tf)
{
	size_t i, k;

	tuidents_wait(tf->own_idents);
	for (i = tf->ntus_named; i < tf->ntus; i++) {
		struct tu *t = &tf->tus[i];
		const struct tuidents_tu *r = tuidents_of(tf->own_idents, i);

		if (!r)
			continue;
		t->idents = r->idents;
		t->nidents = r->nidents;
		t->only_stored = r->only_stored;
		t->computed |= r->unreadable;
		t->filled_local |= r->filled;
		for (k = 0; k < t->nown; k++)
			tf->files[t->own[k]].filled_local = r->file_filled[k];
	}
	tf->ntus_named = tf->ntus;
}

/* A call of a function (not of a macro, which may expand to none)
 * makes a body impure. */
static int may_be_pure(const struct tufilter *tf, const struct skippable *k)
{
	size_t i;

	if (k->kind == BODY_IMPURE)
		return 0;
	for (i = 0; i < k->ncalls; i++)
		if (strmap_get(&tf->functions, k->calls[i]) &&
		    !strmap_get(&tf->macros, k->calls[i]))
			return 0;
	return 1;
}

/*
 * Must the declarations of NAME stay, whatever a TU names?  A rule's own
 * function (distance 0) and the helpers a suggestion looks for do.  A
 * function that only leads to a rule does not: where no token names it,
 * no call of it is lowered, and with nothing blocked a whole tree leads
 * nearly every name to a rule.
 */
static int keep_decl(const struct tufilter *tf, const char *name)
{
	return prefilter_name_dist(tf->pf, name) == 0 ||
	       strmap_get(&tf->keep_names, name) != NULL ||
	       maybe_pasted(tf, name);
}

/* Does a name the invocation holds matter, as the last solve says? */
static int inv_matters(const struct tufilter *tf, const struct inv_site *site)
{
	size_t i;

	if (prefilter_name_dist(tf->pf, site->macro) >= 0)
		return 1;
	for (i = 0; i < site->nidents; i++)
		if (prefilter_name_dist(tf->pf, site->idents[i]) >= 0)
			return 1;
	return 0;
}

/* An invocation of a macro whose lone arguments name no macro: its
 * keys noted.  Does it have one? */
static int note_keys(struct tufilter *tf, struct inv_site *site)
{
	size_t i;

	if (!strmap_get(&tf->macros, site->macro))
		return 0;
	site->keys = xcalloc(site->nlone + 1, sizeof(*site->keys));
	for (i = 0; i < site->nlone; i++)
		if (!strmap_get(&tf->macros, site->lone[i]))
			site->keys[site->nkeys++] =
				invkeys_add(tf->keys, site->lone[i],
					    strlen(site->lone[i]));
	return site->nkeys != 0;
}

/*
 * Once, at the first solve: the invocations that may ever go, with
 * their keys, which every text given to the parser is then searched
 * for (count_keys()).  Whether one goes is decided with the header
 * bodies, before each round (inv_round_skips()); whether a TU names what
 * it declares, when the TU is given its texts (key_totals()).
 */
static void decide_invocations(struct tufilter *tf)
{
	size_t i, j, n;

	tf->keys = invkeys_new();
	for (i = 0; i < tf->nfiles; i++) {
		struct scanned *f = &tf->files[i];

		for (j = n = 0; j < f->ninvs; j++) {
			struct inv_site *site = &f->invs[j];
			int ok = note_keys(tf, site);

			free(site->lone);
			site->lone = NULL;
			site->nlone = 0;
			site->skip = ok && !inv_matters(tf, site);
			if (ok)
				f->invs[n++] = *site;
			else
				inv_site_free(site);
		}
		f->ninvs = n;
	}
}

/*
 * Once, with nothing blocked yet: a body whose name may ever matter is
 * kept, so that whichever TU lowers it first (frontend/parse.c) has it.  The
 * rounds only block names, and unblock them again, so this is the most
 * that can ever matter.
 */
static void decide_skips(struct tufilter *tf)
{
	/* by name: 0 not asked yet, 1 dropped where unnamed, 2 kept */
	unsigned char *verdict = xcalloc(tf->nc.n + 1, 1);
	size_t i, j;

	for (i = 0; i < tf->nfiles; i++) {
		for (j = 0; j < tf->files[i].nbodies; j++) {
			struct skippable *k = &tf->files[i].bodies[j];

			k->pure = may_be_pure(tf, k);
			k->skip = !prefilter_node_live(tf->pf, k->node) &&
				  !k->pure;
		}
		for (j = 0; j < tf->files[i].ndecls; j++) {
			struct decl_site *d = &tf->files[i].decls[j];
			const char *name = declprune_name(&tf->nc, d->name);

			if (d->keep)
				continue;
			if (!verdict[d->name])
				verdict[d->name] = keep_decl(tf, name) ? 2 : 1;
			d->keep = verdict[d->name] == 2;
		}
	}
	free(verdict);
	decide_invocations(tf);
}

/* ---- Struct path locals proven filled (prefilter/path_fill_proof.c)
 * ----------------- */

struct proof_ctx {
	struct tufilter *tf;
	const struct tu *t;
};

static int proof_is_macro(void *ctx, const char *name)
{
	const struct proof_ctx *pc = ctx;

	return defines_macro(pc->tf, pc->t, name);
}

static void add_mentioner(void *map, const char *name)
{
	strmap_put(map, name, 1);
}

/* The names of the macros whose text names IDENT, gathered once: the
 * few names of struct path locals are asked about often. */
static const struct strmap *mentioners(struct tufilter *tf, const char *ident)
{
	long *id = strmap_get(&tf->mentioners_of, ident);
	struct strmap *m;

	if (id)
		return &tf->mentioners[*id];
	m = ARRAY_PUSH(tf->mentioners, tf->nmentioners, tf->mentioners_cap);
	memset(m, 0, sizeof(*m));
	prefilter_each_macro_naming(tf->pf, ident, add_mentioner, m);
	strmap_put(&tf->mentioners_of, ident, (long)tf->nmentioners - 1);
	return m;
}

static int proof_macro_names(void *ctx, const char *macro, const char *ident)
{
	const struct proof_ctx *pc = ctx;

	return strmap_get(mentioners(pc->tf, ident), macro) != NULL;
}

static int proof_call_fills(void *ctx, const char *callee, int arg)
{
	const struct proof_ctx *pc = ctx;

	return rules_call_fills(pc->tf->rules, callee, arg);
}

static int locals_proven(struct tufilter *tf, const struct tu *t, long f)
{
	struct proof_ctx pc = { tf, t };
	struct fillproof_env env = {
		tf->filled_tag, &pc, proof_is_macro, proof_macro_names,
		proof_call_fills,
	};
	size_t len;
	char *text = read_file(tf->files[f].path, &len);
	int ok = text && fillproof_text(text, len, &env);

	free(text);
	return ok;
}

/*
 * A file is not parsed for its struct path locals alone when
 * prefilter/path_fill_proof.c shows each filled before anything can read it:
 * path-uninitialized has nothing to find there.  Once, when every file's macros
 * are known.
 */
static void prove_locals(struct tufilter *tf)
{
	size_t i, j;

	for (i = 0; i < tf->ntus; i++) {
		struct tu *t = &tf->tus[i];
		int proven = t->filled_local && !t->computed;

		for (j = 0; proven && j < t->nown; j++)
			if (tf->files[t->own[j]].filled_local)
				proven = locals_proven(tf, t, t->own[j]);
		if (proven)
			t->filled_local = 0;
	}
}

/* Can TU's text mean a definition of SCOPE in FILE? */
static int tu_sees(void *tu, enum pf_scope scope, long file)
{
	const struct tu *t = tu;

	switch (scope) {
	case PF_EXTERN:
		return 1;
	case PF_HEADER:
		return has_header(t, file);
	default:
		return owns(t, file);
	}
}

static long name_dist_in_tu(const struct tufilter *tf, const struct tu *t,
			    const char *name, int only_stored)
{
	struct pf_view v = { tu_sees, t->own, t->nown, (void *)t,
			     only_stored };

	return prefilter_name_dist_in(tf->pf, name, &v);
}

struct alive_names {
	const struct tuidents *ti;
	struct ptrset *set;
};

static void add_alive(void *ctx, const char *name)
{
	struct alive_names *a = ctx;

	ptrset_add(a->set, tuidents_interned(a->ti, name));
}

/*
 * The names that mean a definition that matters somewhere, as solved
 * now, by the address the TUs' idents have: most names a TU mentions
 * mean none, and tu_dist() passes them over without looking them up.
 */
static void note_alive(const struct tufilter *tf, struct ptrset *set)
{
	struct alive_names a = { tf->own_idents, set };

	ptrset_free(set);
	prefilter_each_alive_name(tf->pf, add_alive, &a);
}

/*
 * The distance of the nearest definition T's text names, as solved now:
 * of the names its own files mention, those that mean, in T, a
 * definition that matters.  With ANY, the first found: whether T
 * matters at all.
 */
static long tu_dist(const struct tufilter *tf, const struct tu *t,
		    const struct ptrset *alive, int any, const char **near)
{
	long dist = t->computed || t->filled_local ? 0 : -1, d;
	const char **names = t->defining ? t->defining : t->idents;
	const unsigned char *stored = t->defining ? t->defining_stored :
				      t->only_stored;
	size_t j, n = t->defining ? t->ndefining : t->nidents;

	for (j = 0; j < n; j++) {
		if (any && dist >= 0)
			break;
		if (!ptrset_has(alive, names[j]))
			continue;
		d = name_dist_in_tu(tf, t, names[j], stored && stored[j]);
		if (d < 0 || (dist >= 0 && d > dist))
			continue;
		/* ties go to the first name in byte order: one answer, however
		 * the names were gathered */
		if (near && (d < dist || !*near || strcmp(names[j], *near) < 0))
			*near = names[j];
		dist = d;
	}
	return dist;
}

/* Why T is needed, in words --verbose can end "for ..." with. */
static void note_reason(const struct tufilter *tf, struct tu *t,
			const char *near)
{
	free(t->reason);
	t->reason = NULL;
	if (!t->needed)
		return;
	if (near)
		t->reason = xstrdup(near);
	else if (t->filled_local)
		t->reason = xasprintf("a struct %s local not shown filled",
				      tf->filled_tag);
	else if (t->computed)
		t->reason = xstrdup("an #include of a macro it cannot resolve");
}

/* A function of a .c file not parsed yet: its summary, unknown, may
 * come out empty and block it (tufilter_known_empty()). */
static int unsettled(void *ctx, enum pf_scope scope, long file)
{
	const struct tufilter *tf = ctx;

	(void)scope;
	return !tf->files[file].is_header && !tf->files[file].parsed;
}

static void free_names(char ***names, size_t *n, size_t *cap)
{
	size_t i;

	for (i = 0; i < *n; i++)
		free((*names)[i]);
	free(*names);
	*names = NULL;
	*n = *cap = 0;
}

static void strmap_clear(struct strmap *m)
{
	strmap_free(m);
	memset(m, 0, sizeof(*m));
}

/* What the first solve was the last to need, of every file. */
static void forget_for_all(struct tufilter *tf)
{
	size_t i, j;

	for (i = 0; i < tf->nfiles; i++) {
		struct scanned *f = &tf->files[i];

		/* include resolution is a cache: tufilter_add() makes it again */
		for (j = 0; j < f->nedges; j++)
			free(f->edges[j].to);
		free(f->edges);
		f->edges = NULL;
		f->nedges = f->edges_cap = 0;
		for (j = 0; j < f->nbodies; j++) {
			free(f->bodies[j].name);
			free(f->bodies[j].calls);
			f->bodies[j].name = NULL;
			f->bodies[j].calls = NULL;
			f->bodies[j].ncalls = f->bodies[j].calls_cap = 0;
		}
	}
	for (i = 0; i < tf->npaths; i++)
		free(tf->paths[i]);
	free(tf->paths);
	tf->paths = NULL;
	tf->npaths = tf->paths_cap = 0;
	strmap_clear(&tf->resolved);
	strmap_clear(&tf->file_there);
	for (i = 0; i < tf->nmentioners; i++)
		strmap_free(&tf->mentioners[i]);
	free(tf->mentioners);
	tf->mentioners = NULL;
	tf->nmentioners = tf->mentioners_cap = 0;
	strmap_clear(&tf->mentioners_of);
	/* asked by decide_skips() and prove_locals() alone */
	strmap_clear(&tf->functions);
	strmap_clear(&tf->macros);
	strmap_clear(&tf->names);
	strmap_clear(&tf->keep_names);
	strmap_clear(&tf->paste_prefix);
	strmap_clear(&tf->paste_suffix);
	for (i = 0; i < tf->ntus; i++)
		free_names(&tf->tus[i].dmacros, &tf->tus[i].ndmacros,
			   &tf->tus[i].dmacros_cap);
}

struct defined_names {
	const struct prefilter *pf;
	struct ptrset set;
};

static void add_if_defined(void *ctx, const char *name)
{
	struct defined_names *d = ctx;

	if (prefilter_defines(d->pf, name))
		ptrset_add(&d->set, name);
}

/* A name that means no definition left (prefilter_keep_live()) never
 * will: tu_dist() need not look it up each round.  DEFINED: those that
 * do mean one, by the address the TUs' idents have, each name looked
 * up once however many TUs name it. */
static void keep_defining(struct tu *t, const struct ptrset *defined)
{
	size_t i;

	t->defining = xcalloc(t->nidents + 1, sizeof(*t->defining));
	t->defining_stored = xcalloc(t->nidents + 1, 1);
	for (i = 0; i < t->nidents; i++) {
		if (!ptrset_has(defined, t->idents[i]))
			continue;
		t->defining_stored[t->ndefining] =
			t->only_stored && t->only_stored[i];
		t->defining[t->ndefining++] = t->idents[i];
	}
}

static void free_invocations(struct scanned *f)
{
	size_t j;

	for (j = 0; j < f->ninvs; j++)
		inv_site_free(&f->invs[j]);
	free(f->invs);
	f->invs = NULL;
	f->ninvs = f->invs_cap = 0;
}

/*
 * After the first solve, with nothing blocked: a TU not needed now never
 * will be (blocking only takes away).  For a caller that parses only
 * the TUs needed, what only the others needed is let go, so that the
 * index does not hold the whole tree's headers while files are parsed:
 * the names such TUs mention, the headers only they include (bodies and
 * declarations).
 */
void tufilter_forget_unneeded(struct tufilter *tf)
{
	unsigned char *used = xcalloc(tf->nfiles + 1, 1);
	unsigned char *keep = xcalloc(tf->ntus + 1, 1);
	struct defined_names defined = { tf->pf, { 0 } };
	size_t i, j;

	if (tf->solved != 1 || tf->forgot)
		goto out;
	tf->forgot = 1;
	for (i = 0; i < tf->ntus; i++) {
		struct tu *t = &tf->tus[i];

		keep[i] = (unsigned char)t->needed;
		if (!t->needed) {
			t->idents = NULL;
			t->nidents = 0;
			t->only_stored = NULL;
			free(t->hdrs);
			t->hdrs = NULL;
			t->nhdrs = t->hdrs_cap = 0;
			free_names(&t->defined, &t->ndefined,
				   &t->defined_cap);
			continue;
		}
		for (j = 0; j < t->nown; j++)
			used[t->own[j]] = 1;
		for (j = 0; j < t->nhdrs; j++)
			used[t->hdrs[j]] = 1;
	}
	tuidents_keep_only(tf->own_idents, keep, tf->ntus);
	tuidents_each_name(tf->own_idents, add_if_defined, &defined);
	for (i = 0; i < tf->ntus; i++)
		if (tf->tus[i].needed)
			keep_defining(&tf->tus[i], &defined.set);
	ptrset_free(&defined.set);
	for (i = 0; i < tf->nfiles; i++) {
		struct scanned *f = &tf->files[i];

		if (used[i])
			continue;
		free(f->bodies);
		f->bodies = NULL;
		f->nbodies = f->bodies_cap = 0;
		free(f->decls);
		f->decls = NULL;
		f->ndecls = f->decls_cap = 0;
		free_invocations(f);
	}
out:
	free(used);
	free(keep);
}

static void why_step(void *ctx, const char *name, enum pf_scope scope,
		     long file)
{
	const struct tufilter *tf = ctx;
	static const char *const scopes[] = {
		[PF_EXTERN] = "external linkage",
		[PF_HEADER] = "a header's",
		[PF_LOCAL] = "its file's",
	};

	fprintf(stderr, "wbcheck: why:   %s (%s, %s)\n", name,
		file >= 0 ? tf->files[file].path : "?", scopes[scope]);
}

/*
 * WBCHECK_WHY=NAME[,NAME...]: why each name matters, as solved with
 * nothing blocked, from a definition of it to one that names a rule's
 * function; for someone asking why a file is parsed.
 */
static void explain_names(const struct tufilter *tf)
{
	const char *want = getenv("WBCHECK_WHY");
	char *names, *name, *save = NULL;

	if (!want || !*want)
		return;
	names = xstrdup(want);
	for (name = strtok_r(names, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		fprintf(stderr, "wbcheck: why: %s %s\n", name,
			prefilter_name_dist(tf->pf, name) >= 0 ?
			"matters; through:" :
			"matters nowhere its scope reaches");
		prefilter_explain(tf->pf, name, why_step, (void *)tf);
	}
	free(names);
}

size_t tufilter_solve(struct tufilter *tf)
{
	struct ptrset alive = { 0 };
	size_t i, needed = 0;

	name_tus(tf);
	if (!tf->solved)
		prove_locals(tf);
	prefilter_solve_settled(tf->pf, unsettled, tf);
	note_alive(tf, &alive);
	/* a TU parsed is asked nothing more: its answers stay */
	for (i = 0; i < tf->ntus; i++)
		if (!tf->tus[i].parsed)
			tf->tus[i].settled =
				tu_dist(tf, &tf->tus[i], &alive, 1, NULL) >= 0;
	prefilter_solve(tf->pf);
	note_alive(tf, &alive);
	if (!tf->solved) {
		explain_names(tf);
		decide_skips(tf);
	}
	for (i = 0; i < tf->ntus; i++) {
		struct tu *t = &tf->tus[i];

		if (!t->parsed) {
			const char *near = NULL;

			t->dist = tu_dist(tf, t, &alive, 0,
					  tf->reasons ? &near : NULL);
			t->needed = t->dist >= 0;
			if (tf->reasons)
				note_reason(tf, t, near);
		}
		needed += t->needed;
	}
	ptrset_free(&alive);
	/* none but the first solve needs these; the definitions that do
	 * not matter with nothing blocked never will */
	if (!tf->solved++) {
		forget_for_all(tf);
		prefilter_keep_live(tf->pf);
	}
	return needed;
}

int tufilter_needed(const struct tufilter *tf, size_t i)
{
	return i < tf->ntus ? tf->tus[i].needed : 1;
}

int tufilter_settled(const struct tufilter *tf, size_t i)
{
	return i < tf->ntus ? tf->tus[i].settled : 1;
}

long tufilter_dist(const struct tufilter *tf, size_t i)
{
	return i < tf->ntus ? tf->tus[i].dist : 0;
}

void tufilter_keep_reasons(struct tufilter *tf)
{
	tf->reasons = 1;
}

const char *tufilter_reason(const struct tufilter *tf, size_t i)
{
	return i < tf->ntus ? tf->tus[i].reason : NULL;
}

size_t tufilter_bytes(const struct tufilter *tf, size_t i)
{
	return i < tf->ntus ? tf->tus[i].bytes : 0;
}

const char *const *tufilter_idents(const struct tufilter *tf, size_t i,
				   size_t *n)
{
	*n = i < tf->ntus ? tf->tus[i].nidents : 0;
	return *n ? tf->tus[i].idents : NULL;
}

int tufilter_name_matters(const struct tufilter *tf, const char *file,
			  const char *name)
{
	long *t = file ? strmap_get(&tf->tu_of, file) : NULL;

	if (!t)
		return prefilter_name_dist(tf->pf, name) >= 0;
	return name_dist_in_tu(tf, &tf->tus[*t], name, 0) >= 0;
}

void tufilter_mark_parsed(struct tufilter *tf, size_t i)
{
	size_t j;

	if (i >= tf->ntus)
		return;
	tf->tus[i].parsed = 1;
	for (j = 0; j < tf->tus[i].nown; j++)
		tf->files[tf->tus[i].own[j]].parsed = 1;
}

/* A function of a .c file parsed: its summary is known. */
static int summarised(void *ctx, enum pf_scope scope, long file)
{
	const struct tufilter *tf = ctx;

	(void)scope;
	return !tf->files[file].is_header && tf->files[file].parsed;
}

/*
 * NAME's summary came out empty, in every function of that name parsed
 * so far.  It is believed for the definitions of the .c files already
 * parsed, each of which is one of those (or was left out by an #if): a
 * header's, or that of a file not parsed yet, may be another function.
 */
void tufilter_known_empty(struct tufilter *tf, const char *name)
{
	prefilter_block(tf->pf, name, summarised, tf);
}

/*
 * NAME's summaries, in the same functions, say only that it takes a
 * bracket and gives it back before it returns: it matters to a call
 * (taken again under its caller's), not to a TU that only stores its
 * address (docs/design/prefilter.md, "Names only stored").
 */
void tufilter_known_takes_only(struct tufilter *tf, const char *name)
{
	prefilter_mark_inert(tf->pf, name, summarised, tf);
}

void tufilter_forget_empty(struct tufilter *tf)
{
	prefilter_unblock_all(tf->pf);
}

/* ---- Bodies skipped by what is parsed ------------------------------ */

/* F's texts as an earlier round's skips made them; the one its macros
 * were filed from stays, until tufilter_free(). */
static void unbuild_blanked(struct scanned *f)
{
	if (f->blanked != f->macro_text)
		free(f->blanked);
	f->blanked = NULL;
	if (f->plain != f->macro_text)
		free(f->plain);
	f->plain = NULL;
	free(f->name_id);
	f->name_id = NULL;
	free(f->name_count);
	f->name_count = NULL;
	f->nnames = 0;
	f->counted = 0;
	f->blank_built = 0;
}

/* Skip each body not LIVE (by node) that cannot be pure. */
static void skip_by(struct tufilter *tf, const unsigned char *live)
{
	size_t i, j;

	for (i = 0; i < tf->nfiles; i++) {
		struct scanned *f = &tf->files[i];
		int changed = 0;

		for (j = 0; j < f->nbodies; j++) {
			struct skippable *k = &f->bodies[j];
			int skip = !live[k->node] && !k->pure;

			changed |= skip != k->skip;
			k->skip = skip;
		}
		if (changed && f->blank_built)
			unbuild_blanked(f);
	}
}

/* For each TU parsed and not noted yet: the bodies it is given whole,
 * and those it is parsed without. */
static void note_skips(struct tufilter *tf)
{
	size_t i, j, h;

	for (i = 0; i < tf->ntus; i++) {
		struct tu *t = &tf->tus[i];

		if (!t->parsed || t->skips_noted)
			continue;
		t->skips_noted = 1;
		for (h = 0; h < t->nhdrs; h++) {
			struct scanned *f = &tf->files[t->hdrs[h]];

			for (j = 0; j < f->nbodies; j++) {
				struct skippable *k = &f->bodies[j];

				if (!k->skip)
					k->given = 1;
				else if (k->skipped_in < 0)
					k->skipped_in = (long)i;
			}
			/* a TU is given whole every invocation that matters;
			 * note_drops() notes those it goes without */
			for (j = 0; j < f->ninvs; j++)
				f->invs[j].given |= !f->invs[j].skip;
		}
	}
}

/* TU number TI goes into AGAIN, for NAME, unless it is there already. */
static void again_for(struct tufilter *tf, long ti, const char *name,
		      int invocation, size_t *again, struct tufilter_why *why,
		      size_t *n)
{
	struct tu *t = &tf->tus[ti];

	if (!t->skips_noted)
		return;
	t->skips_noted = 0;
	why[*n].name = name;
	why[*n].invocation = invocation;
	again[(*n)++] = (size_t)ti;
}

/* The TUs parsed without a body or an invocation that matters now, which
 * no TU was given whole: one of them is parsed again for each, and lowers
 * it. */
static size_t parse_again(struct tufilter *tf, size_t *again,
			  struct tufilter_why *why)
{
	size_t i, j, n = 0;

	for (i = 0; i < tf->nfiles; i++) {
		struct scanned *f = &tf->files[i];

		for (j = 0; j < f->nbodies; j++) {
			struct skippable *k = &f->bodies[j];

			if (!k->skip && !k->given && k->skipped_in >= 0)
				again_for(tf, k->skipped_in,
					  prefilter_node_name(tf->pf, k->node),
					  0, again, why, &n);
		}
		for (j = 0; j < f->ninvs; j++) {
			struct inv_site *site = &f->invs[j];

			if (!site->skip && !site->given && site->dropped_in >= 0)
				again_for(tf, site->dropped_in, site->macro,
					  1, again, why, &n);
		}
	}
	note_skips(tf);
	return n;
}

/* As skip_by() for the bodies: an invocation may go if nothing it names
 * matters through what is parsed by the end of the round. */
static void inv_round_skips(struct tufilter *tf)
{
	size_t i, j;

	for (i = 0; i < tf->nfiles; i++)
		for (j = 0; j < tf->files[i].ninvs; j++)
			tf->files[i].invs[j].skip =
				!inv_matters(tf, &tf->files[i].invs[j]);
}

/*
 * Before each round, once the files to parse are marked: a header body
 * is given to the parser only if it matters through what is parsed by
 * the end of the round (headers, macros, the .c files parsed), blocked
 * names left out; a function of a .c file not parsed has no summary, so
 * a body that matters only through one has none either.  What a later
 * round makes matter, in a body some file was parsed without, is
 * lowered then: by a file of that round given it whole, else by one of
 * those files parsed again (their numbers in AGAIN, as many as
 * returned; WHY names the function each is parsed again for).
 * docs/design/prefilter.md says why no finding is lost.
 */
size_t tufilter_round_skips(struct tufilter *tf, size_t *again,
			    struct tufilter_why *why)
{
	size_t n = prefilter_nnodes(tf->pf), i;
	unsigned char *live;
	struct pf_solved *solved;

	if (!tf->solved)
		return 0;
	live = xcalloc(n + 1, 1);
	/* what the parse asks of the names (tufilter_name_matters()) is the
	 * solve without it: tufilter_solve()'s last, nothing blocked since */
	solved = prefilter_save_solve(tf->pf);
	prefilter_solve_settled(tf->pf, unsettled, tf);
	for (i = 0; i < n; i++)
		live[i] = (unsigned char)prefilter_node_live(tf->pf, i);
	inv_round_skips(tf);
	prefilter_restore_solve(tf->pf, solved);
	skip_by(tf, live);
	free(live);
	note_skips(tf);
	return parse_again(tf, again, why);
}

struct key_found {
	long *ids;
	size_t n, cap;
	struct scanned *f;	/* whose invocations count their own */
	size_t site;		/* the first that may still hold a place */
};

/* KEY at AT: counted for the text, and for the invocation there, if
 * any (the places come in order, and so do the invocations). */
static void key_found(void *ctx, long key, size_t at)
{
	struct key_found *kf = ctx;
	struct scanned *f = kf->f;
	struct inv_site *s;
	size_t j;

	*ARRAY_PUSH(kf->ids, kf->n, kf->cap) = key;
	while (kf->site < f->ninvs && f->invs[kf->site].end <= at)
		kf->site++;
	if (kf->site == f->ninvs || f->invs[kf->site].start > at)
		return;
	s = &f->invs[kf->site];
	for (j = 0; j < s->nkeys; j++)
		s->own[j] += s->keys[j] == key;
}

/* How often F's TEXT holds each key, in identifiers (key_id, key_count),
 * and each of its invocations its own keys. */
static void count_keys(const struct tufilter *tf, struct scanned *f,
		       const char *text, size_t len)
{
	struct key_found kf = { .f = f };
	size_t i, distinct = 0;

	free(f->key_id);
	free(f->key_count);
	f->nkeys = 0;
	for (i = 0; i < f->ninvs; i++) {
		free(f->invs[i].own);
		f->invs[i].own = xcalloc(f->invs[i].nkeys + 1,
					 sizeof(*f->invs[i].own));
	}
	invkeys_scan(tf->keys, text, 0, len, key_found, &kf);
	if (kf.n)
		qsort(kf.ids, kf.n, sizeof(*kf.ids), cmp_long);
	for (i = 0; i < kf.n; i++)
		distinct += !i || kf.ids[i] != kf.ids[i - 1];
	f->key_id = xcalloc(distinct + 1, sizeof(*f->key_id));
	f->key_count = xcalloc(distinct + 1, sizeof(*f->key_count));
	for (i = 0; i < kf.n; i++) {
		if (!i || kf.ids[i] != kf.ids[i - 1])
			f->key_id[f->nkeys++] = kf.ids[i];
		f->key_count[f->nkeys - 1]++;
	}
	free(kf.ids);
}

/* F's text with its skipped bodies blanked, if any is; its names; and
 * its #defines, filed for prefilter/header_funcs.c (prefilter/macro_index.c). */
static void build_blanked(struct tufilter *tf, struct scanned *f)
{
	struct body_range *r;
	size_t i, n = 0, len;
	char *text;

	f->blank_built = 1;
	r = xcalloc(f->nbodies + 1, sizeof(*r));
	for (i = 0; i < f->nbodies; i++)
		if (f->bodies[i].skip)
			r[n++] = f->bodies[i].at;
	text = read_file(f->path, &len);
	/* a file changed since it was indexed is given as it is now */
	if (text && (len != f->size || text_hash(text, len) != f->hash)) {
		free(text);
		text = NULL;
	}
	if (text && n)
		f->blanked = bodyskip_blank(text, len, r, n);
	free(r);
	if (!text)
		return;
	f->nnames = declprune_count(&tf->nc, f->blanked ? f->blanked : text,
				    len, &f->name_id, &f->name_count);
	f->counted = 1;
	count_keys(tf, f, f->blanked ? f->blanked : text, len);
	if (!f->blanked)
		f->plain = text;
	else
		free(text);
	/* what a TU is given differs from this only in declarations left
	 * out, which hold no #define (note_decl(), bodyskip_scan()) */
	if (!f->macro_text) {
		f->macro_text = f->blanked ? f->blanked : f->plain;
		macroidx_add(tf->given_macros, (long)(f - tf->files),
			     f->macro_text, len);
	}
}

/* A name the TU names outside the headers' declaration statements. */
static void count_name(const struct tufilter *tf, unsigned *count,
		       const char *name)
{
	long id = declprune_lookup(&tf->nc, name, strlen(name));

	if (id >= 0)
		count[id] += 2;
}

/* Were all T's headers read for names, and does T declare what it
 * calls (not C89)? */
static int tu_counted(const struct tufilter *tf, const struct tu *t)
{
	size_t i;

	if (t->c89)
		return 0;
	for (i = 0; i < t->nhdrs; i++)
		if (!tf->files[t->hdrs[i]].counted)
			return 0;
	return 1;
}

/*
 * How often T's text names each name, less once for each statement
 * that may be dropped declaring it: zero where every mention is such a
 * declaration.  NULL if a header of T was not read for names.
 */
static unsigned *tu_name_counts(const struct tufilter *tf, const struct tu *t)
{
	unsigned *count;
	size_t i, j;

	if (!tu_counted(tf, t))
		return NULL;
	count = xcalloc(tf->nc.n + 1, sizeof(*count));
	for (i = 0; i < t->nhdrs; i++) {
		const struct scanned *f = &tf->files[t->hdrs[i]];

		for (j = 0; j < f->nnames; j++)
			count[f->name_id[j]] += f->name_count[j];
	}
	for (i = 0; i < t->nidents; i++)
		count_name(tf, count, t->idents[i]);
	for (i = 0; i < t->ndefined; i++)
		count_name(tf, count, t->defined[i]);
	for (i = 0; i < t->nhdrs; i++) {
		const struct scanned *f = &tf->files[t->hdrs[i]];

		for (j = 0; j < f->ndecls; j++)
			if (!f->decls[j].keep)
				count[f->decls[j].name]--;
	}
	return count;
}

/* Does SITE name a .c file's own function or macro, in T?  Those are not
 * in its skip (inv_matters()), and may yet come to matter. */
static int inv_names_local(const struct tufilter *tf, const struct tu *t,
			   const struct inv_site *site)
{
	size_t i;

	if (prefilter_name_local_in(tf->pf, site->macro, t->own, t->nown))
		return 1;
	for (i = 0; i < site->nidents; i++)
		if (prefilter_name_local_in(tf->pf, site->idents[i], t->own,
					    t->nown))
			return 1;
	return 0;
}

/* Does T, whose key totals are TOTAL, go without SITE: does nothing it
 * names matter, and does no text but its own hold one of its keys (so
 * that T names nothing it declares from it)? */
static int inv_drops(const struct tufilter *tf, const struct tu *t,
		     const struct inv_site *site, const unsigned *total)
{
	size_t k;

	if (!site->skip || inv_names_local(tf, t, site))
		return 0;
	for (k = 0; site->own && k < site->nkeys; k++)
		if (total[site->keys[k]] == site->own[k])
			return 1;
	return 0;
}

/* F's text for the parser with the declarations COUNT lets go and the
 * invocations INV_DROP (by invocation of F, or NULL) does; NULL if it
 * could not be read (the parser reads it then). */
static char *dropped_copy(const struct scanned *f, const unsigned *count,
			  const unsigned char *inv_drop, int *owned)
{
	const char *base = f->blanked ? f->blanked : f->plain;
	struct decl_site *sites;
	unsigned char *drop;
	size_t j, n = 0, nsites = f->ndecls;
	char *copy;

	*owned = 0;
	if (!count || !base || !(f->ndecls + f->ninvs))
		return (char *)base;
	sites = xcalloc(f->ndecls + f->ninvs + 1, sizeof(*sites));
	drop = xcalloc(f->ndecls + f->ninvs + 1, 1);
	for (j = 0; j < f->ndecls; j++) {
		sites[j] = f->decls[j];
		drop[j] = !f->decls[j].keep && !count[f->decls[j].name];
		n += drop[j];
	}
	for (j = 0; inv_drop && j < f->ninvs; j++) {
		if (!inv_drop[j])
			continue;
		sites[nsites].start = f->invs[j].start;
		sites[nsites].end = f->invs[j].end;
		drop[nsites++] = 1;
		n++;
	}
	copy = n ? declprune_blank(base, f->size, sites, nsites, drop) :
		   (char *)base;
	*owned = n != 0;
	free(drop);
	free(sites);
	return copy;
}

static void key_found_far(void *ctx, long key, size_t at)
{
	unsigned *total = ctx;

	(void)at;
	/* named outside the headers: no invocation's own text holds it */
	total[key] = UINT_MAX;
}

/*
 * How often T's texts hold each key of the invocations that may go,
 * in identifiers, pasted in or not: those of its headers counted, those
 * of its own files and -D flags enough to keep every invocation holding
 * them.  NULL if a header was not read for names, or under C89.
 */
static unsigned *key_totals(const struct tufilter *tf, const struct tu *t)
{
	size_t n = invkeys_count(tf->keys), i, j;
	unsigned *total;

	if (!n || !tu_counted(tf, t))
		return NULL;
	total = xcalloc(n, sizeof(*total));
	for (i = 0; i < t->nhdrs; i++) {
		const struct scanned *f = &tf->files[t->hdrs[i]];

		for (j = 0; j < f->nkeys; j++)
			if (total[f->key_id[j]] != UINT_MAX)
				total[f->key_id[j]] += f->key_count[j];
	}
	for (i = 0; i < t->nidents; i++)
		invkeys_scan(tf->keys, t->idents[i], 0, strlen(t->idents[i]),
			     key_found_far, total);
	for (i = 0; i < t->ndefined; i++)
		invkeys_scan(tf->keys, t->defined[i], 0, strlen(t->defined[i]),
			     key_found_far, total);
	return total;
}

/*
 * The invocations TU number TI goes without, noted once its headers are
 * read for names: the first TU parsed without one is parsed again should
 * it matter after a later round and no TU have been given it whole
 * (note_skips(), parse_again()).
 */
static void note_drops(struct tufilter *tf, size_t ti)
{
	struct tu *t = &tf->tus[ti];
	unsigned *total = key_totals(tf, t);
	size_t i, j, k = 0, n = 0;

	free(t->inv_drop);
	t->inv_drop = NULL;
	if (!total)
		return;
	for (i = 0; i < t->nhdrs; i++)
		k += tf->files[t->hdrs[i]].ninvs;
	t->inv_drop = xcalloc(k + 1, 1);
	for (i = k = 0; i < t->nhdrs; i++) {
		struct scanned *f = &tf->files[t->hdrs[i]];

		for (j = 0; j < f->ninvs; j++, k++) {
			struct inv_site *site = &f->invs[j];

			t->inv_drop[k] = (unsigned char)inv_drops(tf, t, site,
								  total);
			n += t->inv_drop[k];
			if (t->inv_drop[k] && site->dropped_in < 0)
				site->dropped_in = (long)ti;
		}
	}
	tf->inv_dropped += n;
	tf->inv_tus += n != 0;
	free(total);
}

void tufilter_prepare_skips(struct tufilter *tf, const char *file)
{
	long *t = strmap_get(&tf->tu_of, file);
	size_t i;

	if (!t || !tf->solved)
		return;
	for (i = 0; i < tf->tus[*t].nhdrs; i++) {
		struct scanned *f = &tf->files[tf->tus[*t].hdrs[i]];

		if (!f->blank_built)
			build_blanked(tf, f);
	}
	note_drops(tf, (size_t)*t);
}

size_t tufilter_skipped(const struct tufilter *tf, const char *file,
			const struct strmap *leave_out,
			struct tufilter_text **out)
{
	long *t = strmap_get(&tf->tu_of, file);
	const struct tu *tu;
	unsigned *count;
	size_t i, n = 0, inv = 0;

	*out = NULL;
	if (!t)
		return 0;
	tu = &tf->tus[*t];
	count = tu_name_counts(tf, tu);
	*out = xcalloc(tu->nhdrs + 1, sizeof(**out));
	for (i = 0; i < tu->nhdrs; i++) {
		const struct scanned *f = &tf->files[tu->hdrs[i]];
		int owned;
		char *text;

		if (leave_out && strmap_get(leave_out, f->path)) {
			inv += f->ninvs;
			continue;
		}
		text = dropped_copy(f, count,
				    tu->inv_drop ? tu->inv_drop + inv : NULL,
				    &owned);
		inv += f->ninvs;
		if (!text)
			continue;
		(*out)[n].path = f->path;
		(*out)[n].text = text;
		(*out)[n].owned = owned ? text : NULL;
		(*out)[n].changed = text != f->plain;
		(*out)[n].file = tu->hdrs[i];
		(*out)[n++].len = f->size;
	}
	free(count);
	if (!n) {
		free(*out);
		*out = NULL;
	}
	return n;
}

void tufilter_texts_free(struct tufilter_text *texts, size_t n)
{
	size_t i;

	for (i = 0; texts && i < n; i++)
		free(texts[i].owned);
	free(texts);
}

const struct macroidx *tufilter_macros(const struct tufilter *tf)
{
	return tf->given_macros;
}

size_t tufilter_nfiles(const struct tufilter *tf)
{
	return tf->nfiles;
}

void tufilter_print_stats(const struct tufilter *tf)
{
	size_t i, j, edges = 0, edge_sets = 0, hdrs = 0, bytes = 0;

	if (!phase_stats_on())
		return;
	for (i = 0; i < tf->nfiles; i++) {
		edge_sets += tf->files[i].nedges;
		edges += tf->files[i].nedges * tf->files[i].nincls;
		bytes += tf->files[i].size;
	}
	for (j = 0; j < tf->ntus; j++)
		hdrs += tf->tus[j].nhdrs;
	fprintf(stderr, "wbcheck: stats: index: %zu TUs, %zu files read (%zu MB), %zu include searches, %zu includes resolved, %zu edge sets (%zu edges), %zu headers over all TUs, %zu definitions, %zu mentions\n",
		tf->ntus, tf->nfiles, bytes >> 20, tf->searches.n,
		tf->resolved.n, edge_sets, edges, hdrs,
		prefilter_nnodes(tf->pf), prefilter_nmentions(tf->pf));
}

void tufilter_free(struct tufilter *tf)
{
	size_t i, j;

	if (!tf)
		return;
	if (phase_stats_on() && tf->inv_tus)
		fprintf(stderr, "wbcheck: stats: macro invocations left out: %zu, over %zu files parsed\n",
			tf->inv_dropped, tf->inv_tus);
	/* its thread reads the files' names, freed below */
	tuidents_wait(tf->own_idents);
	prefilter_free(tf->pf);
	for (i = 0; i < tf->nfiles; i++) {
		for (j = 0; j < tf->files[i].nincls; j++)
			free(tf->files[i].incls[j].name);
		free(tf->files[i].incls);
		for (j = 0; j < tf->files[i].nincl_macros; j++)
			free(tf->files[i].incl_macros[j]);
		free(tf->files[i].incl_macros);
		free(tf->files[i].path);
		for (j = 0; j < tf->files[i].nedges; j++)
			free(tf->files[i].edges[j].to);
		free(tf->files[i].edges);
		for (j = 0; j < tf->files[i].nbodies; j++) {
			free(tf->files[i].bodies[j].name);
			free(tf->files[i].bodies[j].calls);
		}
		free(tf->files[i].bodies);
		if (tf->files[i].macro_text != tf->files[i].blanked &&
		    tf->files[i].macro_text != tf->files[i].plain)
			free((char *)tf->files[i].macro_text);
		free(tf->files[i].blanked);
		free(tf->files[i].decls);
		free(tf->files[i].plain);
		free(tf->files[i].name_id);
		free(tf->files[i].name_count);
		free(tf->files[i].key_id);
		free(tf->files[i].key_count);
		free_invocations(&tf->files[i]);
		free(tf->files[i].tus);
	}
	free(tf->files);
	for (i = 0; i < tf->npaths; i++)
		free(tf->paths[i]);
	free(tf->paths);
	for (i = 0; i < tf->ntus; i++) {
		free(tf->tus[i].file);
		free(tf->tus[i].own);
		free(tf->tus[i].defining);
		free(tf->tus[i].defining_stored);
		free(tf->tus[i].hdrs);
		free(tf->tus[i].inv_drop);
		free(tf->tus[i].reason);
		for (j = 0; j < tf->tus[i].ndefined; j++)
			free(tf->tus[i].defined[j]);
		free(tf->tus[i].defined);
		for (j = 0; j < tf->tus[i].ndmacros; j++)
			free(tf->tus[i].dmacros[j]);
		free(tf->tus[i].dmacros);
	}
	free(tf->tus);
	strmap_free(&tf->by_path);
	strmap_free(&tf->resolved);
	strmap_free(&tf->searches);
	tuidents_free(tf->own_idents);
	strmap_free(&tf->file_there);
	strmap_free(&tf->tu_of);
	strmap_free(&tf->functions);
	strmap_free(&tf->macros);
	strmap_free(&tf->names);
	free(tf->filled_tag);
	declprune_counter_free(&tf->nc);
	strmap_free(&tf->keep_names);
	invkeys_free(tf->keys);
	strmap_free(&tf->inv_names);
	strmap_free(&tf->paste_prefix);
	strmap_free(&tf->paste_suffix);
	for (i = 0; i < tf->nmentioners; i++)
		strmap_free(&tf->mentioners[i]);
	free(tf->mentioners);
	strmap_free(&tf->mentioners_of);
	macroidx_free(tf->given_macros);
	free(tf);
}

/* ---- For a header set precompiled once for the run
 * (frontend/shared_pch.c) ------------------------------------------- */

void tufilter_each_include(const struct tufilter *tf, const char *file,
			   void (*fn)(void *ctx, const char *name, int quoted),
			   void *ctx)
{
	long *t = strmap_get(&tf->tu_of, file);
	const struct scanned *f;
	size_t i;

	if (!t || !tf->tus[*t].nown)
		return;
	f = &tf->files[tf->tus[*t].own[0]];
	for (i = 0; i < f->nincls; i++)
		fn(ctx, f->incls[i].name, f->incls[i].quoted);
}

size_t tufilter_shared_texts(const struct tufilter *tf,
			     struct tufilter_text **out)
{
	size_t i, n = 0;

	*out = xcalloc(tf->nfiles + 1, sizeof(**out));
	for (i = 0; i < tf->nfiles; i++) {
		const struct scanned *f = &tf->files[i];

		if (!f->is_header || !f->blank_built ||
		    (!f->blanked && !f->plain))
			continue;
		(*out)[n].path = f->path;
		(*out)[n].text = f->blanked ? f->blanked : f->plain;
		(*out)[n].changed = f->blanked != NULL;
		(*out)[n].file = (long)i;
		(*out)[n++].len = f->size;
	}
	return n;
}

long tufilter_file_no(const struct tufilter *tf, const char *path)
{
	long *at = strmap_get(&tf->by_path, path);

	return at ? *at : -1;
}

static int in_list(const long *files, size_t n, long f)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (files[i] == f)
			return 1;
	return 0;
}

/* Does one of FOREIGN (N) #define NAME? */
static int defined_in(const struct tufilter *tf, const char *name,
		      const long *foreign, size_t n)
{
	long at = macroidx_find(tf->given_macros, name);

	for (; at >= 0; at = macroidx_def(tf->given_macros, at)->next)
		if (in_list(foreign, n, macroidx_def(tf->given_macros, at)->file))
			return 1;
	return 0;
}

int tufilter_takes_headers(const struct tufilter *tf, const char *file,
			   const long *files, size_t n)
{
	long *t = strmap_get(&tf->tu_of, file), *foreign;
	const struct tu *tu;
	size_t i, nforeign = 0;
	int ok = 1;

	if (!t)
		return 0;
	tu = &tf->tus[*t];
	foreign = xcalloc(n + 1, sizeof(*foreign));
	for (i = 0; i < n; i++)
		if (files[i] < 0 || !has_header(tu, files[i]))
			foreign[nforeign++] = files[i];
	for (i = 0; ok && nforeign && i < tu->nidents; i++)
		ok = !defined_in(tf, tu->idents[i], foreign, nforeign);
	free(foreign);
	return ok;
}

int tufilter_includes(const struct tufilter *tf, const char *file, long hdr)
{
	long *t = strmap_get(&tf->tu_of, file);

	return t && has_header(&tf->tus[*t], hdr);
}

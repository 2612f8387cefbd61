/*
 * prefilter: struct path locals filled before anything can read them,
 * told from the text alone, so that a file whose every such local is
 * proven filled needs no parse for path-uninitialized.  The proof takes
 * checks/path_uninit.c's view of fills and reads; anything not
 * understood is unsure and the file is parsed.  The rules of the proof:
 * docs/design/prefilter.md.
 */
#include "prefilter/path_fill_proof.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum tok_kind { TK_IDENT, TK_PUNCT, TK_OTHER, TK_DIR };
enum dir_kind { DIR_OTHER, DIR_IF, DIR_ELSE, DIR_ENDIF };
enum brace_kind {
	BR_FUNC, BR_RECORD, BR_INIT, BR_BLOCK, BR_SWITCH, BR_UNKNOWN
};

struct tok {
	size_t at;
	size_t len;
	unsigned char kind, dir;
};

struct ftext {
	const char *b;
	size_t n;
	struct tok *t;
	size_t nt, cap;
	long *match;		/* of a bracket, its partner */
	long *owner;		/* the innermost "{" around a token, -1 */
	unsigned char *kind;	/* of a "{": enum brace_kind */
	unsigned *pd;		/* "(" and "[" open since that "{" */
	int define_goto;	/* a #define of the file says goto */
	int define_local;	/* a #define says "struct TAG name" */
	const struct fillproof_env *env;
};

/* A local's declarator: its name's token, the end of its statement. */
struct local {
	long name, end, func;
	int init;
};

static int is(const struct ftext *f, long i, const char *s)
{
	size_t n = strlen(s);

	return i >= 0 && (size_t)i < f->nt && f->t[i].len == n &&
	       f->t[i].kind != TK_DIR && !memcmp(f->b + f->t[i].at, s, n);
}

static int is_ident(const struct ftext *f, long i)
{
	return i >= 0 && (size_t)i < f->nt && f->t[i].kind == TK_IDENT;
}

static int same_text(const struct ftext *f, long i, long j)
{
	return f->t[i].len == f->t[j].len &&
	       !memcmp(f->b + f->t[i].at, f->b + f->t[j].at, f->t[i].len);
}

/* Token I's text into BUF (CAP bytes); 0 if it does not fit. */
static int tok_name(const struct ftext *f, long i, char *buf, size_t cap)
{
	if (f->t[i].len >= cap)
		return 0;
	memcpy(buf, f->b + f->t[i].at, f->t[i].len);
	buf[f->t[i].len] = '\0';
	return 1;
}

static int keyword(const struct ftext *f, long i)
{
	static const char *const words[] = {
		"if", "else", "for", "while", "do", "switch", "case", "default",
		"return", "goto", "break", "continue", "sizeof", "typeof",
		"__typeof__", "__typeof", "_Alignof", "__alignof__", "_Generic",
		"asm", "__asm__", "__asm", "volatile", "__volatile__", "struct",
		"union", "enum", "static", "const", "__builtin_offsetof",
		"__builtin_choose_expr", "__builtin_constant_p",
		"_Static_assert",
	};
	size_t k;

	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (is(f, i, words[k]))
			return 1;
	return 0;
}

/* A statement that starts so may not run what follows, or not first. */
static int control(const struct ftext *f, long i)
{
	static const char *const words[] = {
		"else", "for", "while", "do", "case", "default", "goto",
		"break", "continue",
	};
	size_t k;

	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (is(f, i, words[k]))
			return 1;
	return 0;
}

/* ---- Tokens ---------------------------------------------------------- */

static void push_tok(struct ftext *f, size_t at, size_t len, int kind,
		     int dir)
{
	struct tok *t = ARRAY_PUSH(f->t, f->nt, f->cap);

	t->at = at;
	t->len = len;
	t->kind = kind;
	t->dir = dir;
}

static size_t punct_len(const char *s, size_t n)
{
	static const char *const multi[] = {
		"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=",
		"==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=",
		"|=", "^=", "##",
	};
	size_t k, l;

	for (k = 0; k < sizeof(multi) / sizeof(multi[0]); k++) {
		l = strlen(multi[k]);
		if (l <= n && !memcmp(s, multi[k], l))
			return l;
	}
	return 1;
}

static size_t number_len(const char *s, size_t n)
{
	size_t i = 1;

	while (i < n && (c_ident_char((unsigned char)s[i]) || s[i] == '.' ||
			 ((s[i] == '+' || s[i] == '-') &&
			  strchr("eEpP", s[i - 1]))))
		i++;
	return i;
}

/* What a #define's body says that matters here: goto, struct TAG name. */
static void scan_define(struct ftext *f, size_t i, size_t end)
{
	size_t tag = strlen(f->env->tag), w;
	int after_struct = 0;

	while (i < end) {
		size_t skip = c_noise_len(f->b + i, end - i);

		if (skip || !c_ident_start((unsigned char)f->b[i]) ||
		    (i && c_ident_char((unsigned char)f->b[i - 1]))) {
			i += skip ? skip : 1;
			continue;
		}
		for (w = i; w < end && c_ident_char((unsigned char)f->b[w]); w++)
			;
		if (w - i == 4 && !memcmp(f->b + i, "goto", 4))
			f->define_goto = 1;
		if (after_struct == 2)
			f->define_local = 1;
		if (after_struct == 1 && w - i == tag &&
		    !memcmp(f->b + i, f->env->tag, tag))
			after_struct = 2;
		else
			after_struct = w - i == 6 &&
				       !memcmp(f->b + i, "struct", 6);
		i = w;
	}
}

static void directive(struct ftext *f, size_t i, size_t end)
{
	static const struct { const char *word; int dir; } words[] = {
		{ "if", DIR_IF }, { "ifdef", DIR_IF }, { "ifndef", DIR_IF },
		{ "elif", DIR_ELSE }, { "else", DIR_ELSE },
		{ "elifdef", DIR_ELSE }, { "elifndef", DIR_ELSE },
		{ "endif", DIR_ENDIF },
	};
	size_t n, w = c_directive_word(f->b, i, end, &n), k;
	int dir = DIR_OTHER;

	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (c_word_is(f->b + w, n, words[k].word))
			dir = words[k].dir;
	if (c_word_is(f->b + w, n, "define"))
		scan_define(f, w + n, end);
	push_tok(f, i, end - i, TK_DIR, dir);
}

static void lex(struct ftext *f)
{
	const char *b = f->b;
	size_t i = 0, n = f->n, k;
	int bol = 1;

	while (i < n) {
		if (isspace((unsigned char)b[i])) {
			bol |= b[i++] == '\n';
			continue;
		}
		if (b[i] == '\\' && i + 1 < n && b[i + 1] == '\n') {
			i += 2;
			continue;
		}
		k = c_noise_len(b + i, n - i);
		if (k && b[i] == '/') {	/* a comment is a blank */
			i += k;
			continue;
		}
		if (b[i] == '#' && bol) {
			k = c_directive_end(b, i, n);
			directive(f, i, k);
			i = k;
			continue;
		}
		bol = 0;
		if (k) {
			push_tok(f, i, k, TK_OTHER, 0);
		} else if (c_ident_start((unsigned char)b[i])) {
			k = i + 1;
			while (k < n && c_ident_char((unsigned char)b[k]))
				k++;
			k -= i;
			push_tok(f, i, k, TK_IDENT, 0);
		} else if ((b[i] >= '0' && b[i] <= '9') ||
			   (b[i] == '.' && i + 1 < n && b[i + 1] >= '0' &&
			    b[i + 1] <= '9')) {
			k = number_len(b + i, n - i);
			push_tok(f, i, k, TK_OTHER, 0);
		} else {
			k = punct_len(b + i, n - i);
			push_tok(f, i, k, TK_PUNCT, 0);
		}
		i += k;
	}
}

/* ---- Brackets -------------------------------------------------------- */

/* The token before I, directives left out; -1 if none. */
static long prev_tok(const struct ftext *f, long i)
{
	for (i--; i >= 0 && f->t[i].kind == TK_DIR; i--)
		;
	return i;
}

/* "struct foo {", "struct __packed foo {", "enum {": a type's members. */
static int record_head(const struct ftext *f, long p)
{
	int k;

	for (k = 0; k < 3 && is_ident(f, p); k++, p = prev_tok(f, p))
		if (is(f, p, "struct") || is(f, p, "union") || is(f, p, "enum"))
			return 1;
	return 0;
}

static int brace_kind(const struct ftext *f, long i, long outer)
{
	long p = prev_tok(f, i);

	if ((outer >= 0 && f->kind[outer] == BR_INIT) || is(f, p, "="))
		return BR_INIT;
	if (is(f, p, ")") && outer < 0)
		return BR_FUNC;
	if (is(f, p, ")") && is(f, prev_tok(f, f->match[p]), "switch"))
		return BR_SWITCH;
	if (record_head(f, p))
		return BR_RECORD;
	return outer < 0 ? BR_UNKNOWN : BR_BLOCK;
}

static int opens(const struct ftext *f, long i)
{
	return is(f, i, "(") || is(f, i, "[") || is(f, i, "{");
}

static int closes(const struct ftext *f, long i)
{
	return is(f, i, ")") || is(f, i, "]") || is(f, i, "}");
}

/* Match the brackets; 0 if they do not pair up. */
static int structure(struct ftext *f)
{
	long *stack = xcalloc(f->nt + 1, sizeof(*stack));
	long cur = -1, i;
	size_t depth = 0, since = 0;	/* stack depth at the "{" cur */
	int ok = 1;

	f->match = xcalloc(f->nt + 1, sizeof(*f->match));
	f->owner = xcalloc(f->nt + 1, sizeof(*f->owner));
	f->kind = xcalloc(f->nt + 1, 1);
	f->pd = xcalloc(f->nt + 1, sizeof(*f->pd));
	for (i = 0; ok && (size_t)i < f->nt; i++) {
		f->match[i] = -1;
		f->owner[i] = cur;
		f->pd[i] = depth - since;
		if (opens(f, i)) {
			stack[depth++] = i;
			if (is(f, i, "{")) {
				f->kind[i] = brace_kind(f, i, cur);
				cur = i;
				since = depth;
			}
		} else if (closes(f, i)) {
			long o;

			if (!depth) {
				ok = 0;
				break;
			}
			o = stack[--depth];
			ok = f->b[f->t[o].at] == (is(f, i, ")") ? '(' :
						   is(f, i, "]") ? '[' : '{');
			f->match[i] = o;
			f->match[o] = i;
			if (is(f, i, "}")) {
				cur = f->owner[o];
				for (since = depth; since > 0 &&
				     !is(f, stack[since - 1], "{"); since--)
					;
			}
			f->owner[i] = cur;
			f->pd[i] = depth - since;
		}
	}
	free(stack);
	return ok && !depth;
}

/* The function body (a "{" at the top) around token I: -1 none, -2 a
 * top-level brace that is no function's (unsure). */
static long function_of(const struct ftext *f, long i)
{
	long o = f->owner[i];

	if (o < 0)
		return -1;
	while (f->owner[o] >= 0)
		o = f->owner[o];
	return f->kind[o] == BR_FUNC ? o : f->kind[o] == BR_UNKNOWN ? -2 : -1;
}

/* The first token of the definition whose body opens at FB. */
static long function_start(const struct ftext *f, long fb)
{
	long i = fb - 1;

	while (i >= 0 && f->t[i].kind != TK_DIR &&
	       !(f->owner[i] < 0 && (is(f, i, ";") || is(f, i, "}"))))
		i--;
	return i + 1;
}

/* ---- Declarations ---------------------------------------------------- */

static int qualifier(const struct ftext *f, long i)
{
	return is(f, i, "const") || is(f, i, "volatile") ||
	       is(f, i, "restrict") || is(f, i, "__restrict");
}

/* After an initialiser or attribute at I: the next "," or ";" of the
 * declaration, or the bracket that closes around it. */
static long skip_to_separator(const struct ftext *f, long i)
{
	while ((size_t)i < f->nt && !is(f, i, ",") && !is(f, i, ";") &&
	       !closes(f, i)) {
		if (opens(f, i))
			i = f->match[i];
		i++;
	}
	return i;
}

/*
 * The declarators of "struct TAG ..." from token I, into LOCALS (those
 * that are the struct itself: no pointer, no array).  0 if not
 * understood.
 */
static int declarators(const struct ftext *f, long i, long func,
		       struct local **locals, size_t *n, size_t *cap)
{
	size_t first = *n, k;

	for (;;) {
		int plain = 1, init = 0;
		long name;

		while (is(f, i, "*") || qualifier(f, i))
			plain &= !is(f, i++, "*");
		if (!is_ident(f, i) || keyword(f, i))
			return 0;
		name = i++;
		while (is(f, i, "[")) {
			plain = 0;
			i = f->match[i] + 1;
		}
		if (is(f, i, "("))
			return 0;	/* a function: not understood */
		while (is_ident(f, i)) {	/* attributes */
			i++;
			if (is(f, i, "("))
				i = f->match[i] + 1;
		}
		if (is(f, i, "=")) {
			init = 1;
			i = skip_to_separator(f, i + 1);
		}
		if (plain) {
			struct local *l = ARRAY_PUSH(*locals, *n, *cap);

			l->name = name;
			l->init = init;
			l->func = func;
		}
		if (is(f, i, ";"))
			break;
		if (!is(f, i++, ","))
			return 0;
	}
	for (k = first; k < *n; k++)
		(*locals)[k].end = i;
	return 1;
}

/* Every "struct TAG" local of the file; 0 if one is not understood. */
static int find_locals(const struct ftext *f, struct local **locals,
		       size_t *n)
{
	size_t cap = 0, tag = strlen(f->env->tag);
	long i, func;

	for (i = 0; (size_t)i + 2 < f->nt; i++) {
		if (!is(f, i, "struct") || f->t[i + 1].len != tag ||
		    memcmp(f->b + f->t[i + 1].at, f->env->tag, tag))
			continue;
		func = function_of(f, i);
		if (func == -2)
			return 0;
		if (func < 0 || f->kind[f->owner[i]] == BR_RECORD ||
		    f->kind[f->owner[i]] == BR_INIT || is(f, i + 2, "{"))
			continue;	/* not a local */
		if (f->pd[i]) {		/* a cast, or a parameter */
			if (is_ident(f, i + 2))
				return 0;
			continue;
		}
		if (!declarators(f, i + 2, func, locals, n, &cap))
			return 0;
	}
	return 1;
}

/* ---- The proof ------------------------------------------------------- */

/* Token I names the local called like token NAME (not a member, not a
 * struct tag). */
static int mention(const struct ftext *f, long i, long name)
{
	long p = i - 1;

	return is_ident(f, i) && same_text(f, i, name) &&
	       !(is(f, p, ".") || is(f, p, "->") || is(f, p, "struct") ||
		 is(f, p, "union") || is(f, p, "enum"));
}

static long first_mention(const struct ftext *f, long from, long to,
			  long name)
{
	long i;

	for (i = from; i < to; i++)
		if (i != name && mention(f, i, name))
			return i;
	return -1;
}

static int is_macro(const struct ftext *f, long i)
{
	char buf[128];

	return tok_name(f, i, buf, sizeof(buf)) &&
	       f->env->is_macro(f->env->ctx, buf);
}

/* The first token of the statement holding M, in block BLK, after FROM. */
static long statement_start(const struct ftext *f, long m, long from,
			    long blk)
{
	long k;

	for (k = m - 1; k > from; k--)
		if (f->owner[k] == blk && !f->pd[k] &&
		    (is(f, k, ";") || is(f, k, "}")))
			break;
	for (k++; k < m && f->t[k].kind == TK_DIR; k++)
		;
	/* labels lead no path around what follows them */
	while (is_ident(f, k) && is(f, k + 1, ":") && !keyword(f, k))
		k += 2;
	return k;
}

/* The ";" ending the statement at I in block BLK. */
static long statement_end(const struct ftext *f, long i, long blk)
{
	while ((size_t)i < f->nt &&
	       !(f->owner[i] == blk && !f->pd[i] && is(f, i, ";")))
		i++;
	return i;
}

/* "name = ...;" or "name.member = ...;" at M: the end of the fill. */
static long assign_fill(const struct ftext *f, long m, long blk, long name)
{
	long k = m + 1, e, i;

	if (is(f, k, ".") && is_ident(f, k + 1))
		k += 2;
	if (!is(f, k, "="))
		return -1;
	e = statement_end(f, k, blk);
	for (i = k; i < e; i++)
		if (is(f, i, "?") || is(f, i, "{") || mention(f, i, name))
			return -1;	/* checks/path_uninit.c may not see it whole */
	return e;
}

/* May the "(" at O, on the way to the fill, leave it unconditional? */
static int opener_ok(const struct ftext *f, long s, long o)
{
	long p = o - 1;

	if (o == s)
		return 1;
	if (is_ident(f, p))
		return keyword(f, p) ?
		       is(f, p, "return") ||
		       (p == s && (is(f, p, "if") || is(f, p, "switch"))) :
		       !is_macro(f, p);
	return f->t[p].kind == TK_PUNCT && !is(f, p, ")") && !is(f, p, "]");
}

/* "&name" at M as a whole argument of a call that fills it, in the
 * statement from S: the end of the fill, or -1. */
static long call_fill(const struct ftext *f, long s, long m, long name)
{
	long stack[64], k, c;
	int sp = 0, arg = 1, i;
	char callee[128];

	if (!is(f, m - 1, "&") || !(is(f, m - 2, "(") || is(f, m - 2, ",")) ||
	    !(is(f, m + 1, ")") || is(f, m + 1, ",")))
		return -1;
	if (control(f, s))
		return -1;
	for (k = s; k < m; k++) {
		if (is(f, k, "?") || is(f, k, "&&") || is(f, k, "||") ||
		    is(f, k, "{") || is(f, k, "}") || f->t[k].kind == TK_DIR)
			return -1;
		if (is(f, k, "(") || is(f, k, "[")) {
			if (sp == 64)
				return -1;
			stack[sp++] = k;
		} else if ((is(f, k, ")") || is(f, k, "]")) && sp) {
			sp--;
		}
	}
	if (!sp || !is(f, stack[sp - 1], "("))
		return -1;
	c = stack[sp - 1];
	if (!is_ident(f, c - 1) || keyword(f, c - 1) ||
	    !tok_name(f, c - 1, callee, sizeof(callee)))
		return -1;
	for (k = c + 1; k < m; k++)
		arg += is(f, k, ",") && f->pd[k] == f->pd[c] + 1;
	if (!f->env->call_fills(f->env->ctx, callee, arg))
		return -1;
	for (i = 0; i < sp; i++)
		if (!is(f, stack[i], "(") || !opener_ok(f, s, stack[i]))
			return -1;
	if ((is(f, s, "if") || is(f, s, "switch")) && stack[0] != s + 1)
		return -1;	/* in the branch, not the condition */
	/* the rest of the statement (of the condition) may run before it */
	if (is(f, s, "if") || is(f, s, "switch"))
		k = f->match[s + 1];
	else
		k = statement_end(f, m, f->owner[m]);
	if (first_mention(f, m + 1, k + 1, name) >= 0)
		return -1;
	return k;
}

/* Is token K a label, "name:" where a statement starts? */
static int label_at(const struct ftext *f, long k)
{
	long p = prev_tok(f, k);

	return is_ident(f, k) && !keyword(f, k) && is(f, k + 1, ":") &&
	       !f->pd[k] && f->owner[k] >= 0 &&
	       f->kind[f->owner[k]] != BR_RECORD &&
	       (is(f, p, ";") || is(f, p, "{") || is(f, p, "}") ||
		is(f, p, ":"));
}

/* A label, or a case or default label, in FROM..TO: a jump may land
 * there past a fill. */
static int has_label(const struct ftext *f, long from, long to)
{
	long k;

	for (k = from; k <= to; k++)
		if (label_at(f, k) || is(f, k, "case") || is(f, k, "default"))
			return 1;
	return 0;
}

/*
 * An arm of an if at A, in block BLK: a braced block, or one statement
 * that is an expression, that fills the local at its own top level
 * before anything else in it names it, no label in it.  Its last token,
 * or -1.
 */
static long arm_fill(const struct ftext *f, long a, long blk, long name)
{
	long armblk = blk, end, m, s;

	if (is(f, a, "{")) {
		armblk = a;
		end = f->match[a];
	} else if (is_ident(f, a) && !keyword(f, a) && !control(f, a)) {
		end = statement_end(f, a, blk);
	} else {
		return -1;
	}
	if ((size_t)end >= f->nt || has_label(f, a, end))
		return -1;
	m = first_mention(f, a, end, name);
	if (m < 0)
		return -1;
	s = armblk == a ? statement_start(f, m, a, armblk) : a;
	if ((s == m ? assign_fill(f, m, armblk, name) :
		      call_fill(f, s, m, name)) < 0)
		return -1;
	return end;
}

/*
 * "if (C) A else B" at S, the local first named in A: filled when both
 * arms fill it (an "else if" is such an if again) and C does not name
 * it.  The end of the statement, or -1.
 */
static long arms_fill(const struct ftext *f, long s, long blk, long name)
{
	long c, end;

	for (;;) {	/* a loop: an else-if chain may be thousands long */
		c = s + 1;
		if (!is(f, s, "if") || !is(f, c, "(") ||
		    first_mention(f, c, f->match[c], name) >= 0)
			return -1;
		end = arm_fill(f, f->match[c] + 1, blk, name);
		if (end < 0 || !is(f, end + 1, "else"))
			return -1;
		if (!is(f, end + 2, "if"))
			break;
		s = end + 2;
	}
	end = arm_fill(f, end + 2, blk, name);
	return end < 0 || is(f, end + 1, "else") ? -1 : end;
}

/* Is label K named in FS..FE outside (FROM, TO)? */
static int named_outside(const struct ftext *f, long k, long from, long to,
			 long fs, long fe)
{
	long j;

	for (j = fs; j <= fe; j++)
		if ((j <= from || j >= to) && j != k && is_ident(f, j) &&
		    same_text(f, j, k))
			return 1;
	return 0;
}

/* A case label at K whose switch starts after FROM? */
static int own_case(const struct ftext *f, long k, long from)
{
	long o;

	for (o = f->owner[k]; o > from; o = f->owner[o])
		if (f->kind[o] == BR_SWITCH)
			return 1;
	return 0;
}

/*
 * Where, in (FROM, TO), the block after the fill, a path that skipped
 * the fill may first land (TO if nowhere), or -1 if unsure.  A label a
 * goto from before the fill may reach ends the part the fill covers; it
 * must be in the block itself (not in a loop in it), and the part before
 * it must not be reached again from it.  FS..FE is the function.
 */
static long covered_end(const struct ftext *f, long from, long to, long blk,
			long fs, long fe)
{
	long k, j, end = to;

	for (k = fs; k <= fe; k++)
		if (is(f, k, "goto") && is(f, k + 1, "*"))
			return -1;
	for (k = from + 1; k < end; k++) {
		if ((is(f, k, "case") || is(f, k, "default")) &&
		    !own_case(f, k, from))
			return -1;
		if (label_at(f, k) &&
		    (f->define_goto || named_outside(f, k, from, to, fs, fe)))
			end = k;
	}
	if (end == to)
		return to;
	if (f->owner[end] != blk)
		return -1;
	for (j = from + 1; j < end; j++)
		if (label_at(f, j) && named_outside(f, j, from, end, fs, fe))
			return -1;
	return end;
}

/* No #if, #else or #endif in FROM..TO, no #else or #elif in (TO, END):
 * the braces counted there would be those of both branches. */
static int directives_ok(const struct ftext *f, long from, long to, long end)
{
	long k;

	for (k = from; k < end; k++) {
		if (f->t[k].kind != TK_DIR)
			continue;
		if (f->t[k].dir == DIR_ELSE ||
		    (k <= to && f->t[k].dir != DIR_OTHER))
			return 0;
	}
	return 1;
}

/* Does a macro used in FS..FE, outside (FROM, TO), name the local? */
static int macro_may_name(const struct ftext *f, long fs, long fe, long from,
			  long to, long name)
{
	char local[128], buf[128];
	long k;

	if (!tok_name(f, name, local, sizeof(local)))
		return 1;
	for (k = fs; k <= fe; k++)
		if ((k <= from || k >= to) && is_ident(f, k) &&
		    tok_name(f, k, buf, sizeof(buf)) &&
		    f->env->is_macro(f->env->ctx, buf) &&
		    f->env->macro_names(f->env->ctx, buf, local))
			return 1;
	return 0;
}

static int prove(const struct ftext *f, const struct local *l)
{
	long fs = function_start(f, l->func), fe = f->match[l->func];
	long blk = f->owner[l->name], scope_end = f->match[blk];
	long m, s, fill_end = l->end, end;

	if (first_mention(f, l->func, l->name, l->name) >= 0 ||
	    first_mention(f, l->name + 1, l->end + 1, l->name) >= 0 ||
	    first_mention(f, scope_end + 1, fe + 1, l->name) >= 0)
		return 0;
	m = l->init ? -1 : first_mention(f, l->end + 1, scope_end, l->name);
	/* never named: only a macro could read it */
	if (!l->init && m < 0)
		return !macro_may_name(f, fs, fe, -1, -1, l->name);
	if (m >= 0) {
		s = statement_start(f, m, l->end, blk);
		if (s == m)
			fill_end = assign_fill(f, m, blk, l->name);
		else if (is(f, s, "if") && m > f->match[s + 1])
			fill_end = arms_fill(f, s, blk, l->name);
		else
			fill_end = call_fill(f, s, m, l->name);
		if (fill_end < 0)
			return 0;
	}
	end = covered_end(f, fill_end, scope_end, blk, fs, fe);
	return end >= 0 && first_mention(f, end, scope_end, l->name) < 0 &&
	       directives_ok(f, l->name, fill_end, scope_end) &&
	       !macro_may_name(f, fs, fe, fill_end, end, l->name);
}

int fillproof_text(const char *text, size_t len,
		   const struct fillproof_env *env)
{
	struct ftext f = { .b = text, .n = len, .env = env };
	struct local *locals = NULL;
	size_t n = 0, i;
	int ok;

	lex(&f);
	ok = !f.define_local && structure(&f) && find_locals(&f, &locals, &n);
	for (i = 0; ok && i < n; i++)
		ok = prove(&f, &locals[i]);
	free(locals);
	free(f.t);
	free(f.match);
	free(f.owner);
	free(f.kind);
	free(f.pd);
	return ok;
}

/*
 * input: --diff: which lines a change touches.  git is run with a fixed argv
 * (no shell, so no name or revision is ever interpreted by one) and
 * every option that user configuration could change the output with is
 * given explicitly; its unified diff is parsed here into ranges of
 * lines of the new files.
 */
#include "input/git_diff.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* --- the parser ---------------------------------------------------------- */

/* A hunk may not claim more lines than this: keeps the arithmetic far
 * from overflow whatever the input says. */
#define MAX_LINE 1000000000u

struct parser {
	const char *p, *end;
	const char *line;	/* the current line, without its '\n' */
	size_t len;
	unsigned lineno;
	struct diff_set *ds;
	struct diff_file *cur;
	int deleted;		/* the current file is gone */
	int in_hunk, seen_names;
	unsigned old_left, new_left, new_line;
	int pending_del;	/* lines removed with nothing added yet */
	char *err;
};

static int fail(struct parser *ps, const char *fmt, const char *what)
{
	char *msg = xasprintf(fmt, what);

	ps->err = xasprintf("git diff output, line %u: %s", ps->lineno, msg);
	free(msg);
	return -1;
}

static int next_line(struct parser *ps)
{
	const char *nl;

	if (ps->p >= ps->end)
		return 0;
	ps->line = ps->p;
	nl = memchr(ps->p, '\n', ps->end - ps->p);
	ps->len = nl ? (size_t)(nl - ps->p) : (size_t)(ps->end - ps->p);
	ps->p = nl ? nl + 1 : ps->end;
	ps->lineno++;
	return 1;
}

static int starts(const struct parser *ps, const char *prefix)
{
	size_t n = strlen(prefix);

	return ps->len >= n && !memcmp(ps->line, prefix, n);
}

/*
 * A name as git writes it: C-quoted ("a/x\ty", octal escapes for bytes
 * it does not print) when it has to be, else as it is.  S..END is the
 * text; on success *NEXT is just past the name (for a quoted one) and
 * the result is malloc'd.  A name with a NUL byte is refused.
 */
static char *unquote(const char *s, const char *end, const char **next)
{
	struct strbuf sb;

	if (s >= end || *s != '"') {
		if (memchr(s, '\0', end - s))
			return NULL;
		*next = end;
		return xstrndup(s, end - s);
	}
	sb_init(&sb);
	for (s++; s < end && *s != '"'; s++) {
		int c = (unsigned char)*s;

		if (c == '\\') {
			if (++s >= end)
				break;
			switch (*s) {
			case 'a': c = '\a'; break;
			case 'b': c = '\b'; break;
			case 't': c = '\t'; break;
			case 'n': c = '\n'; break;
			case 'v': c = '\v'; break;
			case 'f': c = '\f'; break;
			case 'r': c = '\r'; break;
			case '"': c = '"'; break;
			case '\\': c = '\\'; break;
			default:
				if (end - s < 3 || s[0] < '0' || s[0] > '3' ||
				    s[1] < '0' || s[1] > '7' ||
				    s[2] < '0' || s[2] > '7')
					goto bad;
				c = (s[0] - '0') * 64 + (s[1] - '0') * 8 +
				    (s[2] - '0');
				s += 2;
			}
		}
		if (!c)
			goto bad;
		sb_addc(&sb, (char)c);
	}
	if (s >= end)
		goto bad;
	*next = s + 1;
	if (!sb.buf)
		sb_add(&sb, "");
	return sb_detach(&sb);
bad:
	sb_free(&sb);
	return NULL;
}

/* The name on a header line after PREFIX, less git's a/ or b/ (or
 * NULL for /dev/null).  Returns 0, or -1 on a malformed name. */
static int header_name(struct parser *ps, size_t skip, const char *dirpfx,
		       char **out)
{
	const char *s = ps->line + skip, *end = ps->line + ps->len, *next;
	char *name;

	/* git ends a name with a space in it with a tab (a tab in a name
	 * is always quoted) */
	if (end > s && end[-1] == '\t')
		end--;
	if (end - s == 9 && !memcmp(s, "/dev/null", 9)) {
		*out = NULL;
		return 0;
	}
	name = unquote(s, end, &next);
	if (name && next != end) {
		free(name);
		name = NULL;
	}
	if (!name)
		goto bad;
	if (dirpfx) {
		size_t n = strlen(dirpfx);

		if (strncmp(name, dirpfx, n) || !name[n]) {
			free(name);
			goto bad;
		}
		memmove(name, name + n, strlen(name + n) + 1);
	}
	*out = name;
	return 0;
bad:
	return fail(ps, "%s", "malformed file name in a file header");
}

static void add_line(struct diff_file *f, unsigned line)
{
	struct line_range *r;

	if (!line)
		return;
	if (f->n) {
		r = &f->ranges[f->n - 1];
		if (line >= r->start && line <= r->end + 1) {
			if (line > r->end)
				r->end = line;
			return;
		}
	}
	r = ARRAY_PUSH(f->ranges, f->n, f->cap);
	r->start = r->end = line;
}

static int cmp_range(const void *a, const void *b)
{
	const struct line_range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static void merge_ranges(struct diff_file *f)
{
	size_t i, out = 0;

	if (!f->n)
		return;
	qsort(f->ranges, f->n, sizeof(*f->ranges), cmp_range);
	for (i = 1; i < f->n; i++) {
		struct line_range *last = &f->ranges[out];

		if (f->ranges[i].start <= last->end + 1) {
			if (f->ranges[i].end > last->end)
				last->end = f->ranges[i].end;
		} else {
			f->ranges[++out] = f->ranges[i];
		}
	}
	f->n = out + 1;
}

/* Lines removed with nothing in their place touch both neighbours. */
static void flush_delete(struct parser *ps)
{
	if (!ps->pending_del)
		return;
	add_line(ps->cur, ps->new_line - 1);
	add_line(ps->cur, ps->new_line);
	ps->pending_del = 0;
}

static int finish_file(struct parser *ps)
{
	struct diff_file *f = ps->cur;

	if (!f)
		return 0;
	if (ps->in_hunk && (ps->old_left || ps->new_left))
		return fail(ps, "%s", "the last hunk ends early");
	flush_delete(ps);
	ps->in_hunk = 0;
	if (ps->deleted) {
		free(f->path);
		f->path = NULL;
		f->n = 0;
	} else if (!f->path) {
		return fail(ps, "%s", "a file with no name");
	}
	merge_ranges(f);
	ps->cur = NULL;
	return 0;
}

/*
 * "diff --git a/X b/Y": only a fallback for the names (the ---/+++ and
 * rename lines are exact), because an unquoted name may hold spaces.
 */
static int diff_git_line(struct parser *ps)
{
	const char *s = ps->line + 11, *end = ps->line + ps->len, *next;
	size_t n = end - s;
	struct diff_file *f;
	char *a = NULL, *b = NULL;

	if (finish_file(ps))
		return -1;
	f = ARRAY_PUSH(ps->ds->files, ps->ds->n, ps->ds->cap);
	memset(f, 0, sizeof(*f));
	ps->cur = f;
	ps->deleted = 0;
	ps->seen_names = 0;
	if (n && *s == '"') {
		a = unquote(s, end, &next);
		if (!a || next >= end || *next != ' ')
			goto bad;
		b = unquote(next + 1, end, &next);
		if (!b || next != end)
			goto bad;
	} else if (n > 4 && end[-1] == '"') {
		const char *q = end - 1;

		while (q > s && !(q[0] == '"' && q[-1] == ' ' &&
				  q + 1 < end && q[1] == 'b'))
			q--;
		if (q <= s)
			goto bad;
		a = xstrndup(s, q - 1 - s);
		b = unquote(q, end, &next);
		if (!b || next != end)
			goto bad;
	} else if (n % 2 && n > 4 && s[n / 2] == ' ' &&
		   !memcmp(s + 2, s + n / 2 + 3, n / 2 - 2)) {
		a = xstrndup(s, n / 2);
		b = xstrndup(s + n / 2 + 1, n / 2);
	} else {
		return 0;	/* a rename with spaces: later lines say */
	}
	if (strncmp(a, "a/", 2) || strncmp(b, "b/", 2) || !a[2] || !b[2])
		goto bad;
	f->old_path = xstrdup(a + 2);
	f->path = xstrdup(b + 2);
	free(a);
	free(b);
	return 0;
bad:
	free(a);
	free(b);
	return fail(ps, "%s", "malformed 'diff --git' line");
}

static int parse_num(const char **s, const char *end, unsigned *out)
{
	unsigned long v = 0;
	const char *p = *s;

	if (p >= end || *p < '0' || *p > '9')
		return -1;
	while (p < end && *p >= '0' && *p <= '9') {
		v = v * 10 + (unsigned)(*p - '0');
		if (v > MAX_LINE)
			return -1;
		p++;
	}
	*s = p;
	*out = (unsigned)v;
	return 0;
}

/* "@@ -A[,B] +C[,D] @@ ..." */
static int hunk_line(struct parser *ps)
{
	const char *s = ps->line + 3, *end = ps->line + ps->len;
	struct hunk h = { 0, 1, 0, 1 };

	if (!ps->cur || !ps->seen_names)
		return fail(ps, "%s", "a hunk outside a file");
	if (ps->in_hunk && (ps->old_left || ps->new_left))
		return fail(ps, "%s", "a hunk ends early");
	flush_delete(ps);
	if (s >= end || *s++ != '-' || parse_num(&s, end, &h.old_start))
		goto bad;
	if (s < end && *s == ',' && (s++, parse_num(&s, end, &h.old_count)))
		goto bad;
	if (end - s < 2 || *s++ != ' ' || *s++ != '+' ||
	    parse_num(&s, end, &h.new_start))
		goto bad;
	if (s < end && *s == ',' && (s++, parse_num(&s, end, &h.new_count)))
		goto bad;
	if (end - s < 3 || memcmp(s, " @@", 3))
		goto bad;
	*ARRAY_PUSH(ps->cur->hunks, ps->cur->nhunks, ps->cur->hunks_cap) = h;
	ps->in_hunk = 1;
	ps->old_left = h.old_count;
	ps->new_left = h.new_count;
	/* an empty range names the line before it */
	ps->new_line = h.new_count ? h.new_start : h.new_start + 1;
	return 0;
bad:
	return fail(ps, "%s", "malformed hunk header");
}

static int body_line(struct parser *ps)
{
	char c = ps->len ? ps->line[0] : '\0';

	switch (c) {
	case ' ':
		if (!ps->old_left || !ps->new_left)
			return fail(ps, "%s", "a hunk longer than its header says");
		flush_delete(ps);
		ps->old_left--;
		ps->new_left--;
		ps->new_line++;
		break;
	case '-':
		if (!ps->old_left)
			return fail(ps, "%s", "a hunk removes more lines than its header says");
		ps->old_left--;
		ps->pending_del = 1;
		break;
	case '+':
		if (!ps->new_left)
			return fail(ps, "%s", "a hunk adds more lines than its header says");
		ps->new_left--;
		ps->pending_del = 0;
		add_line(ps->cur, ps->new_line++);
		break;
	case '\\':	/* \ No newline at end of file */
		return 0;
	default:
		return fail(ps, "%s", "the hunk ends early");
	}
	if (!ps->old_left && !ps->new_left)
		flush_delete(ps);
	return 0;
}

/* Everything between "diff --git" and the first hunk. */
static int header_line(struct parser *ps)
{
	struct diff_file *f = ps->cur;
	char *name;

	if (starts(ps, "--- ")) {
		if (header_name(ps, 4, "a/", &name))
			return -1;
		free(f->old_path);
		f->old_path = name;
	} else if (starts(ps, "+++ ")) {
		if (header_name(ps, 4, "b/", &name))
			return -1;
		if (!name) {
			ps->deleted = 1;
		} else {
			free(f->path);
			f->path = name;
		}
		ps->seen_names = 1;
	} else if (starts(ps, "rename to ") || starts(ps, "copy to ")) {
		if (header_name(ps, ps->line[0] == 'r' ? 10 : 8, NULL, &name))
			return -1;
		free(f->path);
		f->path = name;
	} else if (starts(ps, "rename from ") || starts(ps, "copy from ")) {
		if (header_name(ps, ps->line[0] == 'r' ? 12 : 10, NULL, &name))
			return -1;
		free(f->old_path);
		f->old_path = name;
	} else if (starts(ps, "deleted file mode ")) {
		ps->deleted = 1;
	} else if (starts(ps, "new file mode ")) {
		free(f->old_path);
		f->old_path = NULL;
	} else if (starts(ps, "Binary files ") || starts(ps, "GIT binary patch")) {
		f->binary = 1;
	} else if (starts(ps, "old mode ") || starts(ps, "new mode ") ||
		   starts(ps, "index ") || starts(ps, "similarity index ") ||
		   starts(ps, "dissimilarity index ")) {
		return 0;
	} else if (f->binary && !ps->seen_names) {
		return 0;	/* the literal or delta data of a binary patch */
	} else {
		return fail(ps, "%s", "unexpected line in a file header");
	}
	return 0;
}

int gitdiff_parse(const char *text, size_t len, struct diff_set *out,
		  char **err)
{
	struct parser ps = { 0 };

	memset(out, 0, sizeof(*out));
	ps.p = text;
	ps.end = text + len;
	ps.ds = out;
	while (next_line(&ps)) {
		int rc;

		if (ps.in_hunk && (ps.old_left || ps.new_left ||
				   (ps.len && ps.line[0] == '\\'))) {
			rc = body_line(&ps);
		} else if (starts(&ps, "diff --git ")) {
			rc = diff_git_line(&ps);
		} else if (starts(&ps, "* Unmerged path ")) {
			rc = finish_file(&ps);	/* the commit itself will refuse */
		} else if (starts(&ps, "@@ ")) {
			rc = hunk_line(&ps);
		} else if (starts(&ps, "diff --cc ") || starts(&ps, "@@@ ")) {
			rc = fail(&ps, "%s", "a combined (merge) diff");
		} else if (ps.cur && !ps.in_hunk) {
			rc = header_line(&ps);
		} else if (ps.cur) {
			rc = fail(&ps, "%s", "a line after the last hunk of a file");
		} else {
			rc = fail(&ps, "%s", "not a git diff");
		}
		if (rc)
			goto failed;
	}
	if (finish_file(&ps))
		goto failed;
	return 0;
failed:
	diff_set_free(out);
	*err = ps.err;
	return -1;
}

void diff_set_free(struct diff_set *ds)
{
	size_t i;

	for (i = 0; i < ds->n; i++) {
		free(ds->files[i].path);
		free(ds->files[i].old_path);
		free(ds->files[i].ranges);
		free(ds->files[i].hunks);
	}
	free(ds->files);
	memset(ds, 0, sizeof(*ds));
}

const struct diff_file *diff_set_find(const struct diff_set *ds,
				      const char *path)
{
	size_t i;

	for (i = 0; i < ds->n; i++)
		if (ds->files[i].path && !strcmp(ds->files[i].path, path))
			return &ds->files[i];
	return NULL;
}

int diff_file_has_line(const struct diff_file *f, unsigned line)
{
	size_t lo = 0, hi = f->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (line < f->ranges[mid].start)
			hi = mid;
		else if (line > f->ranges[mid].end)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

/* Line L of the index version, in the working tree: lines OUT..*LAST. */
static unsigned map_line(const struct diff_file *u, unsigned l, unsigned *last)
{
	long delta = 0;
	size_t i;

	for (i = 0; i < u->nhunks; i++) {
		const struct hunk *h = &u->hunks[i];

		if (h->old_count ? l < h->old_start : l <= h->old_start)
			break;
		if (h->old_count && l < h->old_start + h->old_count) {
			/* changed again: the lines that replaced it */
			if (!h->new_count) {
				*last = h->new_start + 1;
				return h->new_start ? h->new_start : 1;
			}
			*last = h->new_start + h->new_count - 1;
			return h->new_start;
		}
		delta += (long)h->new_count - (long)h->old_count;
	}
	*last = (unsigned)((long)l + delta);
	return *last;
}

void diff_file_map(struct diff_file *staged, const struct diff_file *unstaged)
{
	struct line_range *old = staged->ranges;
	size_t i, n = staged->n;
	unsigned l;

	staged->ranges = NULL;
	staged->n = staged->cap = 0;
	for (i = 0; i < n; i++) {
		for (l = old[i].start; l && l <= old[i].end; l++) {
			unsigned last, first = map_line(unstaged, l, &last);

			for (; first && first <= last; first++)
				add_line(staged, first);
		}
	}
	free(old);
	merge_ranges(staged);
}

/* --- running git ------------------------------------------------------- */

/* Run git with ARGV; its stdout in *OUT, its stderr's first line in
 * *ERRLINE.  Returns git's exit status, or -1 when it cannot run. */
static int run_git(char *const argv[], struct strbuf *out, char **errline,
		   char **err)
{
	posix_spawn_file_actions_t fa;
	int opipe[2], epipe[2], status, rc;
	struct strbuf errs;
	struct pollfd pf[2];
	pid_t pid;
	char buf[8192];

	if (pipe(opipe) < 0)
		goto sys;
	if (pipe(epipe) < 0) {
		close(opipe[0]);
		close(opipe[1]);
		goto sys;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addclose(&fa, opipe[0]);
	posix_spawn_file_actions_addclose(&fa, epipe[0]);
	posix_spawn_file_actions_adddup2(&fa, opipe[1], 1);
	posix_spawn_file_actions_adddup2(&fa, epipe[1], 2);
	posix_spawn_file_actions_addclose(&fa, opipe[1]);
	posix_spawn_file_actions_addclose(&fa, epipe[1]);
	rc = posix_spawnp(&pid, "git", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(opipe[1]);
	close(epipe[1]);
	if (rc) {
		close(opipe[0]);
		close(epipe[0]);
		*err = xasprintf("cannot run git: %s", strerror(rc));
		return -1;
	}
	sb_init(&errs);
	pf[0].fd = opipe[0];
	pf[1].fd = epipe[0];
	pf[0].events = pf[1].events = POLLIN;
	while (pf[0].fd >= 0 || pf[1].fd >= 0) {
		int k;

		if (poll(pf, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (k = 0; k < 2; k++) {
			ssize_t r;

			if (pf[k].fd < 0 || !pf[k].revents)
				continue;
			r = read(pf[k].fd, buf, sizeof(buf));
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0) {
				close(pf[k].fd);
				pf[k].fd = -1;
				continue;
			}
			sb_addn(k ? &errs : out, buf, r);
		}
	}
	for (rc = 0; rc < 2; rc++)
		if (pf[rc].fd >= 0)
			close(pf[rc].fd);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			status = -1;
			break;
		}
	}
	if (errs.len) {
		size_t n = strcspn(errs.buf, "\n");

		*errline = xstrndup(errs.buf, n);
	} else {
		*errline = xstrdup("no message");
	}
	sb_free(&errs);
	if (status == -1 || !WIFEXITED(status)) {
		*err = xasprintf("git did not finish (%s)", *errline);
		free(*errline);
		*errline = NULL;
		return -1;
	}
	return WEXITSTATUS(status);
sys:
	*err = xasprintf("cannot run git: %s", strerror(errno));
	return -1;
}

static char *show_toplevel(const char *dir, char **err)
{
	char *argv[] = { "git", "-C", (char *)dir, "rev-parse",
			 "--show-toplevel", NULL };
	struct strbuf out;
	char *msg = NULL, *top, *real;
	int rc;

	sb_init(&out);
	rc = run_git(argv, &out, &msg, err);
	if (rc < 0) {
		sb_free(&out);
		return NULL;
	}
	if (rc || !out.len) {
		*err = xasprintf("--diff: %s is not in a git work tree (git: %s)",
				 dir, msg);
		free(msg);
		sb_free(&out);
		return NULL;
	}
	free(msg);
	top = xstrndup(out.buf, strcspn(out.buf, "\n"));
	sb_free(&out);
	real = realpath(top, NULL);
	if (real) {
		free(top);
		top = real;
	}
	return top;
}

/* git diff with every option that configuration could change fixed. */
static int git_diff(const char *top, const char *what, char *const *paths,
		    size_t npaths, struct diff_set *out, char **err)
{
	static const char *const fixed[] = {
		"--no-color", "--no-ext-diff", "--no-textconv", "--no-relative",
		"-M", "--src-prefix=a/", "--dst-prefix=b/", "-U0",
		"--inter-hunk-context=0",
	};
	size_t nfixed = sizeof(fixed) / sizeof(fixed[0]);
	char **argv = xcalloc(10 + nfixed + npaths, sizeof(*argv));
	struct strbuf text;
	char *msg = NULL;
	size_t i, k = 0;
	int rc;

	argv[k++] = "git";
	argv[k++] = "--literal-pathspecs";
	argv[k++] = "-c";
	argv[k++] = "core.quotePath=true";
	argv[k++] = "-C";
	argv[k++] = (char *)top;
	argv[k++] = "diff";
	if (what)
		argv[k++] = (char *)what;
	for (i = 0; i < nfixed; i++)
		argv[k++] = (char *)fixed[i];
	argv[k++] = "--";
	for (i = 0; i < npaths; i++)
		argv[k++] = paths[i];
	argv[k] = NULL;
	sb_init(&text);
	rc = run_git(argv, &text, &msg, err);
	free(argv);
	if (rc < 0) {
		sb_free(&text);
		return -1;
	}
	if (rc) {
		*err = xasprintf("--diff: git diff%s%s failed in %s (git: %s)",
				 what ? " " : "", what ? what : "", top, msg);
		free(msg);
		sb_free(&text);
		return -1;
	}
	free(msg);
	rc = gitdiff_parse(text.buf ? text.buf : "", text.len, out, err);
	sb_free(&text);
	return rc;
}

int gitdiff_run(const char *dir, const char *rev, char *const *paths,
		size_t npaths, char **top, struct diff_set *out, char **err)
{
	struct diff_set unstaged;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (rev && (!*rev || *rev == '-')) {
		*err = xasprintf("--diff=%s: not a revision", rev);
		return -1;
	}
	*top = show_toplevel(dir, err);
	if (!*top)
		return -1;
	if (git_diff(*top, rev ? rev : "--cached", paths, npaths, out, err))
		goto failed;
	if (rev)
		return 0;
	/*
	 * The files on disk are what gets parsed: staged lines are located
	 * in them through what the working tree changed since.
	 */
	if (git_diff(*top, NULL, paths, npaths, &unstaged, err)) {
		diff_set_free(out);
		goto failed;
	}
	for (i = 0; i < out->n; i++) {
		const struct diff_file *u;

		if (!out->files[i].path)
			continue;
		u = diff_set_find(&unstaged, out->files[i].path);
		if (u && u->nhunks)
			diff_file_map(&out->files[i], u);
	}
	diff_set_free(&unstaged);
	return 0;
failed:
	free(*top);
	*top = NULL;
	return -1;
}

/* --- filtering ------------------------------------------------------------ */

struct resolver {
	const struct diff_set *ds;
	const char *top;
	size_t toplen;
	struct strmap seen;	/* file name -> index in ds + 1, 0: none */
};

static const struct diff_file *file_of(struct resolver *r, const char *file)
{
	const struct diff_file *f = NULL;
	char *abs, *real;
	long *v;

	if (!file)
		return NULL;
	v = strmap_get(&r->seen, file);
	if (v)
		return *v ? &r->ds->files[*v - 1] : NULL;
	abs = file[0] == '/' ? xstrdup(file) : NULL;
	if (!abs) {
		char cwd[PATH_MAX];

		abs = getcwd(cwd, sizeof(cwd)) ? xasprintf("%s/%s", cwd, file) :
						  xstrdup(file);
	}
	real = realpath(abs, NULL);
	if (real) {
		free(abs);
		abs = real;
	}
	if (!strncmp(abs, r->top, r->toplen) && abs[r->toplen] == '/')
		f = diff_set_find(r->ds, abs + r->toplen + 1);
	free(abs);
	strmap_put(&r->seen, file, f ? (long)(f - r->ds->files) + 1 : 0);
	return f;
}

static int touched(struct resolver *r, const struct loc *l)
{
	const struct diff_file *f = file_of(r, l->file);

	return f && diff_file_has_line(f, l->line);
}

void gitdiff_filter(struct findings *fs, const struct diff_set *ds,
		    const char *top)
{
	struct resolver r = { ds, top, strlen(top), { 0 } };
	size_t i, j, out = 0;

	for (i = 0; i < fs->n; i++) {
		struct finding *f = &fs->items[i];
		int keep = touched(&r, &f->loc);

		for (j = 0; j < f->notes.n && !keep; j++)
			keep = touched(&r, &f->notes.items[j].loc);
		if (keep)
			fs->items[out++] = *f;
		else
			finding_free(f);
	}
	fs->n = out;
	strmap_free(&r.seen);
}

/*
 * --convert, re-checked.  A conversion is only as good as what the
 * checker says of its output: the patched files are analysed again, as
 * part of the whole program, and a function whose patched text has a
 * finding the original lacks (a struct path read before it is filled,
 * a bracket on the wrong mount) or lacks one the conversion did not fix
 * is left out of the patch and named.  The patched texts are seen by
 * libclang through a virtual file system overlay, so that the tree is
 * never written to and every name stays the original's.
 */
#include "convert_check.h"
#include "analysis/interproc.h"
#include "checks/all_checks.h"
#include "fix/fix.h"
#include "frontend/parse.h"
#include "frontend/parse_pool.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_ROUNDS 4

/* The offset of LINE:COL (1-based) in TEXT. */
static size_t offset_of(const char *text, size_t len, unsigned line,
			unsigned col)
{
	size_t off = 0;
	unsigned l = 1;

	while (l < line && off < len) {
		if (text[off++] == '\n')
			l++;
	}
	off += col - 1;
	return off > len ? len : off;
}

static int by_start_desc(const void *a, const void *b)
{
	const struct fix_edit *x = *(const struct fix_edit *const *)a;
	const struct fix_edit *y = *(const struct fix_edit *const *)b;

	if (x->start_line != y->start_line)
		return x->start_line < y->start_line ? 1 : -1;
	return x->start_col < y->start_col ? 1 : x->start_col > y->start_col ? -1 : 0;
}

/* FILE's text with the edits of ED that are FILE's. */
static char *patched_text(const char *file, const struct fix_edits *ed)
{
	const struct fix_edit **mine = xcalloc(ed->n + 1, sizeof(*mine));
	size_t len, n = 0, i;
	char *text = read_file(file, &len);
	struct strbuf sb;

	if (!text) {
		free(mine);
		return NULL;
	}
	for (i = 0; i < ed->n; i++)
		if (!strcmp(ed->items[i].file, file))
			mine[n++] = &ed->items[i];
	qsort(mine, n, sizeof(*mine), by_start_desc);
	for (i = 0; i < n; i++) {
		size_t s = offset_of(text, len, mine[i]->start_line, mine[i]->start_col);
		size_t e = offset_of(text, len, mine[i]->end_line, mine[i]->end_col);

		sb_init(&sb);
		sb_addn(&sb, text, s);
		sb_add(&sb, mine[i]->text);
		sb_addn(&sb, text + e, len - e);
		free(text);
		len = sb.len;
		text = sb_detach(&sb);
	}
	free(mine);
	return text;
}

static void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* The patched files under DIR and the overlay that shows them in place
 * of the originals; the overlay's path, or NULL. */
static char *write_overlay(const char *dir, const struct fix_edits *ed)
{
	char *yaml = xasprintf("%s/overlay.yaml", dir);
	FILE *f = fopen(yaml, "w");
	struct strmap done = { 0 };
	size_t i, k = 0;

	if (!f) {
		free(yaml);
		return NULL;
	}
	fputs("{ \"version\": 0, \"use-external-names\": false, \"roots\": [\n", f);
	for (i = 0; i < ed->n; i++) {
		const char *file = ed->items[i].file;
		char *real, *text, *tmp;
		FILE *out;

		if (strmap_get(&done, file))
			continue;
		strmap_put(&done, file, 1);
		real = realpath(file, NULL);
		text = patched_text(file, ed);
		tmp = xasprintf("%s/%zu.c", dir, k);
		out = fopen(tmp, "w");
		if (real && text && out) {
			fputs(text, out);
			fprintf(f, "%s{ \"type\": \"file\", \"name\": ", k ? ",\n" : "");
			json_string(f, real);
			fputs(", \"external-contents\": ", f);
			json_string(f, tmp);
			fputs(" }", f);
			k++;
		}
		if (out)
			fclose(out);
		free(real);
		free(text);
		free(tmp);
	}
	fputs("\n] }\n", f);
	strmap_free(&done);
	if (fclose(f)) {
		free(yaml);
		return NULL;
	}
	return yaml;
}

/* The whole program again, with the overlay: its findings in OUT. */
static void analyse_again(const struct job *jobs, size_t njobs,
			  const char *overlay, const struct rules *rules,
			  int parallel, struct findings *out)
{
	struct job *again = xcalloc(njobs + 1, sizeof(*again));
	struct program prog;
	struct frontend fe;
	size_t i, k;

	for (i = 0; i < njobs; i++) {
		char **flags = xcalloc(jobs[i].nflags + 3, sizeof(*flags));

		for (k = 0; k < jobs[i].nflags; k++)
			flags[k] = jobs[i].flags[k];
		flags[k++] = "-ivfsoverlay";
		flags[k++] = (char *)overlay;
		again[i].file = jobs[i].file;
		again[i].flags = flags;
		again[i].nflags = k;
	}
	program_init(&prog);
	frontend_init(&fe, rules, &prog);
	fe.quiet = 1;
	parse_jobs(&fe, again, njobs, parallel);
	program_analyse(&prog, rules, all_checks, nall_checks, out);
	for (i = 0; i < njobs; i++)
		free((char **)again[i].flags);
	free(again);
	program_free(&prog);
	frontend_free(&fe);
}

static char *finding_key(const struct finding *f)
{
	return xasprintf("%s\t%s\t%s\t%s", f->loc.file ? f->loc.file : "",
			 f->function ? f->function : "", f->check,
			 f->callee ? f->callee : "");
}

/* A finding of FS at a call the conversion rewrote: it is meant to go. */
static int at_converted_site(const struct finding *f, const struct fix_edits *ed)
{
	size_t i;

	for (i = 0; i < ed->n; i++)
		if (ed->items[i].site.line == f->loc.line &&
		    ed->items[i].site.col == f->loc.col && f->loc.file &&
		    !strcmp(ed->items[i].file, f->loc.file))
			return 1;
	return 0;
}

/* Only functions the patch edits are answerable for a change. */
static int edited_function(const struct fix_edits *ed, const char *file,
			   const char *fn)
{
	size_t i;

	for (i = 0; i < ed->n; i++)
		if (!strcmp(ed->items[i].file, file) && fn &&
		    !strcmp(ed->items[i].function, fn))
			return 1;
	return 0;
}

/* Leave F's function out, with a note at its first converted call
 * (in the original's lines: the finding's are the patched text's). */
static void drop(struct strmap *skip, const struct finding *f,
		 const struct fix_edits *ed, const char *what, const char *root)
{
	char *key = xasprintf("%s\t%s", f->loc.file, f->function);
	const char *shown = f->loc.file;
	struct loc at = f->loc;
	size_t n = root ? strlen(root) : 0, i;

	for (i = 0; i < ed->n; i++)
		if (!strcmp(ed->items[i].file, f->loc.file) &&
		    !strcmp(ed->items[i].function, f->function)) {
			at = ed->items[i].site;
			break;
		}
	if (n && !strncmp(shown, root, n) && shown[n] == '/')
		shown += n + 1;
	if (!strmap_get(skip, key))
		fprintf(stderr, "%s:%u:%u: note: %s() not converted: the patched text %s: %s [%s]\n",
			shown, at.line, at.col, f->function, what, f->message,
			f->check);
	strmap_put(skip, key, 1);
	free(key);
}

/* Compare BEFORE and AFTER; the functions to leave out go to SKIP.
 * Returns how many were added. */
static int compare(const struct findings *before, const struct findings *after,
		   const struct fix_edits *ed, struct strmap *skip,
		   const char *root)
{
	struct strmap count = { 0 };
	size_t i;
	int added = 0;

	for (i = 0; i < before->n; i++) {
		char *k = finding_key(&before->items[i]);

		strmap_or(&count, k, 0);
		++*strmap_get(&count, k);
		free(k);
	}
	for (i = 0; i < after->n; i++) {
		const struct finding *f = &after->items[i];
		char *k = finding_key(f);
		long *c = strmap_get(&count, k);

		if (c && *c > 0) {
			--*c;
		} else if (f->loc.file && edited_function(ed, f->loc.file, f->function)) {
			drop(skip, f, ed, "has a finding the original has not", root);
			added++;
		}
		free(k);
	}
	for (i = 0; i < before->n; i++) {
		const struct finding *f = &before->items[i];
		char *k = finding_key(f);
		long *c = strmap_get(&count, k);

		if (c && *c > 0 && !at_converted_site(f, ed) && f->loc.file &&
		    edited_function(ed, f->loc.file, f->function)) {
			--*c;
			drop(skip, f, ed, "hides a finding the conversion does not fix", root);
			added++;
		}
		free(k);
	}
	strmap_free(&count);
	return added;
}

static char *scratch_dir(void)
{
	const char *t = getenv("TMPDIR");
	char *d = xasprintf("%s/wbcheck-convert.XXXXXX", t && *t ? t : "/tmp");

	if (!mkdtemp(d)) {
		fprintf(stderr, "wbcheck: --convert: cannot make a directory under %s: %s\n",
			t && *t ? t : "/tmp", strerror(errno));
		free(d);
		return NULL;
	}
	return d;
}

static void remove_dir(const char *dir, const struct fix_edits *ed)
{
	size_t i;
	char *p;

	for (i = 0; i <= ed->n; i++) {
		p = xasprintf("%s/%zu.c", dir, i);
		unlink(p);
		free(p);
	}
	p = xasprintf("%s/overlay.yaml", dir);
	unlink(p);
	free(p);
	rmdir(dir);
}

int convert_print(const struct findings *fs, const struct program *prog,
		  const struct rules *rules, const struct job *jobs,
		  size_t njobs, const char *root, int parallel)
{
	struct strmap skip = { 0 };
	struct strbuf diff;
	char *dir = scratch_dir();
	int round, failed;

	for (round = 0; dir && round < MAX_ROUNDS; round++) {
		struct fix_edits ed = { 0 };
		struct findings after = { 0 };
		char *overlay;
		int bad = 0;

		fix_collect_skipping(FIX_CONVERT, fs, prog, rules, jobs, njobs,
				     root, &skip, 1, &ed, NULL);
		overlay = ed.n ? write_overlay(dir, &ed) : NULL;
		if (overlay) {
			analyse_again(jobs, njobs, overlay, rules, parallel, &after);
			bad = compare(fs, &after, &ed, &skip, root);
			findings_free(&after);
		}
		remove_dir(dir, &ed);
		free(overlay);
		fix_edits_free(&ed);
		if (!bad)
			break;
	}
	free(dir);
	sb_init(&diff);
	failed = fix_collect_skipping(FIX_CONVERT, fs, prog, rules, jobs, njobs,
				      root, &skip, 0, NULL, &diff);
	fputs(diff.len ? diff.buf : "", stdout);
	sb_free(&diff);
	strmap_free(&skip);
	return failed;
}

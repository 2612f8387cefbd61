/*
 * input: the build directory.  kbuild records each object's exact
 * command in .NAME.o.cmd; every C source under the selected paths is
 * parsed with its own flags.  Sources with no command (not built in
 * this configuration) are counted and named, never dropped silently.
 */
#define _GNU_SOURCE	/* FTW_ACTIONRETVAL: skip .git and the like */
#include "input/build_dir.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* An O= build has a "source" link to the tree; an in-tree build is it. */
static char *source_tree(const char *build)
{
	char *link = xasprintf("%s/source", build), *r;

	r = realpath(link, NULL);
	free(link);
	if (!r)
		r = realpath(build, NULL);
	return r ? r : xstrdup(build);
}

struct selection {
	char **prefixes;	/* absolute, no trailing '/' */
	size_t n, cap;
};

/*
 * A path as the user typed it: relative to the source tree (the usual
 * "fs/nfsd"), else to the working directory ("../linux/fs/nfsd" from
 * the build directory), through any symlink; compared with the real
 * names of the built sources.
 */
static char *selected_path(const char *root, const char *in)
{
	char *joined = in[0] == '/' ? xstrdup(in) : xasprintf("%s/%s", root, in);
	char *real = realpath(joined, NULL);

	if (!real && in[0] != '/')
		real = realpath(in, NULL);
	if (!real)
		return joined;
	free(joined);
	return real;
}

static void select_paths(const struct options *o, const char *root,
			 struct selection *sel)
{
	size_t i;

	for (i = 0; i < o->ninputs; i++) {
		char *p = selected_path(root, o->inputs[i]);
		size_t n = strlen(p);

		while (n > 1 && p[n - 1] == '/')
			p[--n] = '\0';
		*ARRAY_PUSH(sel->prefixes, sel->n, sel->cap) = p;
	}
}

static int selected(const struct selection *sel, const char *path)
{
	size_t i;

	if (!sel->n)
		return 1;
	for (i = 0; i < sel->n; i++) {
		size_t n = strlen(sel->prefixes[i]);

		if (!strncmp(path, sel->prefixes[i], n) &&
		    (path[n] == '/' || !path[n]))
			return 1;
	}
	return 0;
}

/* nftw has no closure: the walk's state lives here for its duration. */
static struct {
	const struct strmap *built;
	const char *root;
	size_t skipped;
	int name_all;		/* --verbose */
	struct strbuf *out;
} walk;

/* A whole tree has tens of thousands of sources a configuration leaves
 * out: a few are named, the rest counted, as the parse errors are. */
#define SKIPPED_NAMED 8

static int is_c_file(const char *name)
{
	size_t n = strlen(name);

	return n > 2 && !strcmp(name + n - 2, ".c");
}

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	const char *rel = path;
	size_t n = strlen(walk.root);

	(void)st;
	if (type == FTW_D && path[ftw->base] == '.' && ftw->level > 0)
		return FTW_SKIP_SUBTREE;	/* .git and friends */
	if (type != FTW_F || !is_c_file(path + ftw->base) ||
	    strmap_get(walk.built, path))
		return 0;
	if (!strncmp(path, walk.root, n) && path[n] == '/')
		rel = path + n + 1;
	if (walk.name_all || walk.skipped < SKIPPED_NAMED)
		sb_addf(walk.out, "wbcheck: skipped %s: no command line (not built in this configuration)\n",
			rel);
	walk.skipped++;
	return 0;
}

static void find_skipped(const struct strmap *built, const char *root,
			 const struct selection *sel, int name_all,
			 struct strbuf *out)
{
	size_t i;

	walk.built = built;
	walk.root = root;
	walk.skipped = 0;
	walk.name_all = name_all;
	walk.out = out;
	if (!sel->n)
		nftw(root, visit, 32, FTW_PHYS | FTW_ACTIONRETVAL);
	for (i = 0; i < sel->n; i++)
		nftw(sel->prefixes[i], visit, 32, FTW_PHYS | FTW_ACTIONRETVAL);
	if (walk.skipped > SKIPPED_NAMED && !name_all)
		sb_addf(out, "wbcheck: %zu source files skipped (%zu more not named; --verbose names them)\n",
			walk.skipped, walk.skipped - SKIPPED_NAMED);
	else if (walk.skipped)
		sb_addf(out, "wbcheck: %zu source file%s skipped\n",
			walk.skipped, walk.skipped == 1 ? "" : "s");
}

/*
 * A command line whose source is not there: the host tools (objtool,
 * tools/lib) run their compiler in a directory of their own, so their
 * relative names do not resolve from the build directory; or the source
 * was deleted since the build.  Neither can be parsed.
 */
static void note_absent(struct build_dir *bd, const char *source)
{
	if (!bd->nabsent++)
		bd->absent_example = source;
}

int build_dir_open(const struct options *o, struct build_dir *bd)
{
	struct selection sel = { 0 };
	char *err = NULL;
	size_t i;
	struct stat st;

	memset(bd, 0, sizeof(*bd));
	bd->dir = o->build_dir ? o->build_dir : o->compdb_dir;
	errno = 0;
	if (stat(bd->dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "wbcheck: %s %s: %s\n", o->build_dir ? "-B" : "-p",
			bd->dir, errno ? strerror(errno) : "not a directory");
		return -1;
	}
	if ((o->build_dir ? cmdfile_scan(bd->dir, &bd->db, &err) :
	     compdb_load(bd->dir, &bd->db, &err)) < 0) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		return -1;
	}
	bd->root = source_tree(bd->dir);
	select_paths(o, bd->root, &sel);
	bd->selected = xcalloc(bd->db.n + 1, sizeof(*bd->selected));
	bd->absent = xcalloc(bd->db.n + 1, 1);
	for (i = 0; i < bd->db.n; i++) {
		char *real = realpath(bd->db.cmds[i].source, NULL);

		if (!real) {
			bd->absent[i] = 1;
			note_absent(bd, bd->db.cmds[i].source);
			continue;
		}
		strmap_put(&bd->built, real, 1);
		if (selected(&sel, real))
			bd->selected[bd->nselected++] = i;
		free(real);
	}
	if (bd->nabsent)
		fprintf(stderr, "wbcheck: %s: %zu command line%s name%s a source that is not there (%s%s): left out\n",
			bd->dir, bd->nabsent, bd->nabsent == 1 ? "" : "s",
			bd->nabsent == 1 ? "s" : "", bd->absent_example,
			bd->nabsent == 1 ? "" : ", ...");
	bd->prefixes = sel.prefixes;
	bd->nprefixes = sel.n;
	bd->prefixes_cap = sel.cap;
	return 0;
}

/* The walk of a tree for the sources it has not built: stat() on every
 * source of a kernel, done on a thread while the first solve, which
 * leaves a core idle, runs (run_build.c). */
struct skipped_walk {
	const struct build_dir *bd;
	int name_all;
	struct strbuf out;
	pthread_t thread;
	int joinable;		/* the walk runs on THREAD */
};

static void *skipped_worker(void *arg)
{
	struct skipped_walk *sw = arg;
	struct selection sel = {
		.prefixes = sw->bd->prefixes, .n = sw->bd->nprefixes,
	};

	find_skipped(&sw->bd->built, sw->bd->root, &sel, sw->name_all,
		     &sw->out);
	return NULL;
}

void build_dir_find_skipped(struct build_dir *bd, int name_all)
{
	struct skipped_walk *sw = xcalloc(1, sizeof(*sw));

	sw->bd = bd;
	sw->name_all = name_all;
	sb_init(&sw->out);
	sw->joinable = !pthread_create(&sw->thread, NULL, skipped_worker, sw);
	if (!sw->joinable)
		skipped_worker(sw);	/* no thread: done here, now */
	bd->skipped = sw;
}

void build_dir_report_skipped(struct build_dir *bd, int name_all)
{
	struct skipped_walk *sw = bd->skipped;

	if (!sw)
		build_dir_find_skipped(bd, name_all);
	sw = bd->skipped;
	if (sw->joinable)
		pthread_join(sw->thread, NULL);
	fputs(sw->out.buf, stderr);
	sb_free(&sw->out);
	free(sw);
	bd->skipped = NULL;
}

void build_dir_close(struct build_dir *bd)
{
	size_t i;

	strmap_free(&bd->built);
	for (i = 0; i < bd->nprefixes; i++)
		free(bd->prefixes[i]);
	free(bd->prefixes);
	free(bd->selected);
	free(bd->absent);
	compile_db_free(&bd->db);
}

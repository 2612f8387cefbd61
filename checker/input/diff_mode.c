/*
 * input: --diff, --kernel-tree and --print-flags.  --diff asks git which files
 * and lines the change touches, hands the C files to whichever driver
 * supplies the flags (-B, -p, --kernel-tree or the flags given), and
 * afterwards keeps the findings on those lines.
 */
#include "input/diff_mode.h"
#include "input/kernel_tree.h"
#include "lib/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int usage_error(const char *msg)
{
	fprintf(stderr, "wbcheck: %s\nTry 'wbcheck --help'.\n", msg);
	return -1;
}

static int exists(const char *path)
{
	return access(path, F_OK) == 0;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* PATH made absolute against BASE (the current directory if NULL). */
static char *absolute(const char *path, const char *base)
{
	char cwd[PATH_MAX], *joined, *real;

	if (path[0] == '/')
		joined = xstrdup(path);
	else if (base)
		joined = xasprintf("%s/%s", base, path);
	else
		joined = xasprintf("%s/%s", getcwd(cwd, sizeof(cwd)) ? cwd : ".",
				   path);
	real = realpath(joined, NULL);
	if (!real)
		return joined;
	free(joined);
	return real;
}

/* The tree of an O= build (its "source" link), as -B finds it. */
static char *build_source(const char *build)
{
	char *link = xasprintf("%s/source", build), *r;

	r = realpath(link, NULL);
	free(link);
	return r ? r : absolute(build, NULL);
}

/*
 * A file of the tree may be named relative to it, as with -B, or as typed
 * from anywhere (.., symlinks): each is taken by its real path, so that
 * its Makefile is found and it is named relative to the tree.
 */
static void tree_inputs(struct options *o, const char *tree)
{
	size_t i;

	for (i = 0; i < o->ninputs; i++) {
		char *in = o->inputs[i], *real;

		real = absolute(in, exists(in) ? NULL : tree);
		if (exists(real)) {
			free(in);
			o->inputs[i] = real;
		} else {
			free(real);
		}
	}
}

/* Inputs no Makefile builds are said and left out, as -B does with
 * files not built in its configuration. */
static void drop_unbuilt(struct options *o)
{
	const char *const *unbuilt;
	size_t n = kerneltree_unbuilt(&unbuilt), i, j, k;

	for (i = 0, k = 0; i < o->ninputs; i++) {
		for (j = 0; j < n && unbuilt[j] != o->inputs[i]; j++)
			;
		if (j == n) {
			o->inputs[k++] = o->inputs[i];
			continue;
		}
		fprintf(stderr, "wbcheck: %s: skipped: no Makefile of the tree builds it\n",
			o->inputs[i]);
		free(o->inputs[i]);
	}
	o->ninputs = k;
}

static int kernel_tree(struct options *o, struct diffmode *dm)
{
	char **flags = NULL, *err = NULL;
	size_t n = 0, cap = 0, i;

	dm->root = absolute(o->kernel_tree, NULL);
	tree_inputs(o, dm->root);
	if (kerneltree_flags(o->kernel_tree, o->inputs, o->ninputs, &flags, &n,
			     &cap, &err) < 0) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		for (i = 0; i < n; i++)
			free(flags[i]);
		free(flags);
		return -1;
	}
	/* the flags given come after the tree's, so they can override */
	for (i = 0; i < o->ncflags; i++)
		*ARRAY_PUSH(flags, n, cap) = o->cflags[i];
	free(o->cflags);
	o->cflags = flags;
	o->ncflags = n;
	o->cflags_cap = cap;
	drop_unbuilt(o);
	return 0;
}

static int is_c(const char *path)
{
	size_t n = strlen(path);

	return n > 2 && !strcmp(path + n - 2, ".c");
}

static int diff(struct options *o, struct diffmode *dm)
{
	char *dir, *err = NULL, *base = NULL;
	char **paths = xcalloc(o->ninputs + 1, sizeof(*paths));
	size_t i, n = 0;
	int rc;

	if (o->kernel_tree)
		base = absolute(o->kernel_tree, NULL);
	else if (o->build_dir)
		base = build_source(o->build_dir);
	for (i = 0; i < o->ninputs; i++)
		paths[i] = absolute(o->inputs[i], base && !exists(o->inputs[i]) ?
				    base : NULL);
	/* git is asked in the repository the files are in */
	dir = xstrdup(base ? base : o->ninputs ? paths[0] : ".");
	while (!is_dir(dir) && strrchr(dir, '/') > dir)
		*strrchr(dir, '/') = '\0';
	rc = gitdiff_run(dir, o->diff_rev, paths, o->ninputs, &dm->top,
			 &dm->ds, &err);
	for (i = 0; i < o->ninputs; i++)
		free(paths[i]);
	free(paths);
	free(dir);
	free(base);
	if (rc < 0) {
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		return -1;
	}
	dm->active = 1;
	/* the C files of the change replace the paths given */
	for (i = 0; i < o->ninputs; i++)
		free(o->inputs[i]);
	o->ninputs = 0;
	for (i = 0; i < dm->ds.n; i++) {
		const struct diff_file *f = &dm->ds.files[i];
		char *abs;

		if (!f->path || f->binary || !is_c(f->path))
			continue;
		abs = xasprintf("%s/%s", dm->top, f->path);
		if (!exists(abs)) {
			fprintf(stderr, "wbcheck: --diff: %s is in the change but not on disk; not checked\n",
				f->path);
			free(abs);
			continue;
		}
		*ARRAY_PUSH(o->inputs, o->ninputs, o->inputs_cap) = abs;
		n++;
	}
	if (!dm->root)
		dm->root = xstrdup(dm->top);
	return n ? 0 : 1;
}

int diffmode_prepare(struct options *o, struct diffmode *dm)
{
	memset(dm, 0, sizeof(*dm));
	if (o->kernel_tree && (o->build_dir || o->compdb_dir))
		return usage_error("--kernel-tree is a source of flags, as -B and -p are: give one");
	if (o->report && (o->diff || o->kernel_tree))
		return usage_error("--report analyses a database: not with --diff or --kernel-tree");
	if (o->kernel_tree && kernel_tree(o, dm) < 0)
		return -1;
	if (o->diff)
		return diff(o, dm);
	return 0;
}

void diffmode_filter(struct diffmode *dm, struct findings *fs)
{
	if (dm->active)
		gitdiff_filter(fs, &dm->ds, dm->top);
}

void diffmode_free(struct diffmode *dm)
{
	diff_set_free(&dm->ds);
	free(dm->top);
	free(dm->root);
	memset(dm, 0, sizeof(*dm));
}

static void print_quoted(FILE *out, const char *s)
{
	const char *p;

	if (*s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			 "0123456789_./=,:+-@%") == strlen(s)) {
		fputs(s, out);
		return;
	}
	fputc('\'', out);
	for (p = s; *p; p++) {
		if (*p == '\'')
			fputs("'\\''", out);
		else
			fputc(*p, out);
	}
	fputc('\'', out);
}

void print_job_flags(FILE *out, const struct job *jobs, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		fprintf(out, "%s:", jobs[i].file);
		for (j = 0; j < jobs[i].nflags; j++) {
			fputc(' ', out);
			print_quoted(out, jobs[i].flags[j]);
		}
		fputc('\n', out);
	}
}

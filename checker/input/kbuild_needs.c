/*
 * input: with no .config at hand (--kernel-tree), a file whose Makefile
 * line names an option the defconfig leaves off is not compiled at all,
 * and the branches of its code under options left off are not parsed:
 * nfsd's v4 and ACL code, ecryptfs without KEYS.  Checkers in kernel CI
 * use allyesconfig for that; we turn on what the checked files need,
 * which keeps the rest of the tree at its defconfig.
 */
#define _GNU_SOURCE	/* FTW_ACTIONRETVAL */
#include "input/kbuild_needs.h"
#include "lib/ctext.h"
#include "lib/util.h"

#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void want(struct kbuild_wants *ws, const char *name, size_t len,
		 const char *under, const char *why)
{
	struct kconfig_want *w;
	size_t i;

	for (i = 0; i < ws->n; i++)
		if (!strncmp(ws->w[i].name, name, len) && !ws->w[i].name[len] &&
		    !ws->w[i].under == !under)
			return;
	w = ARRAY_PUSH(ws->w, ws->n, ws->cap);
	w->name = xstrndup(name, len);
	w->under = under ? xstrdup(under) : NULL;
	w->why = xstrdup(why);
}

/* Each $(CONFIG_X) of TEXT (N bytes), as a must. */
static void want_configs_of(struct kbuild_wants *ws, const char *text,
			    size_t n, const char *why)
{
	const char *p = text, *end = text + n;

	while ((p = memmem(p, end - p, "$(CONFIG_", 9))) {
		const char *name = p + 9, *q = name;

		while (q < end && c_ident_char((unsigned char)*q))
			q++;
		if (q > name)
			want(ws, name, q - name, NULL, why);
		p = q;
	}
}

static int word_in(const char *rhs, const char *word)
{
	size_t n = strlen(word);
	const char *p = rhs;

	while ((p = strstr(p, word))) {
		int before = p == rhs || p[-1] == ' ' || p[-1] == '\t';
		int after = !p[n] || p[n] == ' ' || p[n] == '\t';

		if (before && after)
			return 1;
		p += n;
	}
	return 0;
}

static int find_target(struct kbuild_wants *ws, const char *tree,
		       const char *dir, const char *target, const char *why,
		       int depth);

/* A line "LHS op RHS" of DIR's Makefile that builds TARGET. */
static void builds(struct kbuild_wants *ws, const char *tree, const char *dir,
		   const char *lhs, size_t nlhs, const char *why, int depth)
{
	size_t stem = strcspn(lhs, "-");
	char *obj, *parent, *slash;

	want_configs_of(ws, lhs, nlhs, why);
	if (stem >= nlhs)
		return;
	if (strncmp(lhs, "obj", stem) || stem != 3) {
		/* a part of the composite object STEM.o */
		obj = xasprintf("%.*s.o", (int)stem, lhs);
		find_target(ws, tree, dir, obj, why, depth + 1);
		free(obj);
		return;
	}
	if (!*dir)
		return;
	slash = strrchr(dir, '/');
	parent = slash ? xstrndup(dir, slash - dir) : xstrdup("");
	obj = xasprintf("%s/", slash ? slash + 1 : dir);
	find_target(ws, tree, parent, obj, why, depth + 1);
	free(obj);
	free(parent);
}

static void join_continuations(char *text)
{
	char *s;

	for (s = text; (s = strstr(s, "\\\n")); )
		s[0] = s[1] = ' ';
}

char *kbuild_makefile_text(const char *dir)
{
	char *path = xasprintf("%s/Makefile", dir), *text;
	size_t len;

	text = read_file(path, &len);
	free(path);
	if (!text) {
		path = xasprintf("%s/Kbuild", dir);
		text = read_file(path, &len);
		free(path);
	}
	if (text)
		join_continuations(text);
	return text;
}

/* Returns the number of lines of DIR's Makefile that build TARGET, -1
 * when DIR has no Makefile (a part of a tree: nothing to tell). */
static int find_target(struct kbuild_wants *ws, const char *tree,
		       const char *dir, const char *target, const char *why,
		       int depth)
{
	char *path, *text, *line, *next;
	int found = 0;

	if (depth > 8)
		return 0;
	path = xasprintf("%s%s%s", tree, *dir ? "/" : "", dir);
	text = kbuild_makefile_text(path);
	free(path);
	if (!text)
		return -1;
	for (line = text; line && *line; line = next) {
		char *op;
		size_t nlhs;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		op = strstr(line, "=");
		if (!op || *line == '#' || op == line)
			continue;
		nlhs = op - line;
		if (strchr(":+?", op[-1]))
			nlhs--;
		while (nlhs && (line[nlhs - 1] == ' ' || line[nlhs - 1] == '\t'))
			nlhs--;
		if (word_in(op + 1, target)) {
			builds(ws, tree, dir, line, nlhs, why, depth);
			found++;
		}
	}
	free(text);
	return found;
}

/* The options REL's own text tests, each only when its subsystem
 * declares it. */
static void tested_by(struct kbuild_wants *ws, const char *tree,
		      const char *rel, const char *dir)
{
	char *path = xasprintf("%s/%s", tree, rel), *text, *under;
	size_t len, i, noise;

	text = read_file(path, &len);
	free(path);
	if (!text)
		return;
	under = xasprintf("%s/", dir);
	for (i = 0; i < len; i++) {
		size_t j, n;

		if ((noise = c_noise_len(text + i, len - i))) {
			i += noise - 1;
			continue;
		}
		if ((i && c_ident_char((unsigned char)text[i - 1])) ||
		    strncmp(text + i, "CONFIG_", 7))
			continue;
		for (j = i + 7; j < len && c_ident_char((unsigned char)text[j]); j++)
			;
		n = j - i - 7;
		if (n > 7 && !strncmp(text + j - 7, "_MODULE", 7))
			n -= 7;
		if (n)
			want(ws, text + i + 7, n, under, rel);
		i = j - 1;
	}
	free(under);
	free(text);
}

static int wants_of_file(struct kbuild_wants *ws, const char *tree,
			 const char *rel)
{
	const char *slash = strrchr(rel, '/'), *base = slash ? slash + 1 : rel;
	char *dir = slash ? xstrndup(rel, slash - rel) : xstrdup("");
	char *obj = xasprintf("%.*s.o", (int)(strlen(base) - 2), base);

	int built = find_target(ws, tree, dir, obj, rel, 0) != 0;

	if (*dir)
		tested_by(ws, tree, rel, dir);
	free(obj);
	free(dir);
	return built;
}

/* nftw has no closure */
static struct kbuild_wants *walk_ws;
static const char *walk_tree;

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	size_t n = strlen(path);

	(void)st;
	if (type == FTW_D && path[ftw->base] == '.' && ftw->level > 0)
		return FTW_SKIP_SUBTREE;
	if (type == FTW_F && n > 2 && !strcmp(path + n - 2, ".c"))
		wants_of_file(walk_ws, walk_tree, path + strlen(walk_tree) + 1);
	return 0;
}

int kbuild_wants_add(struct kbuild_wants *ws, const char *tree,
		     const char *rel)
{
	int built = 1;
	size_t n = strlen(rel);
	struct stat st;
	char *path;

	path = xasprintf("%s/%s", tree, rel);
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		walk_ws = ws;
		walk_tree = tree;
		nftw(path, visit, 16, FTW_PHYS | FTW_ACTIONRETVAL);
	} else if (n > 2 && !strcmp(rel + n - 2, ".c")) {
		built = wants_of_file(ws, tree, rel);
	}
	free(path);
	return built;
}

void kbuild_wants_free(struct kbuild_wants *ws)
{
	size_t i;

	for (i = 0; i < ws->n; i++) {
		free((char *)ws->w[i].name);
		free((char *)ws->w[i].under);
		free((char *)ws->w[i].why);
	}
	free(ws->w);
	memset(ws, 0, sizeof(*ws));
}

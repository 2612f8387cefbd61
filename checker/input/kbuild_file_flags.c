/*
 * input: with no build at hand (--kernel-tree) the per-directory and
 * per-file flags of kbuild come from the Makefiles.  Only include paths
 * and defines matter to a parse: trace event files, for one, include
 * "./trace.h" through the -I$(src) their Makefile adds.
 */
#include "input/kbuild_file_flags.h"
#include "input/kbuild_needs.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct mkvars {
	const char *tree, *dir;	/* absolute; DIR the Makefile's (builder()) */
};

/* WORD with $(src), $(obj), $(srctree) and $(objtree) replaced; DIR
 * stands for "$(srctree)/$(src)" too, as older trees write it when
 * $(src) was relative to the tree. */
static char *expand(const struct mkvars *v, const char *word, size_t n)
{
	static const char *const names[] = { "$(srctree)/$(src)",
					     "$(srctree)/$(obj)", "$(src)",
					     "$(obj)", "$(srctree)",
					     "$(objtree)", NULL };
	struct strbuf sb;
	size_t i, k;

	sb_init(&sb);
	sb_add(&sb, "");
	for (i = 0; i < n; ) {
		for (k = 0; names[k]; k++)
			if (!strncmp(word + i, names[k], strlen(names[k])))
				break;
		if (names[k]) {
			sb_add(&sb, k < 4 ? v->dir : v->tree);
			i += strlen(names[k]);
		} else {
			sb_addc(&sb, word[i++]);
		}
	}
	return sb_detach(&sb);
}

/* -I and -D flags of RHS, their argument attached or the next word
 * ("-I $(src)"). */
static void add_words(const struct mkvars *v, const char *rhs, char ***flags,
		      size_t *nflags, size_t *cap)
{
	const char *p = rhs, *opt = NULL;

	while (*p && *p != '#') {
		size_t n;

		p += strspn(p, " \t");
		n = strcspn(p, " \t#");
		if (!n)
			break;
		if (opt) {
			char *arg = expand(v, p, n);

			*ARRAY_PUSH(*flags, *nflags, *cap) =
				xasprintf("%.2s%s", opt, arg);
			free(arg);
			opt = NULL;
		} else if (n == 2 && (!strncmp(p, "-I", 2) ||
				      !strncmp(p, "-D", 2))) {
			opt = p;
		} else if (n > 2 && (!strncmp(p, "-I", 2) ||
				     !strncmp(p, "-D", 2))) {
			*ARRAY_PUSH(*flags, *nflags, *cap) = expand(v, p, n);
		}
		p += n;
	}
}

/* Does LHS (N bytes) give flags to BASE (the file's name without .c)? */
static int gives_flags(const char *lhs, size_t n, const char *base)
{
	static const char *const all[] = { "ccflags-y", "subdir-ccflags-y",
					   "EXTRA_CFLAGS", NULL };
	char *own = xasprintf("CFLAGS_%s.o", base);
	int i, r = strlen(own) == n && !strncmp(lhs, own, n);

	free(own);
	for (i = 0; all[i] && !r; i++)
		r = strlen(all[i]) == n && !strncmp(lhs, all[i], n);
	return r;
}

/*
 * The Makefile (or Kbuild file) that builds what DIR holds: DIR's own,
 * else the nearest above it below the tree's top (fs/xfs's builds the
 * objects of scrub/, and 2.6.26's those of linux-2.6/), where $(src) is
 * its directory.  Its text, and *AT set to that directory; NULL if none.
 */
static char *builder(const struct mkvars *v, char **at)
{
	char *dir = xstrdup(v->dir), *slash, *text = NULL;
	size_t n = strlen(v->tree);

	while (!text && strlen(dir) > n) {
		text = kbuild_makefile_text(dir);
		if (!text && (slash = strrchr(dir, '/')))
			*slash = '\0';
		else if (!text)
			break;
	}
	if (!text) {
		free(dir);
		return NULL;
	}
	*at = dir;
	return text;
}

static void read_makefile(const struct mkvars *file, const char *base,
			  char ***flags, size_t *nflags, size_t *cap)
{
	char *at = NULL, *text = builder(file, &at), *line, *next;
	const struct mkvars v = { file->tree, at };

	if (!text)
		return;
	for (line = text; line && *line; line = next) {
		char *eq;
		size_t n;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		eq = strchr(line, '=');
		if (!eq || eq == line)
			continue;
		n = eq - line;
		if (strchr(":+", line[n - 1]))
			n--;
		while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
			n--;
		if (gives_flags(line, n, base))
			add_words(&v, eq + 1, flags, nflags, cap);
	}
	free(text);
	free(at);
}

void kbuild_file_flags(const char *tree, const char *file, char ***flags,
		       size_t *nflags, size_t *cap)
{
	char *abs = realpath(file, NULL), *root = realpath(tree, NULL);
	char *slash, *base;
	size_t n = root ? strlen(root) : 0;
	struct mkvars v = { root, NULL };

	if (!abs || !root || strncmp(abs, root, n) || abs[n] != '/' ||
	    !(slash = strrchr(abs, '/'))) {
		free(abs);
		free(root);
		return;
	}
	*slash = '\0';
	v.dir = abs;
	base = xstrdup(slash + 1);
	if (strlen(base) > 2 && !strcmp(base + strlen(base) - 2, ".c")) {
		base[strlen(base) - 2] = '\0';
		read_makefile(&v, base, flags, nflags, cap);
	}
	free(base);
	free(abs);
	free(root);
}

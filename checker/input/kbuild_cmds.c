/*
 * input: reading kbuild's .o.cmd files.  Each holds a line
 *	savedcmd_fs/namei.o := gcc -Wp,-MMD,... -c -o fs/namei.o /src/fs/namei.c
 * (cmd_ in trees before 6.1), possibly followed by "; objtool ...".
 * The command is a shell line: quoting matters (-DKBUILD_MODNAME='"namei"').
 */
#define _XOPEN_SOURCE 700
#include "input/kbuild_cmds.h"

#include <clang-c/CXCompilationDatabase.h>
#include "lib/util.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void free_words(char **words, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(words[i]);
	free(words);
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* One word from *P; sets *end when an unquoted command separator ends
 * the simple command.  Returns -1 on an unterminated quote. */
static int shell_word(const char **p, struct strbuf *w, int *end)
{
	const char *s = *p;

	while (*s && !is_blank(*s)) {
		if (*s == ';' || *s == '|' || (*s == '&' && s[1] == '&')) {
			*end = 1;
			break;
		}
		if (*s == '\'') {
			const char *q = strchr(s + 1, '\'');

			if (!q)
				return -1;
			sb_addn(w, s + 1, q - s - 1);
			s = q + 1;
		} else if (*s == '"') {
			for (s++; *s && *s != '"'; s++) {
				if (*s == '\\' && s[1] && strchr("\"\\$`", s[1]))
					s++;
				sb_addc(w, *s);
			}
			if (!*s)
				return -1;
			s++;
		} else if (*s == '\\' && s[1]) {
			sb_addc(w, s[1]);
			s += 2;
		} else {
			sb_addc(w, *s++);
		}
	}
	*p = s;
	return 0;
}

int shell_split(const char *line, char ***words, size_t *nwords)
{
	size_t cap = 0;
	int end = 0;

	*words = NULL;
	*nwords = 0;
	while (*line && !end) {
		struct strbuf w;

		while (is_blank(*line))
			line++;
		if (!*line)
			break;
		sb_init(&w);
		if (shell_word(&line, &w, &end) < 0) {
			sb_free(&w);
			free_words(*words, *nwords);
			*words = NULL;
			*nwords = 0;
			return -1;
		}
		if (w.len || !end)
			*ARRAY_PUSH(*words, *nwords, cap) = sb_detach(&w);
		else
			sb_free(&w);
	}
	return 0;
}

static char *absolute(const char *dir, const char *path)
{
	if (path[0] == '/' || !dir)
		return xstrdup(path);
	if (path[0] == '.' && path[1] == '/')
		path += 2;
	return xasprintf("%s/%s", dir, path);
}

/* Flags whose value is a path, joined (-Ifoo) or separate (-I foo). */
static const char *const path_flags[] = {
	"-I", "-include", "-isystem", "-iquote", "-idirafter", "-imacros", NULL,
};

static const char *path_flag(const char *w)
{
	int i;

	for (i = 0; path_flags[i]; i++)
		if (!strncmp(w, path_flags[i], strlen(path_flags[i])))
			return path_flags[i];
	return NULL;
}

static int is_c_source(const char *w)
{
	size_t n = strlen(w);

	return n > 2 && w[0] != '-' && !strcmp(w + n - 2, ".c");
}

static void push_flag(struct compile_cmd *out, size_t *cap, char *flag)
{
	*ARRAY_PUSH(out->flags, out->nflags, *cap) = flag;
}

int compile_cmd_from_words(const char *dir, char **words, size_t n,
			   struct compile_cmd *out)
{
	size_t i, cap = 0;

	memset(out, 0, sizeof(*out));
	for (i = 1; i < n; i++) {
		const char *w = words[i], *pf = path_flag(w);

		if (!strcmp(w, "-c"))
			continue;
		if (!strcmp(w, "-o") && i + 1 < n) {
			i++;
			continue;
		}
		if (pf && !w[strlen(pf)] && i + 1 < n) {
			push_flag(out, &cap, xstrdup(w));
			push_flag(out, &cap, absolute(dir, words[++i]));
		} else if (pf && !strcmp(pf, "-I")) {
			char *p = absolute(dir, w + 2);

			push_flag(out, &cap, xasprintf("-I%s", p));
			free(p);
		} else if (is_c_source(w)) {
			if (out->source) {
				compile_cmd_free(out);
				return -1;
			}
			out->source = absolute(dir, w);
		} else {
			push_flag(out, &cap, xstrdup(w));
		}
	}
	if (!out->source) {
		compile_cmd_free(out);
		return -1;
	}
	return 0;
}

/* The command of a "savedcmd_X := CMD" (or "cmd_X := CMD") line. */
static const char *saved_command(const char *line)
{
	const char *eq;

	if (strncmp(line, "savedcmd_", 9) && strncmp(line, "cmd_", 4))
		return NULL;
	eq = strstr(line, " := ");
	return eq ? eq + 4 : NULL;
}

static int parse_line(const char *build_dir, const char *path, const char *cmd,
		      struct compile_cmd *out, char **err)
{
	char **words;
	size_t n;
	int rc;

	if (shell_split(cmd, &words, &n) < 0) {
		*err = xasprintf("%s: unterminated quote in the command", path);
		return -1;
	}
	rc = n && compile_cmd_from_words(build_dir, words, n, out) == 0;
	free_words(words, n);
	return rc;
}

int cmdfile_parse(const char *build_dir, const char *path,
		  struct compile_cmd *out, char **err)
{
	size_t len;
	char *text = read_file(path, &len), *line, *next;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!text) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		return -1;
	}
	if (memchr(text, '\0', len)) {
		free(text);
		*err = xasprintf("%s: not a kbuild .cmd file (binary data)", path);
		return -1;
	}
	for (line = text; line && !rc; line = next) {
		const char *cmd;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		cmd = saved_command(line);
		if (cmd)
			rc = parse_line(build_dir, path, cmd, out, err);
	}
	free(text);
	return rc;
}

/* nftw has no closure: the scan's state lives here for its duration. */
static struct {
	const char *build_dir;
	struct compile_db *db;
	char *err;
} scan;

static int is_object_cmd(const char *base)
{
	size_t n = strlen(base);

	return base[0] == '.' && n > 7 && !strcmp(base + n - 6, ".o.cmd");
}

static int visit(const char *path, const struct stat *st, int type,
		 struct FTW *ftw)
{
	struct compile_cmd c;
	char *err = NULL;
	int rc;

	(void)st;
	if (type != FTW_F || !is_object_cmd(path + ftw->base))
		return 0;
	rc = cmdfile_parse(scan.build_dir, path, &c, &err);
	if (rc < 0) {
		/* one bad file does not spoil the rest; say so */
		fprintf(stderr, "wbcheck: %s\n", err);
		free(err);
		scan.db->bad++;
		return 0;
	}
	if (rc > 0)
		*ARRAY_PUSH(scan.db->cmds, scan.db->n, scan.db->cap) = c;
	return 0;
}

static int by_source(const void *a, const void *b)
{
	return strcmp(((const struct compile_cmd *)a)->source,
		      ((const struct compile_cmd *)b)->source);
}

int cmdfile_scan(const char *build_dir, struct compile_db *db, char **err)
{
	scan.build_dir = build_dir;
	scan.db = db;
	scan.err = NULL;
	if (nftw(build_dir, visit, 32, FTW_PHYS) < 0) {
		*err = xasprintf("%s: %s", build_dir, strerror(errno));
		return -1;
	}
	if (db->n)
		qsort(db->cmds, db->n, sizeof(*db->cmds), by_source);
	return 0;
}

void compile_cmd_free(struct compile_cmd *c)
{
	free_words(c->flags, c->nflags);
	free(c->source);
	memset(c, 0, sizeof(*c));
}

void compile_db_free(struct compile_db *db)
{
	size_t i;

	for (i = 0; i < db->n; i++)
		compile_cmd_free(&db->cmds[i]);
	free(db->cmds);
	memset(db, 0, sizeof(*db));
}

/* -p DIR: compile_commands.json, through libclang's own reader. */
int compdb_load(const char *dir, struct compile_db *db, char **err)
{
	CXCompilationDatabase_Error e;
	CXCompilationDatabase cdb = clang_CompilationDatabase_fromDirectory(dir, &e);
	CXCompileCommands cmds;
	unsigned i, n;

	if (e != CXCompilationDatabase_NoError || !cdb) {
		char *json = xasprintf("%s/compile_commands.json", dir);

		if (access(json, F_OK) == 0)
			*err = xasprintf("%s: not a valid compilation database (libclang's reason above)",
					 json);
		else
			*err = xasprintf("%s: no readable compile_commands.json", dir);
		free(json);
		if (cdb)
			clang_CompilationDatabase_dispose(cdb);
		return -1;
	}
	cmds = clang_CompilationDatabase_getAllCompileCommands(cdb);
	n = cmds ? clang_CompileCommands_getSize(cmds) : 0;
	for (i = 0; i < n; i++) {
		CXCompileCommand cc = clang_CompileCommands_getCommand(cmds, i);
		CXString d = clang_CompileCommand_getDirectory(cc);
		unsigned j, nargs = clang_CompileCommand_getNumArgs(cc);
		char **words = xcalloc(nargs + 1, sizeof(*words));
		struct compile_cmd c;

		for (j = 0; j < nargs; j++) {
			CXString a = clang_CompileCommand_getArg(cc, j);

			words[j] = xstrdup(clang_getCString(a));
			clang_disposeString(a);
		}
		if (compile_cmd_from_words(clang_getCString(d), words, nargs, &c) == 0)
			*ARRAY_PUSH(db->cmds, db->n, db->cap) = c;
		free_words(words, nargs);
		clang_disposeString(d);
	}
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	clang_CompilationDatabase_dispose(cdb);
	if (db->n)
		qsort(db->cmds, db->n, sizeof(*db->cmds), by_source);
	return 0;
}

/* kbuild's record of how each object was built: the savedcmd_ line of
 * the .NAME.o.cmd file beside it.  Read in C: no Python, no shell. */
#ifndef WBCHECK_INPUT_KBUILD_CMDS_H
#define WBCHECK_INPUT_KBUILD_CMDS_H

#include <stddef.h>

struct compile_cmd {
	char *source;		/* absolute path of the .c file */
	char **flags;		/* compiler flags, relative paths made absolute */
	size_t nflags;
};

struct compile_db {
	struct compile_cmd *cmds;
	size_t n, cap;
	size_t bad;		/* .cmd files that could not be read (named on stderr) */
};

/*
 * Split one shell command line the way sh would for a simple command:
 * words, '...' and "..." quoting, backslash escapes; stop at an
 * unquoted ';', '&&' or '|'.  Returns 0, or -1 on an unterminated quote.
 */
int shell_split(const char *line, char ***words, size_t *nwords);
void free_words(char **words, size_t n);

/*
 * From a compiler invocation (argv[0] the compiler), the flags that
 * matter and the source file: drops -c, -o FILE and the compiler, makes
 * relative paths absolute against DIR.  Returns 0, or -1 when there is
 * no single .c source in it.
 */
int compile_cmd_from_words(const char *dir, char **words, size_t n,
			   struct compile_cmd *out);

/* Parse one .o.cmd file.  Returns 1 if it held a C compile, 0 if not
 * (an assembler or link step), -1 on error with *err set. */
int cmdfile_parse(const char *build_dir, const char *path,
		  struct compile_cmd *out, char **err);

/* Every .*.o.cmd under BUILD_DIR with a C compile.  -1 on error. */
int cmdfile_scan(const char *build_dir, struct compile_db *db, char **err);

/* The C compiles of DIR/compile_commands.json.  -1 on error. */
int compdb_load(const char *dir, struct compile_db *db, char **err);

void compile_cmd_free(struct compile_cmd *c);
void compile_db_free(struct compile_db *db);

#endif

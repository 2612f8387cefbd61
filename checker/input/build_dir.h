/* input: wbcheck -B BUILD / -p DIR [SRC-PATH...]: the C files kbuild
 * (or compile_commands.json) built under the selected paths, each with
 * its own command line.  run_build.c parses them. */
#ifndef WBCHECK_INPUT_BUILD_DIR_H
#define WBCHECK_INPUT_BUILD_DIR_H

#include <stddef.h>

#include "input/kbuild_cmds.h"
#include "lib/util.h"
#include "model/options.h"

struct skipped_walk;

struct build_dir {
	const char *dir;	/* as given to -B or -p */
	char *root;		/* the source tree (malloc'd) */
	struct compile_db db;
	size_t *selected;	/* indexes into db.cmds, in its order */
	size_t nselected;
	char **prefixes;	/* the paths selected, absolute */
	size_t nprefixes, prefixes_cap;
	struct strmap built;	/* every source with a command line */
	size_t nabsent;		/* command lines whose source is not there */
	unsigned char *absent;	/* by index into db.cmds */
	const char *absent_example;
	struct skipped_walk *skipped;	/* build_dir_find_skipped()'s */
};

/* Reads the build directory and selects its files.  Returns 0, or -1
 * (with a message on stderr) when it cannot be read at all. */
int build_dir_open(const struct options *o, struct build_dir *bd);

/* Names the selected sources that have no command line (not built in
 * this configuration), so that none is dropped silently: a few, and how
 * many more, or all of them with NAME_ALL.  build_dir_find_skipped()
 * starts looking for them on a thread of its own; the report waits for
 * it (or looks itself, if it was not started). */
void build_dir_find_skipped(struct build_dir *bd, int name_all);
void build_dir_report_skipped(struct build_dir *bd, int name_all);

/* Frees all but bd->root, which the caller takes. */
void build_dir_close(struct build_dir *bd);

#endif

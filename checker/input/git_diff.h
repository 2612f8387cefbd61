/* --diff[=REV]: the change git has staged (or the working tree against
 * REV), as changed line ranges of each file, and the findings it
 * introduces or touches. */
#ifndef WBCHECK_INPUT_GIT_DIFF_H
#define WBCHECK_INPUT_GIT_DIFF_H

#include <stddef.h>
#include "model/findings.h"

struct line_range {
	unsigned start, end;	/* inclusive, lines of the new file */
};

struct hunk {
	unsigned old_start, old_count, new_start, new_count;
};

struct diff_file {
	char *path;		/* new name, relative to the repository top;
				 * NULL when the file was deleted */
	char *old_path;		/* NULL when the file is new */
	int binary;
	struct line_range *ranges;	/* sorted, merged */
	size_t n, cap;
	struct hunk *hunks;	/* as the diff gave them */
	size_t nhunks, hunks_cap;
};

struct diff_set {
	struct diff_file *files;
	size_t n, cap;
};

/*
 * Parse the output of "git diff -U<n>" (any context) with the a/ and b/
 * prefixes.  Handles renames and copies, new and deleted files, mode
 * changes, binary files, "\ No newline at end of file", C-quoted names
 * and unmerged paths.  A line removed with nothing added in its place
 * touches the lines on either side of where it was.  Returns 0, or -1
 * with *err (malloc'd) naming what is wrong and where.
 */
int gitdiff_parse(const char *text, size_t len, struct diff_set *out,
		  char **err);
void diff_set_free(struct diff_set *ds);

/* The file named PATH (relative to the top), or NULL. */
const struct diff_file *diff_set_find(const struct diff_set *ds,
				      const char *path);
int diff_file_has_line(const struct diff_file *f, unsigned line);

/*
 * Carry the ranges of STAGED (lines of the index version) over the
 * hunks of UNSTAGED (index -> working tree), so that they name lines of
 * the file on disk.  A line the working tree changed again stands for
 * the lines that replaced it.
 */
void diff_file_map(struct diff_file *staged, const struct diff_file *unstaged);

/*
 * Ask git, in the repository that holds DIR, for the change: the staged
 * one when REV is NULL, else the working tree against REV.  PATHS
 * (absolute, may be none) limit it.  *TOP gets the repository's top
 * directory (malloc'd).  Returns 0, or -1 with *err set.
 */
int gitdiff_run(const char *dir, const char *rev, char *const *paths,
		size_t npaths, char **top, struct diff_set *out, char **err);

/* Keep the findings whose line, or a line of one of whose notes, is in
 * the change.  File names are resolved against TOP. */
void gitdiff_filter(struct findings *fs, const struct diff_set *ds,
		    const char *top);

#endif

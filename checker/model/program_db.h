/* The summary database (--db=FILE) that joins per-file runs. */
#ifndef WBCHECK_MODEL_PROGRAM_DB_H
#define WBCHECK_MODEL_PROGRAM_DB_H

#include "model/program.h"
#include "lib/util.h"

/* Store the functions P lowered (replacing what earlier runs of the same
 * files stored) and the functions whose address escapes. */
int db_store(const char *path, const struct program *p, char **err);

/* Load everything stored into P, for --report. */
int db_load(const char *path, struct program *p, char **err);

/*
 * --merge: add the databases PARTS, stored by runs elsewhere, to the one
 * at PATH (made if missing), as if those runs had stored into it in the
 * order given: a file a later part holds too is taken from the later
 * one, with a line about it in NOTES.  Every part is checked before
 * PATH is opened; the copy is one transaction, so a refused part
 * leaves PATH as it was.  Returns 0, or -1 with *ERR naming the file.
 */
int db_merge(const char *path, char *const *parts, size_t nparts,
	     struct strbuf *notes, char **err);

#endif

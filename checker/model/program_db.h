/* The summary database (--db=FILE) that joins per-file runs. */
#ifndef WBCHECK_MODEL_PROGRAM_DB_H
#define WBCHECK_MODEL_PROGRAM_DB_H

#include "model/program.h"

/* Store the functions P lowered (replacing what earlier runs of the same
 * files stored) and the functions whose address escapes. */
int db_store(const char *path, const struct program *p, char **err);

/* Load everything stored into P, for --report. */
int db_load(const char *path, struct program *p, char **err);

#endif

/* model: the SQLite file behind --db, shared by the runs that fill it
 * and read it (program_db.c) and by --merge (db_merge.c). */
#ifndef WBCHECK_MODEL_DB_FILE_H
#define WBCHECK_MODEL_DB_FILE_H

struct sqlite3;

/* Bumped whenever what is stored changes meaning, not only its form:
 * 4, an opaque compare's first edge means "equal" (a != b swapped);
 * 5, field flags (IR wbir3); 6, what a call takes and stores for
 * write-bracket-nested; 7, the ops member a call goes through and the
 * file defining a callee, for --infer.  A file of another schema is
 * refused. */
#define DB_SCHEMA_VERSION "7"

/* Every table of ours, for SQL: "IN (" DB_TABLES ")". */
#define DB_TABLES "'meta', 'func', 'escaped', 'held'"
#define DB_NTABLES 4

/*
 * A function's row: one file's copy replaces another file's only when
 * its path comes first, as one run over both keeps the copy of the first
 * by path (frontend/parse_pool.c); a header's copy (no file) replaces
 * and is replaced as before.  A file run again drops its own rows first.
 */
#define DB_FUNC_STORE \
	"INSERT INTO func VALUES(?, ?, ?) ON CONFLICT(usr) DO UPDATE SET " \
	"tu = excluded.tu, ir = excluded.ir WHERE func.tu IS NULL OR " \
	"excluded.tu IS NULL OR excluded.tu <= func.tu"

/* Open PATH read-write (CREATE: made when missing), our schema set up
 * in it; a database another program or another schema wrote is refused.
 * Returns 0, or -1 with *ERR naming PATH. */
int db_open(const char *path, int create, struct sqlite3 **out, char **err);

/* The version record of an open database: 0 when it is ours, else -1
 * with *ERR naming PATH and both versions.  A database with no record
 * is refused if REQUIRED. */
int db_check_version(struct sqlite3 *db, const char *path, int required,
		     char **err);

/* *ERR = "PATH: WHAT: what SQLite says"; returns -1. */
int db_fail(struct sqlite3 *db, const char *path, const char *what,
	    char **err);
/* Run SQL; on failure *ERR names PATH and returns -1. */
int db_exec(struct sqlite3 *db, const char *path, const char *sql,
	    char **err);

#endif

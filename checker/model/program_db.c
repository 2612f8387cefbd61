/*
 * model: the summary database (--db=FILE): every run stores the functions it
 * lowered; --report analyses all of them as one program.  SQLite does
 * the locking, so runs under make -j can write at once: WAL mode, and
 * a long busy timeout rather than failing when another run holds the
 * write lock.
 */
#include "model/program_db.h"
#include "model/db_file.h"
#include "model/ir_serialize.h"
#include "lib/util.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BUSY_TIMEOUT_MS (10 * 60 * 1000)

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);"
	"CREATE TABLE IF NOT EXISTS func(usr TEXT PRIMARY KEY, tu TEXT,"
	" ir BLOB NOT NULL);"
	"CREATE INDEX IF NOT EXISTS func_tu ON func(tu);"
	"CREATE TABLE IF NOT EXISTS escaped(usr TEXT PRIMARY KEY);"
	"CREATE TABLE IF NOT EXISTS held(usr TEXT PRIMARY KEY, discs INTEGER);";

int db_fail(sqlite3 *db, const char *path, const char *what, char **err)
{
	*err = xasprintf("%s: %s: %s", path, what,
			 db ? sqlite3_errmsg(db) : "out of memory");
	return -1;
}

int db_exec(sqlite3 *db, const char *path, const char *sql, char **err)
{
	char *msg = NULL;

	if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
		return 0;
	*err = xasprintf("%s: %s", path, msg ? msg : sqlite3_errmsg(db));
	sqlite3_free(msg);
	return -1;
}

/* A corrupt row may hold NULL where text belongs. */
static int same_text(const unsigned char *s, const char *want)
{
	return s && !strcmp((const char *)s, want);
}

/*
 * Tables of ours, or none at all: a database some other program wrote
 * is refused, not filled with our schema.
 */
static int check_foreign(sqlite3 *db, const char *path, char **err)
{
	sqlite3_stmt *st;
	int n = -1;

	if (sqlite3_prepare_v2(db, "SELECT count(*) FROM sqlite_master WHERE "
			       "type = 'table' AND name NOT IN (" DB_TABLES ")", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, path, "cannot read", err);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	if (n < 0)
		return db_fail(db, path, "cannot read", err);
	if (n) {
		*err = xasprintf("%s: not a wbcheck database (it holds other tables)",
				 path);
		return -1;
	}
	return 0;
}

int db_check_version(sqlite3 *db, const char *path, int required,
		     char **err)
{
	sqlite3_stmt *st;
	const unsigned char *v;
	int rc = 0;

	if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key='version'",
			       -1, &st, NULL) != SQLITE_OK) {
		if (!required && sqlite3_errcode(db) == SQLITE_ERROR)
			return 0;	/* no meta table: a new database */
		return db_fail(db, path, "not a wbcheck database", err);
	}
	if (sqlite3_step(st) == SQLITE_ROW) {
		v = sqlite3_column_text(st, 0);
		if (!same_text(v, DB_SCHEMA_VERSION)) {
			*err = xasprintf("%s: written by another version of wbcheck (database schema %s, this wbcheck's is %s)",
					 path, v ? (const char *)v : "none",
					 DB_SCHEMA_VERSION);
			rc = -1;
		}
	} else if (required) {
		*err = xasprintf("%s: not a wbcheck database (no version record)",
				 path);
		rc = -1;
	}
	sqlite3_finalize(st);
	return rc;
}

static int set_up_once(sqlite3 *db, const char *path, char **err)
{
	/* the version first: a database of another version (that may have
	 * other tables) is named so, and not changed */
	return db_check_version(db, path, 0, err) ||
	       check_foreign(db, path, err) ||
	       db_exec(db, path, "PRAGMA journal_mode=WAL;", err) ||
	       db_exec(db, path, schema, err) ||
	       db_exec(db, path, "INSERT OR IGNORE INTO meta VALUES('version', '"
			      DB_SCHEMA_VERSION "');", err) ||
	       db_check_version(db, path, 1, err);
}

/*
 * Two runs creating one database at once (make -j) can meet in the
 * switch to WAL mode or the first CREATE TABLE, where SQLite answers
 * "database is locked" at once rather than call the busy handler (that
 * could deadlock).  All of this may be done again, so try again for as
 * long as the busy timeout would have waited.
 */
static int set_up(sqlite3 *db, const char *path, char **err)
{
	const long step_us = 20000;
	long waited = 0;
	int code;

	while (set_up_once(db, path, err)) {
		code = sqlite3_extended_errcode(db) & 0xff;
		if ((code != SQLITE_BUSY && code != SQLITE_LOCKED) ||
		    waited >= BUSY_TIMEOUT_MS * 1000L)
			return -1;
		free(*err);
		*err = NULL;
		usleep(step_us);
		waited += step_us;
	}
	return 0;
}

int db_open(const char *path, int create, sqlite3 **out, char **err)
{
	sqlite3 *db = NULL;
	int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0);

	if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
		db_fail(db, path, "cannot open", err);
		sqlite3_close(db);
		return -1;
	}
	sqlite3_busy_timeout(db, BUSY_TIMEOUT_MS);
	if (set_up(db, path, err)) {
		sqlite3_close(db);
		return -1;
	}
	*out = db;
	return 0;
}

/* A function of a file this run parsed for its summaries alone. */
static int unstored(const struct program *p, const struct ir_func *fn)
{
	return fn->in_main_file && fn->loc.file &&
	       strmap_get(&p->unstored, fn->loc.file);
}

static int store_func(sqlite3_stmt *ins, const struct ir_func *fn)
{
	char *ir = ir_encode(fn);
	int rc;

	sqlite3_bind_text(ins, 1, fn->usr, -1, SQLITE_TRANSIENT);
	if (fn->in_main_file && fn->loc.file)
		sqlite3_bind_text(ins, 2, fn->loc.file, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(ins, 2);	/* a header's: shared by files */
	sqlite3_bind_blob(ins, 3, ir, (int)strlen(ir), free);
	rc = sqlite3_step(ins) == SQLITE_DONE ? 0 : -1;
	sqlite3_reset(ins);
	return rc;
}

/* A file's functions replace what an earlier run of it stored. */
static int forget_files(sqlite3 *db, const struct program *p)
{
	sqlite3_stmt *del;
	size_t i;
	int rc = 0;

	if (sqlite3_prepare_v2(db, "DELETE FROM func WHERE tu = ?", -1, &del,
			       NULL) != SQLITE_OK)
		return -1;
	for (i = 0; i < p->nfuncs && !rc; i++) {
		const struct ir_func *fn = p->funcs[i];

		if (!fn->in_main_file || !fn->loc.file || unstored(p, fn))
			continue;
		sqlite3_bind_text(del, 1, fn->loc.file, -1, SQLITE_TRANSIENT);
		rc = sqlite3_step(del) == SQLITE_DONE ? 0 : -1;
		sqlite3_reset(del);
	}
	sqlite3_finalize(del);
	return rc;
}

static int store_names(sqlite3 *db, const char *sql, const struct strmap *m)
{
	sqlite3_stmt *st = NULL;
	size_t i;
	int rc = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		goto out;
	for (i = 0; i < m->n; i++) {
		sqlite3_bind_text(st, 1, m->keys[i], -1, SQLITE_TRANSIENT);
		if (sqlite3_bind_parameter_count(st) > 1)
			sqlite3_bind_int64(st, 2, m->vals[i]);
		if (sqlite3_step(st) != SQLITE_DONE)
			goto out;
		sqlite3_reset(st);
	}
	rc = 0;
out:
	sqlite3_finalize(st);
	return rc;
}

static int store_all(sqlite3 *db, const struct program *p)
{
	sqlite3_stmt *ins = NULL;
	size_t i;
	int rc = -1;

	if (forget_files(db, p) ||
	    sqlite3_prepare_v2(db, DB_FUNC_STORE, -1, &ins, NULL) != SQLITE_OK)
		goto out;
	for (i = 0; i < p->nfuncs; i++)
		if (!unstored(p, p->funcs[i]) && store_func(ins, p->funcs[i]))
			goto out;
	rc = store_names(db, "INSERT OR IGNORE INTO escaped VALUES(?)",
			 &p->escaped) ||
	     store_names(db, "INSERT INTO held VALUES(?, ?) ON CONFLICT(usr) DO UPDATE SET discs = discs | excluded.discs",
			 &p->held);
out:
	sqlite3_finalize(ins);
	return rc ? -1 : 0;
}

int db_store(const char *path, const struct program *p, char **err)
{
	sqlite3 *db;
	int rc;

	if (db_open(path, 1, &db, err))
		return -1;
	/* IMMEDIATE: take the write lock now, waiting for other runs */
	rc = db_exec(db, path, "BEGIN IMMEDIATE;", err);
	if (!rc && store_all(db, p)) {
		db_fail(db, path, "cannot store", err);
		rc = -1;
	}
	if (!rc)
		rc = db_exec(db, path, "COMMIT;", err);
	else
		sqlite3_exec(db, "ROLLBACK;", NULL, NULL, NULL);
	sqlite3_close(db);
	return rc;
}

static int load_funcs(sqlite3 *db, const char *path, struct program *p,
		      char **err)
{
	sqlite3_stmt *st;
	int rc, bad = 0;

	if (sqlite3_prepare_v2(db, "SELECT ir FROM func ORDER BY usr", -1, &st,
			       NULL) != SQLITE_OK)
		return db_fail(db, path, "cannot read", err);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *ir = sqlite3_column_blob(st, 0);
		struct ir_func *fn = ir ? ir_decode(ir, sqlite3_column_bytes(st, 0)) : NULL;

		if (fn)
			program_add(p, fn);
		else
			bad++;
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, path, "cannot read", err);
	if (bad) {
		*err = xasprintf("%s: %d stored function%s corrupt", path, bad,
				 bad == 1 ? " is" : "s are");
		return -1;
	}
	return 0;
}

static void escape(struct program *p, const char *usr, long unused)
{
	(void)unused;
	program_escape(p, usr);
}

static int load_names(sqlite3 *db, const char *path, const char *sql,
		      struct program *p,
		      void (*add)(struct program *, const char *, long),
		      char **err)
{
	sqlite3_stmt *st;
	int rc, bad = 0;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return db_fail(db, path, "cannot read", err);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const unsigned char *usr = sqlite3_column_text(st, 0);

		if (usr)
			add(p, (const char *)usr, sqlite3_column_int64(st, 1));
		else
			bad++;	/* we never store a NULL key */
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, path, "cannot read", err);
	if (bad) {
		*err = xasprintf("%s: %d stored name%s corrupt", path, bad,
				 bad == 1 ? " is" : "s are");
		return -1;
	}
	return 0;
}

int db_load(const char *path, struct program *p, char **err)
{
	sqlite3 *db;
	int rc;

	if (db_open(path, 0, &db, err))
		return -1;
	rc = db_exec(db, path, "BEGIN;", err) || load_funcs(db, path, p, err) ||
	     load_names(db, path, "SELECT usr, 0 FROM escaped", p,
			escape, err) ||
	     load_names(db, path, "SELECT usr, discs FROM held", p,
			program_hold_on_entry, err);
	sqlite3_exec(db, "COMMIT;", NULL, NULL, NULL);
	sqlite3_close(db);
	return rc ? -1 : 0;
}

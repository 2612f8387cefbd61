/*
 * model: --merge, the databases of runs on other machines (the parts)
 * added to this one, as if those runs had stored into it in the order
 * the parts are given.  All of it or nothing: every part is checked
 * before the database merged into is opened, and the copy is one
 * transaction.
 */
#include "model/program_db.h"
#include "model/db_file.h"
#include "model/ir.h"
#include "model/ir_serialize.h"
#include "lib/util.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Files named in a note about files that are in two parts. */
#define NAMED_MAX 3

struct part {
	const char *path;
	sqlite3 *db;
};

static int not_ours(sqlite3 *db, const char *path, char **err)
{
	*err = xasprintf("%s: not a wbcheck database (%s)", path,
			 sqlite3_errmsg(db));
	return -1;
}

/* All our tables, and no other (a file that is no database at all
 * fails here, at its first read). */
static int check_tables(sqlite3 *db, const char *path, char **err)
{
	sqlite3_stmt *st;
	int ours = -1, others = -1;

	if (sqlite3_prepare_v2(db, "SELECT coalesce(sum(name IN (" DB_TABLES ")), 0),"
			       " coalesce(sum(name NOT IN (" DB_TABLES ")), 0)"
			       " FROM sqlite_master WHERE type = 'table'",
			       -1, &st, NULL) != SQLITE_OK)
		return not_ours(db, path, err);
	if (sqlite3_step(st) == SQLITE_ROW) {
		ours = sqlite3_column_int(st, 0);
		others = sqlite3_column_int(st, 1);
	}
	sqlite3_finalize(st);
	if (ours < 0)
		return not_ours(db, path, err);
	if (others) {
		*err = xasprintf("%s: not a wbcheck database (it holds other tables)",
				 path);
		return -1;
	}
	if (ours != DB_NTABLES) {
		*err = xasprintf("%s: not a wbcheck database (%s)", path,
				 ours ? "some of its tables are missing" :
					"it holds no table");
		return -1;
	}
	return 0;
}

/* The columns the copy reads are there. */
static int check_columns(sqlite3 *db, const char *path, char **err)
{
	static const char *const reads[] = {
		"SELECT usr, tu, ir FROM func", "SELECT usr FROM escaped",
		"SELECT usr, discs FROM held",
	};
	sqlite3_stmt *st;
	size_t i;

	for (i = 0; i < sizeof(reads) / sizeof(reads[0]); i++) {
		if (sqlite3_prepare_v2(db, reads[i], -1, &st, NULL) != SQLITE_OK)
			return not_ours(db, path, err);
		sqlite3_finalize(st);
	}
	return 0;
}

static int same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Open PATH read-only and see that it is a database of ours. */
static int open_part(struct part *pt, const char *path, const char *into,
		     const struct stat *into_st, char **err)
{
	struct stat st;

	pt->path = path;
	pt->db = NULL;
	if (stat(path, &st)) {
		*err = xasprintf("%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		*err = xasprintf("%s: not a wbcheck database (not a file)", path);
		return -1;
	}
	if (into_st && same_file(&st, into_st)) {
		*err = xasprintf("%s: is the database merged into (--db=%s)", path,
				 into);
		return -1;
	}
	if (sqlite3_open_v2(path, &pt->db, SQLITE_OPEN_READONLY, NULL) !=
	    SQLITE_OK)
		return db_fail(pt->db, path, "cannot open", err);
	return check_tables(pt->db, path, err) ||
	       db_check_version(pt->db, path, 1, err) ||
	       check_columns(pt->db, path, err) ? -1 : 0;
}

static void close_parts(struct part *pts, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sqlite3_close(pts[i].db);
	free(pts);
}

/* Every part checked, before anything is written. */
static struct part *open_parts(const char *into, char *const *paths, size_t n,
			       char **err)
{
	struct part *pts = xcalloc(n + 1, sizeof(*pts));
	struct stat into_st;
	int have_into = !stat(into, &into_st);
	size_t i;

	for (i = 0; i < n; i++) {
		if (open_part(&pts[i], paths[i], into,
			      have_into ? &into_st : NULL, err)) {
			close_parts(pts, i + 1);
			return NULL;
		}
	}
	return pts;
}

struct merge {
	sqlite3 *to;
	const char *to_path;
	struct strmap seen;	/* files of the parts copied so far */
	struct strbuf *notes;
};

static void note_again(struct merge *m, const struct part *pt, size_t again,
		       const struct strbuf *named)
{
	if (!again)
		return;
	sb_addf(m->notes, "%s: %zu file%s an earlier part also holds (%s%s): this part's kept\n",
		pt->path, again, again == 1 ? "" : "s", named->buf,
		again > NAMED_MAX ? ", ..." : "");
}

/*
 * The files of PT replace what the database holds of them, as a run of
 * them would (program_db.c): so a file stored by two parts is taken
 * from the later one, and a note says so.
 */
static int forget_files(struct merge *m, const struct part *pt, char **err)
{
	sqlite3_stmt *sel = NULL, *del = NULL;
	struct strbuf named;
	size_t again = 0;
	int rc = -1, step;

	sb_init(&named);
	if (sqlite3_prepare_v2(pt->db, "SELECT DISTINCT tu FROM func WHERE tu IS NOT NULL",
			       -1, &sel, NULL) != SQLITE_OK) {
		db_fail(pt->db, pt->path, "cannot read", err);
		goto out;
	}
	if (sqlite3_prepare_v2(m->to, "DELETE FROM func WHERE tu = ?", -1, &del,
			       NULL) != SQLITE_OK) {
		db_fail(m->to, m->to_path, "cannot merge", err);
		goto out;
	}
	while ((step = sqlite3_step(sel)) == SQLITE_ROW) {
		const char *tu = (const char *)sqlite3_column_text(sel, 0);

		if (!tu) {
			db_fail(pt->db, pt->path, "cannot read", err);
			goto out;
		}
		if (strmap_get(&m->seen, tu) && again++ < NAMED_MAX)
			sb_addf(&named, "%s%s", named.len ? ", " : "", tu);
		strmap_put(&m->seen, tu, 1);
		sqlite3_bind_text(del, 1, tu, -1, SQLITE_STATIC);
		if (sqlite3_step(del) != SQLITE_DONE) {
			db_fail(m->to, m->to_path, "cannot merge", err);
			goto out;
		}
		sqlite3_reset(del);
	}
	if (step != SQLITE_DONE) {
		db_fail(pt->db, pt->path, "cannot read", err);
		goto out;
	}
	note_again(m, pt, again, &named);
	rc = 0;
out:
	sb_free(&named);
	sqlite3_finalize(sel);
	sqlite3_finalize(del);
	return rc;
}

/* A function's IR must read back, or the part is refused. */
static int readable_ir(const void *ir, int len)
{
	struct ir_func *fn;

	if (!ir || len <= 0)
		return 0;
	fn = ir_decode(ir, (size_t)len);
	if (!fn)
		return 0;
	ir_func_free(fn);
	return 1;
}

/*
 * Copy the rows SELECT reads from PT into the database with INSERT
 * (the same number of columns).  CHECK_IR: the last column is a
 * function's IR, checked.
 */
static int copy_rows(struct merge *m, const struct part *pt, const char *select,
		     const char *insert, int check_ir, char **err)
{
	sqlite3_stmt *sel = NULL, *ins = NULL;
	int rc = -1, step, ncols, c, bad = 0;

	if (sqlite3_prepare_v2(pt->db, select, -1, &sel, NULL) != SQLITE_OK) {
		db_fail(pt->db, pt->path, "cannot read", err);
		goto out;
	}
	if (sqlite3_prepare_v2(m->to, insert, -1, &ins, NULL) != SQLITE_OK) {
		db_fail(m->to, m->to_path, "cannot merge", err);
		goto out;
	}
	ncols = sqlite3_column_count(sel);
	while ((step = sqlite3_step(sel)) == SQLITE_ROW) {
		/* we never store a NULL key */
		if (!sqlite3_column_text(sel, 0) ||
		    (check_ir && !readable_ir(sqlite3_column_blob(sel, ncols - 1),
					      sqlite3_column_bytes(sel, ncols - 1)))) {
			bad++;
			continue;
		}
		for (c = 0; c < ncols; c++)
			sqlite3_bind_value(ins, c + 1, sqlite3_column_value(sel, c));
		if (sqlite3_step(ins) != SQLITE_DONE) {
			db_fail(m->to, m->to_path, "cannot merge", err);
			goto out;
		}
		sqlite3_reset(ins);
	}
	if (step != SQLITE_DONE) {
		db_fail(pt->db, pt->path, "cannot read", err);
		goto out;
	}
	if (bad) {
		*err = xasprintf("%s: %d stored %s%s corrupt", pt->path, bad,
				 check_ir ? "function" : "name",
				 bad == 1 ? " is" : "s are");
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(sel);
	sqlite3_finalize(ins);
	return rc;
}

/* One part, read as one snapshot. */
static int copy_part(struct merge *m, const struct part *pt, char **err)
{
	int rc;

	if (db_exec(pt->db, pt->path, "BEGIN;", err))
		return -1;
	rc = forget_files(m, pt, err) ||
	     copy_rows(m, pt, "SELECT usr, tu, ir FROM func",
		       DB_FUNC_STORE, 1, err) ||
	     copy_rows(m, pt, "SELECT usr FROM escaped",
		       "INSERT OR IGNORE INTO escaped VALUES(?)", 0, err) ||
	     copy_rows(m, pt, "SELECT usr, discs FROM held",
		       "INSERT INTO held VALUES(?, ?) ON CONFLICT(usr) DO UPDATE SET discs = discs | excluded.discs",
		       0, err);
	sqlite3_exec(pt->db, "COMMIT;", NULL, NULL, NULL);
	return rc ? -1 : 0;
}

int db_merge(const char *path, char *const *parts, size_t nparts,
	     struct strbuf *notes, char **err)
{
	struct merge m = { .to_path = path, .notes = notes };
	struct part *pts = open_parts(path, parts, nparts, err);
	struct stat st;
	int made = stat(path, &st) && errno == ENOENT;
	size_t i;
	int rc;

	if (!pts)
		return -1;
	if (db_open(path, 1, &m.to, err)) {
		close_parts(pts, nparts);
		return -1;
	}
	/* IMMEDIATE: take the write lock now, waiting for runs storing */
	rc = db_exec(m.to, path, "BEGIN IMMEDIATE;", err);
	for (i = 0; i < nparts && !rc; i++)
		rc = copy_part(&m, &pts[i], err);
	if (!rc)
		rc = db_exec(m.to, path, "COMMIT;", err);
	else
		sqlite3_exec(m.to, "ROLLBACK;", NULL, NULL, NULL);
	sqlite3_close(m.to);
	close_parts(pts, nparts);
	strmap_free(&m.seen);
	/* a merge that failed leaves no database where there was none */
	if (rc && made)
		unlink(path);
	return rc ? -1 : 0;
}

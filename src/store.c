/* store.c — the game store: events appended to SQLite in WAL mode, one transaction each. */
#include "store.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

G_DEFINE_QUARK (ts-store-error-quark, ts_store_error)

#define STORE_FORMAT "tablesight-game-1"

struct TsStore {
  sqlite3 *db;
  sqlite3_stmt *insert;
  char *path;
  gboolean readonly;
  guint count;        /* events stored; one writer per store, so cached */
};

static gboolean
db_fail (TsStore *store, const char *what, GError **error)
{
  g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_DB, "%s: %s: %s", store->path, what,
               sqlite3_errmsg (store->db));
  return FALSE;
}

static gboolean
exec (TsStore *store, const char *sql, GError **error)
{
  char *msg = NULL;
  if (sqlite3_exec (store->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
    g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_DB, "%s: %s", store->path,
                 msg ? msg : "SQLite error");
    sqlite3_free (msg);
    return FALSE;
  }
  return TRUE;
}

static gboolean
check_format (TsStore *store, GError **error)
{
  g_autofree char *format = ts_store_get_meta (store, "format");
  if (format == NULL || g_strcmp0 (format, STORE_FORMAT) != 0) {
    g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_FORMAT,
                 "%s: not a tablesight game store (format %s)", store->path,
                 format ? format : "missing");
    return FALSE;
  }
  return TRUE;
}

static guint count_rows (TsStore *store);

/* SQLite takes a short file of any content for an empty database and would write over it. */
static gboolean
looks_like_sqlite (const char *path, GError **error)
{
  GStatBuf st;
  if (g_stat (path, &st) != 0 || st.st_size == 0)
    return TRUE;
  char head[16] = { 0 };
  FILE *f = g_fopen (path, "rb");
  size_t n = f ? fread (head, 1, sizeof head, f) : 0;
  if (f)
    fclose (f);
  if (n == sizeof head && memcmp (head, "SQLite format 3", 16) == 0)
    return TRUE;
  g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_FORMAT,
               "%s: not a tablesight game store (not an SQLite file)", path);
  return FALSE;
}

static TsStore *
store_open (const char *path, gboolean readonly, GError **error)
{
  if (!looks_like_sqlite (path, error))
    return NULL;
  TsStore *store = g_new0 (TsStore, 1);
  store->path = g_strdup (path);
  store->readonly = readonly;
  int flags = readonly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (sqlite3_open_v2 (path, &store->db, flags, NULL) != SQLITE_OK) {
    g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_IO, "%s: cannot open: %s", path,
                 store->db ? sqlite3_errmsg (store->db) : "out of memory");
    ts_store_free (store);
    return NULL;
  }
  sqlite3_busy_timeout (store->db, 5000);
  sqlite3_extended_result_codes (store->db, 1);
  if (!readonly) {
    /* WAL with synchronous=FULL: a committed append survives the process being killed and,
     * with FULL, the machine losing power too. */
    /* Someone else's database is left alone. */
    sqlite3_stmt *st0 = NULL;
    int n_tables = 0;
    if (sqlite3_prepare_v2 (store->db, "SELECT count(*) FROM sqlite_master WHERE type='table'",
                            -1, &st0, NULL) != SQLITE_OK) {
      g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_FORMAT, "%s: %s", path,
                   sqlite3_errmsg (store->db));
      sqlite3_finalize (st0);
      goto fail;
    }
    if (sqlite3_step (st0) == SQLITE_ROW)
      n_tables = sqlite3_column_int (st0, 0);
    sqlite3_finalize (st0);
    if (n_tables > 0 && !check_format (store, error))
      goto fail;
    if (!exec (store, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;", error) ||
        !exec (store,
               "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
               "CREATE TABLE IF NOT EXISTS events (idx INTEGER PRIMARY KEY, json TEXT NOT NULL);",
               error))
      goto fail;
    g_autofree char *format = ts_store_get_meta (store, "format");
    if (format == NULL) {
      sqlite3_int64 n = 0;
      sqlite3_stmt *st = NULL;
      if (sqlite3_prepare_v2 (store->db, "SELECT count(*) FROM events", -1, &st, NULL) == SQLITE_OK &&
          sqlite3_step (st) == SQLITE_ROW)
        n = sqlite3_column_int64 (st, 0);
      sqlite3_finalize (st);
      if (n != 0) {
        g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_FORMAT,
                     "%s: not a tablesight game store (no format mark)", path);
        goto fail;
      }
      if (!ts_store_set_meta (store, "format", STORE_FORMAT, error))
        goto fail;
      g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
      g_autofree char *iso = g_date_time_format_iso8601 (now);
      if (!ts_store_set_meta (store, "created", iso, error))
        goto fail;
    } else if (!check_format (store, error)) {
      goto fail;
    }
    if (sqlite3_prepare_v2 (store->db, "INSERT INTO events (idx, json) VALUES (?, ?)", -1,
                            &store->insert, NULL) != SQLITE_OK) {
      db_fail (store, "prepare", error);
      goto fail;
    }
  } else if (!check_format (store, error)) {
    goto fail;
  }
  store->count = count_rows (store);
  return store;
fail:
  ts_store_free (store);
  return NULL;
}

TsStore *
ts_store_open (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  return store_open (path, FALSE, error);
}

TsStore *
ts_store_open_readonly (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS)) {
    g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_IO, "%s: no such file", path);
    return NULL;
  }
  return store_open (path, TRUE, error);
}

void
ts_store_free (TsStore *store)
{
  if (store == NULL)
    return;
  sqlite3_finalize (store->insert);
  sqlite3_close (store->db);
  g_free (store->path);
  g_free (store);
}

guint
ts_store_count (TsStore *store)
{
  return store->count;
}

static guint
count_rows (TsStore *store)
{
  sqlite3_stmt *st = NULL;
  guint n = 0;
  if (sqlite3_prepare_v2 (store->db, "SELECT count(*) FROM events", -1, &st, NULL) == SQLITE_OK &&
      sqlite3_step (st) == SQLITE_ROW)
    n = (guint) sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  return n;
}

gboolean
ts_store_append (TsStore *store, const TsEvent *event, guint *out_index, GError **error)
{
  g_return_val_if_fail (store != NULL && event != NULL, FALSE);
  if (store->readonly) {
    g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_IO, "%s: opened read-only", store->path);
    return FALSE;
  }
  guint idx = store->count;
  g_autofree char *json = ts_event_to_json (event);
  sqlite3_reset (store->insert);
  sqlite3_bind_int64 (store->insert, 1, idx);
  sqlite3_bind_text (store->insert, 2, json, -1, SQLITE_TRANSIENT);
  int rc = sqlite3_step (store->insert);
  sqlite3_reset (store->insert);
  sqlite3_clear_bindings (store->insert);
  if (rc != SQLITE_DONE)
    return db_fail (store, "append", error);
  store->count++;
  if (out_index)
    *out_index = idx;
  return TRUE;
}

gboolean
ts_store_append_batch (TsStore *store, TsEvent *const *events, guint n, GError **error)
{
  g_return_val_if_fail (store != NULL, FALSE);
  guint count = store->count;
  if (!exec (store, "BEGIN", error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!ts_store_append (store, events[i], NULL, error)) {
      exec (store, "ROLLBACK", NULL);
      store->count = count;
      return FALSE;
    }
  if (!exec (store, "COMMIT", error)) {
    exec (store, "ROLLBACK", NULL);
    store->count = count;
    return FALSE;
  }
  return TRUE;
}

GPtrArray *
ts_store_load (TsStore *store, GError **error)
{
  g_autoptr (GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_event_free);
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (store->db, "SELECT idx, json FROM events ORDER BY idx", -1, &st,
                          NULL) != SQLITE_OK) {
    db_fail (store, "read", error);
    return NULL;
  }
  int rc;
  gint64 expect = 0;
  while ((rc = sqlite3_step (st)) == SQLITE_ROW) {
    gint64 idx = sqlite3_column_int64 (st, 0);
    const char *json = (const char *) sqlite3_column_text (st, 1);
    int len = sqlite3_column_bytes (st, 1);
    if (idx != expect || json == NULL) {
      g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_FORMAT,
                   "%s: row %" G_GINT64_FORMAT ": events are not numbered 0, 1, 2, ...",
                   store->path, idx);
      sqlite3_finalize (st);
      return NULL;
    }
    g_autoptr (GError) local = NULL;
    TsEvent *e = ts_event_new (TS_EVENT_NONE);
    if (!ts_event_from_json (json, len, (guint) idx + 1, e, &local)) {
      ts_event_free (e);
      g_set_error (error, TS_STORE_ERROR, TS_STORE_ERROR_FORMAT, "%s: event %" G_GINT64_FORMAT
                   ": %s", store->path, idx, local->message);
      sqlite3_finalize (st);
      return NULL;
    }
    g_ptr_array_add (events, e);
    expect++;
  }
  sqlite3_finalize (st);
  if (rc != SQLITE_DONE) {
    db_fail (store, "read", error);
    return NULL;
  }
  return g_steal_pointer (&events);
}

gboolean
ts_store_set_meta (TsStore *store, const char *key, const char *value, GError **error)
{
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (store->db, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                          -1, &st, NULL) != SQLITE_OK)
    return db_fail (store, "meta", error);
  sqlite3_bind_text (st, 1, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (st, 2, value, -1, SQLITE_TRANSIENT);
  int rc = sqlite3_step (st);
  sqlite3_finalize (st);
  if (rc != SQLITE_DONE)
    return db_fail (store, "meta", error);
  return TRUE;
}

char *
ts_store_get_meta (TsStore *store, const char *key)
{
  sqlite3_stmt *st = NULL;
  char *value = NULL;
  if (sqlite3_prepare_v2 (store->db, "SELECT value FROM meta WHERE key = ?", -1, &st, NULL) !=
      SQLITE_OK)
    return NULL;
  sqlite3_bind_text (st, 1, key, -1, SQLITE_TRANSIENT);
  if (sqlite3_step (st) == SQLITE_ROW && sqlite3_column_text (st, 0))
    value = g_strdup ((const char *) sqlite3_column_text (st, 0));
  sqlite3_finalize (st);
  return value;
}

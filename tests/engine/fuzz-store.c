/* fuzz-store.c — fuzz target for the store reader: the input's lines become the rows of a
 * game store written behind the store's back (SQLite directly), or, when the input is itself
 * an SQLite file, it is opened as a store. Loading must fail cleanly or give events. */
#include "engine.h"

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
load (const char *path)
{
  GError *error = NULL;
  TsStore *store = ts_store_open_readonly (path, &error);
  if (store == NULL) {
    g_error_free (error);
    return;
  }
  GPtrArray *events = ts_store_load (store, &error);
  if (events) {
    TsEngine *engine = ts_engine_new (NULL, NULL);
    for (guint i = 0; i < events->len && i < 2000; i++)
      ts_engine_apply (engine, events->pdata[i], NULL, NULL);
    ts_engine_free (engine);
    g_ptr_array_unref (events);
  } else {
    g_error_free (error);
  }
  ts_store_free (store);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char tmpl[] = "/tmp/ts-fuzz-store-XXXXXX";
  char *dir = g_mkdtemp (tmpl);
  if (dir == NULL)
    return 0;
  char *path = g_build_filename (dir, "game.db", NULL);
  if (size >= 16 && memcmp (data, "SQLite format 3", 16) == 0) {
    g_file_set_contents (path, (const char *) data, (gssize) size, NULL);
    load (path);
  } else {
    {
      /* The store's schema, written without syncing: the reader is what is under test. */
      sqlite3 *db = NULL;
      if (sqlite3_open (path, &db) == SQLITE_OK &&
          sqlite3_exec (db,
                        "PRAGMA synchronous=OFF; BEGIN;"
                        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                        "CREATE TABLE events (idx INTEGER PRIMARY KEY, json TEXT NOT NULL);"
                        "INSERT INTO meta VALUES ('format', 'tablesight-game-1');",
                        NULL, NULL, NULL) == SQLITE_OK) {
        sqlite3_stmt *st = NULL;
        sqlite3_prepare_v2 (db, "INSERT INTO events (idx, json) VALUES (?, ?)", -1, &st, NULL);
        const char *p = (const char *) data, *end = p + size;
        gint64 idx = 0;
        while (p < end && st) {
          const char *nl = memchr (p, '\n', (size_t) (end - p));
          const char *stop = nl ? nl : end;
          sqlite3_reset (st);
          /* an index out of order now and then, to exercise that check */
          sqlite3_bind_int64 (st, 1, (stop - p) == 3 ? idx + 7 : idx);
          sqlite3_bind_text (st, 2, p, (int) (stop - p), SQLITE_TRANSIENT);
          sqlite3_step (st);
          idx++;
          p = nl ? nl + 1 : end;
        }
        sqlite3_finalize (st);
        sqlite3_exec (db, "COMMIT;", NULL, NULL, NULL);
      }
      sqlite3_close (db);
      load (path);
    }
  }
  char *wal = g_strconcat (path, "-wal", NULL), *shm = g_strconcat (path, "-shm", NULL);
  g_unlink (wal);
  g_unlink (shm);
  g_unlink (path);
  g_rmdir (dir);
  g_free (wal);
  g_free (shm);
  g_free (path);
  return 0;
}

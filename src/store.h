/* store.h — the game store: an append-only SQLite (WAL) log of events. Every append is its own
 * committed transaction, so killing the process loses nothing already appended, and reopening
 * gives back every committed event in order.
 *
 * Ownership: TsStore is opaque; free with ts_store_free(). Events passed in are copied (as
 * JSON); loaded events belong to the returned GPtrArray. Errors: TS_STORE_ERROR GError.
 */
#pragma once

#include "event.h"

#include <glib.h>

G_BEGIN_DECLS

#define TS_STORE_ERROR (ts_store_error_quark ())
GQuark ts_store_error_quark (void);

typedef enum {
  TS_STORE_ERROR_IO,      /* cannot open or create the file */
  TS_STORE_ERROR_DB,      /* SQLite failed (message includes SQLite's) */
  TS_STORE_ERROR_FORMAT,  /* not a tablesight game store, or a row is not an event (names row) */
} TsStoreError;

typedef struct TsStore TsStore;

/* Opens (creating when missing) a game store at path. Returns NULL with error on failure. */
TsStore *ts_store_open (const char *path, GError **error);
/* Opens an existing store without creating or writing anything. */
TsStore *ts_store_open_readonly (const char *path, GError **error);
void ts_store_free (TsStore *store);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsStore, ts_store_free)

/* Appends and commits one event. out_index (may be NULL) gets its 0-based log position. */
gboolean ts_store_append (TsStore *store, const TsEvent *event, guint *out_index,
                          GError **error);
/* Appends n events in one transaction (importing a log): all or none are committed. */
gboolean ts_store_append_batch (TsStore *store, TsEvent *const *events, guint n, GError **error);
/* Number of events stored. */
guint ts_store_count (TsStore *store);
/* Every stored event in order: GPtrArray of TsEvent* (free func set). NULL with error when a
 * row cannot be read (the error names the row). */
GPtrArray *ts_store_load (TsStore *store, GError **error);

/* Key/value metadata (game title, created time). value NULL when absent; free with g_free(). */
gboolean ts_store_set_meta (TsStore *store, const char *key, const char *value, GError **error);
char *ts_store_get_meta (TsStore *store, const char *key);

G_END_DECLS

/* engine-cli.c — shared by the replay and log commands: card database and game loading. */
#include "engine-cli.h"

#include <stdio.h>
#include <string.h>

TsCardDb *
ts_engine_cli_open_cards (const char *path, GError **error)
{
  if (path == NULL)
    return ts_carddb_open_default (error);
  return ts_carddb_open (path, error);
}

gboolean
ts_engine_cli_is_store (const char *path)
{
  char head[16] = { 0 };
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    return FALSE;
  size_t n = fread (head, 1, sizeof head, f);
  fclose (f);
  return n == sizeof head && memcmp (head, "SQLite format 3", 16) == 0;
}

GPtrArray *
ts_engine_cli_load_events (const char *path, GError **error)
{
  if (ts_engine_cli_is_store (path)) {
    g_autoptr (TsStore) store = ts_store_open_readonly (path, error);
    if (store == NULL)
      return NULL;
    return ts_store_load (store, error);
  }
  return ts_event_read_jsonl (path, error);
}

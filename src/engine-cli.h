/* engine-cli.h — helpers the engine's commands (replay, log) and tests share: opening the card
 * database and reading a game from either a JSON Lines file or a game store. */
#pragma once

#include "engine.h"

G_BEGIN_DECLS

/* path NULL: the bundled card set; NULL (error set) when it cannot be opened. */
TsCardDb *ts_engine_cli_open_cards (const char *path, GError **error);
/* A game's events from FILE.jsonl or GAME.db (recognised by its SQLite header). GPtrArray of
 * TsEvent*, or NULL with error naming the file and position. */
GPtrArray *ts_engine_cli_load_events (const char *path, GError **error);
/* TRUE when the file starts with the SQLite header. */
gboolean ts_engine_cli_is_store (const char *path);

G_END_DECLS

/* ts-window.h — the dashboard window: shows one game's state (players, phase, timing window,
 * creatures, log, warnings, camera) and turns every command into an engine event. The engine
 * owns the game; the window only reads its state and sends it events.
 *
 * Window actions (all also reachable from the keyboard, see ts-application.c):
 *   win.next-step  win.pass-turn  win.new-game  win.undo  win.redo  win.open-store
 *   win.save-store  win.choose-source  win.fullscreen (stateful)  win.show-view (s)
 *   win.life-add ((ii) player, delta)  win.set-life ((ii) player, life)
 *   win.name-card ((us) tracker id, card name; the live feed relabels its track)
 *   win.play-session (the last recording again)
 */
#pragma once

#include <gtk/gtk.h>
#include "ts-application.h"
#include "ts-battlefield.h"
#include "ts-camera-view.h"
#include "ts-event-log.h"
#include "ts-phase-bar.h"
#include "ts-player-panel.h"
#include "ts-warning-list.h"
#include "engine.h"

G_BEGIN_DECLS

typedef struct _TsLiveFeed TsLiveFeed;

#define TS_TYPE_WINDOW (ts_window_get_type ())
G_DECLARE_FINAL_TYPE (TsWindow, ts_window, TS, WINDOW, GtkApplicationWindow)

TsWindow *ts_window_new (TsApplication *app);

/* Opens what options name: a game store (resumed, then appended to), else an event file
 * (replayed), else a recorded session folder (played: frames with card outlines, its table
 * changes sent to the engine as camera events); the card
 * database from options->cards_path or the bundled one. Nothing named: an empty table. */
gboolean ts_window_load (TsWindow *self, const TsDashboardOptions *options, GError **error);

/* Starts a new game from a game_start event. The game is recorded in the open store when it
 * is still empty (dashboard --log NEW.db), else in a new store in the user's data folder
 * (tablesight/games/), so that it can never be lost. */
gboolean ts_window_new_game (TsWindow *self, const TsEvent *game_start, GError **error);
/* Replaces the game with the one in the store at path and keeps appending to it. */
gboolean ts_window_open_store (TsWindow *self, const char *path, GError **error);
/* Writes the whole log to a new store at path (replacing it) and records there from now on. */
gboolean ts_window_save_store (TsWindow *self, const char *path, GError **error);
/* Replaces the game with the events of a JSON Lines file (not recorded anywhere). A file
 * damaged part-way (a torn last line) shows the events before the damage and says so in the
 * banner; FALSE with error only when nothing could be read. */
gboolean ts_window_replay_file (TsWindow *self, const char *path, GError **error);

/* TRUE while a recorded session is still playing its frames. */
gboolean ts_window_is_playing (TsWindow *self);

/* Applies an event from any source (the live table's camera events come in here). */
gboolean ts_window_apply (TsWindow *self, const TsEvent *event, GError **error);

/* Shows an error in the window's banner ("what: message"). */
void ts_window_show_error (TsWindow *self, const char *what, const GError *error);

TsEngine *ts_window_get_engine (TsWindow *self);
const char *ts_window_get_store_path (TsWindow *self);

/* The parts, for the live table to feed and for tests to read. */
TsCameraView *ts_window_get_camera_view (TsWindow *self);
TsPlayerPanel *ts_window_get_player_panel (TsWindow *self, guint player);
TsPhaseBar *ts_window_get_phase_bar (TsWindow *self);
TsBattlefield *ts_window_get_battlefield (TsWindow *self);
TsEventLog *ts_window_get_event_log (TsWindow *self);
TsWarningList *ts_window_get_warning_list (TsWindow *self);
/* The timing window line as shown ("Alice may cast: …"), the status line ("Turn 3 · …"). */
const char *ts_window_get_timing_text (TsWindow *self);
const char *ts_window_get_status_text (TsWindow *self);
/* Starts the live table on a capture spec (see capture.h: a camera, or a recorded folder
 * through the real detector and tracker), with a calibration file (NULL: none). The camera's
 * events go to this window's engine. new_game: start a new game (players from the layout),
 * else keep the game on show when there is one (dashboard --log). Replaces any feed or
 * recording playing. FALSE with an error naming the source or file. */
gboolean ts_window_open_live (TsWindow *self, const char *spec, const char *calibration_path,
                              gboolean new_game, GError **error);
/* The same with a feed made by the caller (ts_live_feed_new; taken, started here). */
gboolean ts_window_start_live (TsWindow *self, TsLiveFeed *feed, gboolean new_game,
                               GError **error);
/* The live feed running, or NULL. Owned by the window. */
TsLiveFeed *ts_window_get_live_feed (TsWindow *self);
/* Shows text in the banner; NULL hides it. */
void ts_window_set_banner (TsWindow *self, const char *text);
/* The banner's text when shown, else NULL. */
const char *ts_window_get_banner_text (TsWindow *self);

G_END_DECLS

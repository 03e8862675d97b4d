/* ts-new-game-dialog.h — asks for a new game's players, rules profile and starting life and
 * hands back the game_start event; the window applies it. */
#pragma once

#include <gtk/gtk.h>
#include "event.h"

G_BEGIN_DECLS

#define TS_TYPE_NEW_GAME_DIALOG (ts_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsNewGameDialog, ts_new_game_dialog, TS, NEW_GAME_DIALOG, GtkWindow)

/* Emits ::start (const TsEvent *game_start, borrowed for the emission) on "Start game", then
 * closes. */
TsNewGameDialog *ts_new_game_dialog_new (GtkWindow *parent);

/* The game_start event for what the dialog shows now (source person, time now). Free with
 * ts_event_free(). */
TsEvent *ts_new_game_dialog_build_event (TsNewGameDialog *self);
/* Fills the form (tests, and "play again" with the same people). profile: "classic"/"modern";
 * commander only counts with modern; starting_life 0 keeps the profile's. */
void ts_new_game_dialog_set (TsNewGameDialog *self, const char *const *names, int n_players,
                             const char *profile, gboolean commander, int starting_life);
/* Activates the Start button. */
void ts_new_game_dialog_start (TsNewGameDialog *self);

G_END_DECLS

/* ts-player-panel.h — one player's numbers as the table reads them: name, life (large), poison,
 * commander damage, floating mana, lands played this turn. Buttons activate window actions
 * (win.life-add, win.set-life) with this panel's player index; the panel holds no game state
 * beyond what it was last told to show. */
#pragma once

#include <gtk/gtk.h>
#include "ts-mana-pool.h"

G_BEGIN_DECLS

#define TS_TYPE_PLAYER_PANEL (ts_player_panel_get_type ())
G_DECLARE_FINAL_TYPE (TsPlayerPanel, ts_player_panel, TS, PLAYER_PANEL, GtkWidget)

GtkWidget *ts_player_panel_new (guint player);
guint ts_player_panel_get_player (TsPlayerPanel *self);

void ts_player_panel_set_name (TsPlayerPanel *self, const char *name);
void ts_player_panel_set_life (TsPlayerPanel *self, int life);
/* Poison counters; shown only when `shown` (the profile counts poison). */
void ts_player_panel_set_poison (TsPlayerPanel *self, int poison, gboolean shown);
/* Commander damage as display text ("Bob 7 · Cy 0"); NULL hides the row. */
void ts_player_panel_set_commander (TsPlayerPanel *self, const char *text);
void ts_player_panel_set_mana (TsPlayerPanel *self, const int amounts[TS_MANA_N]);
void ts_player_panel_set_lands_played (TsPlayerPanel *self, int lands, int allowed);
/* Active player: highlighted. Lost: dimmed with the reason ("lost: 0 life"); NULL = playing. */
void ts_player_panel_set_active (TsPlayerPanel *self, gboolean active);
void ts_player_panel_set_status (TsPlayerPanel *self, const char *status);

/* What the life label shows, for tests and accessibility checks. */
const char *ts_player_panel_get_life_text (TsPlayerPanel *self);
/* The poison and commander-damage lines as shown, or NULL while hidden. */
const char *ts_player_panel_get_poison_text (TsPlayerPanel *self);
const char *ts_player_panel_get_commander_text (TsPlayerPanel *self);

/* Parses the life entry's text: "17" sets, "+3" / "-2" adds to `current`. FALSE when the
 * text is not a number. */
gboolean ts_player_panel_parse_life (const char *text, int current, int *out_life);

G_END_DECLS

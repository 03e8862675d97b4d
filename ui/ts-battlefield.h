/* ts-battlefield.h — creatures in play per player with power/toughness, damage and combat
 * roles. Clicking a creature emits ::creature-activated; the window turns that into
 * attack/block/assign events depending on the step, so the widget stays free of rules. */
#pragma once

#include <gtk/gtk.h>
#include "state.h"

G_BEGIN_DECLS

#define TS_TYPE_BATTLEFIELD (ts_battlefield_get_type ())
G_DECLARE_FINAL_TYPE (TsBattlefield, ts_battlefield, TS, BATTLEFIELD, GtkWidget)

GtkWidget *ts_battlefield_new (void);

/* Shows the creatures of state (borrowed for the call only). */
void ts_battlefield_update (TsBattlefield *self, const TsState *state);
/* Marks one creature as picked (a blocker or attacker waiting for its partner); 0 = none. */
void ts_battlefield_set_selected (TsBattlefield *self, guint object);
/* The instruction line above the columns ("Declare attackers: click Alice's creatures"). */
void ts_battlefield_set_hint (TsBattlefield *self, const char *hint);
/* Adds a note chip to a creature's row until the next update ("2 damage assigned"). */
void ts_battlefield_set_note (TsBattlefield *self, guint object, const char *note);
/* Rows shown, over all players (for tests). */
guint ts_battlefield_get_n_creatures (TsBattlefield *self);
/* Emits ::creature-activated as a click on that creature's row would. */
void ts_battlefield_activate (TsBattlefield *self, guint object);

G_END_DECLS

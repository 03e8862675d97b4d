/* ts-mana-pool.h — a player's floating mana: one symbol and count per colour W U B R G C. */
#pragma once

#include <gtk/gtk.h>
#include "event.h"

G_BEGIN_DECLS

/* Mana arrays are indexed by the engine's TsManaColor: W U B R G C. */

#define TS_TYPE_MANA_POOL (ts_mana_pool_get_type ())
G_DECLARE_FINAL_TYPE (TsManaPool, ts_mana_pool, TS, MANA_POOL, GtkWidget)

GtkWidget *ts_mana_pool_new (void);
/* amounts[TS_MANA_N], in the order above. */
void ts_mana_pool_set (TsManaPool *self, const int amounts[TS_MANA_N]);
int ts_mana_pool_get (TsManaPool *self, int color);

/* Draws the round mana symbol for `color` (TS_MANA_*) centred in a size×size box at (x, y). */
void ts_mana_symbol_draw (cairo_t *cr, int color, double x, double y, double size);

G_END_DECLS

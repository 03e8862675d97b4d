/* ts-mana-pool.h — a player's floating mana: one symbol and count per colour W U B R G C. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Index order of every mana array in the UI: white, blue, black, red, green, colourless. */
enum { TS_MANA_W, TS_MANA_U, TS_MANA_B, TS_MANA_R, TS_MANA_G, TS_MANA_C, TS_MANA_N };

#define TS_TYPE_MANA_POOL (ts_mana_pool_get_type ())
G_DECLARE_FINAL_TYPE (TsManaPool, ts_mana_pool, TS, MANA_POOL, GtkWidget)

GtkWidget *ts_mana_pool_new (void);
/* amounts[TS_MANA_N], in the order above. */
void ts_mana_pool_set (TsManaPool *self, const int amounts[TS_MANA_N]);
int ts_mana_pool_get (TsManaPool *self, int color);

/* Draws the round mana symbol for `color` (TS_MANA_*) centred in a size×size box at (x, y). */
void ts_mana_symbol_draw (cairo_t *cr, int color, double x, double y, double size);

G_END_DECLS

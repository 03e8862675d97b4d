/* synth-card.h — drawing one card face with Cairo (private to the synthetic scene generator). */
#pragma once

#include <cairo.h>
#include "synth.h"

G_BEGIN_DECLS

#define TS_SYNTH_CARD_W_MM 63.0
#define TS_SYNTH_CARD_H_MM 88.0
#define TS_SYNTH_CARD_RADIUS_MM 3.0

/* Draws the face into cr's user space in millimetres: the card covers (0,0)-(63,88).
 * seed varies the art, texture, font and rules text of this physical card; the same seed
 * draws the same face. */
void ts_synth_card_draw (cairo_t *cr, const TsSynthCardInfo *info, TsSynthFrame frame,
                         guint32 seed);

/* The box round the name's letters as ts_synth_card_draw() draws them with this seed:
 * x, y, width, height in the card's millimetres. */
void ts_synth_card_name_box (const TsSynthCardInfo *info, TsSynthFrame frame, guint32 seed,
                             double out_box[4]);

/* Draws a card back (face down), same coordinates. */
void ts_synth_card_draw_back (cairo_t *cr, guint32 seed);

/* Appends a rounded-rectangle path. */
void ts_synth_path_round_rect (cairo_t *cr, double x, double y, double w, double h, double r);

G_END_DECLS

/* truth-shape.h — the rule the session tests use for "would a detector see this card?",
 * from a frame's ground truth (outline, name line, and how much of the name line shows). */
#pragma once

#include <glib.h>

typedef struct {
  double quad[4][2];   /* the card's outline, image pixels */
  double title[4][2];  /* its name line, image pixels */
  double visible;      /* share of the name line not covered (by cards or hands) */
} TruthShape;

/* cards holds the frame's cards in drawing order (later ones lie on top); each element
 * BEGINS with a TruthShape (the element may be a larger struct). A card is seen when its name
 * line is at least half visible, or when only other cards hide the name line (no hand over
 * it) and at least 60% of its outline shows. w, h: the frame's size in pixels. */
gboolean truth_shape_detectable (const GArray *cards, guint k, int w, int h);

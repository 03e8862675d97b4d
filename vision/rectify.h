/* rectify.h — card geometry: where the name line sits on a card, corner ordering, angles,
 * and warping a quadrilateral of an image into an upright rectangle.
 *
 * Quadrilaterals are image pixels, four corners starting at the card's own top-left and
 * going clockwise as seen on the card. Angles are degrees clockwise from upright, [0, 360). */
#pragma once

#include "image.h"

G_BEGIN_DECLS

/* The card's size in millimetres; its outline's aspect is CARD_H / CARD_W. */
#define TS_CARD_W_MM 63.0
#define TS_CARD_H_MM 88.0

/* The name line of a card whose outline is quad, in the same frame and corner order. The
 * band covers the title of both the 1993 and the modern frame (mana cost included). */
void ts_rectify_title_from_card (const double quad[4][2], double title[4][2]);

/* The same quadrilateral turned by quarter_turns * 90 degrees on the card: the corner that
 * becomes its top-left is quad[quarter_turns]. */
void ts_rectify_quad_turn (const double quad[4][2], int quarter_turns, double out[4][2]);

/* Reorders quad (any starting corner, either direction) to go clockwise in the image. */
void ts_rectify_quad_clockwise (double quad[4][2]);

/* Angle (degrees clockwise from upright) of a quad whose first edge is the card's top. */
double ts_rectify_quad_angle (const double quad[4][2]);

/* TRUE when the angle puts the card's long side along the image horizontal. */
gboolean ts_rectify_angle_is_tapped (double angle_deg);

/* Centre of a quadrilateral (mean of corners) and whether a point lies inside it. */
void ts_rectify_quad_center (const double quad[4][2], double *x, double *y);
gboolean ts_rectify_quad_contains (const double quad[4][2], double x, double y);
/* Does the line of the title outline title (top-left first) cross the lines of text of the
 * card quad (top-left first), at more than 30 degrees to them? */
gboolean ts_rectify_crosses_text (const double quad[4][2], const double title[4][2]);
/* Length of edge i (from corner i to corner i+1), pixels. */
double ts_rectify_quad_edge (const double quad[4][2], int i);
/* Mean lengths of the top and bottom edges (*along) and of the two sides (*across), pixels. */
void ts_rectify_quad_size (const double quad[4][2], double *along, double *across);

/* Warps the quadrilateral quad of image into a new width x height image with the same
 * channel count: quad[0] goes to the top-left corner. */
TsImage *ts_rectify_warp (const TsImage *image, const double quad[4][2], int width,
                          int height);

G_END_DECLS

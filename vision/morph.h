/* morph.h — morphology of binary images with straight lines and rectangles.
 *
 * The detector opens and closes its stroke maps with long thin kernels (a frame line is 30
 * pixels of a 960 px frame). Along x OpenCV's row filter costs in proportion to the
 * kernel's length; along y its column filter costs four to five times as much, for a 1x3
 * kernel as for a 1x40 one. Here a line along y costs one pass over the image whatever its
 * length: per column, a count of the rows since the run began or since the last set pixel,
 * 32 columns at a time; a long line along x, one pass over each row's runs of set pixels
 * (short ones are left to OpenCV's row filter, quicker there). The results are the
 * pixels ts_cv_morphology() gives for the same rectangle, anchored at its middle (len / 2) as
 * OpenCV anchors it, borders included: the tests compare the two. */
#pragma once

#include "cv.h"

G_BEGIN_DECLS

/* A new 0/255 image: op (erode, dilate, open or close) of a 0/255 image (one channel) with
 * a straight line len pixels long along y when vertical, along x otherwise. (The kernels
 * OpenCV is quicker with are left to it, which keeps other values as they are.) Returns
 * NULL for another op, a colour image or len < 1. */
TsImage *ts_morph_line (const TsImage *bin, TsCvMorph op, int len, gboolean vertical);

/* The same with a kw x kh rectangle: a line along x, then one along y; a small one (both
 * sides 2 to 7) by OpenCV, whose rectangle filter is quicker there. */
TsImage *ts_morph_rect (const TsImage *bin, TsCvMorph op, int kw, int kh);

G_END_DECLS

/* edges.h — Canny's edge detector for the card-outline search.
 *
 * OpenCV's Canny took two fifths of the live table's per-frame detection (1.8-2.1 ms of a
 * 960 x 540 frame on one core); this gives the same pixels in about half the time (0.9-1.1
 * ms; 1.3-1.8 in the baseline build, without AVX2).
 * The results are cv::Canny's for a 3 x 3 Sobel aperture and the L1 gradient (|dx| + |dy|),
 * borders included: the tests compare the two. */
#pragma once

#include "image.h"

G_BEGIN_DECLS

/* A new 0/255 image of the edges of gray (one channel): a pixel is an edge where its
 * gradient is a local maximum across the edge (non-maximum suppression, the direction taken
 * to the nearest 45 degrees), above low, and joined through such pixels, eight-connected, to
 * one above high. Thresholds are on |dx| + |dy| of the 3 x 3 Sobel filter, the image's
 * border pixels replicated. Returns NULL for a colour image or a threshold below zero. */
TsImage *ts_edges_canny (const TsImage *gray, int low, int high);

G_END_DECLS

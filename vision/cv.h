/* cv.h — the C face of the one C++ file (cv.cpp) that calls OpenCV. Every OpenCV call in
 * tablesight goes through here. Functions return FALSE/NULL with a GError on failure and
 * never throw. Points are image pixels; homographies are row-major 3x3 doubles. */
#pragma once

#include "image.h"

G_BEGIN_DECLS

TsImage *ts_cv_imread (const char *path, GError **error);
gboolean ts_cv_imwrite (const TsImage *image, const char *path, GError **error);
/* Decodes an encoded image held in memory (JPEG, PNG). */
TsImage *ts_cv_imdecode (const guint8 *bytes, gsize n_bytes, GError **error);
/* Encodes as JPEG at quality 0..100; returns the bytes (free with g_bytes_unref). */
GBytes *ts_cv_encode_jpeg (const TsImage *image, int quality, GError **error);

/* h maps src to dst: the homography taking the four points src[i] to dst[i]. */
void ts_cv_perspective_transform_get (const double src[4][2], const double dst[4][2],
                                      double h[9]);
/* dst(x, y) = src(h^-1 (x, y)); dst keeps its size; pixels mapped from outside src are
 * left as they were in dst (so a warped card can be drawn over a background); so are the
 * pixels within one pixel of src's right and bottom edges. */
void ts_cv_warp_perspective (const TsImage *src, TsImage *dst, const double h[9]);
/* In place. sigma in pixels. */
void ts_cv_gaussian_blur (TsImage *image, double sigma);
/* A new image of the same size with the given channel count (1, 3 or 4). */
TsImage *ts_cv_convert_channels (const TsImage *image, int channels);
/* A new image scaled to width x height (area interpolation when shrinking). */
TsImage *ts_cv_resize (const TsImage *image, int width, int height);

G_END_DECLS

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

/* ---- capture and calibration (live table) ---- */
G_BEGIN_DECLS

/* An OpenCV VideoCapture: a video file, or a V4L2 device by path. */
typedef struct _TsCvVideo TsCvVideo;
TsCvVideo *ts_cv_video_open_file (const char *path, GError **error);
/* width/height: the size to ask the device for, 0 = its default. */
TsCvVideo *ts_cv_video_open_v4l2 (const char *device, int width, int height, GError **error);
/* A new BGR frame and its position in milliseconds (files; -1 when unknown). NULL without error
 * at the end of a file; NULL with a TS_VISION_ERROR_DEVICE error when a device stops. */
TsImage *ts_cv_video_read (TsCvVideo *video, double *out_pos_ms, GError **error);
void ts_cv_video_free (TsCvVideo *video);

/* Finds the cols x rows inner corners of a chessboard; corners receives cols*rows (x, y) pixel
 * pairs, refined to sub-pixel, row by row. FALSE (no error) when the board is not found. */
gboolean ts_cv_find_chessboard (const TsImage *image, int cols, int rows, double *corners);
/* Camera intrinsics from n_views views of a planar target: object holds n_points (x, y) in
 * target units per view, image the matching pixels. k receives the 3x3 camera matrix (row
 * major), dist the 5 distortion coefficients (k1 k2 p1 p2 k3). Returns the RMS reprojection
 * error in pixels, or a negative value with an error. */
double ts_cv_calibrate_camera (int n_views, int n_points, const double *object,
                               const double *image, int width, int height, double k[9],
                               double dist[5], GError **error);
/* Undistorts n pixel points in place (output again in pixels of the ideal camera k). */
void ts_cv_undistort_points (const double k[9], const double dist[5], double *points, int n);
/* A new undistorted copy of image. */
TsImage *ts_cv_undistort (const TsImage *image, const double k[9], const double dist[5]);
/* Least-squares homography taking n >= 4 points src to dst (row-major 3x3). FALSE with an
 * error when the points are degenerate (collinear, repeated). */
gboolean ts_cv_find_homography (int n, const double *src, const double *dst, double h[9],
                                GError **error);

G_END_DECLS

/* intrinsics.h — camera intrinsics (focal lengths, principal point, lens distortion) measured
 * from photos of a printed chessboard, and undistortion of points and images with them. */
#pragma once

#include "calib-error.h"
#include "image.h"

G_BEGIN_DECLS

typedef struct {
  int width, height;  /* image size the calibration was made at, pixels */
  double k[9];        /* camera matrix, row major: fx 0 cx / 0 fy cy / 0 0 1 (pixels) */
  double dist[5];     /* distortion k1 k2 p1 p2 k3 (OpenCV's model) */
  double rms_px;      /* RMS reprojection error over the views used, pixels */
  int n_views;        /* images the board was found in */
} TsIntrinsics;

/* Calibrates from chessboard photos: cols x rows inner corners, squares square_mm wide.
 * Images where the board is not found are skipped; log (may be NULL) receives one line per
 * image saying so or how many corners were found. Fails (TS_CALIB_ERROR_NOT_FOUND) when fewer
 * than 3 views have the board, or the images differ in size. */
gboolean ts_intrinsics_calibrate (TsIntrinsics *out, const char *const *paths, int cols,
                                  int rows, double square_mm, GPtrArray *log, GError **error);
/* Same with images already loaded (tests, and frames grabbed from a camera). */
gboolean ts_intrinsics_calibrate_images (TsIntrinsics *out, TsImage *const *images,
                                         int n_images, int cols, int rows, double square_mm,
                                         GPtrArray *log, GError **error);

/* Undistorts n pixel points (x, y pairs) in place. */
void ts_intrinsics_undistort_points (const TsIntrinsics *intr, double *xy, int n);
/* A new undistorted image (same size). */
TsImage *ts_intrinsics_undistort (const TsIntrinsics *intr, const TsImage *image);

G_END_DECLS

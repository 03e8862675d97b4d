/* intrinsics.c — chessboard calibration of the camera and undistortion, through vision/cv.h. */
#include "intrinsics.h"
#include "cv.h"

gboolean
ts_intrinsics_calibrate_images (TsIntrinsics *out, TsImage *const *images, int n_images,
                                int cols, int rows, double square_mm, GPtrArray *log,
                                GError **error)
{
  g_return_val_if_fail (cols >= 2 && rows >= 2 && square_mm > 0, FALSE);
  int n_points = cols * rows;
  g_autoptr (GArray) obj = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) img = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree double *corners = g_new (double, 2 * (gsize) n_points);
  int views = 0, width = 0, height = 0;
  for (int i = 0; i < n_images; i++) {
    const TsImage *im = images[i];
    if (im == NULL)
      continue;
    if (width == 0) {
      width = im->width;
      height = im->height;
    } else if (im->width != width || im->height != height) {
      g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_INVALID,
                   "image %d is %dx%d but the first was %dx%d: calibrate one camera mode at a "
                   "time", i + 1, im->width, im->height, width, height);
      return FALSE;
    }
    if (!ts_cv_find_chessboard (im, cols, rows, corners)) {
      if (log)
        g_ptr_array_add (log, g_strdup_printf ("image %d: no %dx%d chessboard found", i + 1,
                                               cols, rows));
      continue;
    }
    for (int r = 0; r < rows; r++)
      for (int c = 0; c < cols; c++) {
        double p[2] = { c * square_mm, r * square_mm };
        g_array_append_vals (obj, p, 2);
      }
    g_array_append_vals (img, corners, 2 * (guint) n_points);
    views++;
    if (log)
      g_ptr_array_add (log, g_strdup_printf ("image %d: found the board (%d corners)", i + 1,
                                             n_points));
  }
  if (views < 3) {
    g_set_error (error, TS_CALIB_ERROR, TS_CALIB_ERROR_NOT_FOUND,
                 "the %dx%d chessboard was found in %d image(s); at least 3 are needed "
                 "(check --board: it counts inner corners, not squares)", cols, rows, views);
    return FALSE;
  }
  TsIntrinsics r = { .width = width, .height = height, .n_views = views };
  r.rms_px = ts_cv_calibrate_camera (views, n_points, (const double *) obj->data,
                                     (const double *) img->data, width, height, r.k, r.dist,
                                     error);
  if (r.rms_px < 0)
    return FALSE;
  *out = r;
  return TRUE;
}

gboolean
ts_intrinsics_calibrate (TsIntrinsics *out, const char *const *paths, int cols, int rows,
                         double square_mm, GPtrArray *log, GError **error)
{
  g_autoptr (GPtrArray) images = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_image_free);
  for (int i = 0; paths[i]; i++) {
    GError *local = NULL;
    TsImage *im = ts_image_load (paths[i], &local);
    if (im == NULL) {
      if (log)
        g_ptr_array_add (log, g_strdup_printf ("image %d: %s (skipped)", i + 1, local->message));
      g_error_free (local);
    }
    g_ptr_array_add (images, im);
  }
  return ts_intrinsics_calibrate_images (out, (TsImage *const *) images->pdata,
                                         (int) images->len, cols, rows, square_mm, log, error);
}

void
ts_intrinsics_undistort_points (const TsIntrinsics *intr, double *xy, int n)
{
  ts_cv_undistort_points (intr->k, intr->dist, xy, n);
}

TsImage *
ts_intrinsics_undistort (const TsIntrinsics *intr, const TsImage *image)
{
  return ts_cv_undistort (image, intr->k, intr->dist);
}

/* test-image.c — TsImage allocation, PNG/JPEG round trips, and clear errors on bad files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib.h>
#include <glib/gstdio.h>
#include "image.h"
#include "cv.h"

#include <math.h>
#include <string.h>

static void
test_image_png__round_trip_is_exact (void **state)
{
  g_autoptr (TsImage) img = ts_image_new (37, 21, 3);
  for (int y = 0; y < img->height; y++)
    for (int x = 0; x < img->width * 3; x++)
      img->data[y * img->stride + x] = (uint8_t) (x * 7 + y * 13);
  g_autofree char *dir = g_dir_make_tmp ("ts-image-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "a.png", NULL);
  g_autoptr (GError) error = NULL;
  assert_true (ts_image_save (img, path, &error));
  g_autoptr (TsImage) back = ts_image_load (path, &error);
  assert_non_null (back);
  assert_int_equal (back->width, 37);
  assert_int_equal (back->height, 21);
  assert_int_equal (back->channels, 3);
  for (int y = 0; y < img->height; y++)
    assert_memory_equal (back->data + y * back->stride, img->data + y * img->stride, 37 * 3);
  g_unlink (path);
  g_rmdir (dir);
}

/* A new image is zero-filled; an unset one has the shape asked, and the OpenCV wrappers that
 * write into one (threshold, morphology, subtract) set every pixel. */
static void
test_image_new__unset_images_are_written_whole (void **state)
{
  g_autoptr (TsImage) zero = ts_image_new (33, 17, 1);
  for (int i = 0; i < zero->stride * zero->height; i++)
    assert_int_equal (zero->data[i], 0);
  g_autoptr (TsImage) unset = ts_image_new_unset (33, 17, 3);
  assert_non_null (unset);
  assert_int_equal (unset->width, 33);
  assert_int_equal (unset->height, 17);
  assert_int_equal (unset->channels, 3);
  assert_int_equal (unset->stride, 33 * 3);

  g_autoptr (TsImage) ramp = ts_image_new (33, 17, 1);
  for (int y = 0; y < ramp->height; y++)
    for (int x = 0; x < ramp->width; x++)
      ramp->data[y * ramp->stride + x] = (uint8_t) (x * 7);
  g_autoptr (TsImage) bin = ts_cv_threshold (ramp, 127, FALSE, NULL);
  g_autoptr (TsImage) grown = ts_cv_morphology (bin, TS_CV_MORPH_DILATE, 3, 1, FALSE);
  g_autoptr (TsImage) diff = ts_cv_subtract (grown, bin);
  for (int y = 0; y < ramp->height; y++)
    for (int x = 0; x < ramp->width; x++) {
      int i = y * ramp->stride + x;
      assert_int_equal (bin->data[i], x * 7 > 127 ? 255 : 0);
      /* The dilation moves the edge one column left: only column 18 differs. */
      assert_int_equal (diff->data[i], x == 18 ? 255 : 0);
    }
}

static void
test_image_load__missing_file_is_named (void **state)
{
  g_autoptr (GError) error = NULL;
  TsImage *img = ts_image_load ("/nonexistent/table.jpg", &error);
  assert_null (img);
  assert_true (g_error_matches (error, TS_VISION_ERROR, TS_VISION_ERROR_IO));
  assert_non_null (strstr (error->message, "/nonexistent/table.jpg"));
}

static void
test_image_load__corrupt_file_is_decode_error (void **state)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-image-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.jpg", NULL);
  /* A JPEG signature followed by garbage. */
  const char bytes[] = "\xff\xd8\xff\xe0garbage garbage garbage";
  assert_true (g_file_set_contents (path, bytes, sizeof bytes, NULL));
  g_autoptr (GError) error = NULL;
  TsImage *img = ts_image_load (path, &error);
  assert_null (img);
  assert_true (g_error_matches (error, TS_VISION_ERROR, TS_VISION_ERROR_DECODE));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_cv_warp__identity_keeps_pixels (void **state)
{
  g_autoptr (TsImage) src = ts_image_new (16, 16, 1);
  for (int i = 0; i < 256; i++)
    src->data[i] = (uint8_t) i;
  g_autoptr (TsImage) dst = ts_image_new (16, 16, 1);
  const double h[9] = { 1, 0, 0, 0, 1, 0, 0, 0, 1 };
  ts_cv_warp_perspective (src, dst, h);
  /* The last row and column need a neighbour beyond the edge to interpolate, so the
   * transparent border leaves them as they were. */
  for (int y = 0; y < 15; y++)
    assert_memory_equal (dst->data + y * 16, src->data + y * 16, 15);
}

static void
test_cv_homography__maps_corners (void **state)
{
  const double src[4][2] = { { 0, 0 }, { 63, 0 }, { 63, 88 }, { 0, 88 } };
  const double dst[4][2] = { { 10, 20 }, { 80, 25 }, { 75, 120 }, { 5, 110 } };
  double h[9];
  ts_cv_perspective_transform_get (src, dst, h);
  for (int i = 0; i < 4; i++) {
    double x = src[i][0], y = src[i][1];
    double w = h[6] * x + h[7] * y + h[8];
    assert_true (fabs ((h[0] * x + h[1] * y + h[2]) / w - dst[i][0]) < 1e-3);
    assert_true (fabs ((h[3] * x + h[4] * y + h[5]) / w - dst[i][1]) < 1e-3);
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_image_png__round_trip_is_exact),
    cmocka_unit_test (test_image_new__unset_images_are_written_whole),
    cmocka_unit_test (test_image_load__missing_file_is_named),
    cmocka_unit_test (test_image_load__corrupt_file_is_decode_error),
    cmocka_unit_test (test_cv_warp__identity_keeps_pixels),
    cmocka_unit_test (test_cv_homography__maps_corners),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}

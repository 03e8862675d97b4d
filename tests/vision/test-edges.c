/* test-edges.c — ts_edges_canny gives cv::Canny's pixels (3 x 3 aperture, L1 gradient):
 * smooth and noisy images, edges along every direction, thresholds swapped or equal, sizes
 * down to a pixel, edges reaching the borders. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib.h>
#include <math.h>
#include "cv.h"
#include "edges.h"

/* A grey image of w x h: a few discs and slanted bars of random greys over a gradient,
 * blurred a little, with noise of the given amplitude. */
static TsImage *
random_scene (GRand *rand, int w, int h, int noise)
{
  TsImage *img = ts_image_new (w, h, 1);
  double gx = g_rand_double_range (rand, -1, 1), gy = g_rand_double_range (rand, -1, 1);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      img->data[y * img->stride + x] = (guint8) CLAMP (128 + gx * x + gy * y, 0, 255);
  int shapes = g_rand_int_range (rand, 1, 10);
  for (int s = 0; s < shapes; s++) {
    double cx = g_rand_double_range (rand, -0.2, 1.2) * w;
    double cy = g_rand_double_range (rand, -0.2, 1.2) * h;
    double r = g_rand_double_range (rand, 1, MAX (w, h) / 2.0 + 1);
    double ang = g_rand_double_range (rand, 0, G_PI), thick = g_rand_double_range (rand, 1, 12);
    gboolean disc = g_rand_boolean (rand);
    guint8 v = (guint8) g_rand_int_range (rand, 0, 256);
    for (int y = 0; y < h; y++)
      for (int x = 0; x < w; x++) {
        double dx = x - cx, dy = y - cy;
        gboolean in = disc ? hypot (dx, dy) < r
                           : fabs (-dx * sin (ang) + dy * cos (ang)) < thick &&
                               fabs (dx * cos (ang) + dy * sin (ang)) < r;
        if (in)
          img->data[y * img->stride + x] = v;
      }
  }
  if (w >= 3 && h >= 3 && g_rand_boolean (rand))
    ts_cv_gaussian_blur (img, g_rand_double_range (rand, 0.5, 1.5));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int p = img->data[y * img->stride + x] + g_rand_int_range (rand, -noise, noise + 1);
      img->data[y * img->stride + x] = (guint8) CLAMP (p, 0, 255);
    }
  return img;
}

static void
test_edges_canny__matches_opencv (void **state)
{
  (void) state;
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  static const int sizes[][2] = { { 64, 48 }, { 61, 37 }, { 9, 70 }, { 70, 5 }, { 1, 1 },
                                  { 2, 3 }, { 17, 1 }, { 130, 17 }, { 200, 150 } };
  static const int thresholds[][2] = { { 40, 110 }, { 10, 30 }, { 110, 40 }, { 60, 60 },
                                       { 0, 5 }, { 200, 600 } };
  static const int noises[] = { 0, 3, 40 };
  guint checked = 0, edges = 0;
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint n = 0; n < G_N_ELEMENTS (noises); n++)
      for (int round = 0; round < 3; round++) {
        g_autoptr (TsImage) img = random_scene (rand, sizes[s][0], sizes[s][1], noises[n]);
        for (guint t = 0; t < G_N_ELEMENTS (thresholds); t++) {
          int low = thresholds[t][0], high = thresholds[t][1];
          g_autoptr (TsImage) want = ts_cv_canny (img, low, high);
          g_autoptr (TsImage) got = ts_edges_canny (img, low, high);
          assert_non_null (got);
          for (int y = 0; y < img->height; y++)
            for (int x = 0; x < img->width; x++) {
              guint8 a = want->data[y * want->stride + x], b = got->data[y * got->stride + x];
              if (a != b)
                fail_msg ("%dx%d image, noise %d, thresholds %d/%d, pixel (%d, %d): OpenCV "
                          "%u, ours %u", img->width, img->height, noises[n], low, high, x, y,
                          a, b);
              edges += a != 0;
            }
          checked++;
        }
      }
  assert_true (checked > 400);
  assert_true (edges > 10000);  /* the scenes have edges to find */
}

static void
test_edges_canny__refuses_colour (void **state)
{
  (void) state;
  g_autoptr (TsImage) colour = ts_image_new (8, 8, 3);
  assert_null (ts_edges_canny (colour, 40, 110));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_edges_canny__matches_opencv),
    cmocka_unit_test (test_edges_canny__refuses_colour),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}

/* test-morph.c — run-by-run line and rectangle morphology gives OpenCV's pixels: every op,
 * kernel lengths odd and even, images sparse and dense, runs touching the borders, sizes
 * smaller than the kernel. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib.h>
#include "cv.h"
#include "morph.h"

#include <string.h>

/* A binary image of w x h: scattered pixels set with probability density, then a few
 * straight strokes along x and y (frame lines and letters), some reaching the edges. */
static TsImage *
random_binary (GRand *rand, int w, int h, double density)
{
  TsImage *img = ts_image_new (w, h, 1);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      img->data[y * img->stride + x] = g_rand_double (rand) < density ? 255 : 0;
  int strokes = g_rand_int_range (rand, 0, 8);
  for (int s = 0; s < strokes; s++) {
    gboolean along_x = g_rand_boolean (rand);
    int len = g_rand_int_range (rand, 1, 2 * MAX (w, h));
    int x0 = g_rand_int_range (rand, -4, w + 1), y0 = g_rand_int_range (rand, -4, h + 1);
    for (int i = 0; i < len; i++) {
      int x = along_x ? x0 + i : x0, y = along_x ? y0 : y0 + i;
      if (x >= 0 && x < w && y >= 0 && y < h)
        img->data[y * img->stride + x] = 255;
    }
  }
  return img;
}

static void
assert_same_pixels (const TsImage *want, const TsImage *got, const char *what)
{
  assert_non_null (got);
  assert_int_equal (got->width, want->width);
  assert_int_equal (got->height, want->height);
  for (int y = 0; y < want->height; y++)
    for (int x = 0; x < want->width; x++) {
      guint8 a = want->data[y * want->stride + x], b = got->data[y * got->stride + x];
      if (a != b)
        fail_msg ("%s: %dx%d image, pixel (%d, %d): OpenCV %u, runs %u", what, want->width,
                  want->height, x, y, a, b);
    }
}

static const TsCvMorph ops[] = { TS_CV_MORPH_ERODE, TS_CV_MORPH_DILATE, TS_CV_MORPH_OPEN,
                                 TS_CV_MORPH_CLOSE };
static const char *const op_names[] = { "erode", "dilate", "open", "close" };

static void
test_morph_line__matches_opencv (void **state)
{
  (void) state;
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  static const int sizes[][2] = { { 64, 48 }, { 61, 37 }, { 9, 70 }, { 70, 5 }, { 1, 1 },
                                  { 3, 2 }, { 130, 17 } };
  static const double densities[] = { 0.02, 0.3, 0.7, 0.97 };
  guint checked = 0;
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint d = 0; d < G_N_ELEMENTS (densities); d++) {
      g_autoptr (TsImage) bin = random_binary (rand, sizes[s][0], sizes[s][1], densities[d]);
      /* Up to 45 by sevens past 12, then lines longer than most images are wide (along x
       * openings and closings of 9 or more and the rest of 36 or more go by runs, along y
       * all but the longest by counts). */
      for (int len = 1; len <= 300; len += (len < 12 ? 1 : len < 45 ? 7 : 83))
        for (guint o = 0; o < G_N_ELEMENTS (ops); o++)
          for (int vertical = 0; vertical <= 1; vertical++) {
            g_autoptr (TsImage) want = ts_cv_morphology (bin, ops[o], vertical ? 1 : len,
                                                         vertical ? len : 1, FALSE);
            g_autoptr (TsImage) got = ts_morph_line (bin, ops[o], len, vertical);
            g_autofree char *what = g_strdup_printf ("%s, line of %d along %s", op_names[o],
                                                     len, vertical ? "y" : "x");
            assert_same_pixels (want, got, what);
            checked++;
          }
    }
  assert_true (checked > 1000);
}

static void
test_morph_rect__matches_opencv (void **state)
{
  (void) state;
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  static const int kernels[][2] = { { 3, 3 }, { 5, 5 }, { 4, 6 }, { 9, 5 }, { 1, 7 }, { 8, 1 },
                                    { 1, 1 }, { 12, 40 } };
  for (int round = 0; round < 6; round++) {
    int w = g_rand_int_range (rand, 1, 90), h = g_rand_int_range (rand, 1, 90);
    g_autoptr (TsImage) bin = random_binary (rand, w, h, g_rand_double_range (rand, 0, 0.9));
    for (guint k = 0; k < G_N_ELEMENTS (kernels); k++)
      for (guint o = 0; o < G_N_ELEMENTS (ops); o++) {
        g_autoptr (TsImage) want = ts_cv_morphology (bin, ops[o], kernels[k][0], kernels[k][1],
                                                     FALSE);
        g_autoptr (TsImage) got = ts_morph_rect (bin, ops[o], kernels[k][0], kernels[k][1]);
        g_autofree char *what = g_strdup_printf ("%s, %dx%d rectangle", op_names[o],
                                                 kernels[k][0], kernels[k][1]);
        assert_same_pixels (want, got, what);
      }
  }
}

static void
test_morph__refuses_what_it_cannot_do (void **state)
{
  (void) state;
  g_autoptr (TsImage) grey = ts_image_new (8, 8, 1);
  g_autoptr (TsImage) colour = ts_image_new (8, 8, 3);
  assert_null (ts_morph_line (colour, TS_CV_MORPH_OPEN, 3, FALSE));
  assert_null (ts_morph_line (grey, TS_CV_MORPH_OPEN, 0, TRUE));
  assert_null (ts_morph_line (grey, TS_CV_MORPH_GRADIENT, 3, FALSE));
  assert_null (ts_morph_rect (grey, TS_CV_MORPH_TOPHAT, 3, 3));
  assert_null (ts_morph_rect (grey, TS_CV_MORPH_CLOSE, 3, 0));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_morph_line__matches_opencv),
    cmocka_unit_test (test_morph_rect__matches_opencv),
    cmocka_unit_test (test_morph__refuses_what_it_cannot_do),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}

/* rectify.c — card geometry (title placement, corner order, angles) and perspective warps. */
#include "rectify.h"
#include "cv.h"

#include <math.h>
#include <string.h>

/* Where the name line sits, in millimetres on the card (63 x 88). Measured on modern and
 * 1993 frames: the modern bar spans about 4.3..8.6 mm from the top, the 1993 name about
 * 4.6..8.9 mm; the band is widened a little so either fits with perspective error. */
#define TITLE_LEFT_MM   1.2
#define TITLE_RIGHT_MM  61.8
#define TITLE_TOP_MM    2.6
#define TITLE_BOTTOM_MM 10.2

static void
apply_h (const double h[9], double x, double y, double *ox, double *oy)
{
  double w = h[6] * x + h[7] * y + h[8];
  *ox = (h[0] * x + h[1] * y + h[2]) / w;
  *oy = (h[3] * x + h[4] * y + h[5]) / w;
}

void
ts_rectify_title_from_card (const double quad[4][2], double title[4][2])
{
  const double card[4][2] = {
    { 0, 0 }, { TS_CARD_W_MM, 0 }, { TS_CARD_W_MM, TS_CARD_H_MM }, { 0, TS_CARD_H_MM } };
  const double band[4][2] = {
    { TITLE_LEFT_MM, TITLE_TOP_MM }, { TITLE_RIGHT_MM, TITLE_TOP_MM },
    { TITLE_RIGHT_MM, TITLE_BOTTOM_MM }, { TITLE_LEFT_MM, TITLE_BOTTOM_MM } };
  double h[9];
  ts_cv_perspective_transform_get (card, quad, h);
  for (int i = 0; i < 4; i++)
    apply_h (h, band[i][0], band[i][1], &title[i][0], &title[i][1]);
}

void
ts_rectify_quad_turn (const double quad[4][2], int quarter_turns, double out[4][2])
{
  double tmp[4][2];
  int q = ((quarter_turns % 4) + 4) % 4;
  for (int i = 0; i < 4; i++) {
    tmp[i][0] = quad[(i + q) % 4][0];
    tmp[i][1] = quad[(i + q) % 4][1];
  }
  memcpy (out, tmp, sizeof tmp);
}

void
ts_rectify_quad_clockwise (double quad[4][2])
{
  double area2 = 0;
  for (int i = 0; i < 4; i++) {
    int j = (i + 1) % 4;
    area2 += quad[i][0] * quad[j][1] - quad[j][0] * quad[i][1];
  }
  /* With y pointing down, a positive shoelace sum is clockwise on screen. */
  if (area2 < 0) {
    double t[2] = { quad[1][0], quad[1][1] };
    quad[1][0] = quad[3][0];
    quad[1][1] = quad[3][1];
    quad[3][0] = t[0];
    quad[3][1] = t[1];
  }
}

double
ts_rectify_quad_angle (const double quad[4][2])
{
  /* The card's up vector runs from the bottom edge's middle to the top edge's middle;
   * upright is (0, -1) and a quarter turn clockwise is (1, 0). */
  double ux = (quad[0][0] + quad[1][0] - quad[2][0] - quad[3][0]) / 2;
  double uy = (quad[0][1] + quad[1][1] - quad[2][1] - quad[3][1]) / 2;
  double a = atan2 (ux, -uy) * 180.0 / G_PI;
  if (a < 0)
    a += 360;
  if (a >= 360)
    a -= 360;
  return a;
}

gboolean
ts_rectify_angle_is_tapped (double angle_deg)
{
  double a = fmod (angle_deg, 180.0);
  if (a < 0)
    a += 180;
  return a > 45 && a < 135;
}

void
ts_rectify_quad_center (const double quad[4][2], double *x, double *y)
{
  *x = (quad[0][0] + quad[1][0] + quad[2][0] + quad[3][0]) / 4;
  *y = (quad[0][1] + quad[1][1] + quad[2][1] + quad[3][1]) / 4;
}

gboolean
ts_rectify_quad_contains (const double quad[4][2], double x, double y)
{
  int sign = 0;
  for (int i = 0; i < 4; i++) {
    int j = (i + 1) % 4;
    double c = (quad[j][0] - quad[i][0]) * (y - quad[i][1]) -
               (quad[j][1] - quad[i][1]) * (x - quad[i][0]);
    int s = c > 0 ? 1 : c < 0 ? -1 : 0;
    if (s == 0)
      continue;
    if (sign == 0)
      sign = s;
    else if (s != sign)
      return FALSE;
  }
  return TRUE;
}

gboolean
ts_rectify_crosses_text (const double quad[4][2], const double title[4][2])
{
  double a = atan2 (title[1][1] - title[0][1], title[1][0] - title[0][0]);
  double b = atan2 (quad[1][1] - quad[0][1], quad[1][0] - quad[0][0]);
  return fabs (remainder (a - b, G_PI)) > G_PI / 6;
}

double
ts_rectify_quad_edge (const double quad[4][2], int i)
{
  int j = (i + 1) % 4;
  return hypot (quad[j][0] - quad[i][0], quad[j][1] - quad[i][1]);
}

void
ts_rectify_quad_size (const double quad[4][2], double *along, double *across)
{
  *along = (ts_rectify_quad_edge (quad, 0) + ts_rectify_quad_edge (quad, 2)) / 2;
  *across = (ts_rectify_quad_edge (quad, 1) + ts_rectify_quad_edge (quad, 3)) / 2;
}

TsImage *
ts_rectify_warp (const TsImage *image, const double quad[4][2], int width, int height)
{
  const double dst[4][2] = { { 0, 0 }, { width, 0 }, { width, height }, { 0, height } };
  double h[9];
  ts_cv_perspective_transform_get (quad, dst, h);
  TsImage *out = ts_image_new (width, height, image->channels);
  ts_cv_warp_perspective (image, out, h);
  return out;
}

/* truth-shape.c — whether a detector could see a card of a frame's ground truth. */
#include "truth-shape.h"

static const TruthShape *
shape_at (const GArray *cards, guint i)
{
  return (const TruthShape *) (cards->data + (gsize) i * g_array_get_element_size ((GArray *) cards));
}

static gboolean
in_quad (const double q[4][2], double x, double y)
{
  int sign = 0;
  for (int i = 0; i < 4; i++) {
    int j = (i + 1) % 4;
    double c = (q[j][0] - q[i][0]) * (y - q[i][1]) - (q[j][1] - q[i][1]) * (x - q[i][0]);
    int sg = c > 0 ? 1 : c < 0 ? -1 : 0;
    if (sg != 0 && sign != 0 && sg != sign)
      return FALSE;
    if (sg != 0)
      sign = sg;
  }
  return TRUE;
}

/* Share of quad q (sampled on a grid) not under the cards drawn after card k, and inside
 * the image. */
static double
visible_share (const GArray *cards, guint k, const double q[4][2], int w, int h)
{
  int seen = 0, total = 0;
  for (int a = 0; a < 8; a++)
    for (int b = 0; b < 8; b++) {
      double u = (a + 0.5) / 8, v = (b + 0.5) / 8;
      double tx = q[0][0] + (q[1][0] - q[0][0]) * u, ty = q[0][1] + (q[1][1] - q[0][1]) * u;
      double bx = q[3][0] + (q[2][0] - q[3][0]) * u, by = q[3][1] + (q[2][1] - q[3][1]) * u;
      double x = tx + (bx - tx) * v, y = ty + (by - ty) * v;
      total++;
      if (x < 0 || y < 0 || x >= w || y >= h)
        continue;
      gboolean covered = FALSE;
      for (guint j = k + 1; j < cards->len && !covered; j++)
        covered = in_quad (shape_at (cards, j)->quad, x, y);
      seen += !covered;
    }
  return (double) seen / total;
}

gboolean
truth_shape_detectable (const GArray *cards, guint k, int w, int h)
{
  const TruthShape *c = shape_at (cards, k);
  if (c->visible >= 0.5)
    return TRUE;
  double title_by_cards = visible_share (cards, k, c->title, w, h);
  return c->visible >= title_by_cards - 0.15 && visible_share (cards, k, c->quad, w, h) >= 0.6;
}

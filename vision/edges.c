/* edges.c — Canny's edge detector (see edges.h).
 *
 * A row at a time: the 3 x 3 Sobel gradient of the next row, eight pixels at once, then the
 * non-maximum suppression of this one against its neighbours' magnitudes (stretches of eight
 * pixels all at most low skipped at once), marking each pixel of a map with a one-pixel frame
 * weak (above low) or strong (above high, and put on a stack). The hysteresis then follows
 * the weak pixels from the strong ones. The rules are OpenCV's (modules/imgproc canny.cpp):
 * the gradient's direction is horizontal when |dy| < tan 22.5 |dx|, vertical when
 * |dy| > tan 67.5 |dx|, in 15-bit fixed point; a maximum is strictly greater than the
 * neighbour before it and at least the one after (both strict on the diagonals). */
#include "edges.h"

#include <stdlib.h>
#include <string.h>

typedef gint16 V8 __attribute__ ((vector_size (16)));
typedef guint8 U8 __attribute__ ((vector_size (8)));
typedef guint8 U16 __attribute__ ((vector_size (16)));
typedef gint32 I8 __attribute__ ((vector_size (32)));

/* tan 22.5 degrees in 15-bit fixed point, as OpenCV rounds it */
#define TG22 13573

enum { MAP_NONE = 0, MAP_WEAK = 1, MAP_EDGE = 2 };

static inline V8
load8 (const guint8 *p)
{
  U8 u;
  memcpy (&u, p, sizeof u);
  return __builtin_convertvector (u, V8);
}

static inline V8
abs8 (V8 v)
{
  V8 s = v >> 15;
  return (v ^ s) - s;
}

/* The gradient at column x of the rows a, b, c (w pixels), neighbours outside replicated. */
static inline void
gradient_at (const guint8 *a, const guint8 *b, const guint8 *c, int w, int x, gint16 *dx,
             gint16 *dy, gint16 *mag)
{
  int xl = MAX (x - 1, 0), xr = MIN (x + 1, w - 1);
  int gx = (a[xr] - a[xl]) + 2 * (b[xr] - b[xl]) + (c[xr] - c[xl]);
  int gy = (c[xl] + 2 * c[x] + c[xr]) - (a[xl] + 2 * a[x] + a[xr]);
  dx[x] = (gint16) gx;
  dy[x] = (gint16) gy;
  mag[x] = (gint16) (abs (gx) + abs (gy));
}

/* Row r's Sobel gradient into dx, dy and mag (|dx| + |dy|, at most 2040); mag[-1] and
 * mag[w] are 0, as the magnitude outside the image is. */
static void
gradient_row (const TsImage *src, int r, gint16 *restrict dx, gint16 *restrict dy,
              gint16 *restrict mag)
{
  int w = src->width, h = src->height;
  const guint8 *a = src->data + (gsize) MAX (r - 1, 0) * (gsize) src->stride;
  const guint8 *b = src->data + (gsize) r * (gsize) src->stride;
  const guint8 *c = src->data + (gsize) MIN (r + 1, h - 1) * (gsize) src->stride;
  gradient_at (a, b, c, w, 0, dx, dy, mag);
  int x = 1;
  for (; x + 8 <= w - 1; x += 8) {
    V8 al = load8 (a + x - 1), am = load8 (a + x), ar = load8 (a + x + 1);
    V8 bl = load8 (b + x - 1), br = load8 (b + x + 1);
    V8 cl = load8 (c + x - 1), cm = load8 (c + x), cr = load8 (c + x + 1);
    V8 gx = (ar - al) + 2 * (br - bl) + (cr - cl);
    V8 gy = (cl + 2 * cm + cr) - (al + 2 * am + ar);
    V8 m = abs8 (gx) + abs8 (gy);
    memcpy (dx + x, &gx, sizeof gx);
    memcpy (dy + x, &gy, sizeof gy);
    memcpy (mag + x, &m, sizeof m);
  }
  for (; x < w; x++)
    gradient_at (a, b, c, w, x, dx, dy, mag);
  mag[-1] = mag[w] = 0;
}

/* Is the gradient m at a pixel (dx xs, dy ys; magnitudes of the rows above, at and below it
 * in up, at and down) a maximum across the edge? */
static inline gboolean
nms_max (int m, int xs, int ys, const gint16 *up, const gint16 *at, const gint16 *down)
{
  int ax = abs (xs), ay = abs (ys) << 15, tg22x = ax * TG22;
  if (ay < tg22x)
    return m > at[-1] && m >= at[1];
  if (ay > tg22x + (ax << 16))
    return m > up[0] && m >= down[0];
  int s = (xs ^ ys) < 0 ? -1 : 1;
  return m > up[-s] && m > down[s];
}

static inline V8
load16 (const gint16 *p)
{
  V8 v;
  memcpy (&v, p, sizeof v);
  return v;
}

/* nms_max() for the eight pixels from x, into row[x..x + 7] (MAP_NONE, MAP_WEAK or
 * MAP_EDGE: above low8, or above high8, and a maximum); returns whether any is an edge. */
static inline gboolean
nms_max8 (const gint16 *dx, const gint16 *dy, const gint16 *up, const gint16 *at,
          const gint16 *down, V8 low8, V8 high8, guint8 *row)
{
  V8 m = load16 (at), xs = load16 (dx), ys = load16 (dy);
  I8 ax = __builtin_convertvector (abs8 (xs), I8), ay = __builtin_convertvector (abs8 (ys), I8);
  I8 tg22x = ax * TG22;
  ay <<= 15;
  V8 horizontal = __builtin_convertvector (ay < tg22x, V8);
  V8 vertical = __builtin_convertvector (ay > tg22x + (ax << 16), V8);
  /* The diagonals: s = 1 (up-left to down-right) where dx and dy share a sign. */
  V8 same = (xs ^ ys) >= 0;
  V8 on_h = (m > load16 (at - 1)) & (m >= load16 (at + 1));
  V8 on_v = (m > load16 (up)) & (m >= load16 (down));
  V8 on_d = (same & (m > load16 (up - 1)) & (m > load16 (down + 1))) |
            (~same & (m > load16 (up + 1)) & (m > load16 (down - 1)));
  V8 ok = (m > low8) & ((horizontal & on_h) | (vertical & on_v) |
                        (~(horizontal | vertical) & on_d));
  V8 edge = ok & (m > high8);
  U8 marks = __builtin_convertvector ((ok & MAP_WEAK) + (edge & (MAP_EDGE - MAP_WEAK)), U8);
  memcpy (row, &marks, sizeof marks);
  guint64 any[2];
  memcpy (any, &edge, sizeof any);
  return (any[0] | any[1]) != 0;
}

/* On x86-64 with GCC the edge detector is built twice, for AVX2 (vpmulld for the direction
 * test, three-operand forms throughout) and for the baseline, and the loader picks one for
 * the machine: 1.14 -> 0.90 ms for a 960 x 540 live frame. Its helpers are inlined into it
 * (flatten), so each copy has its own. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__ELF__)
#define EDGES_CLONES __attribute__ ((target_clones ("avx2", "default"), flatten))
#else
#define EDGES_CLONES
#endif

EDGES_CLONES TsImage *
ts_edges_canny (const TsImage *gray, int low, int high)
{
  g_return_val_if_fail (gray != NULL, NULL);
  if (gray->channels != 1 || low < 0 || high < 0)
    return NULL;
  if (low > high) {
    int t = low;
    low = high;
    high = t;
  }
  int w = gray->width, h = gray->height, mw = w + 2;
  g_autofree guint8 *map = g_malloc0 ((gsize) mw * (gsize) (h + 2));
  /* Three rows of magnitudes, each with a column either side; dx and dy for two rows. */
  g_autofree gint16 *mags = g_new0 (gint16, 3 * (gsize) mw);
  g_autofree gint16 *grads = g_new (gint16, 4 * (gsize) w);
  gint16 *up = mags + 1, *at = mags + mw + 1, *down = mags + 2 * mw + 1;
  gint16 *dx = grads, *dy = grads + w, *dx_next = grads + 2 * w, *dy_next = grads + 3 * w;
  /* Each pixel goes on the stack once at most (it is an edge from then on); the pages of it
   * never reached are never touched. Indices into map. */
  g_autofree guint32 *stack = g_new (guint32, (gsize) w * (gsize) h);
  gsize top = 0;
  gradient_row (gray, 0, dx_next, dy_next, at);
  V8 low8 = { 0 }, high8 = { 0 };
  low8 += (gint16) MIN (low, G_MAXINT16);
  high8 += (gint16) MIN (high, G_MAXINT16);
  for (int y = 0; y < h; y++) {
    gint16 *t = dx;
    dx = dx_next, dx_next = t;
    t = dy;
    dy = dy_next, dy_next = t;
    if (y + 1 < h)
      gradient_row (gray, y + 1, dx_next, dy_next, down);
    else
      memset (down - 1, 0, sizeof (gint16) * (gsize) mw);
    guint8 *row = map + (gsize) (y + 1) * (gsize) mw + 1;
    int x = 0;
    for (; x + 8 <= w; x += 8) {
      V8 m8 = load16 (at + x);
      V8 above = m8 > low8;
      guint64 any[2];
      memcpy (any, &above, sizeof any);
      if ((any[0] | any[1]) == 0)
        continue;
      if (!nms_max8 (dx + x, dy + x, up + x, at + x, down + x, low8, high8, row + x))
        continue;
      for (int k = x; k < x + 8; k++)
        if (row[k] == MAP_EDGE)
          stack[top++] = (guint32) (row + k - map);
    }
    for (; x < w; x++) {
      int m = at[x];
      if (m <= low || !nms_max (m, dx[x], dy[x], up + x, at + x, down + x))
        continue;
      if (m > high) {
        row[x] = MAP_EDGE;
        stack[top++] = (guint32) (row + x - map);
      } else {
        row[x] = MAP_WEAK;
      }
    }
    t = up;
    up = at, at = down, down = t;
  }
  /* Hysteresis: weak pixels joined to an edge are edges. The frame is never weak. */
  const gssize around[8] = { -1, 1, -mw - 1, -mw, -mw + 1, mw - 1, mw, mw + 1 };
  while (top > 0) {
    gssize i = stack[--top];
    for (int k = 0; k < 8; k++) {
      gssize j = i + around[k];
      if (map[j] == MAP_WEAK) {
        map[j] = MAP_EDGE;
        stack[top++] = (guint32) j;
      }
    }
  }
  TsImage *out = ts_image_new_unset (w, h, 1);
  U16 edge16 = { 0 };
  edge16 += MAP_EDGE;
  for (int y = 0; y < h; y++) {
    const guint8 *row = map + (gsize) (y + 1) * (gsize) mw + 1;
    guint8 *o = out->data + (gsize) y * (gsize) out->stride;
    int x = 0;
    for (; x + 16 <= w; x += 16) {
      U16 v;
      memcpy (&v, row + x, sizeof v);
      U16 e = (U16) (v == edge16);
      memcpy (o + x, &e, sizeof e);
    }
    for (; x < w; x++)
      o[x] = row[x] == MAP_EDGE ? 255 : 0;
  }
  return out;
}

/* detect.c — card outlines (edge contours simplified to card-shaped quadrilaterals) and title
 * lines (text strokes joined by morphology into line blobs, cut free of strokes across
 * them), on a shrunken grey copy and, for large titles, on one half its size. */
#include "detect.h"
#include "edges.h"
#include "morph.h"
#include "cputime.h"
#include "cv.h"
#include "rectify.h"

#include <math.h>
#include <string.h>

struct TsDetector {
  TsDetectorParams params;
  TsDetectorTiming timing;  /* of the last call */
};

static double
ms_since (gint64 *t)
{
  gint64 now = ts_cputime_now_us ();
  double ms = (now - *t) / 1000.0;
  *t = now;
  return ms;
}

/* Which look at the picture found a line (see find_titles). The first look takes in the
 * coarse look's lines. */
typedef enum {
  LOOK_FIRST,
  LOOK_SECOND,     /* TsDetectorParams.second_look */
  LOOK_EQUALIZED,  /* TsDetectorParams.equalized_titles */
} LineLook;

/* A text-line blob at work scale: its rotated rectangle, long axis first. */
typedef struct {
  double c[2];      /* centre */
  double dir[2];    /* unit vector along the line */
  double len;       /* along dir */
  double thick;     /* across dir */
  double fill;      /* blob area / rectangle area */
  gboolean trimmed; /* cut back from a larger blob (trim_line), or joined with such a line */
  gboolean dead;
} Line;

void
ts_detector_params_init (TsDetectorParams *params)
{
  g_return_if_fail (params != NULL);
  params->work_size = 1024;
  params->min_card_area = 0.004;
  params->aspect_tolerance = 0.12;
  params->stack_margin = 0.05;
  params->min_title_height = 10;
  params->max_title_height = 0.12;
  params->find_titles = TRUE;
  params->max_candidates = 64;
  params->second_look = FALSE;
  params->coarse_titles = TRUE;
  params->long_frame_lines = TRUE;
  params->max_corner_skew = 25;
  params->short_solid_lines = TRUE;
  params->name_bars = FALSE;
  params->split_pairs = TRUE;
  params->cut_cards = FALSE;
  params->displaced_lines = TRUE;
  params->joined_cards = FALSE;
  params->equalized_titles = FALSE;
  params->long_solid_frames = FALSE;
}

void
ts_detector_params_init_photo (TsDetectorParams *params)
{
  ts_detector_params_init (params);
  params->name_bars = TRUE;
  params->cut_cards = TRUE;
  params->equalized_titles = TRUE;
  params->joined_cards = TRUE;
}

TsDetector *
ts_detector_new (const TsDetectorParams *params)
{
  TsDetector *det = g_new0 (TsDetector, 1);
  if (params)
    det->params = *params;
  else
    ts_detector_params_init (&det->params);
  if (det->params.work_size < 64)
    det->params.work_size = 64;
  return det;
}

void
ts_detector_free (TsDetector *detector)
{
  g_free (detector);
}

const TsDetectorParams *
ts_detector_get_params (const TsDetector *detector)
{
  return &detector->params;
}

void
ts_detector_get_timing (const TsDetector *detector, TsDetectorTiming *out)
{
  *out = detector->timing;
}

static double
dist (const double a[2], const double b[2])
{
  return hypot (a[0] - b[0], a[1] - b[1]);
}

/* ---- cards ------------------------------------------------------------------------------- */

static gboolean
card_shaped (const double q[4][2], double tolerance)
{
  double a, b;
  ts_rectify_quad_size (q, &a, &b);
  if (a < 1 || b < 1)
    return FALSE;
  double ratio = MAX (a, b) / MIN (a, b);
  if (fabs (ratio / (TS_CARD_H_MM / TS_CARD_W_MM) - 1) > tolerance)
    return FALSE;
  /* Opposite edges of a card under mild perspective stay within a factor of each other. */
  for (int i = 0; i < 2; i++) {
    double e1 = ts_rectify_quad_edge (q, i), e2 = ts_rectify_quad_edge (q, i + 2);
    if (MAX (e1, e2) / MAX (MIN (e1, e2), 1) > 1.5)
      return FALSE;
  }
  return TRUE;
}

/* How far (degrees) the quad's worst corner strays from a right angle. */
static double
corner_skew (const double q[4][2])
{
  double worst = 0;
  for (int k = 0; k < 4; k++) {
    const double *a = q[(k + 3) % 4], *b = q[k], *c = q[(k + 1) % 4];
    double ux = a[0] - b[0], uy = a[1] - b[1], vx = c[0] - b[0], vy = c[1] - b[1];
    double n = hypot (ux, uy) * hypot (vx, vy);
    if (n < 1e-9)
      return 90;
    double cosang = CLAMP ((ux * vx + uy * vy) / n, -1, 1);
    worst = MAX (worst, fabs (acos (cosang) * 180 / G_PI - 90));
  }
  return worst;
}

static double
polygon_area (const double (*q)[2], int n)
{
  double s = 0;
  for (int i = 0; i < n; i++) {
    int j = (i + 1) % n;
    s += q[i][0] * q[j][1] - q[j][0] * q[i][1];
  }
  return fabs (s) / 2;
}

static double
quad_area (const double q[4][2])
{
  return polygon_area (q, 4);
}

/* Within this (work pixels) of the image's border, a corner lies on it. */
#define BORDER_NEAR 3.0

static gboolean
on_border (const double p[2], int w, int h, int side)
{
  switch (side) {
  case 0: return p[0] < BORDER_NEAR;
  case 1: return p[1] < BORDER_NEAR;
  case 2: return p[0] > w - 1 - BORDER_NEAR;
  default: return p[1] > h - 1 - BORDER_NEAR;
  }
}

/* How closely the hull of a contour reaching the border is approximated (a share of its
 * perimeter). */
#define HULL_EPS 0.015

/* The least part of a card cut by the border that is completed (see cut_card()). */
#define CUT_MIN_SHOWN 0.6

/* Does the contour (n points) reach the border of a w x h image, over a box of min_area or
 * more (the part of a card in view holds that much; a speck at the border is no card)? */
static gboolean
border_contour (const float *pts, guint n, int w, int h, double min_area)
{
  float x0 = G_MAXFLOAT, y0 = G_MAXFLOAT, x1 = -G_MAXFLOAT, y1 = -G_MAXFLOAT;
  gboolean at_border = FALSE;
  for (guint i = 0; i < n; i++) {
    float x = pts[2 * i], y = pts[2 * i + 1];
    at_border |= x < 1 || y < 1 || x > w - 2 || y > h - 2;
    x0 = MIN (x0, x), x1 = MAX (x1, x), y0 = MIN (y0, y), y1 = MAX (y1, y);
  }
  return at_border && (double) (x1 - x0) * (y1 - y0) >= min_area;
}

/* The share of the polygon q's edges (n corners), all but the one from corner cut, along
 * which bin is set (within a pixel). */
static double
ring_along (const TsImage *bin, const double (*q)[2], int n, int cut)
{
  int hit = 0, all = 0;
  for (int e = 1; e < n; e++) {
    const double *a = q[(cut + e) % n], *b = q[(cut + e + 1) % n];
    int steps = MAX (1, (int) dist (a, b));
    for (int t = 0; t <= steps; t++) {
      int x = (int) lround (a[0] + (b[0] - a[0]) * t / steps);
      int y = (int) lround (a[1] + (b[1] - a[1]) * t / steps);
      gboolean on = FALSE;
      for (int dy = -1; dy <= 1 && !on; dy++)
        for (int dx = -1; dx <= 1 && !on; dx++) {
          int xx = x + dx, yy = y + dy;
          on = xx >= 0 && yy >= 0 && xx < bin->width && yy < bin->height &&
               bin->data[(gsize) yy * bin->stride + xx] != 0;
        }
      hit += on;
      all++;
    }
  }
  return all ? (double) hit / all : 0;
}

/* The edge of the polygon q (n corners) that lies along the w x h image's border: its first
 * corner's index, -1 when none, -2 when edges lie along two borders. */
static int
border_edge (const double (*q)[2], int n, int w, int h)
{
  int cut = -1;
  for (int k = 0; k < n; k++)
    for (int side = 0; side < 4; side++)
      if (on_border (q[k], w, h, side) && on_border (q[(k + 1) % n], w, h, side)) {
        if (cut >= 0)
          return -2;
        cut = k;
      }
  return cut;
}

/* q is the part of a card inside the image, its edge from corner cut along the image's
 * border: the card's two sides that run out of the image, and the whole edge across from
 * the border. Extends those sides to the card's full length into out. The edge left in the
 * image is a long side (the card shows at least CUT_MIN_SHOWN of its width) or, when the
 * sides shown are longer than a card is wide, a short one. Returns FALSE when q is not so. */
static gboolean
cut_card (const double q[4][2], int cut, double tolerance, double out[4][2])
{
  /* b0 b1 on the border; a0 joined to b0 and a1 to b1 by the sides that run out. */
  const double *b0 = q[cut], *b1 = q[(cut + 1) % 4], *a1 = q[(cut + 2) % 4],
               *a0 = q[(cut + 3) % 4];
  double across = dist (a0, a1);
  double shown = (dist (a0, b0) + dist (a1, b1)) / 2;
  if (across < 1 || shown < 1)
    return FALSE;
  double k = TS_CARD_W_MM / TS_CARD_H_MM, r = shown / across, full;
  if (r < k * (1 + tolerance))
    full = across * k;   /* across is a long side */
  else if (r < (1 + tolerance) / k)
    full = across / k;   /* a short side, and more than a card's width shows */
  else
    return FALSE;
  if (shown / full < CUT_MIN_SHOWN)
    return FALSE;
  full = MAX (full, shown);  /* a whole card touching the border */
  double fa = full / dist (a0, b0), fb = full / dist (a1, b1);
  double e0[2] = { a0[0] + (b0[0] - a0[0]) * fa, a0[1] + (b0[1] - a0[1]) * fa };
  double e1[2] = { a1[0] + (b1[0] - a1[0]) * fb, a1[1] + (b1[1] - a1[1]) * fb };
  memcpy (out[0], e0, sizeof e0);
  memcpy (out[1], e1, sizeof e1);
  memcpy (out[2], a1, sizeof out[2]);
  memcpy (out[3], a0, sizeof out[3]);
  return TRUE;
}

/* The polygon q (n corners) approximates a contour reaching the border to within about
 * tol, no edge of it lying on the border (border_edge() -1), so an edge whose two corners
 * lie within tol of one of the w x h image's borders may stand for the stretch of contour
 * along that border: the approximation kept a corner short of it (a card's side running out of the
 * image at a slant: hard scene 6001's White Ward, a corner 23 px in). Moves that edge's two
 * corners along their other edges onto the border, when exactly one edge is so and each
 * moves at most tol. Returns whether it moved them. */
static gboolean
snap_to_border (double (*q)[2], int n, int w, int h, double tol)
{
  const double lim[4] = { 0, 0, w - 1, h - 1 };  /* the border's line, by side */
  int found = -1, found_side = -1;
  for (int k = 0; k < n; k++)
    for (int side = 0; side < 4; side++) {
      int axis = side % 2 == 0 ? 0 : 1;
      if (fabs (q[k][axis] - lim[side]) <= tol &&
          fabs (q[(k + 1) % n][axis] - lim[side]) <= tol) {
        if (found >= 0)
          return FALSE;
        found = k;
        found_side = side;
      }
    }
  if (found < 0)
    return FALSE;
  int axis = found_side % 2 == 0 ? 0 : 1;
  double moved[2][2];
  for (int e = 0; e < 2; e++) {
    /* The corner, and the corner before it along its other edge. */
    int k = (found + e) % n, from = e == 0 ? (found + n - 1) % n : (found + 2) % n;
    double d = q[k][axis] - q[from][axis];
    if (fabs (d) < 1e-6)
      return FALSE;
    double t = (lim[found_side] - q[from][axis]) / d;
    moved[e][axis] = lim[found_side];
    moved[e][1 - axis] = q[from][1 - axis] + t * (q[k][1 - axis] - q[from][1 - axis]);
    if (dist (moved[e], q[k]) > tol)
      return FALSE;
  }
  memcpy (q[found], moved[0], sizeof moved[0]);
  memcpy (q[(found + 1) % n], moved[1], sizeof moved[1]);
  return TRUE;
}

/* The contour (n points) of bin, reaching the image's border, as the edge ring of a card
 * the border cuts: its hull is the part inside the image, cut straight across (cut_card())
 * or with one corner cut off, when the three corners inside give the fourth. Writes the
 * whole card into q, the share of it inside the image into shown and the share of the
 * outline inside that the ring follows into fill. */
static gboolean
cut_outline (const TsImage *bin, const float *pts, guint n, double tolerance, double q[4][2],
             double *shown, double *fill)
{
  double poly[5][2];
  int np = (int) ts_cv_approx_hull (pts, n, HULL_EPS, poly, 5);
  if (np != 4 && np != 5)
    return FALSE;
  int cut = border_edge (poly, np, bin->width, bin->height);
  if (cut == -1) {
    /* The simplification strays up to HULL_EPS of the hull's perimeter, which runs along
     * the border too and so is longer than the polygon's: twice that of the polygon's
     * covers it. */
    double perimeter = 0;
    for (int k = 0; k < np; k++)
      perimeter += dist (poly[k], poly[(k + 1) % np]);
    if (snap_to_border (poly, np, bin->width, bin->height, 2 * HULL_EPS * perimeter))
      cut = border_edge (poly, np, bin->width, bin->height);
  }
  if (cut < 0)
    return FALSE;
  if (np == 4 && !cut_card (poly, cut, tolerance, q))
    return FALSE;
  if (np == 5) {
    /* Clockwise: the border's two points, then the corners a, b and c; the fourth, d, lies
     * past the border. */
    const double *a = poly[(cut + 2) % 5], *b = poly[(cut + 3) % 5], *c = poly[(cut + 4) % 5];
    double d[2] = { a[0] + c[0] - b[0], a[1] + c[1] - b[1] };
    if (d[0] >= 0 && d[1] >= 0 && d[0] < bin->width && d[1] < bin->height)
      return FALSE;
    memcpy (q[0], d, sizeof d);
    memcpy (q[1], a, sizeof q[1]);
    memcpy (q[2], b, sizeof q[2]);
    memcpy (q[3], c, sizeof q[3]);
    if (!card_shaped (q, tolerance))
      return FALSE;
  }
  *shown = MIN (1, polygon_area (poly, np) / quad_area (q));
  if (*shown < CUT_MIN_SHOWN)
    return FALSE;
  *fill = ring_along (bin, poly, np, cut);
  return TRUE;
}

/* Orders a card quad so its first edge is a short side, choosing the end a player's upright
 * or (for tapped cards) clockwise-tapped card would have on top. */
static void
card_candidate (const double q_in[4][2], double scale, double fill, TsCardCandidate *out)
{
  double q[4][2];
  memcpy (q, q_in, sizeof q);
  ts_rectify_quad_clockwise (q);
  int start = ts_rectify_quad_edge (q, 0) + ts_rectify_quad_edge (q, 2) <
                      ts_rectify_quad_edge (q, 1) + ts_rectify_quad_edge (q, 3)
                  ? 0 : 1;
  double a[4][2], b[4][2];
  ts_rectify_quad_turn (q, start, a);
  ts_rectify_quad_turn (q, start + 2, b);
  double aa = ts_rectify_quad_angle (a), ab = ts_rectify_quad_angle (b);
  /* Prefer the angle nearest 0 for an untapped card and nearest 90 for a tapped one. */
  double da = fabs (remainder (aa - (ts_rectify_angle_is_tapped (aa) ? 90 : 0), 360));
  double db = fabs (remainder (ab - (ts_rectify_angle_is_tapped (ab) ? 90 : 0), 360));
  const double (*best)[2] = da <= db ? a : b;

  memset (out, 0, sizeof *out);
  for (int i = 0; i < 4; i++) {
    out->quad[i][0] = best[i][0] / scale;
    out->quad[i][1] = best[i][1] / scale;
  }
  out->has_quad = TRUE;
  ts_rectify_title_from_card (out->quad, out->title);
  out->angle_deg = ts_rectify_quad_angle (out->quad);
  out->upright_known = FALSE;
  out->tapped = ts_rectify_angle_is_tapped (out->angle_deg);
  out->confidence = CLAMP (0.5 + 0.5 * fill, 0, 1);
}

static gboolean name_bar (const float *pts, guint n, double area, double min_h, double max_h,
                          Line *out);

/* The point at (s along the long sides from the first short side, u along that side) of a
 * card quad whose first edge is a short side. */
static void
quad_point (const double q[4][2], double s, double u, double p[2])
{
  for (int k = 0; k < 2; k++) {
    double l = q[0][k] + (q[3][k] - q[0][k]) * s, r = q[1][k] + (q[2][k] - q[1][k]) * s;
    p[k] = l + (r - l) * u;
  }
}

/* The share of the middle of the line across quad q at s (as quad_point) that lies on an
 * edge pixel, at the best s within +- reach of it; *at gets that s. */
static double
edge_across (const TsImage *edges, const double q[4][2], double s, double reach, double *at)
{
  double wid, len;
  ts_rectify_quad_size (q, &wid, &len);
  int n_u = MAX (8, (int) wid), n_s = (int) ceil (reach * len);
  double best = 0;
  *at = s;
  for (int i = -n_s; i <= n_s; i++) {
    double si = s + (double) i / MAX (len, 1);
    int hit = 0, all = 0;
    for (int j = 0; j < n_u; j++) {
      double p[2];
      quad_point (q, si, 0.15 + 0.7 * j / (n_u - 1), p);
      int x = (int) lround (p[0]), y = (int) lround (p[1]);
      if (x < 0 || y < 0 || x >= edges->width || y >= edges->height)
        continue;
      all++;
      hit += edges->data[(gsize) y * edges->stride + x] != 0;
    }
    double share = all ? (double) hit / all : 0;
    if (share > best) {
      best = share;
      *at = si;
    }
  }
  return best;
}

/* Two stacked cards, one shifted along its long side over the other, give one outline
 * around both, longer than a card. Where a straight edge runs across that outline a card's
 * length from one end (the front card's end), the outline is cut into the two cards: the
 * front card from that edge to its end, and the back card a card's length from the other
 * end. Writes the two (work-scale, first edge short) and returns TRUE when it cut. */
static gboolean
split_stacked (const TsImage *edges, const double q[4][2], double margin, double out[2][4][2])
{
  double wid, len;
  ts_rectify_quad_size (q, &wid, &len);
  double f = wid * (TS_CARD_H_MM / TS_CARD_W_MM) / MAX (len, 1);
  if (f > 1 / (1 + margin))
    return FALSE;
  double at_top, at_bottom;
  /* The front card at the far end (its near edge at 1 - f), or at the near end (at f). */
  double top = edge_across (edges, q, 1 - f, 0.02, &at_top);
  double bottom = edge_across (edges, q, f, 0.02, &at_bottom);
  if (MAX (top, bottom) < 0.9)
    return FALSE;
  double cut = top >= bottom ? at_top : at_bottom;
  double s0[2], s1[2];
  if (top >= bottom) {
    s0[0] = 0, s1[0] = f, s0[1] = cut, s1[1] = 1;
  } else {
    s0[0] = 0, s1[0] = cut, s0[1] = 1 - f, s1[1] = 1;
  }
  for (int k = 0; k < 2; k++) {
    quad_point (q, s0[k], 0, out[k][0]);
    quad_point (q, s0[k], 1, out[k][1]);
    quad_point (q, s1[k], 1, out[k][2]);
    quad_point (q, s1[k], 0, out[k][3]);
  }
  return TRUE;
}

/* ---- cards joined to others ------------------------------------------------------------- */

/* Contours are simplified to within this (work pixels) before their sides are sought. */
#define JOIN_EPS 2.0
/* A straight stretch of contour is (part of) a side from this share of the least card's
 * short side; shorter ones between two sides are a rounded corner. */
#define JOIN_MIN_STRETCH 0.3
/* The corners at both ends of the whole side are right angles to within this (degrees). */
#define JOIN_SKEW 10.0
/* The two sides that run from the whole side show at least this share of their length. */
#define JOIN_MIN_SHOWN 0.6
/* Sides that run on past a card's length (cards touching end to end) do so by more than
 * this share of it, and there the card's end must lie along an edge across, for at least
 * JOIN_END_EDGE of it. */
#define JOIN_PAST 1.05
#define JOIN_END_EDGE 0.7
/* The three sides lie along edges for at least this share of them. */
#define JOIN_MIN_FILL 0.75
/* A completed card is as long as the cards found whole to within this share. */
#define JOIN_SIZE 0.2

typedef struct {
  double a[2], b[2];
} Stretch;

typedef struct {
  double q[4][2];
  double fill;
} Joined;

/* Where the line through a0, a1 meets the line through b0, b1; FALSE when they are parallel. */
static gboolean
lines_meet (const double a0[2], const double a1[2], const double b0[2], const double b1[2],
            double out[2])
{
  double ux = a1[0] - a0[0], uy = a1[1] - a0[1], vx = b1[0] - b0[0], vy = b1[1] - b0[1];
  double den = ux * vy - uy * vx;
  if (fabs (den) < 1e-6 * hypot (ux, uy) * hypot (vx, vy))
    return FALSE;
  double t = ((b0[0] - a0[0]) * vy - (b0[1] - a0[1]) * vx) / den;
  out[0] = a0[0] + ux * t;
  out[1] = a0[1] + uy * t;
  return TRUE;
}

/* The signed turn (degrees, -180..180) from the direction of s to that of t. */
static double
turn_between (const Stretch *s, const Stretch *t)
{
  double ux = s->b[0] - s->a[0], uy = s->b[1] - s->a[1];
  double vx = t->b[0] - t->a[0], vy = t->b[1] - t->a[1];
  return atan2 (ux * vy - uy * vx, ux * vx + uy * vy) * 180 / G_PI;
}

/* Completes the card around the whole side b-c from the sides that leave it towards a (from
 * b) and d (from c), the side being a short one (bc_long FALSE) or a long one; closes[0]
 * (closes[1]) tells that the contour turns in at a (d), ending the card's side there to
 * within tolerance (a share of its length). Writes the card (b, c, then the far corners)
 * into out and the share of its far end along an edge into *end_edge; FALSE when the sides
 * show too little of the card, or run past its end with no edge there, or it would reach
 * out of the image. */
static gboolean
complete_card (const TsImage *edges, const double a[2], const double b[2], const double c[2],
               const double d[2], gboolean bc_long, const gboolean closes[2], double tolerance,
               double out[4][2], double *end_edge)
{
  double side = dist (b, c), la = dist (a, b), ld = dist (c, d);
  double aspect = TS_CARD_W_MM / TS_CARD_H_MM;
  double full = bc_long ? side * aspect : side / aspect;
  if (MIN (la, ld) < JOIN_MIN_SHOWN * full || la < 1 || ld < 1)
    return FALSE;
  /* A side whose end turns in across the card is a whole side: the card ends there. */
  if ((closes[0] && fabs (la / full - 1) > tolerance) ||
      (closes[1] && fabs (ld / full - 1) > tolerance))
    return FALSE;
  double p[2] = { b[0] + (a[0] - b[0]) * full / la, b[1] + (a[1] - b[1]) * full / la };
  double q[2] = { c[0] + (d[0] - c[0]) * full / ld, c[1] + (d[1] - c[1]) * full / ld };
  for (int k = 0; k < 2; k++) {
    const double *r = k == 0 ? p : q;
    if (r[0] < 0 || r[1] < 0 || r[0] > edges->width - 1 || r[1] > edges->height - 1)
      return FALSE;
  }
  double end[2][2] = { { q[0], q[1] }, { p[0], p[1] } };
  *end_edge = ring_along (edges, end, 2, 1);
  if (MAX (la, ld) > JOIN_PAST * full && *end_edge < JOIN_END_EDGE)
    return FALSE;
  memcpy (out[0], b, sizeof out[0]);
  memcpy (out[1], c, sizeof out[1]);
  memcpy (out[2], q, sizeof out[2]);
  memcpy (out[3], p, sizeof out[3]);
  return TRUE;
}

/* The cards whose outline the contour (n points) of edges runs along on three sides without
 * closing around them (see TsDetectorParams.joined_cards): a whole side of at least
 * min_side between two right angles, the sides from it showing most of a card. Appends
 * each, completed (work pixels), to out as a Joined. */
static void
joined_cards (const TsImage *edges, const float *pts, guint n, double min_side, double tolerance,
              GArray *out)
{
  g_autoptr (GArray) poly = ts_cv_approx_poly (pts, n, JOIN_EPS);
  g_autoptr (GArray) stretches = g_array_new (FALSE, FALSE, sizeof (Stretch));
  for (guint i = 0; i < poly->len; i++) {
    guint j = (i + 1) % poly->len;
    const double *xy = (const double *) (void *) poly->data;
    Stretch s = { { xy[2 * i], xy[2 * i + 1] }, { xy[2 * j], xy[2 * j + 1] } };
    if (dist (s.a, s.b) >= JOIN_MIN_STRETCH * min_side)
      g_array_append_val (stretches, s);
  }
  guint m = stretches->len;
  for (guint i = 0; m >= 3 && i < m; i++) {
    const Stretch *s1 = &g_array_index (stretches, Stretch, i);
    const Stretch *s2 = &g_array_index (stretches, Stretch, (i + 1) % m);
    const Stretch *s3 = &g_array_index (stretches, Stretch, (i + 2) % m);
    double t1 = turn_between (s1, s2), t2 = turn_between (s2, s3);
    if (fabs (fabs (t1) - 90) > JOIN_SKEW || fabs (fabs (t2) - 90) > JOIN_SKEW || t1 * t2 <= 0)
      continue;
    /* What lies between the stretches is a rounded corner, not a detour. */
    double len = dist (s2->a, s2->b);
    if (dist (s1->b, s2->a) > 0.15 * len || dist (s2->b, s3->a) > 0.15 * len)
      continue;
    double b[2], c[2];
    if (!lines_meet (s1->a, s1->b, s2->a, s2->b, b) ||
        !lines_meet (s2->a, s2->b, s3->a, s3->b, c) || dist (b, c) < min_side)
      continue;
    /* Does the contour turn in again, the same way, at the far end of either side? */
    const Stretch *s0 = &g_array_index (stretches, Stretch, (i + m - 1) % m);
    const Stretch *s4 = &g_array_index (stretches, Stretch, (i + 3) % m);
    double t0 = turn_between (s0, s1), t3 = turn_between (s3, s4);
    gboolean closes[2] = { m > 3 && t0 * t1 > 0 && fabs (fabs (t0) - 90) <= 2 * JOIN_SKEW &&
                               dist (s0->b, s1->a) <= 0.15 * len,
                           m > 3 && t3 * t2 > 0 && fabs (fabs (t3) - 90) <= 2 * JOIN_SKEW &&
                               dist (s3->b, s4->a) <= 0.15 * len };
    /* A short side or a long one: the one whose far end lies along an edge, else the one
     * the sides do not run past. */
    Joined best = { { { 0 } }, -1 };
    double best_end = -1;
    for (int bc_long = 0; bc_long < 2; bc_long++) {
      Joined j;
      double end_edge;
      if (!complete_card (edges, s1->a, b, c, s3->b, bc_long, closes, tolerance, j.q, &end_edge) ||
          end_edge <= best_end)
        continue;
      j.fill = ring_along (edges, j.q, 4, 2);  /* all but the far end */
      best = j;
      best_end = end_edge;
    }
    if (best.fill >= JOIN_MIN_FILL)
      g_array_append_val (out, best);
  }
}

/* Largest first (a card before the boxes printed on it), then best along edges. */
static int
by_size (gconstpointer a, gconstpointer b)
{
  const Joined *ja = a, *jb = b;
  double sa = quad_area (ja->q), sb = quad_area (jb->q);
  if (fabs (sa - sb) > 0.05 * MAX (sa, sb))
    return sa < sb ? 1 : -1;
  return ja->fill < jb->fill ? 1 : ja->fill > jb->fill ? -1 : 0;
}

static int
cmp_double (const void *a, const void *b)
{
  double da = *(const double *) a, db = *(const double *) b;
  return da < db ? -1 : da > db;
}

/* The median long side of the cards from index from on (0 when none). */
static double
median_card_length (const GArray *cards, guint from)
{
  if (cards->len <= from)
    return 0;
  g_autofree double *len = g_new (double, cards->len - from);
  for (guint i = from; i < cards->len; i++) {
    double a, b;
    ts_rectify_quad_size (g_array_index (cards, TsCardCandidate, i).quad, &a, &b);
    len[i - from] = MAX (a, b);
  }
  qsort (len, cards->len - from, sizeof (double), cmp_double);
  return len[(cards->len - from) / 2];
}

/* Appends to cards each of joined (work pixels) the size of the cards found whole (from index
 * from on: a card's length within JOIN_SIZE of their median; none when there are none, for
 * an art box or a hand's straight edges complete to card-shaped quads of any size), that no
 * card already there holds the centre of, nor holds the centre of one: largest first, so
 * one per card. */
static void
add_joined (GArray *joined, double scale, GArray *cards, guint from)
{
  double typical = median_card_length (cards, from);
  g_array_sort (joined, by_size);
  for (guint i = 0; i < joined->len && typical > 0; i++) {
    const Joined *j = &g_array_index (joined, Joined, i);
    TsCardCandidate c;
    card_candidate (j->q, scale, j->fill, &c);
    c.completed = TRUE;
    double a, b;
    ts_rectify_quad_size (c.quad, &a, &b);
    if (fabs (log (MAX (a, b) / typical)) > log (1 + JOIN_SIZE))
      continue;
    double cx, cy;
    ts_rectify_quad_center (c.quad, &cx, &cy);
    gboolean keep = TRUE;
    for (guint k = from; k < cards->len && keep; k++) {
      const TsCardCandidate *o = &g_array_index (cards, TsCardCandidate, k);
      double ox, oy;
      ts_rectify_quad_center (o->quad, &ox, &oy);
      keep = !ts_rectify_quad_contains (o->quad, cx, cy) &&
             !ts_rectify_quad_contains (c.quad, ox, oy);
    }
    if (keep)
      g_array_append_val (cards, c);
  }
}

static void
find_cards (TsDetector *det, const TsImage *gray, double scale, GArray *cards, GArray *bars)
{
  const TsDetectorParams *p = &det->params;
  double min_area = p->min_card_area * gray->width * gray->height;
  double min_h = MAX (5, p->min_title_height * scale);
  double max_h = p->max_title_height * MIN (gray->width, gray->height);
  g_autoptr (TsImage) blurred = ts_image_copy (gray);
  ts_cv_gaussian_blur (blurred, 1.0);
  g_autoptr (TsImage) edges = ts_edges_canny (blurred, 40, 110);
  g_autoptr (TsImage) thick = ts_morph_rect (edges, TS_CV_MORPH_DILATE, 3, 3);
  g_autoptr (TsCvContours) contours = ts_cv_find_contours (thick, FALSE);
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  g_autoptr (GArray) areas = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) joined = g_array_new (FALSE, FALSE, sizeof (Joined));
  /* The least card's short side. */
  double min_side = sqrt (min_area * TS_CARD_W_MM / TS_CARD_H_MM);
  guint from = cards->len;

  for (guint i = 0; i < ts_cv_contours_count (contours); i++) {
    guint n;
    const float *pts = ts_cv_contours_get (contours, i, &n);
    if (n < 4)
      continue;
    if (p->joined_cards)
      joined_cards (thick, pts, n, min_side, p->aspect_tolerance, joined);
    double area = ts_cv_contour_area (pts, n);
    Line bar;
    if (bars && area < 20 * max_h * max_h && name_bar (pts, n, area, min_h, max_h, &bar))
      g_array_append_val (bars, bar);
    double q[4][2], fill = 0, shown = 1;
    gboolean cut = p->cut_cards &&
                   border_contour (pts, n, gray->width, gray->height, min_area) &&
                   cut_outline (thick, pts, n, p->aspect_tolerance, q, &shown, &fill);
    if (!cut) {
      if (area < min_area || !ts_cv_approx_quad (pts, n, 0.03, q) ||
          !card_shaped (q, p->aspect_tolerance))
        continue;
      fill = area / quad_area (q);
    }
    /* Large enough: the card, or the part in view of one the border cuts. */
    double qa = quad_area (q);
    if (qa * shown < min_area)
      continue;
    if (p->max_corner_skew > 0 && corner_skew (q) > p->max_corner_skew)
      continue;
    if (fill < 0.8)
      continue;
    TsCardCandidate c;
    card_candidate (q, scale, MIN (fill, 1.0) * shown, &c);
    g_array_append_val (found, c);
    double full_area = qa / (scale * scale);
    g_array_append_val (areas, full_area);
  }

  /* The edge ring around a card gives an outer and an inner contour, and a card's black
   * border gives another just inside: keep the largest of nested outlines. */
  for (guint i = 0; i < found->len; i++) {
    TsCardCandidate *ci = &g_array_index (found, TsCardCandidate, i);
    double ai = g_array_index (areas, double, i);
    double cx, cy;
    ts_rectify_quad_center (ci->quad, &cx, &cy);
    gboolean keep = TRUE;
    for (guint j = 0; j < found->len && keep; j++) {
      if (j == i)
        continue;
      TsCardCandidate *cj = &g_array_index (found, TsCardCandidate, j);
      double aj = g_array_index (areas, double, j);
      if (!ts_rectify_quad_contains (cj->quad, cx, cy))
        continue;
      double jx, jy;
      ts_rectify_quad_center (cj->quad, &jx, &jy);
      double size = sqrt (MAX (ai, aj));
      if (ai < 0.8 * aj)
        keep = FALSE;  /* a card's own border or art box inside it */
      else if (hypot (cx - jx, cy - jy) < 0.08 * size && (aj > ai || (aj == ai && j < i)))
        keep = FALSE;  /* the same card found twice */
    }
    if (!keep)
      continue;
    double q[4][2], halves[2][4][2];
    for (int k = 0; k < 4; k++) {
      q[k][0] = ci->quad[k][0] * scale;
      q[k][1] = ci->quad[k][1] * scale;
    }
    if (p->stack_margin <= 0 || !split_stacked (thick, q, p->stack_margin, halves)) {
      g_array_append_val (cards, *ci);
      continue;
    }
    for (int k = 0; k < 2; k++) {
      TsCardCandidate c;
      card_candidate (halves[k], scale, 2 * ci->confidence - 1 /* the outline's fill */, &c);
      g_array_append_val (cards, c);
    }
  }
  if (joined->len > 0)
    add_joined (joined, scale, cards, from);
}

/* ---- title lines ------------------------------------------------------------------------- */

static void
line_from_rect (const double r[4][2], double fill, Line *l)
{
  double e0 = dist (r[0], r[1]), e1 = dist (r[1], r[2]);
  int a = e0 >= e1 ? 0 : 1;
  double len = MAX (e0, e1);
  l->len = len;
  l->thick = MIN (e0, e1);
  l->dir[0] = (r[a + 1][0] - r[a][0]) / MAX (len, 1e-9);
  l->dir[1] = (r[a + 1][1] - r[a][1]) / MAX (len, 1e-9);
  /* Point the direction rightwards (or downwards for vertical lines), a canonical form. */
  if (l->dir[0] < -1e-9 || (fabs (l->dir[0]) <= 1e-9 && l->dir[1] < 0)) {
    l->dir[0] = -l->dir[0];
    l->dir[1] = -l->dir[1];
  }
  l->c[0] = (r[0][0] + r[1][0] + r[2][0] + r[3][0]) / 4;
  l->c[1] = (r[0][1] + r[1][1] + r[2][1] + r[3][1]) / 4;
  l->fill = fill;
  l->trimmed = FALSE;
  l->dead = FALSE;
}

static void
line_corners (const Line *l, double grow_len, double grow_thick, double out[4][2])
{
  double hx = l->dir[0] * (l->len / 2 + grow_len), hy = l->dir[1] * (l->len / 2 + grow_len);
  double nx = -l->dir[1] * (l->thick / 2 + grow_thick);
  double ny = l->dir[0] * (l->thick / 2 + grow_thick);
  /* Reading along dir with the normal (-dy, dx) pointing "down" the text. */
  out[0][0] = l->c[0] - hx - nx; out[0][1] = l->c[1] - hy - ny;
  out[1][0] = l->c[0] + hx - nx; out[1][1] = l->c[1] + hy - ny;
  out[2][0] = l->c[0] + hx + nx; out[2][1] = l->c[1] + hy + ny;
  out[3][0] = l->c[0] - hx + nx; out[3][1] = l->c[1] + -hy + ny;
}

/* Joins two blobs of one text line (words split by a wide space, or a word cut by a frame
 * ornament) when they sit end to end on one axis. Short words have poorly estimated
 * directions and small letters ("a", "of") make thinner blobs, so the tests are loose on
 * both and strict on the gap. */
static gboolean
try_merge (Line *a, const Line *b)
{
  /* Most pairs are far apart: reject them before any trigonometry. */
  double reach = (a->len + b->len) / 2 + 1.3 * MAX (a->thick, b->thick);
  if (fabs (b->c[0] - a->c[0]) > reach || fabs (b->c[1] - a->c[1]) > reach)
    return FALSE;
  double bd[2] = { b->dir[0], b->dir[1] };
  if (a->dir[0] * bd[0] + a->dir[1] * bd[1] < 0) {
    bd[0] = -bd[0];
    bd[1] = -bd[1];
  }
  double cosang = a->dir[0] * bd[0] + a->dir[1] * bd[1];
  if (cosang < 0.9659) /* cos 15° */
    return FALSE;
  double t = MAX (a->thick, b->thick);
  if (MIN (a->thick, b->thick) < 0.4 * t)
    return FALSE;
  /* The common axis: directions averaged by length. */
  double d[2] = { a->dir[0] * a->len + bd[0] * b->len, a->dir[1] * a->len + bd[1] * b->len };
  double dn = hypot (d[0], d[1]);
  d[0] /= dn;
  d[1] /= dn;
  double dx = b->c[0] - a->c[0], dy = b->c[1] - a->c[1];
  double along = dx * d[0] + dy * d[1];
  double across = -dx * d[1] + dy * d[0];
  if (fabs (across) > 0.3 * t + 0.12 * fabs (along))
    return FALSE;
  double gap = fabs (along) - a->len / 2 - b->len / 2;
  if (gap > 1.3 * t)
    return FALSE;
  double lo = MIN (-a->len / 2, along - b->len / 2);
  double hi = MAX (a->len / 2, along + b->len / 2);
  double mid = (lo + hi) / 2;
  double wa = a->len * a->fill, wb = b->len * b->fill;
  /* Centre: on the axis through the length-weighted mean of the two centres. */
  double w = a->len + b->len;
  double mx = (a->c[0] * a->len + b->c[0] * b->len) / w;
  double my = (a->c[1] * a->len + b->c[1] * b->len) / w;
  double base_along = (mx - a->c[0]) * d[0] + (my - a->c[1]) * d[1];
  a->c[0] = mx + d[0] * (mid - base_along);
  a->c[1] = my + d[1] * (mid - base_along);
  a->dir[0] = d[0];
  a->dir[1] = d[1];
  a->fill = MIN (1.0, (wa + wb) / (hi - lo));
  a->len = hi - lo;
  a->thick = t + fabs (across) * 0.5;
  a->trimmed = a->trimmed || b->trimmed;
  return TRUE;
}

/* Is l worth keeping as a line of the pass's orientation (before joining)? */
static gboolean
line_ok (const Line *l, gboolean vertical, double min_h, double max_h)
{
  if (l->thick < min_h * 0.8 || l->thick > max_h || l->len < l->thick * 0.8)
    return FALSE;
  /* Keep the pass's own orientation band; the other pass covers the rest. */
  double horiz = fabs (l->dir[0]);
  return vertical ? horiz <= 0.75 : horiz >= 0.65;
}

static int
cmp_float (const void *a, const void *b)
{
  float fa = *(const float *) a, fb = *(const float *) b;
  return fa < fb ? -1 : fa > fb;
}

/* A text line that touches a stroke across it (the rounded end of the title bar, a card's
 * side, the frame of the card below) makes one blob with it: an L or T whose rectangle is
 * too thick or too empty to pass for a line, and the name is lost. Cut such a blob back to
 * its text: along the axis nearest the pass's orientation, each unit step's extent across
 * (from the outline) is compared with the typical one, and the longest run of steps of
 * about that extent, at about that place, is the line. Returns FALSE when no run long enough
 * for a line is left. */
static gboolean
trim_line (const float *pts, guint n, const double r[4][2], gboolean vertical, double min_h,
           Line *out)
{
  double e[2][2] = { { r[1][0] - r[0][0], r[1][1] - r[0][1] },
                     { r[2][0] - r[1][0], r[2][1] - r[1][1] } };
  double el[2] = { hypot (e[0][0], e[0][1]), hypot (e[1][0], e[1][1]) };
  if (el[0] < 1 || el[1] < 1)
    return FALSE;
  int ax = vertical ? (fabs (e[0][1]) / el[0] >= fabs (e[1][1]) / el[1] ? 0 : 1)
                    : (fabs (e[0][0]) / el[0] >= fabs (e[1][0]) / el[1] ? 0 : 1);
  double d[2] = { e[ax][0] / el[ax], e[ax][1] / el[ax] };
  double len = el[ax];
  double c[2] = { (r[0][0] + r[2][0]) / 2, (r[0][1] + r[2][1]) / 2 };
  int nb = (int) ceil (len) + 2;
  if (nb > 4096)
    return FALSE;
  g_autofree float *lo = g_new (float, nb);
  g_autofree float *hi = g_new (float, nb);
  for (int b = 0; b < nb; b++) {
    lo[b] = G_MAXFLOAT;
    hi[b] = -G_MAXFLOAT;
  }
  /* The outline's points, and points every pixel along its straight runs. */
  for (guint i = 0; i < n; i++) {
    const float *p0 = pts + 2 * i, *p1 = pts + 2 * ((i + 1) % n);
    double sl = hypot (p1[0] - p0[0], p1[1] - p0[1]);
    int steps = MAX (1, (int) ceil (sl));
    for (int k = 0; k < steps; k++) {
      double x = p0[0] + (p1[0] - p0[0]) * k / steps - c[0];
      double y = p0[1] + (p1[1] - p0[1]) * k / steps - c[1];
      int b = (int) lround (x * d[0] + y * d[1] + len / 2);
      double s = -x * d[1] + y * d[0];
      if (b < 0 || b >= nb)
        continue;
      lo[b] = MIN (lo[b], s);
      hi[b] = MAX (hi[b], s);
    }
  }
  /* The typical band across, over the steps thick enough to be text. A step reaching well
   * out of it is a crossing stroke; a thinner step inside it (small letters, the space
   * between words) is still the line. */
  g_autofree float *los = g_new (float, nb);
  g_autofree float *his = g_new (float, nb);
  int nq = 0;
  for (int b = 0; b < nb; b++)
    if (hi[b] - lo[b] >= 0.8 * min_h) {
      los[nq] = lo[b];
      his[nq++] = hi[b];
    }
  if (nq < min_h)
    return FALSE;
  qsort (los, nq, sizeof *los, cmp_float);
  qsort (his, nq, sizeof *his, cmp_float);
  double blo = los[nq / 2], bhi = his[nq / 2], hm = bhi - blo, tol = 0.35 * hm;
  if (hm < 0.8 * min_h)
    return FALSE;
  /* The longest run of steps inside the band, bridging gaps shorter than the line is thick
   * (where a crossing stroke was cut, or between words). */
  int best_a = -1, best_b = -1, a = -1, last = -1;
  double area = 0, best_area = 0;
  for (int b = 0; b < nb; b++) {
    if (hi[b] < lo[b] || lo[b] < blo - tol || hi[b] > bhi + tol)
      continue;
    if (a < 0 || b - last > hm) {
      a = b;
      area = 0;
    }
    last = b;
    area += MIN (hi[b], bhi) - MAX (lo[b], blo);
    if (best_a < 0 || last - a > best_b - best_a) {
      best_a = a;
      best_b = last;
      best_area = area;
    }
  }
  if (best_a < 0)
    return FALSE;
  /* The run must be mostly line, not gaps: a blob of texture or art has no such run. */
  int n_good = 0;
  for (int b = best_a; b <= best_b; b++)
    n_good += hi[b] >= lo[b] && lo[b] >= blo - tol && hi[b] <= bhi + tol;
  if (n_good < 0.6 * (best_b - best_a + 1))
    return FALSE;
  double tlo = blo, thi = bhi;
  double tl = best_b - best_a + 1, tt = thi - tlo;
  if (tt < 1 || tl < tt)
    return FALSE;
  double mid_t = (best_a + best_b) / 2.0 - len / 2, mid_s = (tlo + thi) / 2;
  out->c[0] = c[0] + d[0] * mid_t - d[1] * mid_s;
  out->c[1] = c[1] + d[1] * mid_t + d[0] * mid_s;
  out->dir[0] = d[0];
  out->dir[1] = d[1];
  if (out->dir[0] < -1e-9 || (fabs (out->dir[0]) <= 1e-9 && out->dir[1] < 0)) {
    out->dir[0] = -out->dir[0];
    out->dir[1] = -out->dir[1];
  }
  out->len = tl;
  out->thick = tt;
  out->fill = CLAMP (best_area / (tl * tt), 0, 1);
  out->trimmed = TRUE;
  out->dead = FALSE;
  return TRUE;
}

/* The line-shaped blobs of blobs (a 0/255 map of joined letters) into lines, in the pass's
 * orientation band, scaled by factor to the work image. */
static void
collect_lines (const TsImage *blobs, gboolean vertical, double min_h, double max_h,
               double factor, GArray *lines)
{
  g_autoptr (TsCvContours) contours = ts_cv_find_contours (blobs, TRUE);
  for (guint i = 0; i < ts_cv_contours_count (contours); i++) {
    guint n;
    const float *pts = ts_cv_contours_get (contours, i, &n);
    if (n < 4)
      continue;
    double r[4][2];
    ts_cv_min_area_rect (pts, n, r);
    Line l;
    double area = ts_cv_contour_area (pts, n);
    double e0 = dist (r[0], r[1]), e1 = dist (r[1], r[2]);
    if (e0 * e1 < 1)
      continue;
    line_from_rect (r, area / (e0 * e1), &l);
    /* A blob that would not make a title on its own may be a line with a stroke across
     * it; failing that, it may still join others (a short word). */
    Line cut;
    if ((!line_ok (&l, vertical, min_h, max_h) || l.len < 2.5 * l.thick || l.fill < 0.45) &&
        MAX (e0, e1) >= 2.5 * min_h && trim_line (pts, n, r, vertical, min_h, &cut) &&
        line_ok (&cut, vertical, min_h, max_h))
      l = cut;
    else if (!line_ok (&l, vertical, min_h, max_h))
      continue;
    l.c[0] *= factor;
    l.c[1] *= factor;
    l.len *= factor;
    l.thick *= factor;
    g_array_append_val (lines, l);
  }
}

/* A run of solid strokes along a line this many times the smallest title height long is no
 * name's letters run together (a short bold name's run is some four to six times) but a
 * frame line (TsDetectorParams.long_solid_frames). */
#define LONG_SOLID_FRAME 12

/* In place on a 0/255 image: keeps only the regions (4-connected) that reach the picture's
 * edge at an end of their run (its left or right side; its top or foot when vertical).
 * Returns FALSE, the image unchanged, when none does (the image is then to be taken as
 * empty). */
static gboolean
keep_edge_regions (TsImage *binary, gboolean vertical)
{
  /* Seeds on the two edges the runs end at, filled to 128. */
  int n = vertical ? binary->width : binary->height;
  gboolean any = FALSE;
  for (int i = 0; i < n; i++)
    for (int end = 0; end < 2; end++) {
      int x = vertical ? i : end * (binary->width - 1);
      int y = vertical ? end * (binary->height - 1) : i;
      if (binary->data[(gsize) y * binary->stride + x] == 255) {
        ts_cv_flood_fill (binary, x, y, 128);
        any = TRUE;
      }
    }
  if (!any)
    return FALSE;
  for (int y = 0; y < binary->height; y++) {
    guint8 *row = binary->data + (gsize) y * binary->stride;
    for (int x = 0; x < binary->width; x++)
      row[x] = row[x] == 128 ? 255 : 0;
  }
  return TRUE;
}

/* Text lines of one orientation: into lines, blobs of letters joined after frame lines are
 * taken out; into second (when not NULL), a second look without taking straight runs out:
 * the runs along the top and foot of large bold letters look like frame lines, and the
 * first look cuts such names into fragments. */
static void
find_lines (const TsImage *bin, gboolean vertical, double min_h, double max_h, double factor,
            gboolean long_frame_lines, gboolean long_solid_frames, GArray *lines,
            GArray *second)
{
  /* Joining letters: a kernel as long as a wide letter gap, across the line direction. */
  int k = (int) MAX (3, min_h * 0.9);
  /* Long straight edges along the line direction (the title bar's outline, frame lines) are
   * taken out first: the letters touching them would otherwise join them. No stroke of a
   * letter runs this long along the line. */
  int kl = (int) MAX (9, min_h * 3);
  g_autoptr (TsImage) straight = ts_morph_line (bin, TS_CV_MORPH_OPEN, kl, vertical);
  /* A frame line runs on well past a name; a short name's letters, bold and touching (a
   * solid bar in the stroke map: "Lure", "Fear"), make runs no longer than the name is.
   * Taking those out cut such names lengthwise into strips too thin to keep, so only runs
   * joined into something longer than a short name count as lines. (A line tilted a little
   * is a staircase of runs, joined corner to corner.) On the synthetic scenes this finds
   * short bold names, and so the name lines of cards whose outline was found a little off:
   * 26 titles missed of 250 instead of 32. The coarse look passes FALSE: there the
   * runs kept join words of large names to the frame (on the dev photos a name was lost
   * and a fragment read as another card). */
  if (long_frame_lines)
    ts_cv_keep_long_regions (straight, (int) lround (4 * min_h), vertical);
  /* So are long edges across it (card sides, the ends of the title bar), longer than any
   * letter is tall. */
  int kp = (int) MAX (4 * min_h, 0.05 * MIN (bin->width, bin->height));
  g_autoptr (TsImage) across = ts_morph_line (bin, TS_CV_MORPH_OPEN, kp, !vertical);
  /* Small bold letters fill solid in the gradient and make runs as long as a frame line;
   * what stays after opening across the axis by most of a letter's height is such text, not
   * a line, and is kept. */
  int kt = (int) MAX (5, lround (min_h * 0.7));
  g_autoptr (TsImage) shut = ts_morph_line (straight, TS_CV_MORPH_CLOSE, 3, !vertical);
  g_autoptr (TsImage) solid = ts_morph_line (shut, TS_CV_MORPH_OPEN, kt, !vertical);
  if (long_solid_frames) {
    /* ... but no name's letters run together as far as a card's border along its name bar
     * (TsDetectorParams.long_solid_frames): where such a run reaches the picture's edge
     * (a card run out of the picture, its outline not found) it is a frame line again. */
    g_autoptr (TsImage) band = ts_morph_line (solid, TS_CV_MORPH_OPEN,
                                              (int) lround (LONG_SOLID_FRAME * min_h), vertical);
    if (keep_edge_regions (band, vertical)) {
      TsImage *letters_only = ts_cv_subtract (solid, band);
      ts_image_free (solid);
      solid = letters_only;
    }
  }
  g_autoptr (TsImage) thin = ts_cv_subtract (straight, solid);
  g_autoptr (TsImage) part = ts_cv_subtract (bin, thin);
  g_autoptr (TsImage) letters = ts_cv_subtract (part, across);
  g_autoptr (TsImage) closed = ts_morph_line (letters, TS_CV_MORPH_CLOSE, k, vertical);
  /* Frame lines and the title bar's outline are thinner than a line of text: opening with a
   * kernel half a text line tall cuts them away from the letters they touch. */
  int ko = (int) MAX (3, lround (min_h * 0.5));
  g_autoptr (TsImage) opened = ts_morph_rect (closed, TS_CV_MORPH_OPEN, ko, ko);
  collect_lines (opened, vertical, min_h, max_h, factor, lines);
  if (!second)
    return;
  /* The second look also fills the letters across: large bold letters are hollow rings in
   * the stroke map, which the opening would otherwise break up. */
  g_autoptr (TsImage) letters2 = ts_cv_subtract (bin, across);
  int ka = (int) lround (min_h * 0.5);
  int kx = MAX (vertical ? ka : k, 1), ky = MAX (vertical ? k : ka, 1);
  g_autoptr (TsImage) closed2 = ts_morph_rect (letters2, TS_CV_MORPH_CLOSE, kx, ky);
  g_autoptr (TsImage) opened2 = ts_morph_rect (closed2, TS_CV_MORPH_OPEN, ko, ko);
  collect_lines (opened2, vertical, min_h, max_h, factor, second);
}

/* Where the point (x, y) falls on the card: u across its top edge, v down from it, both
 * 0..1 inside the card. */
static const double unit_square[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };

static void
card_coords (const TsCardCandidate *card, double x, double y, double *u, double *v)
{
  double h[9], quad[4][2];
  memcpy (quad, card->quad, sizeof quad);
  ts_cv_perspective_transform_get (quad, unit_square, h);
  double w = h[6] * x + h[7] * y + h[8];
  *u = (h[0] * x + h[1] * y + h[2]) / w;
  *v = (h[3] * x + h[4] * y + h[5]) / w;
}

/* A text line near the top of a found card, parallel to its top edge, is its name line: a
 * tighter outline than the band placed from the card's shape, and right even when the
 * outline found was the card's inner border. Returns TRUE when l was used so. */
static gboolean
refine_card_title (TsCardCandidate *card, double *best_v, const double q[4][2], double cx,
                   double cy)
{
  double u, v;
  card_coords (card, cx, cy, &u, &v);
  if (u < 0.05 || u > 0.7 || v < 0 || v > 0.16 || v >= *best_v)
    return FALSE;
  double tx = card->quad[1][0] - card->quad[0][0], ty = card->quad[1][1] - card->quad[0][1];
  double lx = q[1][0] - q[0][0], ly = q[1][1] - q[0][1];
  double cosang = (tx * lx + ty * ly) / MAX (hypot (tx, ty) * hypot (lx, ly), 1e-9);
  if (fabs (cosang) < 0.96)
    return FALSE;
  /* Take the rows of the line, across the whole width of the card: the line may be one
   * word of the name. */
  double vmin = 1, vmax = 0;
  for (int k = 0; k < 4; k++) {
    double uk, vk;
    card_coords (card, q[k][0], q[k][1], &uk, &vk);
    vmin = MIN (vmin, vk);
    vmax = MAX (vmax, vk);
  }
  /* The blob hugs the letters: a margin keeps ascenders and descenders inside the band,
   * where the reader does not take them for frame lines touching its edge. */
  double margin = 0.3 * (vmax - vmin);
  vmin = MAX (0, vmin - margin);
  vmax = vmax + margin;
  double h[9], quad[4][2];
  memcpy (quad, card->quad, sizeof quad);
  ts_cv_perspective_transform_get (unit_square, quad, h);
  const double band[4][2] = { { 0.02, vmin }, { 0.98, vmin }, { 0.98, vmax }, { 0.02, vmax } };
  for (int k = 0; k < 4; k++) {
    double w = h[6] * band[k][0] + h[7] * band[k][1] + h[8];
    card->title[k][0] = (h[0] * band[k][0] + h[1] * band[k][1] + h[2]) / w;
    card->title[k][1] = (h[3] * band[k][0] + h[4] * band[k][1] + h[5]) / w;
  }
  *best_v = v;
  return TRUE;
}

/* The text-stroke map: pixels of strong local contrast (a morphological gradient split by
 * Otsu's threshold), where letters show whether dark on light or light on dark. */
static TsImage *
text_map (const TsImage *gray)
{
  g_autoptr (TsImage) grad = ts_cv_morphology (gray, TS_CV_MORPH_GRADIENT, 3, 3, TRUE);
  double used;
  TsImage *bin = ts_cv_threshold (grad, -1, FALSE, &used);
  if (used < 20) {
    /* A flat image: Otsu's split would be noise. */
    ts_image_free (bin);
    bin = ts_cv_threshold (grad, 20, FALSE, NULL);
  }
  return bin;
}

/* The equalised title look (TsDetectorParams.equalized_titles): CLAHE's clip limit and
 * tiles across. Clip 2 read 4 more names of 977 on the synthetic sets (clip 1.5 as the only
 * look, 3 fewer). */
#define EQUALIZED_CLIP 2.0
#define EQUALIZED_TILES 8
/* ... and the share of its rectangle a line of that look must have in the plain stroke map:
 * faint letters leave pieces there (the names it found: 0.11 to 0.59), texture that only
 * equalising raised leaves almost none (a dark cloth in a dev photo, 0.00 to 0.06, one
 * such line read as "Carom"). */
#define EQUALIZED_MIN_INK 0.08

/* The found cards (the first n_cards of cards, image pixels; the first 64 of them) whose
 * outline holds the work-image point p (scale: work image over image), one bit each. */
static guint64
cards_holding (const double p[2], const GArray *cards, guint n_cards, double scale)
{
  guint64 mask = 0;
  for (guint j = 0; j < MIN (n_cards, 64u); j++) {
    const TsCardCandidate *card = &g_array_index (cards, TsCardCandidate, j);
    if (ts_rectify_quad_contains (card->quad, p[0] / scale, p[1] / scale))
      mask |= G_GUINT64_CONSTANT (1) << j;
  }
  return mask;
}

/* Joins the blobs of one text line (words, pieces cut by frame ornaments) until no pair
 * joins any more. No pair joins across a found card's edge (cards holds n_cards found cards
 * in image pixels; scale is the work image over the image): a name's words lie on one
 * card, and lines on two cards side by side run together into one that is neither (seed
 * 449: a Demonic Hordes on a graveyard at the picture's edge, its outline not found, its
 * name joined to the Guardian Angel's title beside it, was never read there). */
static void
merge_lines (GArray *lines, const GArray *cards, guint n_cards, double scale)
{
  /* Which cards each line lies on; a joined line keeps its first part's. */
  g_autofree guint64 *on = g_new (guint64, MAX (lines->len, 1));
  for (guint i = 0; i < lines->len; i++)
    on[i] = cards_holding (g_array_index (lines, Line, i).c, cards, n_cards, scale);
  gboolean merged = TRUE;
  while (merged) {
    merged = FALSE;
    for (guint i = 0; i < lines->len; i++) {
      Line *a = &g_array_index (lines, Line, i);
      if (a->dead)
        continue;
      for (guint j = 0; j < lines->len; j++) {
        Line *b = &g_array_index (lines, Line, j);
        if (j == i || b->dead || on[j] != on[i])
          continue;
        if (try_merge (a, b)) {
          b->dead = TRUE;
          merged = TRUE;
        }
      }
    }
  }
}

/* Do the titles a and b overlap: either holds the other's centre? */
static gboolean
titles_overlap (const double a[4][2], const double b[4][2])
{
  double ax, ay, bx, by;
  ts_rectify_quad_center (a, &ax, &ay);
  ts_rectify_quad_center (b, &bx, &by);
  return ts_rectify_quad_contains (a, bx, by) || ts_rectify_quad_contains (b, ax, ay);
}

/* May the second look's line c join the title lines out[from..]? Only as the whole of a
 * name the first look cut into fragments: it must overlap at least one line much shorter
 * than itself and none about as long or longer (then the first look found the line). A
 * line the first look saw nothing of is left out: such lines are mostly art and rules text
 * the first look rightly dropped. The reader then tries the whole line as well as the
 * pieces. */
static gboolean
fills_gap (const GArray *out, guint from, const TsCardCandidate *c)
{
  double len = ts_rectify_quad_edge (c->title, 0);
  gboolean extends = FALSE;
  for (guint i = from; i < out->len; i++) {
    const TsCardCandidate *o = &g_array_index (out, TsCardCandidate, i);
    if (!titles_overlap (o->title, c->title))
      continue;
    if (len < 1.3 * ts_rectify_quad_edge (o->title, 0))
      return FALSE;
    extends = TRUE;
  }
  return extends;
}

/* Would the line (title outline q, centre cx, cy) be the name line of the card if the card
 * were turned a quarter either way? The outline of a card that runs out of the image, or
 * is half hidden, can be card-shaped the wrong way round; its name line must not then be
 * dropped as rules text. */
static gboolean
title_of_turned (const TsCardCandidate *card, const double q[4][2], double cx, double cy)
{
  for (int turn = 1; turn < 4; turn += 2) {
    TsCardCandidate t = *card;
    ts_rectify_quad_turn (card->quad, turn, t.quad);
    double u, v;
    card_coords (&t, cx, cy, &u, &v);
    if (u < 0.02 || u > 0.9 || v < 0 || v > 0.2)
      continue;
    double tx = t.quad[1][0] - t.quad[0][0], ty = t.quad[1][1] - t.quad[0][1];
    double lx = q[1][0] - q[0][0], ly = q[1][1] - q[0][1];
    if (fabs (tx * lx + ty * ly) >= 0.96 * hypot (tx, ty) * hypot (lx, ly))
      return TRUE;
  }
  return FALSE;
}

/* A title line without a card outline: l (work pixels) grown by a quarter of its thickness
 * at each end and by grow_thick across, in image pixels. Vertical text is taken to read
 * downwards: a card tapped clockwise. */
static void
lone_title (const Line *l, double grow_thick, double scale, TsCardCandidate *c)
{
  memset (c, 0, sizeof *c);
  double q[4][2];
  line_corners (l, 0.25 * l->thick, grow_thick, q);
  for (int k = 0; k < 4; k++) {
    c->title[k][0] = q[k][0] / scale;
    c->title[k][1] = q[k][1] / scale;
  }
  c->has_quad = FALSE;
  c->angle_deg = ts_rectify_quad_angle (c->title);
  c->upright_known = FALSE;
  c->tapped = ts_rectify_angle_is_tapped (c->angle_deg);
}

/* Is l, a line inside card, a stripe of the card's frame rather than text: longer than
 * 25 mm yet under 2 mm thick? The inner edge of a card's black border and the outline of a
 * modern name bar 1 mm in from it run together into such a stripe in the stroke map; turned
 * some ten degrees off the image's axes it is not taken out as a frame line, and lying above
 * the name it took the card's title band off the name (synthetic modern scenes 5008 and
 * 6005: the band covered the stripe and half the bar). Of the 607 lines that placed a card's
 * title over the seven synthetic sets, the two stripes were the only ones longer than 20 mm
 * and under 2 mm thick. */
static gboolean
frame_stripe (const TsCardCandidate *card, const Line *l, double scale)
{
  double wide, high;
  ts_rectify_quad_size (card->quad, &wide, &high);
  double mm = wide / TS_CARD_W_MM;
  return l->thick / scale < 2.0 * mm && l->len / scale > 25 * mm;
}

/* Appends the lone title c of line l to out with its confidence (lower for another look's
 * line); a line of the second look only when it fills a gap (see emit_lines()). */
static void
emit_line (const Line *l, LineLook look, guint n_cards, TsCardCandidate *c, GArray *out)
{
  double aspect = l->len / l->thick;
  c->confidence = CLAMP (0.3 * l->fill + 0.05 * MIN (aspect, 8), 0, 0.9);
  /* Another look's line is a weaker guess than a line found the first way; the second
   * look's only fills a gap (it lengthens a line found in part). */
  if (look != LOOK_FIRST)
    c->confidence *= 0.8;
  if (look == LOOK_SECOND && !fills_gap (out, n_cards, c))
    return;
  g_array_append_val (out, *c);
}

/* Turns lines into title candidates appended to out, whose first n_cards are found cards.
 * A line of the first look near the top of a card refines that card's title (best_v: the
 * highest so far per card). Another look's line refines no card, and one within a card's
 * title is dropped; the second look's lines only fill gaps (one over a title already in out
 * is dropped). */
static void
emit_lines (GArray *lines, double scale, guint n_cards, double *best_v, LineLook look,
            gboolean short_solid_lines, gboolean displaced_lines, GArray *out)
{
  /* Per card, the line that refined its title (-1: none), and the lines a higher one took
   * that place from. */
  g_autofree int *refined_by = g_new (int, MAX (n_cards, 1));
  for (guint j = 0; j < n_cards; j++)
    refined_by[j] = -1;
  g_autoptr (GArray) displaced = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < lines->len; i++) {
    Line *l = &g_array_index (lines, Line, i);
    if (l->dead)
      continue;
    double aspect = l->len / l->thick;
    /* A card name is at least three letters and rarely fills less than half its box. */
    if (aspect < 2.5 || aspect > 40 || l->fill < 0.45)
      continue;
    /* The second look sees more of everything: only a long, well-filled line of it is worth
     * a read. */
    if (look == LOOK_SECOND && (aspect < 4 || l->fill < 0.55))
      continue;
    /* A line cut out of a larger blob is more often art or texture than a whole blob is:
     * only a long one is worth a read. A short name cut free of a card side or a frame
     * ornament ("Sky Skiff", "Wild Ox") comes out four to four and a half times as long as
     * it is thick; on the dev photos 4 finds one more name than 4.5 with no wrong reading
     * more. Much below it, pieces of large bold names cut apart by the opening come through
     * and read as shorter names. A short bold name ("Fear") standing alone on a card side
     * or a stack is cut free as a solid bar three times as long as it is thick; the
     * fragments and art the rule keeps out fill far less of their box (a "Negate" read
     * off a fragment on the dev photos filled 0.63). */
    gboolean solid = short_solid_lines && aspect >= 3.0 && l->fill >= 0.9;
    if (l->trimmed && aspect < 4.0 && !solid)
      continue;
    TsCardCandidate c;
    lone_title (l, 0.3 * l->thick, scale, &c);
    double cx = l->c[0] / scale, cy = l->c[1] / scale;
    gboolean inside = FALSE;
    for (guint j = 0; j < n_cards && !inside; j++) {
      TsCardCandidate *card = &g_array_index (out, TsCardCandidate, j);
      if (!ts_rectify_quad_contains (card->quad, cx, cy))
        continue;
      /* A line in the upper third of a found card that is not its title may be the title of
       * a card stacked over it (an outline found around a stack); lower down it is the
       * type line or rules text. */
      double u, v;
      card_coords (card, cx, cy, &u, &v);
      if (look != LOOK_FIRST) {
        inside = v > 0.33 || ts_rectify_quad_contains (card->title, cx, cy);
      } else if (frame_stripe (card, l, scale)) {
        inside = TRUE;
      } else if (refine_card_title (card, &best_v[j], c.title, cx, cy)) {
        if (refined_by[j] >= 0)
          g_array_append_val (displaced, refined_by[j]);
        refined_by[j] = (int) i;
        inside = TRUE;
      } else {
        inside = v > 0.33 && !title_of_turned (card, c.title, cx, cy);
      }
    }
    if (!inside)
      emit_line (l, look, n_cards, &c, out);
  }
  /* A line that was a card's name line until a higher one took its place is read alone
   * (see TsDetectorParams.displaced_lines). */
  for (guint k = 0; displaced_lines && k < displaced->len; k++) {
    const Line *l = &g_array_index (lines, Line, g_array_index (displaced, int, k));
    TsCardCandidate c;
    lone_title (l, 0.3 * l->thick, scale, &c);
    emit_line (l, LOOK_FIRST, n_cards, &c, out);
  }
}

/* Is the contour the outline of a name bar (modern frames: a light rounded bar some 55 x 4.3
 * mm around the name)? Its ring is a closed edge contour even where the card's own outline
 * is lost (a dark card on a dark table, a card stacked under another), and it holds the name
 * whole where the letters alone break apart or are too short to make a line ("Fear"). */
static gboolean
name_bar (const float *pts, guint n, double area, double min_h, double max_h, Line *out)
{
  if (n < 4 || area < 6 * min_h * min_h)
    return FALSE;
  double r[4][2];
  ts_cv_min_area_rect (pts, n, r);
  double e0 = dist (r[0], r[1]), e1 = dist (r[1], r[2]);
  double len = MAX (e0, e1), thick = MIN (e0, e1);
  if (thick < min_h || thick > max_h || len < 8 * thick || len > 16 * thick)
    return FALSE;
  /* Letters set close under the bar's edge join it in the edge map and cut into its inner
   * contour (hard scene 6002: "Mana Vault", tilted 12 degrees, fills 0.66 of its box). Down
   * to half (from 0.75): the seven synthetic sets' titles covered, hard 135 -> 142 of 225,
   * modern 185 -> 196 of 205, normal 181 -> 185, old 171 -> 173, none lost, no more
   * candidates on clutter scenes; names read 937 -> 942 of 977 (hard +2, normal +2, modern
   * +1), none wrong more; the dev photos the same 350 names at precision 1.000, 15.1 -> 15.7
   * candidates an image, the cube photo 24 -> 25 of 29. */
  double fill = area / MAX (e0 * e1, 1);
  if (fill < 0.5)
    return FALSE;
  line_from_rect (r, fill, out);
  return TRUE;
}

/* Does the title outline q run along the line l (within about 15 degrees)? */
static gboolean
along_bar (const Line *l, const double q[4][2])
{
  double dx = q[1][0] - q[0][0], dy = q[1][1] - q[0][1];
  return fabs (dx * l->dir[0] + dy * l->dir[1]) >= 0.96 * MAX (hypot (dx, dy), 1e-9);
}

/* Name bars outside the cards found (the first n_cards of out) whose name line was missed
 * or found only in part: a line found inside a bar and half as long as it or more is the
 * name, read better on its own (a bar's reading runs on into the mana cost, and its first
 * words may make another card's name: "Portent" of "Portent of Betrayal"). One candidate
 * a bar (its ring gives an outer and an inner contour). */
static void
emit_bars (const GArray *bars, double scale, guint n_cards, GArray *out)
{
  guint n_lines = out->len;
  for (guint i = 0; i < bars->len; i++) {
    const Line *l = &g_array_index (bars, Line, i);
    double cx = l->c[0] / scale, cy = l->c[1] / scale;
    double bq[4][2];
    line_corners (l, 0, 0, bq);
    for (int k = 0; k < 4; k++) {
      bq[k][0] /= scale;
      bq[k][1] /= scale;
    }
    gboolean seen = FALSE;
    for (guint j = 0; j < n_cards && !seen; j++) {
      const TsCardCandidate *card = &g_array_index (out, TsCardCandidate, j);
      /* A bar across a completed card's text lies on a card over it. */
      seen = ts_rectify_quad_contains (card->quad, cx, cy) &&
             !(card->completed && ts_rectify_crosses_text (card->quad, bq));
    }
    for (guint j = n_cards; j < out->len && !seen; j++) {
      const TsCardCandidate *o = &g_array_index (out, TsCardCandidate, j);
      double ox, oy;
      ts_rectify_quad_center (o->title, &ox, &oy);
      if (j >= n_lines)
        seen = ts_rectify_quad_contains (o->title, cx, cy);
      else
        seen = ts_rectify_quad_contains (bq, ox, oy) && along_bar (l, o->title) &&
               ts_rectify_quad_edge (o->title, 0) >= 0.5 * l->len / scale;
    }
    if (seen)
      continue;
    TsCardCandidate c;
    /* The bar is the band: grown along it only, to take in its rounded ends. */
    lone_title (l, 0, scale, &c);
    /* Below a line found in the bar: over one name the line comes first. */
    c.confidence = 0.25;
    g_array_append_val (out, c);
  }
}

/* The mean value of grey image im within line l (sampled on a grid over its rectangle; 0
 * when it lies outside). */
static double
line_mean (const TsImage *im, const Line *l)
{
  int n = 0;
  double sum = 0;
  for (int a = 0; a < 32; a++)
    for (int b = 0; b < 8; b++) {
      double u = ((a + 0.5) / 32 - 0.5) * l->len, v = ((b + 0.5) / 8 - 0.5) * l->thick;
      int x = (int) lround (l->c[0] + l->dir[0] * u - l->dir[1] * v);
      int y = (int) lround (l->c[1] + l->dir[1] * u + l->dir[0] * v);
      if (x < 0 || y < 0 || x >= im->width || y >= im->height)
        continue;
      n++;
      sum += im->data[(gsize) y * im->stride + x];
    }
  return n ? sum / n : 0;
}

/* The share of the stroke map bin (0/255) set within line l. */
static double
line_ink (const TsImage *bin, const Line *l)
{
  return line_mean (bin, l) / 255;
}

/* The mean grey of image im, sampled every 4th pixel of every 4th row. */
static double
image_mean (const TsImage *im)
{
  double sum = 0;
  int n = 0;
  for (int y = 0; y < im->height; y += 4)
    for (int x = 0; x < im->width; x += 4, n++)
      sum += im->data[(gsize) y * im->stride + x];
  return n ? sum / n : 0;
}

/* Does another look's line c (the coarse or the equalised look's) add to the fine look's
 * lines: it holds no fine line's centre of about its own length (then the fine look found it
 * whole already)? */
static gboolean
line_adds (const GArray *fine, const Line *c)
{
  double cq[4][2];
  line_corners (c, 0, 0.2 * c->thick, cq);
  for (guint i = 0; i < fine->len; i++) {
    const Line *f = &g_array_index (fine, Line, i);
    if (f->dead || f->len < 0.7 * c->len)
      continue;
    double fq[4][2];
    line_corners (f, 0, 0, fq);
    if (ts_rectify_quad_contains (cq, f->c[0], f->c[1]) ||
        ts_rectify_quad_contains (fq, c->c[0], c->c[1]))
      return FALSE;
  }
  return TRUE;
}

/* The lone title line among out[from..] (not yet taken) that is the name line of card,
 * turned as it is or half a turn: refines card's title, turns it so that line is on top,
 * and returns the line's index; -1 when there is none. */
static int
half_title (TsCardCandidate *card, const GArray *out, guint from, const gboolean *taken)
{
  for (int turn = 0; turn < 4; turn += 2) {
    TsCardCandidate t = *card;
    ts_rectify_quad_turn (card->quad, turn, t.quad);
    for (guint i = from; i < out->len; i++) {
      const TsCardCandidate *l = &g_array_index (out, TsCardCandidate, i);
      if (taken[i - from] || l->has_quad)
        continue;
      double cx, cy, best_v = 1;
      ts_rectify_quad_center (l->title, &cx, &cy);
      if (!ts_rectify_quad_contains (t.quad, cx, cy) ||
          !refine_card_title (&t, &best_v, l->title, cx, cy))
        continue;
      /* A name begins at the card's left edge (what begins further in is the mana cost on
       * the name line of one card whose lower part alone was found). */
      double u_min = 1;
      for (int k = 0; k < 4; k++) {
        double u, v;
        card_coords (&t, l->title[k][0], l->title[k][1], &u, &v);
        u_min = MIN (u_min, u);
      }
      if (u_min > 0.2)
        continue;
      t.angle_deg = ts_rectify_quad_angle (t.quad);
      t.tapped = ts_rectify_angle_is_tapped (t.angle_deg);
      *card = t;
      return (int) i;
    }
  }
  return -1;
}

/* Two upright cards side by side (lands in a row) make one outline around both, shaped like
 * a card a quarter turn round. When that outline's own name line was not found (best_v
 * still 1) and each half of it holds a lone title line across its top, the outline is the
 * two cards: each half becomes a card with that line as its name line, and the lines (and
 * any other pieces of them) are no longer lone titles. A tapped card's own lines run along
 * its short side, never so. Works on out (the first *n_cards found cards, then lone lines)
 * in place. */
static void
split_pairs (GArray *out, guint *n_cards, const double *best_v)
{
  guint n = *n_cards, n_lines = out->len - n;
  g_autofree gboolean *taken = g_new0 (gboolean, MAX (n_lines, 1));
  g_autoptr (GArray) halves = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  for (guint j = 0; j < n; j++) {
    TsCardCandidate *card = &g_array_index (out, TsCardCandidate, j);
    if (!card->has_quad || best_v[j] < 1)
      continue;
    /* Each card a card's width from its end: the two may overlap a little. */
    const double (*cq)[2] = card->quad;
    double wid, len;
    ts_rectify_quad_size (cq, &wid, &len);
    double f = CLAMP (wid * (TS_CARD_W_MM / TS_CARD_H_MM) / MAX (len, 1), 0.5, 0.6);
    const double from[2] = { 0, 1 - f }, to[2] = { f, 1 };
    TsCardCandidate half[2];
    int line[2] = { -1, -1 };
    for (int k = 0; k < 2; k++) {
      double q[4][2];
      quad_point (card->quad, from[k], 0, q[0]);
      quad_point (card->quad, from[k], 1, q[1]);
      quad_point (card->quad, to[k], 1, q[2]);
      quad_point (card->quad, to[k], 0, q[3]);
      card_candidate (q, 1, 2 * card->confidence - 1, &half[k]);
      line[k] = half_title (&half[k], out, n, taken);
      if (line[k] < 0)
        break;
      taken[line[k] - n] = TRUE;
    }
    /* Two cards of a size have name lines of a size. */
    gboolean pair = line[0] >= 0 && line[1] >= 0;
    if (pair) {
      double h0 = ts_rectify_quad_edge (half[0].title, 1);
      double h1 = ts_rectify_quad_edge (half[1].title, 1);
      pair = MAX (h0, h1) <= 1.5 * MIN (h0, h1);
    }
    if (!pair) {
      for (int k = 0; k < 2; k++)
        if (line[k] >= 0)
          taken[line[k] - n] = FALSE;
      continue;
    }
    /* Other pieces of the two name lines go with them. */
    for (guint i = n; i < out->len; i++) {
      const TsCardCandidate *l = &g_array_index (out, TsCardCandidate, i);
      double cx, cy;
      ts_rectify_quad_center (l->title, &cx, &cy);
      if (!l->has_quad && (ts_rectify_quad_contains (half[0].title, cx, cy) ||
                           ts_rectify_quad_contains (half[1].title, cx, cy)))
        taken[i - n] = TRUE;
    }
    *card = half[0];
    g_array_append_val (halves, half[1]);
  }
  if (halves->len == 0)
    return;
  for (guint i = out->len; i-- > n;)
    if (taken[i - n])
      g_array_remove_index (out, i);
  g_array_insert_vals (out, n, halves->data, halves->len);
  *n_cards = n + halves->len;
}

/* size_scale: the work scale asked for (before snapping to a whole factor), which sizes the
 * smallest line looked for. */
static void
find_titles (TsDetector *det, const TsImage *gray, double scale, double size_scale,
             guint *n_cards_io, GArray *out)
{
  const TsDetectorParams *p = &det->params;
  double min_h = MAX (5, p->min_title_height * MAX (scale, size_scale));
  double max_h = p->max_title_height * MIN (gray->width, gray->height);
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (Line));
  g_autoptr (GArray) whole = g_array_new (FALSE, FALSE, sizeof (Line));
  gint64 t = ts_cputime_now_us ();
  g_autoptr (TsImage) bin = text_map (gray);
  det->timing.ms_text_map = ms_since (&t);
  /* Words of large titles come out as separate blobs: the merge below joins them. The
   * second look's lines only add names the first look missed or cut short. */
  GArray *second = p->second_look ? whole : NULL;
  find_lines (bin, FALSE, min_h, max_h, 1, p->long_frame_lines, p->long_solid_frames, lines,
              second);
  find_lines (bin, TRUE, min_h, max_h, 1, p->long_frame_lines, p->long_solid_frames, lines,
              second);
  /* Large titles, out of focus ones most, are wide soft ramps in the fine stroke map whose
   * letters break apart; at half size they are crisp strokes again. */
  g_autoptr (GArray) coarse = g_array_new (FALSE, FALSE, sizeof (Line));
  if (p->coarse_titles && gray->width >= 8 * min_h && gray->height >= 8 * min_h) {
    g_autoptr (TsImage) half = ts_cv_resize (gray, gray->width / 2, gray->height / 2);
    g_autoptr (TsImage) half_bin = text_map (half);
    find_lines (half_bin, FALSE, min_h, max_h / 2, 2, FALSE, p->long_solid_frames, coarse, NULL);
    find_lines (half_bin, TRUE, min_h, max_h / 2, 2, FALSE, p->long_solid_frames, coarse, NULL);
  }
  det->timing.ms_lines = ms_since (&t);

  merge_lines (lines, out, *n_cards_io, scale);
  merge_lines (whole, out, *n_cards_io, scale);
  merge_lines (coarse, out, *n_cards_io, scale);
  /* Lines of the coarse look that the fine one found too are dropped, and so are its thin
   * ones: the fine look finds those whole (the coarse look's extra candidates there are
   * mostly art). */
  for (guint i = 0; i < coarse->len; i++) {
    Line *c = &g_array_index (coarse, Line, i);
    if (!c->dead && (c->thick < 2 * min_h || !line_adds (lines, c)))
      c->dead = TRUE;
  }
  g_array_append_vals (lines, coarse->data, coarse->len);
  double ms_grouping = ms_since (&t);
  g_autoptr (GArray) extra = g_array_new (FALSE, FALSE, sizeof (Line));
  if (p->equalized_titles) {
    /* Light letters on a mid-toned band in a dim corner (an old frame's red or green band
     * under poor light) stay below the split that the whole picture's strong edges set;
     * contrast equalised tile by tile, they clear it. Only lines no other look found are
     * kept, and none takes a card's title over (emit_lines): equalising also raises
     * texture, which joins some names the plain look finds whole into other blobs. Nor are
     * lines kept in parts brighter than the picture as a whole: there the plain look's
     * split is no bar, and what equalising raises is rules text and art (dev photos: 227
     * of 2,133 candidates, no name among them; the names the look found lie at 0.47 to
     * 0.75 of the picture's mean grey). */
    g_autoptr (TsImage) equal = ts_cv_equalize (gray, EQUALIZED_CLIP, EQUALIZED_TILES);
    g_autoptr (TsImage) equal_bin = text_map (equal);
    find_lines (equal_bin, FALSE, min_h, max_h, 1, p->long_frame_lines, p->long_solid_frames,
                extra, NULL);
    find_lines (equal_bin, TRUE, min_h, max_h, 1, p->long_frame_lines, p->long_solid_frames,
                extra, NULL);
    merge_lines (extra, out, *n_cards_io, scale);
    double mean = image_mean (gray);
    for (guint i = 0; i < extra->len; i++) {
      Line *c = &g_array_index (extra, Line, i);
      if (!c->dead && (!line_adds (lines, c) || line_ink (bin, c) < EQUALIZED_MIN_INK ||
                       line_mean (gray, c) >= mean))
        c->dead = TRUE;
    }
    det->timing.ms_equalized = ms_since (&t);
  }
  guint n_cards = *n_cards_io;
  g_autofree double *best_v = g_new (double, MAX (n_cards, 1));
  for (guint j = 0; j < n_cards; j++)
    best_v[j] = 1;
  emit_lines (lines, scale, n_cards, best_v, LOOK_FIRST, p->short_solid_lines,
              p->displaced_lines, out);
  emit_lines (whole, scale, n_cards, best_v, LOOK_SECOND, p->short_solid_lines,
              p->displaced_lines, out);
  emit_lines (extra, scale, n_cards, best_v, LOOK_EQUALIZED, p->short_solid_lines,
              p->displaced_lines, out);
  if (p->split_pairs)
    split_pairs (out, n_cards_io, best_v);
  det->timing.ms_group = ms_grouping + ms_since (&t);
}

/* The factor the image is shrunk by before searching; asked_out receives the factor the
 * work size asked for. */
static double
work_scale (int longest, int work_size, double *asked_out)
{
  double scale = MIN (1.0, (double) work_size / MAX (longest, 1));
  *asked_out = scale;
  /* Shrinking by less than a fifth saves little time and costs the smallest titles the
   * detail that joins their letters into a line (a 1280 px frame is searched whole). */
  if (scale >= 0.8)
    return 1.0;
  /* Area averaging by a whole factor takes a fast path (a 1920 px frame to 960 px costs a
   * fifth of shrinking it to 1024 px); a few percent less detail is worth it. */
  double n = round (1 / scale);
  if (fabs (1 / n - scale) <= 0.08 * scale)
    scale = 1 / n;
  return scale;
}

static int
by_confidence (gconstpointer a, gconstpointer b)
{
  double ca = ((const TsCardCandidate *) a)->confidence;
  double cb = ((const TsCardCandidate *) b)->confidence;
  return ca < cb ? 1 : ca > cb ? -1 : 0;
}

guint
ts_detector_detect (TsDetector *detector, const TsImage *image, GArray *out, double *ms_out)
{
  g_return_val_if_fail (detector != NULL && image != NULL && out != NULL, 0);
  gint64 t0 = g_get_monotonic_time (), t = ts_cputime_now_us (), c0 = t;
  const TsDetectorParams *p = &detector->params;
  memset (&detector->timing, 0, sizeof detector->timing);
  double asked;
  double scale = work_scale (MAX (image->width, image->height), p->work_size, &asked);
  int w = MAX (1, (int) lround (image->width * scale));
  int h = MAX (1, (int) lround (image->height * scale));
  g_autoptr (TsImage) gray = ts_cv_convert_channels (image, 1);
  if (scale < 1) {
    TsImage *small = ts_cv_resize (gray, w, h);
    ts_image_free (gray);
    gray = small;
  }
  scale = (double) gray->width / image->width;
  detector->timing.ms_prepare = ms_since (&t);
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  g_autoptr (GArray) bars = g_array_new (FALSE, FALSE, sizeof (Line));
  find_cards (detector, gray, scale, found, p->find_titles && p->name_bars ? bars : NULL);
  detector->timing.ms_cards = ms_since (&t);
  guint n_cards = found->len;
  if (p->find_titles) {
    find_titles (detector, gray, scale, asked, &n_cards, found);
    emit_bars (bars, scale, n_cards, found);
  }
  /* Whole cards first (they carry the most information), then title lines by score. */
  if (found->len > n_cards)
    qsort (&g_array_index (found, TsCardCandidate, n_cards), found->len - n_cards,
           sizeof (TsCardCandidate), by_confidence);
  guint n = MIN (found->len, (guint) MAX (p->max_candidates, 0));
  g_array_append_vals (out, found->data, n);
  detector->timing.ms_total = (ts_cputime_now_us () - c0) / 1000.0;
  if (ms_out)
    *ms_out = (g_get_monotonic_time () - t0) / 1000.0;
  return n;
}

/* recognize.c — detect, read every candidate, merge duplicates: the still-photo path. */
#include "recognize.h"
#include "rectify.h"

#include <math.h>
#include <string.h>

static void
recognized_free (gpointer data)
{
  TsRecognizedCard *r = data;
  g_free (r->text);
  g_free (r);
}

/* How tall a reading's title is (image pixels, across the line). */
static double
title_height (const TsRecognizedCard *r)
{
  return ts_rectify_quad_edge (r->title, 1);
}

/* A lone line over 1.5 times as tall as another reading's title: a band the half-size look
 * ran over the titles of stacked cards. */
static gboolean
is_band_over (const TsRecognizedCard *a, const TsRecognizedCard *b)
{
  return !a->has_quad && title_height (a) > 1.5 * title_height (b);
}

/* How far (pixels) the point (x, y) lies across the axis of title t from its centre. */
static double
across_title (const double t[4][2], double x, double y)
{
  double cx, cy;
  ts_rectify_quad_center (t, &cx, &cy);
  double dx = t[1][0] - t[0][0], dy = t[1][1] - t[0][1], n = MAX (hypot (dx, dy), 1e-9);
  return fabs (((x - cx) * -dy + (y - cy) * dx) / n);
}

/* The middle line of quad q: from the middle of its left end (*ax, *ay) to the middle of
 * its right end (*bx, *by). */
static void
middle_line (const double q[4][2], double *ax, double *ay, double *bx, double *by)
{
  *ax = (q[0][0] + q[3][0]) / 2, *ay = (q[0][1] + q[3][1]) / 2;
  *bx = (q[1][0] + q[2][0]) / 2, *by = (q[1][1] + q[2][1]) / 2;
}

/* Where the point (x, y) lies against the middle line of title t (the segment from the middle
 * of its left end to the middle of its right end): *along, pixels from the left end along the
 * line; *off, pixels away from it across. Returns the line's length (0: no line). */
static double
line_coords (const double t[4][2], double x, double y, double *along, double *off)
{
  double ax, ay, bx, by;
  middle_line (t, &ax, &ay, &bx, &by);
  double len = hypot (bx - ax, by - ay);
  if (len < 1e-9)
    return 0;
  double ux = (bx - ax) / len, uy = (by - ay) / len, dx = x - ax, dy = y - ay;
  *along = dx * ux + dy * uy;
  *off = fabs (-dx * uy + dy * ux);
  return len;
}

/* How far (pixels) the point (x, y) lies across the middle line of title t when it lies
 * beside that line; G_MAXDOUBLE when it lies beyond either end. */
static double
beside_title_line (const double t[4][2], double x, double y)
{
  double s, off;
  double len = line_coords (t, x, y, &s, &off);
  return len > 0 && s >= 0 && s <= len ? off : G_MAXDOUBLE;
}

/* Both readings come from whole card outlines and one outline leaves out the other's title:
 * two cards (two of one name side by side, or stacked with the back card's title showing
 * past the front card), however close their titles. */
static gboolean
apart_outlines (const TsRecognizedCard *a, const TsRecognizedCard *b)
{
  if (!a->has_quad || !b->has_quad)
    return FALSE;
  double ax, ay, bx, by;
  ts_rectify_quad_center (a->title, &ax, &ay);
  ts_rectify_quad_center (b->title, &bx, &by);
  return !ts_rectify_quad_contains (a->quad, bx, by) ||
         !ts_rectify_quad_contains (b->quad, ax, ay);
}

/* Two readings of one card: the same name with overlapping titles, or titles closer than
 * one and a half titles' height and not one over the other across their line, unless they
 * come from two whole card outlines apart. A band over stacked titles (band, over the tight
 * title tight) reaches over the titles of the cards above and below: it is the same card as
 * tight only when tight holds its centre, or it holds tight's centre on its middle row, or
 * its centre lies closer than one and a half of tight's height to tight's centre or, beside
 * tight, to tight's middle line: a band around the name alone sits at the left of a title
 * placed across the whole name line (the mana cost's room), well off that title's centre
 * (hard scene 9000: "Bad Moon" twice, a band below a name bar's line). */
static gboolean
same_card (const TsRecognizedCard *a, const TsRecognizedCard *b)
{
  if (g_strcmp0 (a->name, b->name) != 0 || apart_outlines (a, b))
    return FALSE;
  double ax, ay, bx, by;
  ts_rectify_quad_center (a->title, &ax, &ay);
  ts_rectify_quad_center (b->title, &bx, &by);
  double d = hypot (ax - bx, ay - by);
  if (is_band_over (a, b) || is_band_over (b, a)) {
    const TsRecognizedCard *band = is_band_over (a, b) ? a : b, *tight = band == a ? b : a;
    double tx = band == a ? bx : ax, ty = band == a ? by : ay;
    double nx = band == a ? ax : bx, ny = band == a ? ay : by;
    return MIN (d, beside_title_line (tight->title, nx, ny)) < 1.5 * title_height (tight) ||
           ts_rectify_quad_contains (tight->title, nx, ny) ||
           (ts_rectify_quad_contains (band->title, tx, ty) &&
            across_title (band->title, tx, ty) < 0.25 * title_height (band));
  }
  double h = MAX (title_height (a), title_height (b));
  if (ts_rectify_quad_contains (a->title, bx, by) || ts_rectify_quad_contains (b->title, ax, ay))
    return TRUE;
  /* Two readings of one title lie one beside the other along their line (a short name's
   * line and its whole name line); stacked cards' titles lie one over the other, a title
   * bar apart (hard scene 2000: two "Prodigal Sorcerer" lines, each twice its text's
   * height, half over each other; normal scene 4000: three "Deathlace", the middle one's
   * line under the front card's band, twice its name's height). */
  if (across_title (a->title, bx, by) >= 0.75 * h)
    return FALSE;
  return d < 1.5 * h;
}

/* A lone line turned across a title already named and lying within it (a fifth of that
 * title's height to spare around it): a letter's stroke the detector took for a line, which
 * can only read as a piece of that name. A line along a title found alone is read: a band
 * over stacked cards holds the tight titles of other cards. */
static gboolean
across_named_title (const TsCardCandidate *c, const double named[4][2])
{
  double along, across, s, off;
  ts_rectify_quad_size (named, &along, &across);
  double margin = 0.2 * across;
  for (int k = 0; k < 4; k++) {
    double len = line_coords (named, c->title[k][0], c->title[k][1], &s, &off);
    if (len == 0 || s < -margin || s > len + margin || off > across / 2 + margin)
      return FALSE;
  }
  /* Its own middle line, measured along the title's. */
  double ax, ay, bx, by, sa, sb;
  middle_line (c->title, &ax, &ay, &bx, &by);
  line_coords (named, ax, ay, &sa, &off);
  line_coords (named, bx, by, &sb, &off);
  return fabs (sb - sa) < M_SQRT1_2 * MAX (hypot (bx - ax, by - ay), 1e-9);
}

gboolean
ts_recognize_is_part_of (const TsCardCandidate *c, const TsRecognizedCard *r)
{
  g_return_val_if_fail (c && r, FALSE);
  if (c->has_quad)
    return FALSE;
  if (across_named_title (c, r->title))
    return TRUE;
  if (!r->has_quad || (r->completed && ts_rectify_crosses_text (r->quad, c->title)))
    return FALSE;
  for (int k = 0; k < 4; k++)
    if (!ts_rectify_quad_contains (r->quad, c->title[k][0], c->title[k][1]))
      return FALSE;
  return TRUE;
}

/* A reading and the detector's rank of the candidate it came from. */
typedef struct {
  TsRecognizedCard *r;
  guint rank;
} Entry;

/* Readings by title height, the tightest first: a tight title is placed before any band
 * that runs over it, so a band is measured against the tight titles around it. Ties keep
 * the detector's order. */
static int
by_height (gconstpointer pa, gconstpointer pb)
{
  const Entry *a = pa, *b = pb;
  double ha = title_height (a->r), hb = title_height (b->r);
  if (ha != hb)
    return ha < hb ? -1 : 1;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

static int
by_rank (gconstpointer pa, gconstpointer pb)
{
  const Entry *a = pa, *b = pb;
  return a->rank < b->rank ? -1 : a->rank > b->rank;
}

GPtrArray *
ts_recognize_image (TsDetector *detector, TsReader *reader, const TsImage *image,
                    TsRecognizeStats *stats)
{
  g_return_val_if_fail (detector && reader && image, NULL);
  GPtrArray *result = g_ptr_array_new_with_free_func (recognized_free);
  TsRecognizeStats st = { 0 };
  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  g_autoptr (GArray) read = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_autoptr (GArray) kept = g_array_new (FALSE, FALSE, sizeof (Entry));
  ts_detector_detect (detector, image, cands, &st.ms_detect);

  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    gboolean part = FALSE;
    for (guint j = 0; j < read->len && !part; j++)
      part = ts_recognize_is_part_of (c, g_array_index (read, Entry, j).r);
    if (part) {
      st.n_skipped++;
      continue;
    }
    TsReading rd;
    gboolean ok = ts_reader_read (reader, image, c, &rd);
    st.n_candidates++;
    st.ms_rectify += rd.ms_rectify;
    st.ms_ocr += rd.ms_ocr;
    st.ms_match += rd.ms_match;
    if (!ok) {
      ts_reading_clear (&rd);
      continue;
    }
    TsRecognizedCard *r = g_new0 (TsRecognizedCard, 1);
    r->name = rd.name;
    r->card = rd.card;
    r->score = rd.score;
    r->tapped = rd.tapped;
    r->angle_deg = rd.angle_deg;
    r->has_quad = c->has_quad;
    r->completed = c->completed;
    memcpy (r->title, rd.title, sizeof r->title);
    /* The reading settled which end is the top, and whether the outline was the card's. */
    if (c->has_quad)
      memcpy (r->quad, rd.quad, sizeof r->quad);
    r->text = g_steal_pointer (&rd.text);
    ts_reading_clear (&rd);
    Entry e = { r, i };
    g_array_append_val (read, e);
  }

  /* Duplicates merged, the tightest titles first; the cards are then reported in the
   * detector's order (whole cards first). */
  g_array_sort (read, by_height);
  for (guint i = 0; i < read->len; i++) {
    Entry *e = &g_array_index (read, Entry, i);
    TsRecognizedCard *r = e->r;
    gboolean dup = FALSE;
    for (guint j = 0; j < kept->len && !dup; j++) {
      Entry *k = &g_array_index (kept, Entry, j);
      TsRecognizedCard *o = k->r;
      if (!same_card (o, r))
        continue;
      dup = TRUE;
      /* Keep the better reading, and the outline whichever had one; but a band over stacked
       * cards' titles (three "Crystal Rod" cards, each title read right) is never kept
       * over a tight title: the tight title is the card's. */
      if (is_band_over (o, r) ||
          (!is_band_over (r, o) && (r->score > o->score || (r->has_quad && !o->has_quad)))) {
        if (!r->has_quad && o->has_quad) {
          r->has_quad = TRUE;
          memcpy (r->quad, o->quad, sizeof r->quad);
        }
        recognized_free (o);
        k->r = r;
        k->rank = MIN (k->rank, e->rank);
        r = NULL;
      }
    }
    if (!dup)
      g_array_append_val (kept, *e);
    else if (r)
      recognized_free (r);
  }
  g_array_sort (kept, by_rank);
  for (guint i = 0; i < kept->len; i++)
    g_ptr_array_add (result, g_array_index (kept, Entry, i).r);
  if (stats)
    *stats = st;
  return result;
}

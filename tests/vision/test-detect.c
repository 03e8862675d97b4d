/* test-detect.c — card geometry (rectify) and the detector on drawn shapes: card outlines at
 * any angle and under perspective, title-like text lines upright and tapped, and shapes that
 * are not cards. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cv.h"
#include "detect.h"
#include "rectify.h"
#include "cards.h"
#include "synth.h"

#include <math.h>
#include <string.h>

static double
angle_diff (double a, double b)
{
  return fabs (remainder (a - b, 360));
}

/* A card (quad, own top-left first, clockwise) filled light with a dark title text line,
 * drawn on a dark table. */
static void
draw_card (TsImage *img, const double quad[4][2], const char *title)
{
  /* Fill by warping a flat light card face into place. */
  int fw = 315, fh = 440;
  g_autoptr (TsImage) face = ts_image_new (fw, fh, 3);
  memset (face->data, 225, (gsize) face->stride * fh);
  if (title)
    ts_cv_draw_text (face, title, 24, 42, 1.0, 20, 20, 20);
  const double src[4][2] = { { 0, 0 }, { fw, 0 }, { fw, fh }, { 0, fh } };
  double h[9];
  ts_cv_perspective_transform_get (src, quad, h);
  ts_cv_warp_perspective (face, img, h);
}

static TsImage *
dark_table (int w, int h)
{
  TsImage *img = ts_image_new (w, h, 3);
  memset (img->data, 40, (gsize) img->stride * h);
  return img;
}

/* A card of height hpx centred at (cx, cy), turned angle degrees clockwise. */
static void
card_quad (double cx, double cy, double hpx, double angle, double out[4][2])
{
  double w = hpx * TS_CARD_W_MM / TS_CARD_H_MM, hh = hpx;
  const double local[4][2] = { { -w / 2, -hh / 2 }, { w / 2, -hh / 2 }, { w / 2, hh / 2 },
                               { -w / 2, hh / 2 } };
  double a = angle * G_PI / 180;
  for (int i = 0; i < 4; i++) {
    out[i][0] = cx + local[i][0] * cos (a) - local[i][1] * sin (a);
    out[i][1] = cy + local[i][0] * sin (a) + local[i][1] * cos (a);
  }
}

/* The candidates of img under params p (NULL: the defaults). */
static GArray *
detect_with (const TsImage *img, const TsDetectorParams *p)
{
  g_autoptr (TsDetector) det = ts_detector_new (p);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  ts_detector_detect (det, img, out, NULL);
  return out;
}

static GArray *
detect (const TsImage *img)
{
  return detect_with (img, NULL);
}

/* With the still-photo tuning (name bars, cards the border cuts). */
static GArray *
detect_photo (const TsImage *img)
{
  TsDetectorParams photo;
  ts_detector_params_init_photo (&photo);
  return detect_with (img, &photo);
}

/* With the second look for lines cut into fragments. */
static GArray *
detect_twice (const TsImage *img)
{
  TsDetectorParams p;
  ts_detector_params_init (&p);
  p.second_look = TRUE;
  return detect_with (img, &p);
}

static const TsCardCandidate *
first_card (GArray *cands)
{
  for (guint i = 0; i < cands->len; i++)
    if (g_array_index (cands, TsCardCandidate, i).has_quad)
      return &g_array_index (cands, TsCardCandidate, i);
  return NULL;
}

static void
test_rectify_angle__of_upright_and_turned_quads (void **state)
{
  for (int a = 0; a < 360; a += 30) {
    double q[4][2];
    card_quad (100, 100, 80, a, q);
    assert_true (angle_diff (ts_rectify_quad_angle (q), a) < 1e-6);
    assert_int_equal (ts_rectify_angle_is_tapped (a), (a > 45 && a < 135) || (a > 225 && a < 315));
  }
}

static void
test_rectify_title__lies_inside_the_card_near_its_top (void **state)
{
  double q[4][2], t[4][2];
  card_quad (200, 200, 176, 90, q);
  ts_rectify_title_from_card (q, t);
  double cx, cy;
  ts_rectify_quad_center (t, &cx, &cy);
  assert_true (ts_rectify_quad_contains (q, cx, cy));
  /* Turned a quarter clockwise, the card's top is on the right. */
  assert_true (cx > 200 + 176 * 0.35);
  assert_true (angle_diff (ts_rectify_quad_angle (t), 90) < 1e-6);
}

static void
test_rectify_clockwise__reorders_counter_clockwise_quads (void **state)
{
  double q[4][2] = { { 0, 0 }, { 0, 10 }, { 10, 10 }, { 10, 0 } };
  ts_rectify_quad_clockwise (q);
  assert_true (q[1][0] == 10 && q[1][1] == 0);
  assert_true (ts_rectify_quad_contains (q, 5, 5));
  assert_false (ts_rectify_quad_contains (q, 15, 5));
}

static void
test_detect_card__upright_outline_and_corners (void **state)
{
  g_autoptr (TsImage) img = dark_table (640, 480);
  double q[4][2];
  card_quad (320, 240, 300, 0, q);
  draw_card (img, q, NULL);
  g_autoptr (GArray) cands = detect (img);
  const TsCardCandidate *c = first_card (cands);
  assert_non_null (c);
  assert_false (c->tapped);
  /* Up or down can't be told from a blank card; the corners match one of the two. */
  int turn = angle_diff (c->angle_deg, 0) < 90 ? 0 : 2;
  double e[4][2];
  ts_rectify_quad_turn (q, turn, e);
  for (int i = 0; i < 4; i++)
    assert_true (hypot (c->quad[i][0] - e[i][0], c->quad[i][1] - e[i][1]) < 4);
}

static void
test_detect_card__tapped_and_any_angle (void **state)
{
  const double angles[] = { 90, 270, 30, 200, 120 };
  for (guint k = 0; k < G_N_ELEMENTS (angles); k++) {
    g_autoptr (TsImage) img = dark_table (800, 600);
    double q[4][2];
    card_quad (400, 300, 260, angles[k], q);
    draw_card (img, q, NULL);
    g_autoptr (GArray) cands = detect (img);
    const TsCardCandidate *c = first_card (cands);
    assert_non_null (c);
    assert_int_equal (c->tapped, ts_rectify_angle_is_tapped (angles[k]));
    /* The angle is right up to a half turn (which end is the top needs the title). */
    double d = angle_diff (c->angle_deg, angles[k]);
    assert_true (d < 3 || fabs (d - 180) < 3);
  }
}

static void
test_detect_card__under_perspective (void **state)
{
  g_autoptr (TsImage) img = dark_table (800, 600);
  /* The far side narrower, as from a tilted camera. */
  double q[4][2] = { { 330, 140 }, { 490, 140 }, { 510, 400 }, { 310, 400 } };
  draw_card (img, q, NULL);
  g_autoptr (GArray) cands = detect (img);
  const TsCardCandidate *c = first_card (cands);
  assert_non_null (c);
  double cx, cy;
  ts_rectify_quad_center (c->quad, &cx, &cy);
  assert_true (fabs (cx - 410) < 5 && fabs (cy - 270) < 5);
}

/* The found cards (has_quad) of cands. */
static guint
count_cards (GArray *cands)
{
  guint n = 0;
  for (guint i = 0; i < cands->len; i++)
    n += g_array_index (cands, TsCardCandidate, i).has_quad;
  return n;
}

/* The candidate whose card outline is within tol pixels of quad at every corner, either way
 * up, or NULL. */
static const TsCardCandidate *
card_found (GArray *cands, const double quad[4][2], double tol)
{
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    if (!c->has_quad)
      continue;
    for (int turn = 0; turn < 4; turn += 2) {
      double t[4][2], worst = 0;
      ts_rectify_quad_turn (c->quad, turn, t);
      for (int k = 0; k < 4; k++)
        worst = MAX (worst, hypot (t[k][0] - quad[k][0], t[k][1] - quad[k][1]));
      if (worst <= tol)
        return c;
    }
  }
  return NULL;
}

static void
test_detect_card__a_square_is_not_a_card (void **state)
{
  g_autoptr (TsImage) img = dark_table (640, 480);
  double q[4][2] = { { 200, 100 }, { 440, 100 }, { 440, 340 }, { 200, 340 } };
  draw_card (img, q, NULL);
  g_autoptr (GArray) cands = detect (img);
  assert_null (first_card (cands));
  /* Nor is it a card from three of its sides, the fourth closing it short of a card's
   * length (the photo tuning completes cards joined to others, as long as the cards found
   * whole: here a card as wide as the square). */
  g_autoptr (TsImage) two = dark_table (1000, 700);
  double sq[4][2] = { { 150, 200 }, { 390, 200 }, { 390, 440 }, { 150, 440 } }, card[4][2];
  card_quad (700, 350, 240 * TS_CARD_H_MM / TS_CARD_W_MM, 0, card);
  draw_card (two, sq, NULL);
  draw_card (two, card, "Island");
  g_autoptr (GArray) photo = detect_photo (two);
  assert_int_equal (count_cards (photo), 1);
  assert_non_null (card_found (photo, card, 8));
}

/* In a photo, a card the image's border cuts is found whole: its outline runs on out of the
 * image, a card's length, or to the corner its other three give. Upright and tapped, at
 * each border. */
static void
test_detect_card__cut_by_the_image_border (void **state)
{
  const struct { double cx, cy, angle; } at[] = {
    { 571, 240, 0 },    /* a tenth of its width off the right */
    { 29, 240, 3 },     /* a third of its width off the left */
    { 320, 440, 90 },   /* tapped, a quarter of its width off the bottom */
    { 320, 40, 0 },     /* a third of its length off the top */
    { 575, 240, 20 },   /* turned: one corner off the right */
    { 320, 400, 105 },  /* tapped and turned: one corner off the bottom */
  };
  for (guint k = 0; k < G_N_ELEMENTS (at); k++) {
    g_autoptr (TsImage) img = dark_table (640, 480);
    double q[4][2];
    card_quad (at[k].cx, at[k].cy, 240, at[k].angle, q);
    draw_card (img, q, NULL);
    g_autoptr (GArray) cands = detect_photo (img);
    const TsCardCandidate *c = card_found (cands, q, 6);
    assert_non_null (c);
    assert_int_equal (c->tapped, ts_rectify_angle_is_tapped (at[k].angle));
    /* The live table's defaults leave it (see cut_cards). */
    g_autoptr (GArray) live = detect (img);
    assert_null (card_found (live, q, 6));
  }
}

/* Too little of a card inside the image to tell its length: not completed. */
static void
test_detect_card__mostly_outside_the_image_is_not_guessed (void **state)
{
  g_autoptr (TsImage) img = dark_table (640, 480);
  double q[4][2];
  card_quad (-40, 240, 240, 0, q);  /* a quarter of its width shows */
  draw_card (img, q, NULL);
  g_autoptr (GArray) cands = detect_photo (img);
  assert_null (first_card (cands));
}

static void
test_detect__blank_image_gives_nothing (void **state)
{
  g_autoptr (TsImage) img = dark_table (640, 480);
  g_autoptr (GArray) cands = detect (img);
  assert_int_equal (cands->len, 0);
}

/* A title-like line on a light band, no card outline (as in a fanned hand). */
static TsImage *
draw_title_band (void)
{
  TsImage *img = dark_table (800, 600);
  for (int y = 260; y < 320; y++)
    memset (img->data + (gsize) y * img->stride + 150 * 3, 215, 500 * 3);
  ts_cv_draw_text (img, "Serra Angel Lives", 180, 304, 1.4, 15, 15, 15);
  /* A camera never sees edges this sharp. */
  ts_cv_gaussian_blur (img, 1.5);
  return img;
}

static void
test_detect_title__line_without_card_outline (void **state)
{
  g_autoptr (TsImage) img = draw_title_band ();
  g_autoptr (GArray) cands = detect (img);
  gboolean found = FALSE;
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    double cx, cy;
    ts_rectify_quad_center (c->title, &cx, &cy);
    if (!c->has_quad && fabs (cy - 290) < 15 && cx > 250 && cx < 550) {
      found = TRUE;
      assert_false (c->tapped);
      double d = angle_diff (c->angle_deg, 0);
      assert_true (d < 8 || fabs (d - 180) < 8);
      /* The line's length covers most of the text. */
      assert_true (ts_rectify_quad_edge (c->title, 0) > 300);
    }
  }
  assert_true (found);
}

static void
test_detect_title__turned_a_quarter_is_tapped (void **state)
{
  g_autoptr (TsImage) band = draw_title_band ();
  g_autoptr (TsImage) img = ts_cv_rotate90 (band, 1);
  g_autoptr (GArray) cands = detect (img);
  gboolean found = FALSE;
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    if (!c->has_quad && ts_rectify_quad_edge (c->title, 0) > 300) {
      found = TRUE;
      assert_true (c->tapped);
    }
  }
  assert_true (found);
}

static void
test_detect__reports_time_and_respects_max_candidates (void **state)
{
  g_autoptr (TsImage) img = draw_title_band ();
  TsDetectorParams p;
  ts_detector_params_init (&p);
  p.max_candidates = 0;
  g_autoptr (TsDetector) det = ts_detector_new (&p);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  double ms = -1;
  assert_int_equal (ts_detector_detect (det, img, out, &ms), 0);
  assert_true (ms >= 0);
  assert_int_equal (ts_detector_get_params (det)->max_candidates, 0);
}

/* Where the middle of the title text drawn by draw_card lies in the image, for a card quad
 * (own top-left first): the text starts 24 px into a 315 x 440 px face, baseline at 42 px,
 * about 20 px a letter and 22 px tall. */
static void
title_text_centre (const double quad[4][2], const char *title, double *x, double *y)
{
  const double face[4][2] = { { 0, 0 }, { 315, 0 }, { 315, 440 }, { 0, 440 } };
  double h[9];
  ts_cv_perspective_transform_get (face, quad, h);
  double u = 24 + 10.0 * strlen (title), v = 31;
  double w = h[6] * u + h[7] * v + h[8];
  *x = (h[0] * u + h[1] * v + h[2]) / w;
  *y = (h[3] * u + h[4] * v + h[5]) / w;
}

/* The candidates whose title holds (ax, ay) but not (bx, by): a title read there holds one
 * name line, not both. */
static guint
count_titles_over (GArray *cands, double ax, double ay, double bx, double by)
{
  guint n = 0;
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    if (ts_rectify_quad_contains (c->title, ax, ay) && !ts_rectify_quad_contains (c->title, bx, by))
      n++;
  }
  return n;
}

/* Two cards stacked a little offset (lands in a pile): the back card shows only its top
 * edge with the name line. Each name line needs a candidate of its own. The bold name in
 * front is the case the second look is for (the first look cuts it into pieces). */
static void
test_detect_stack__offset_cards_give_a_title_each (void **state)
{
  g_autoptr (TsImage) img = dark_table (900, 700);
  double back[4][2], front[4][2];
  card_quad (450, 330, 400, 0, back);
  card_quad (450, 400, 400, 0, front);
  draw_card (img, back, "Island Sanctuary");
  draw_card (img, front, "Counterspell");
  ts_cv_gaussian_blur (img, 1.0);
  g_autoptr (GArray) cands = detect_twice (img);
  double bx, by, fx, fy;
  title_text_centre (back, "Island Sanctuary", &bx, &by);
  title_text_centre (front, "Counterspell", &fx, &fy);
  assert_true (count_titles_over (cands, bx, by, fx, fy) >= 1);
  assert_true (count_titles_over (cands, fx, fy, bx, by) >= 1);
}

/* Two tapped cards side by side, the front one hiding all of the back one but a strip
 * along its top edge: the name line on that strip is still found, upright along the strip. */
static void
test_detect_stack__title_sliver_of_a_tapped_card (void **state)
{
  g_autoptr (TsImage) img = dark_table (1000, 700);
  double back[4][2], front[4][2];
  card_quad (520, 350, 400, 90, back);
  card_quad (465, 350, 400, 90, front);
  draw_card (img, back, "Counterspell");
  draw_card (img, front, "Counterspell");
  ts_cv_gaussian_blur (img, 1.0);
  g_autoptr (GArray) cands = detect_twice (img);
  double bx, by, fx, fy;
  title_text_centre (back, "Counterspell", &bx, &by);
  title_text_centre (front, "Counterspell", &fx, &fy);
  /* The sliver's text is uncovered: the front card ends left of it. */
  assert_true (bx > front[0][0] + 5);
  gboolean found = FALSE;
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    if (ts_rectify_quad_contains (c->title, bx, by) &&
        !ts_rectify_quad_contains (c->title, fx, fy)) {
      found = TRUE;
      assert_true (c->tapped);
    }
  }
  assert_true (found);
  assert_true (count_titles_over (cands, fx, fy, bx, by) >= 1);
}

/* A 1920 x 1080 frame is searched shrunk (by a whole factor, the fast path): a card in it
 * still comes out in frame pixels, corners within a few pixels; the stages' CPU times add
 * up to no more than the total. */
static void
test_detect_card__full_hd_frame_in_frame_pixels (void **state)
{
  g_autoptr (TsImage) img = dark_table (1920, 1080);
  double q[4][2];
  card_quad (1300, 500, 500, 0, q);
  draw_card (img, q, NULL);
  TsDetectorParams photo;  /* every stage runs */
  ts_detector_params_init_photo (&photo);
  g_autoptr (TsDetector) det = ts_detector_new (&photo);
  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  ts_detector_detect (det, img, cands, NULL);
  const TsCardCandidate *c = first_card (cands);
  assert_non_null (c);
  int turn = angle_diff (c->angle_deg, 0) < 90 ? 0 : 2;
  double e[4][2];
  ts_rectify_quad_turn (q, turn, e);
  for (int i = 0; i < 4; i++)
    assert_true (hypot (c->quad[i][0] - e[i][0], c->quad[i][1] - e[i][1]) < 6);
  TsDetectorTiming t;
  ts_detector_get_timing (det, &t);
  assert_true (t.ms_total > 0);
  assert_true (t.ms_prepare >= 0 && t.ms_cards >= 0 && t.ms_text_map >= 0 && t.ms_lines >= 0 &&
               t.ms_group >= 0 && t.ms_equalized >= 0);
  assert_true (t.ms_prepare + t.ms_cards + t.ms_text_map + t.ms_lines + t.ms_group +
                 t.ms_equalized <= t.ms_total + 0.01);
}

/* The second look only adds: every candidate found without it is found with it, and with
 * it the bold name in front of the stack has a line of its own (the first look now finds
 * that one too, since runs as short as a name are no longer taken for frame lines). */
static void
test_detect_second_look__off_by_default_adds_only_whole_names (void **state)
{
  TsDetectorParams p;
  ts_detector_params_init (&p);
  assert_false (p.second_look);
  g_autoptr (TsImage) img = dark_table (900, 700);
  double back[4][2], front[4][2];
  card_quad (450, 330, 400, 0, back);
  card_quad (450, 400, 400, 0, front);
  draw_card (img, back, "Island Sanctuary");
  draw_card (img, front, "Counterspell");
  ts_cv_gaussian_blur (img, 1.0);
  g_autoptr (GArray) once = detect (img);
  g_autoptr (GArray) twice = detect_twice (img);
  assert_true (twice->len >= once->len);
  double bx, by, fx, fy;
  title_text_centre (back, "Island Sanctuary", &bx, &by);
  title_text_centre (front, "Counterspell", &fx, &fy);
  assert_true (count_titles_over (twice, fx, fy, bx, by) >= 1);
  for (guint i = 0; i < once->len; i++) {
    const TsCardCandidate *a = &g_array_index (once, TsCardCandidate, i);
    gboolean kept = FALSE;
    for (guint j = 0; j < twice->len && !kept; j++) {
      const TsCardCandidate *b = &g_array_index (twice, TsCardCandidate, j);
      kept = memcmp (a->title, b->title, sizeof a->title) == 0;
    }
    assert_true (kept);
  }
}

/* The candidate without a card outline whose title holds (x, y), or NULL. */
static const TsCardCandidate *
line_over (GArray *cands, double x, double y)
{
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    if (!c->has_quad && ts_rectify_quad_contains (c->title, x, y))
      return c;
  }
  return NULL;
}

/* A name on a light bar with no card outline around it (a card whose outline is lost at the
 * picture's edge or against a pile), its end a few pixels from a whole card beside it whose
 * own text runs level with it: the name's line stops at the card's edge. Joined with the
 * text on the card it was one long line over both, which neither card's name is (seed 449:
 * a Demonic Hordes on a graveyard, its name joined to a Guardian Angel's). */
static void
test_detect_title__line_stops_at_the_edge_of_a_card_beside_it (void **state)
{
  g_autoptr (TsImage) img = dark_table (900, 600);
  double q[4][2];
  card_quad (650, 300, 400, 0, q);
  draw_card (img, q, NULL);
  for (int y = 265; y < 315; y++)
    memset (img->data + (gsize) y * img->stride + 150 * 3, 215, 350 * 3);
  ts_cv_draw_text (img, "Hill Giant", 322, 302, 1.2, 15, 15, 15);
  ts_cv_draw_text (img, "Wall of Ice", q[0][0] + 10, 302, 1.2, 15, 15, 15);
  ts_cv_gaussian_blur (img, 1.0);
  /* The live table's look: the half-size one, off there, sees the two as one blob. */
  TsDetectorParams p;
  ts_detector_params_init (&p);
  p.coarse_titles = FALSE;
  g_autoptr (GArray) cands = detect_with (img, &p);
  assert_non_null (first_card (cands));
  const TsCardCandidate *c = line_over (cands, 400, 290);
  assert_non_null (c);
  for (int k = 0; k < 4; k++)
    assert_true (c->title[k][0] < q[0][0] + 5);
  assert_true (ts_rectify_quad_edge (c->title, 0) > 150);
}

/* A name on a light title bar whose end stands a few pixels before the first letter, with
 * the card's side (a double line, tilted a little as a fanned card's is) running on down
 * from it, as on most modern frames: the lines and the letters make one blob, an L too
 * thick to pass for a line. */
static TsImage *
draw_title_by_card_side (void)
{
  TsImage *img = dark_table (800, 600);
  for (int y = 255; y < 325; y++)
    memset (img->data + (gsize) y * img->stride + 150 * 3, 215, 500 * 3);
  for (int k = 0; k < 2; k++) {
    const double side[2][2] = { { 170 - 7 * k, 240 }, { 156 - 7 * k, 480 } };
    ts_cv_draw_polygon (img, side, 2, 20, 20, 20, 3);
  }
  ts_cv_draw_text (img, "Kitsune Healer", 173, 300, 1.2, 15, 15, 15);
  ts_cv_gaussian_blur (img, 1.2);
  return img;
}

/* The line is still found, as long as the name and no thicker than a line. */
static void
test_detect_title__touching_the_card_side (void **state)
{
  g_autoptr (TsImage) img = draw_title_by_card_side ();
  g_autoptr (GArray) cands = detect (img);
  /* The text runs from x 173 to about 173 + 14 * 23; its middle is about 330, 290. */
  const TsCardCandidate *c = line_over (cands, 330, 290);
  assert_non_null (c);
  double d = angle_diff (c->angle_deg, 0);
  assert_true (d < 8 || fabs (d - 180) < 8);
  double len = ts_rectify_quad_edge (c->title, 0), high = ts_rectify_quad_edge (c->title, 1);
  assert_true (len > 250 && len < 400);
  assert_true (high > 15 && high < 60);
  /* The side below the bar is not part of the line. */
  assert_false (ts_rectify_quad_contains (c->title, 160, 400));
}

/* The same turned a quarter (a tapped card's name): found by the vertical pass, tapped. */
static void
test_detect_title__touching_the_card_side_tapped (void **state)
{
  g_autoptr (TsImage) band = draw_title_by_card_side ();
  g_autoptr (TsImage) img = ts_cv_rotate90 (band, 1);
  g_autoptr (GArray) cands = detect (img);
  /* A quarter turn clockwise takes (x, y) of the 800 x 600 band to (599 - y, x). */
  const TsCardCandidate *c = line_over (cands, 599 - 290, 330);
  assert_non_null (c);
  assert_true (c->tapped);
  double len = ts_rectify_quad_edge (c->title, 0);
  assert_true (len > 250 && len < 400);
}

/* A short name on the bar by the card's side (draw_title_by_card_side's case): cut free of
 * the side, it is a line only a little over four times as long as it is thick, which a cut
 * line used to need four and a half to pass (a real "Sky Skiff" was lost so). */
static void
test_detect_title__short_name_cut_free_of_the_card_side (void **state)
{
  g_autoptr (TsImage) img = dark_table (800, 600);
  for (int y = 255; y < 325; y++)
    memset (img->data + (gsize) y * img->stride + 150 * 3, 215, 500 * 3);
  for (int k = 0; k < 2; k++) {
    const double side[2][2] = { { 170 - 7 * k, 240 }, { 156 - 7 * k, 480 } };
    ts_cv_draw_polygon (img, side, 2, 20, 20, 20, 3);
  }
  ts_cv_draw_text (img, "Wild Ox", 173, 300, 1.4, 15, 15, 15);
  ts_cv_gaussian_blur (img, 1.2);
  g_autoptr (GArray) cands = detect (img);
  /* Seven letters of about 24 px from x 173: the middle near 255, 290. */
  const TsCardCandidate *c = line_over (cands, 255, 290);
  assert_non_null (c);
  double d = angle_diff (c->angle_deg, 0);
  assert_true (d < 8 || fabs (d - 180) < 8);
  double len = ts_rectify_quad_edge (c->title, 0), high = ts_rectify_quad_edge (c->title, 1);
  assert_true (len > 140 && len < 260);
  assert_true (high > 15 && high < 70);
  assert_false (ts_rectify_quad_contains (c->title, 160, 400));
}

/* Does some candidate's title cover the truth title tq well enough to read: holding its
 * centre, along it within 15 degrees (up to a half turn), between half and 3.5 times its
 * height? loose: as the evaluation counts a hit, either's centre inside the other, of any
 * height (a name line found on its own covers the name, not the whole title bar the truth
 * outlines). */
static gboolean
title_covered (GArray *cands, const double tq[4][2], gboolean loose)
{
  double tx, ty;
  ts_rectify_quad_center (tq, &tx, &ty);
  double th = (ts_rectify_quad_edge (tq, 1) + ts_rectify_quad_edge (tq, 3)) / 2;
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    double cx, cy;
    ts_rectify_quad_center (c->title, &cx, &cy);
    if (!ts_rectify_quad_contains (c->title, tx, ty) &&
        !(loose && ts_rectify_quad_contains (tq, cx, cy)))
      continue;
    double ch = (ts_rectify_quad_edge (c->title, 1) + ts_rectify_quad_edge (c->title, 3)) / 2;
    double d = fabs (remainder (ts_rectify_quad_angle (c->title) - ts_rectify_quad_angle (tq), 180));
    if (d <= 15 && (loose || (ch >= 0.5 * th && ch <= 3.5 * th)))
      return TRUE;
  }
  return FALSE;
}

/* The synthetic scene (preset, seed) of the benchmark's kind (1280 x 720, the bundled
 * cards). */
static TsSynthScene *
render_scene (TsSynthPreset preset, guint32 seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCardDb) db = ts_carddb_open_default (&error);
  assert_non_null (db);
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_from_carddb (db);
  TsSynthParams params;
  ts_synth_params_init (&params, preset, 1280, 720);
  TsSynthScene *scene = ts_synth_scene_render (&params, deck, seed, &error);
  assert_non_null (scene);
  return scene;
}

/* How many of the scene's cards called name have their title covered (title_covered) by
 * cands; the number of such cards goes to n_named. */
static guint
named_titles_covered (const TsSynthScene *scene, const char *name, GArray *cands,
                      gboolean loose, guint *n_named)
{
  guint n = 0;
  *n_named = 0;
  for (guint j = 0; j < scene->cards->len; j++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, j);
    if (strcmp (sc->name, name) != 0)
      continue;
    (*n_named)++;
    double tq[4][2];
    memcpy (tq, sc->title, sizeof tq);
    n += title_covered (cands, tq, loose);
  }
  return n;
}

/* The titles of the cards called name in the generated scene (preset, seed) that the
 * detector under params on (NULL: the defaults) covers (n_on) and under params off covers
 * (n_off), and how many such cards there are (n_named); cands_out, if not NULL, receives the
 * candidates under on. */
static void
titles_covered_on_off (TsSynthPreset preset, guint32 seed, const char *name,
                       const TsDetectorParams *on, const TsDetectorParams *off, gboolean loose,
                       guint *n_on, guint *n_off, guint *n_named, GArray **cands_out)
{
  g_autoptr (TsSynthScene) scene = render_scene (preset, seed);
  g_autoptr (GArray) cands = detect_with (scene->image, on);
  g_autoptr (GArray) cands_off = detect_with (scene->image, off);
  *n_on = named_titles_covered (scene, name, cands, loose, n_named);
  *n_off = named_titles_covered (scene, name, cands_off, loose, n_named);
  if (cands_out)
    *cands_out = g_steal_pointer (&cands);
}

/* A generated scene (modern frames, seed 1008) with a "Lure" card whose outline is found
 * a little inside its own, so the band placed from the outline misses the name: only the
 * name line found as a line puts the title right. The name is short and bold, its letters
 * touching: in the stroke map they make runs along the line as long as a short frame
 * line, which used to be taken out as one, cutting the name into strips too thin to keep. */
static void
test_detect_title__short_bold_name_is_not_a_frame_line (void **state)
{
  /* With every short straight run taken out as a frame line (the live tuning), the name is
   * cut into strips: the switch is what finds it. */
  TsDetectorParams p;
  ts_detector_params_init (&p);
  p.long_frame_lines = FALSE;
  guint on, off, n_lure;
  titles_covered_on_off (TS_SYNTH_PRESET_MODERN, 1008, "Lure", NULL, &p, FALSE, &on, &off,
                         &n_lure, NULL);
  assert_int_equal (on, 1);
  assert_int_equal (off, 0);
  assert_int_equal (n_lure, 1);
}

/* A generated scene (old frames, seed 1007): three "Fear" cards stacked side by side, turned
 * a quarter. Each short bold name is cut free of its card's side as a solid bar about three
 * times as long as it is thick, which the aspect rule for lines cut out of larger blobs
 * used to drop. */
static void
test_detect_title__short_solid_name_cut_free_is_kept (void **state)
{
  TsDetectorParams p;
  ts_detector_params_init (&p);
  p.short_solid_lines = FALSE;
  guint on, off, n_fear;
  titles_covered_on_off (TS_SYNTH_PRESET_OLD, 1007, "Fear", NULL, &p, TRUE, &on, &off, &n_fear,
                         NULL);
  assert_int_equal (on, 3);
  assert_int_equal (off, 0);
  assert_int_equal (n_fear, 3);
}

/* Generated scenes (modern frames, seeds 6005 and 5008) each with a tapped card turned some
 * ten degrees further ("Resurrection", "Wrath of God"): the inner edge of the black border
 * and the name bar's outline run together into a long thin stripe above the name, which
 * used to be taken for the name line and put the title band over the stripe and half the
 * bar, off the name. The band placed from the card's outline covers the name. */
static void
test_detect_title__frame_stripe_is_not_the_name_line (void **state)
{
  const struct { guint32 seed; const char *name; } cases[] = {
    { 6005, "Resurrection" }, { 5008, "Wrath of God" } };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autoptr (TsSynthScene) scene = render_scene (TS_SYNTH_PRESET_MODERN, cases[i].seed);
    g_autoptr (GArray) cands = detect (scene->image);
    guint n_named;
    assert_int_equal (named_titles_covered (scene, cases[i].name, cands, FALSE, &n_named), 1);
    assert_int_equal (n_named, 1);
  }
}

/* A generated scene (hard, seed 6001) whose "White Ward" card, turned a sixth of a quarter,
 * runs out of the image's right edge with both corners of that side: its top side meets
 * the border at a slant, and the polygon simplifying its edge ring kept a corner 23 px
 * short of the border, so no edge of it lay along the border and the outline was not
 * completed (nor was its glare-washed name line found alone). The edge within the
 * simplification's tolerance of the border is the border. */
static void
test_detect_card__cut_by_the_border_at_a_slant (void **state)
{
  g_autoptr (TsSynthScene) scene = render_scene (TS_SYNTH_PRESET_HARD, 6001);
  g_autoptr (GArray) cands = detect_photo (scene->image);
  guint n = 0;
  for (guint j = 0; j < scene->cards->len; j++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, j);
    if (strcmp (sc->name, "White Ward") != 0)
      continue;
    n++;
    assert_false (sc->in_view);
    /* Found as a card: completed as a rectangle, while the scene's slight perspective
     * narrows the card's far end, so the corner past the border is some 55 px off (a
     * tenth of the card's length); the name line placed from it is the card's. */
    double q[4][2];
    memcpy (q, sc->quad, sizeof q);
    assert_non_null (card_found (cands, q, 0.12 * ts_rectify_quad_edge (q, 1)));
  }
  assert_int_equal (n, 1);
  guint n_named;
  assert_int_equal (named_titles_covered (scene, "White Ward", cands, FALSE, &n_named), 1);
}

/* A generated scene (easy, seed 1002) where the edge contour of the "Cursed Land" card runs
 * on along a line of the wood grain: simplified, it is a quadrilateral with card-like
 * sides but a corner some 35 degrees off square, larger than the card, and it used to hide
 * the card's own outline nested inside it. */
static void
test_detect_card__outline_run_into_a_table_line (void **state)
{
  g_autoptr (TsSynthScene) scene = render_scene (TS_SYNTH_PRESET_EASY, 1002);
  g_autoptr (GArray) cands = detect (scene->image);
  TsDetectorParams p;
  ts_detector_params_init (&p);
  p.max_corner_skew = 0;
  g_autoptr (GArray) any_corners = detect_with (scene->image, &p);
  guint n = 0;
  for (guint j = 0; j < scene->cards->len; j++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, j);
    double q[4][2];
    memcpy (q, sc->quad, sizeof q);
    /* Every card's outline is found, within 3 % of its height. */
    assert_non_null (card_found (cands, q, 15));
    if (strcmp (sc->name, "Cursed Land") != 0)
      continue;
    n++;
    assert_null (card_found (any_corners, q, 15));
  }
  assert_int_equal (n, 1);
}

/* A large name out of focus (a card close to the lens): at full size its letters are soft
 * ramps that break apart; the coarse look finds the line whole. */
static void
test_detect_title__large_and_out_of_focus (void **state)
{
  g_autoptr (TsImage) img = dark_table (1000, 700);
  for (int y = 250; y < 420; y++)
    memset (img->data + (gsize) y * img->stride + 100 * 3, 205, 800 * 3);
  ts_cv_draw_text (img, "Mirrormade", 140, 375, 3.2, 25, 25, 25);
  ts_cv_gaussian_blur (img, 5);
  g_autoptr (GArray) cands = detect (img);
  /* Ten letters of about 62 px from x 140: the middle near 450, 340. */
  const TsCardCandidate *c = line_over (cands, 450, 340);
  assert_non_null (c);
  double d = angle_diff (c->angle_deg, 0);
  assert_true (d < 8 || fabs (d - 180) < 8);
  assert_true (ts_rectify_quad_edge (c->title, 0) > 450);
  assert_true (ts_rectify_quad_edge (c->title, 1) < 170);
}

/* A card half hidden under something (a hand, another card's shadow): the
 * outline found is its visible part, wider than tall, card-shaped the wrong way round, so
 * the card seems turned a quarter and its name line sits along a side. The name line
 * still gets a candidate of its own. */
static void
test_detect_title__card_half_hidden (void **state)
{
  g_autoptr (TsImage) img = dark_table (900, 520);
  double q[4][2];
  card_quad (450, 480, 520, 0, q);
  draw_card (img, q, NULL);
  ts_cv_draw_text (img, "Firefist Adept", q[0][0] + 20, q[0][1] + 45, 1.2, 15, 15, 15);
  memset (img->data + (gsize) 480 * img->stride, 120, (gsize) 40 * img->stride);
  ts_cv_gaussian_blur (img, 1.0);
  g_autoptr (GArray) cands = detect (img);
  const TsCardCandidate *card = first_card (cands);
  assert_non_null (card);
  /* The case: the outline taken for a tapped card. */
  assert_true (card->tapped);
  /* The text runs from 20 px into the card for about 14 letters of 23 px. */
  const TsCardCandidate *c = line_over (cands, q[0][0] + 20 + 7 * 23, q[0][1] + 35);
  assert_non_null (c);
  assert_false (c->tapped);
  assert_true (ts_rectify_quad_edge (c->title, 0) > 200);
}

/* A generated scene (hard, seed 1001): two "Fear" cards, black, on a dark blue table, one
 * stacked a little below the other and half under a third card. Neither card's outline
 * makes a closed contour and the short names under blur make no text line, but each name
 * bar's edge ring is whole: the bar is the title line. */
static void
test_detect_title__name_bar_of_a_card_without_outline (void **state)
{
  TsDetectorParams p;
  ts_detector_params_init_photo (&p);
  guint on, off, n_fear;
  g_autoptr (GArray) cands = NULL;
  titles_covered_on_off (TS_SYNTH_PRESET_HARD, 1001, "Fear", &p, NULL, FALSE, &on, &off, &n_fear,
                         &cands);
  assert_int_equal (on, 2);
  assert_int_equal (off, 0);
  assert_int_equal (n_fear, 2);
  /* A bar is one candidate, not one for each contour of its edge ring. */
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *a = &g_array_index (cands, TsCardCandidate, i);
    double ax, ay;
    ts_rectify_quad_center (a->title, &ax, &ay);
    for (guint j = i + 1; j < cands->len; j++) {
      const TsCardCandidate *b = &g_array_index (cands, TsCardCandidate, j);
      double bx, by;
      ts_rectify_quad_center (b->title, &bx, &by);
      double dlen = ts_rectify_quad_edge (a->title, 0) - ts_rectify_quad_edge (b->title, 0);
      assert_false (hypot (ax - bx, ay - by) < 3 && fabs (dlen) < 20);
    }
  }
}

/* A generated scene (hard, seed 6002): "Mana Vault" at the front of a fan, its outline's
 * corner hidden under the card before it, its name crisp but tilted 12 degrees, the letters'
 * tops a pixel or two under the bar's edge. The letters join the bar's edge into one blob
 * that makes no text line, and they cut into the bar's inner contour, a third of the box
 * around it: still the bar, and the title line. */
static void
test_detect_title__name_bar_whose_letters_touch_its_edge (void **state)
{
  g_autoptr (TsSynthScene) scene = render_scene (TS_SYNTH_PRESET_HARD, 6002);
  g_autoptr (GArray) cands = detect_photo (scene->image);
  guint n_named;
  assert_int_equal (named_titles_covered (scene, "Mana Vault", cands, FALSE, &n_named), 1);
  assert_int_equal (n_named, 1);
}

/* The longest title of a candidate without an outline that holds (x, y); 0 if none. */
static double
longest_line_over (GArray *cands, double x, double y)
{
  double best = 0;
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    if (!c->has_quad && ts_rectify_quad_contains (c->title, x, y))
      best = MAX (best, ts_rectify_quad_edge (c->title, 0));
  }
  return best;
}

/* Two light name bars 600 x 48 px on a dark table, no card outline around them: in one a
 * long name, found whole as a line, which is the candidate (a bar's reading runs on into
 * the mana cost, and "Portent" would match the first word of "Portent of Betrayal"); in the
 * other a name the line search finds only a piece of, where the bar is a candidate too. */
static void
test_detect_title__name_bar_only_where_the_line_is_missed (void **state)
{
  g_autoptr (TsImage) img = dark_table (900, 500);
  for (int k = 0; k < 2; k++)
    for (int y = 100 + 200 * k; y < 148 + 200 * k; y++)
      memset (img->data + (gsize) y * img->stride + 150 * 3, 215, 600 * 3);
  ts_cv_draw_text (img, "Portent of Betrayal", 165, 135, 1.3, 15, 15, 15);
  ts_cv_draw_text (img, "Ox", 165, 335, 1.3, 15, 15, 15);
  ts_cv_gaussian_blur (img, 1.0);
  g_autoptr (GArray) cands = detect_photo (img);
  /* The defaults (the live table's tuning) leave bars out. */
  g_autoptr (GArray) no_bars = detect (img);
  /* The long name: a line as long as the name (19 letters of some 21 px), no bar. */
  double len = longest_line_over (cands, 300, 124);
  assert_true (len > 300 && len < 540);
  /* The short name: the bar, whole. */
  assert_true (longest_line_over (cands, 450, 324) > 560);
  assert_true (longest_line_over (no_bars, 450, 324) < 300);
}

/* A recorded game's graveyard at the picture's right edge: a modern card put on it runs out
 * of the picture, so only its name line can be found; its dark border along the top of the
 * name bar is, at the live table's work size, as thick as the name's letters. */
static const char edge_graveyard_script[] =
  "size 1920x1080\n"
  "frames 40\n"
  "seed 563\n"
  "quality 60\n"
  "frame modern\n"
  "title 23.478\n"
  "at 0 place 1 \"Purelace\" 1 0.5 0.7\n"
  "at 0 place 2 \"Lord of the Pit\" 1 0.5 0.3\n"
  "at 25 die 1\n";

/* The candidates of the edge graveyard's last frame under the live table's tuning (as the
 * observer sets it), with or without long solid runs taken for frame lines; truth_out: the
 * card's name line. */
static GArray *
detect_edge_graveyard (gboolean long_solid_frames, double truth_out[4][2])
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthSession) s = ts_synth_session_new_from_script (edge_graveyard_script,
                                                                    "edge", &error);
  assert_non_null (s);
  g_autoptr (TsCardDb) db = ts_carddb_open_default (&error);
  assert_non_null (db);
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_from_carddb (db);
  g_autoptr (TsSynthScene) sc = ts_synth_session_render_frame (s, deck, 39, &error);
  assert_non_null (sc);
  assert_int_equal (sc->cards->len, 2);
  const TsSynthCard *card = &g_array_index (sc->cards, TsSynthCard, 0);
  if (card->in_view)
    card = &g_array_index (sc->cards, TsSynthCard, 1);
  assert_string_equal (card->name, "Purelace");
  assert_false (card->in_view);
  memcpy (truth_out, card->title, sizeof card->title);
  TsDetectorParams p;
  ts_detector_params_init (&p);
  p.coarse_titles = FALSE;
  p.long_frame_lines = FALSE;
  p.stack_margin = 0;
  p.displaced_lines = FALSE;
  p.long_solid_frames = long_solid_frames;
  return detect_with (sc->image, &p);
}

/* The candidate line over the name's first letters (a fifth of a title's height in from its
 * start, on its middle), or NULL. */
static const TsCardCandidate *
line_over_name_start (GArray *cands, const double title[4][2])
{
  double h = ts_rectify_quad_edge (title, 1);
  double t = 0.2 * h / MAX (ts_rectify_quad_edge (title, 0), 1);
  double x = title[0][0] + (title[1][0] - title[0][0]) * t + (title[3][0] - title[0][0]) / 2;
  double y = title[0][1] + (title[1][1] - title[0][1]) * t + (title[3][1] - title[0][1]) / 2;
  return line_over (cands, x, y);
}

/* Its name line is found from the name's start, not as the bar's empty end; without long
 * solid runs taken for frame lines the line kept is the bar's end alone. The card found
 * whole beside it, its runs clear of the picture's edge, keeps the title it had. */
static void
test_detect_title__name_at_the_picture_edge_joined_to_its_border (void **state)
{
  (void) state;
  double title[4][2];
  g_autoptr (GArray) with = detect_edge_graveyard (TRUE, title);
  const TsCardCandidate *c = line_over_name_start (with, title);
  assert_non_null (c);
  assert_false (c->has_quad);
  assert_false (c->tapped);
  g_autoptr (GArray) without = detect_edge_graveyard (FALSE, title);
  assert_null (line_over_name_start (without, title));
  const TsCardCandidate *a = first_card (with), *b = first_card (without);
  assert_non_null (a);
  assert_non_null (b);
  for (int k = 0; k < 4; k++)
    for (int d = 0; d < 2; d++) {
      assert_true (fabs (a->quad[k][d] - b->quad[k][d]) < 0.5);
      assert_true (fabs (a->title[k][d] - b->title[k][d]) < 0.5);
    }
}

/* Two upright cards side by side, touching (lands in a row): their one outline is shaped
 * like a tapped card. It is cut into the two cards, each upright with its own name line;
 * a tapped card alone, whose name runs along its short side, stays whole. */
static void
test_detect_pair__side_by_side_cards_are_two_cards (void **state)
{
  const char *names[2] = { "Mountain", "Forest" };
  g_autoptr (TsImage) img = dark_table (1000, 700);
  double q[2][4][2], mid[2][2];
  for (int k = 0; k < 2; k++) {
    card_quad (500 + (2 * k - 1) * 140, 350, 390, 0, q[k]);
    draw_card (img, q[k], names[k]);
    title_text_centre (q[k], names[k], &mid[k][0], &mid[k][1]);
  }
  ts_cv_gaussian_blur (img, 1.0);

  /* Without the cut the detector sees one tapped card around both. */
  TsDetectorParams p;
  ts_detector_params_init (&p);
  p.split_pairs = FALSE;
  g_autoptr (GArray) whole = detect_with (img, &p);
  assert_int_equal (count_cards (whole), 1);
  assert_true (first_card (whole)->tapped);

  g_autoptr (GArray) cands = detect (img);
  assert_int_equal (count_cards (cands), 2);
  for (int k = 0; k < 2; k++) {
    double cx = (q[k][0][0] + q[k][2][0]) / 2, cy = (q[k][0][1] + q[k][2][1]) / 2;
    guint n = 0;
    for (guint i = 0; i < cands->len; i++) {
      const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
      if (!c->has_quad || !ts_rectify_quad_contains (c->quad, cx, cy))
        continue;
      n++;
      assert_false (c->tapped);
      assert_true (angle_diff (c->angle_deg, 0) < 3);
      assert_true (ts_rectify_quad_contains (c->title, mid[k][0], mid[k][1]));
      assert_false (ts_rectify_quad_contains (c->title, mid[1 - k][0], mid[1 - k][1]));
    }
    assert_int_equal (n, 1);
  }
  /* The name lines are the cards' own now, not lone titles as well. */
  assert_int_equal (count_titles_over (cands, mid[0][0], mid[0][1], mid[1][0], mid[1][1]), 1);

  g_autoptr (TsImage) lone = dark_table (1000, 700);
  double t[4][2];
  card_quad (500, 350, 390, 90, t);
  draw_card (lone, t, "Mountain");
  ts_cv_gaussian_blur (lone, 1.0);
  g_autoptr (GArray) tapped = detect (lone);
  assert_int_equal (count_cards (tapped), 1);
  assert_true (first_card (tapped)->tapped);
}

/* Draws, on a dark table, a tapped card (a) whose end lies against the side of an upright
 * card as light as it (b), no edge between them, and a third card (c) lying apart, the
 * whole scene turned tilt degrees about its middle. */
static TsImage *
joined_scene (double tilt, gboolean third, double a[4][2], double b[4][2])
{
  TsImage *img = dark_table (1100, 800);
  double c[4][2];
  const double at[3][3] = { { 380, 400, 90 }, { 530 + 150 * TS_CARD_W_MM / TS_CARD_H_MM, 380, 0 },
                            { 920, 400, 0 } };
  double (*q[3])[2] = { a, b, c };
  double t = tilt * G_PI / 180;
  for (int k = 0; k < 3; k++) {
    double dx = at[k][0] - 550, dy = at[k][1] - 400;
    card_quad (550 + dx * cos (t) - dy * sin (t), 400 + dx * sin (t) + dy * cos (t), 300,
               at[k][2] + tilt, q[k]);
  }
  draw_card (img, b, "Forest");
  draw_card (img, a, "Mountain");
  if (third)
    draw_card (img, c, "Island");
  ts_cv_gaussian_blur (img, 1.0);
  return img;
}

/* A tapped card whose end lies against the side of an upright card as light as it, no edge
 * between them (a dark-bordered card against a dark card on the live table, seed 431's
 * Demonic Attorney): the two give one outline, which turns out and away at the corners
 * where they meet. In a photo each card is completed from its three sides that show, at
 * any angle, as long as a third card found whole; without that, neither is found. The live
 * table's tuning leaves it off. */
static void
test_detect_card__joined_to_another_card (void **state)
{
  double a[4][2], b[4][2];
  g_autoptr (TsImage) img = joined_scene (0, TRUE, a, b);
  g_autoptr (GArray) apart = detect (img);
  assert_null (card_found (apart, a, 8));
  assert_null (card_found (apart, b, 8));

  g_autoptr (GArray) cands = detect_photo (img);
  const TsCardCandidate *ca = card_found (cands, a, 8), *cb = card_found (cands, b, 8);
  assert_non_null (ca);
  assert_non_null (cb);
  assert_true (ca->completed && ca->tapped);
  assert_true (cb->completed && !cb->tapped);
  assert_int_equal (count_cards (cands), 3);

  /* With no card found whole to size them by, none is completed. */
  g_autoptr (TsImage) pair = joined_scene (0, FALSE, a, b);
  g_autoptr (GArray) unsized = detect_photo (pair);
  assert_int_equal (count_cards (unsized), 0);

  /* Turned 30 degrees. */
  g_autoptr (TsImage) turned = joined_scene (30, TRUE, a, b);
  g_autoptr (GArray) photo = detect_photo (turned);
  assert_non_null (card_found (photo, a, 8));
  assert_non_null (card_found (photo, b, 8));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_rectify_angle__of_upright_and_turned_quads),
    cmocka_unit_test (test_rectify_title__lies_inside_the_card_near_its_top),
    cmocka_unit_test (test_rectify_clockwise__reorders_counter_clockwise_quads),
    cmocka_unit_test (test_detect_card__upright_outline_and_corners),
    cmocka_unit_test (test_detect_card__tapped_and_any_angle),
    cmocka_unit_test (test_detect_card__under_perspective),
    cmocka_unit_test (test_detect_card__a_square_is_not_a_card),
    cmocka_unit_test (test_detect_card__joined_to_another_card),
    cmocka_unit_test (test_detect_card__cut_by_the_image_border),
    cmocka_unit_test (test_detect_card__mostly_outside_the_image_is_not_guessed),
    cmocka_unit_test (test_detect__blank_image_gives_nothing),
    cmocka_unit_test (test_detect_title__line_without_card_outline),
    cmocka_unit_test (test_detect_title__turned_a_quarter_is_tapped),
    cmocka_unit_test (test_detect__reports_time_and_respects_max_candidates),
    cmocka_unit_test (test_detect_stack__offset_cards_give_a_title_each),
    cmocka_unit_test (test_detect_stack__title_sliver_of_a_tapped_card),
    cmocka_unit_test (test_detect_card__full_hd_frame_in_frame_pixels),
    cmocka_unit_test (test_detect_card__outline_run_into_a_table_line),
    cmocka_unit_test (test_detect_card__cut_by_the_border_at_a_slant),
    cmocka_unit_test (test_detect_second_look__off_by_default_adds_only_whole_names),
    cmocka_unit_test (test_detect_title__touching_the_card_side),
    cmocka_unit_test (test_detect_title__line_stops_at_the_edge_of_a_card_beside_it),
    cmocka_unit_test (test_detect_title__touching_the_card_side_tapped),
    cmocka_unit_test (test_detect_title__short_name_cut_free_of_the_card_side),
    cmocka_unit_test (test_detect_title__short_bold_name_is_not_a_frame_line),
    cmocka_unit_test (test_detect_title__short_solid_name_cut_free_is_kept),
    cmocka_unit_test (test_detect_title__frame_stripe_is_not_the_name_line),
    cmocka_unit_test (test_detect_title__large_and_out_of_focus),
    cmocka_unit_test (test_detect_title__card_half_hidden),
    cmocka_unit_test (test_detect_title__name_bar_of_a_card_without_outline),
    cmocka_unit_test (test_detect_title__name_bar_whose_letters_touch_its_edge),
    cmocka_unit_test (test_detect_title__name_bar_only_where_the_line_is_missed),
    cmocka_unit_test (test_detect_title__name_at_the_picture_edge_joined_to_its_border),
    cmocka_unit_test (test_detect_pair__side_by_side_cards_are_two_cards),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}

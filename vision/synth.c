/* synth.c — random synthetic table scenes: presets, laying out cards (singles, fanned hands,
 * stacked lands), clutter, camera and light, and the ground truth as recognize-style JSON. */
#include "synth.h"
#include "synth-card.h"
#include "synth-render.h"
#include "cv.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

/* ---- presets ----------------------------------------------------------------------------- */

static const char *const preset_names[] = { "easy", "normal", "hard", "clutter", "old", "modern" };

gboolean
ts_synth_preset_from_string (const char *text, TsSynthPreset *out)
{
  for (gsize i = 0; i < G_N_ELEMENTS (preset_names); i++)
    if (g_strcmp0 (text, preset_names[i]) == 0) {
      *out = (TsSynthPreset) i;
      return TRUE;
    }
  return FALSE;
}

const char *
ts_synth_preset_to_string (TsSynthPreset preset)
{
  return (guint) preset < G_N_ELEMENTS (preset_names) ? preset_names[preset] : "normal";
}

void
ts_synth_params_init (TsSynthParams *p, TsSynthPreset preset, int width, int height)
{
  memset (p, 0, sizeof *p);
  p->width = width;
  p->height = height;
  /* normal: a table in play */
  p->n_cards_min = 3;
  p->n_cards_max = 8;
  p->title_px_min = 18;
  p->title_px_max = 30;
  p->p_old_frame = 0.5;
  p->p_tapped = 0.3;
  p->p_upside_down = 0.15;
  p->max_jitter_deg = 12;
  p->p_fan = 0.15;
  p->p_stack = 0.2;
  p->allow_overlap = FALSE;
  p->allow_off_edge = FALSE;
  p->tilt = 0.4;
  p->light = 0.5;
  p->p_shadow = 0.2;
  p->blur_max = 0.8;
  p->noise = 3;
  p->p_sleeve = 0.4;
  p->p_glare = 0.5;
  p->clutter_min = 0;
  p->clutter_max = 2;
  p->jpeg_quality_min = 75;
  p->jpeg_quality_max = 92;
  switch (preset) {
  case TS_SYNTH_PRESET_EASY:
    p->n_cards_min = 1;
    p->n_cards_max = 4;
    p->title_px_min = 22;
    p->title_px_max = 34;
    p->p_tapped = 0.25;
    p->p_upside_down = 0.0;
    p->max_jitter_deg = 5;
    p->p_fan = 0;
    p->p_stack = 0;
    p->tilt = 0.15;
    p->light = 0.2;
    p->p_shadow = 0;
    p->blur_max = 0.3;
    p->noise = 1.5;
    p->p_sleeve = 0.2;
    p->p_glare = 0.2;
    p->clutter_max = 0;
    p->jpeg_quality_min = 88;
    p->jpeg_quality_max = 95;
    break;
  case TS_SYNTH_PRESET_HARD:
    p->n_cards_min = 5;
    p->n_cards_max = 12;
    p->title_px_min = 14;
    p->title_px_max = 26;
    p->p_tapped = 0.35;
    p->p_upside_down = 0.25;
    p->max_jitter_deg = 20;
    p->p_fan = 0.25;
    p->p_stack = 0.3;
    p->allow_overlap = TRUE;
    p->allow_off_edge = TRUE;
    p->tilt = 0.8;
    p->light = 0.9;
    p->p_shadow = 0.5;
    p->blur_max = 1.6;
    p->noise = 6;
    p->p_sleeve = 0.6;
    p->p_glare = 0.7;
    p->clutter_min = 1;
    p->clutter_max = 4;
    p->jpeg_quality_min = 50;
    p->jpeg_quality_max = 75;
    break;
  case TS_SYNTH_PRESET_CLUTTER:
    p->n_cards_min = 0;
    p->n_cards_max = 0;
    p->clutter_min = 4;
    p->clutter_max = 9;
    p->title_px_min = 10;  /* a wider view of the table: more clutter in the picture */
    p->title_px_max = 18;
    p->p_shadow = 0.4;
    break;
  case TS_SYNTH_PRESET_OLD:
    p->p_old_frame = 1.0;
    break;
  case TS_SYNTH_PRESET_MODERN:
    p->p_old_frame = 0.0;
    break;
  case TS_SYNTH_PRESET_NORMAL:
  default:
    break;
  }
}

/* ---- scenes ------------------------------------------------------------------------------ */

gboolean
ts_synth_card_readable (const TsSynthCard *card)
{
  g_return_val_if_fail (card != NULL, FALSE);
  return card->title_px >= 18 && card->visible >= 0.9 && card->name_visible >= 0.95;
}

void
ts_synth_scene_free (TsSynthScene *scene)
{
  if (scene == NULL)
    return;
  if (scene->cards != NULL)
    for (guint i = 0; i < scene->cards->len; i++)
      g_free (g_array_index (scene->cards, TsSynthCard, i).name);
  g_clear_pointer (&scene->cards, g_array_unref);
  g_clear_pointer (&scene->jpeg, g_bytes_unref);
  g_clear_pointer (&scene->image, ts_image_free);
  g_free (scene);
}

static double
urand (GRand *r, double lo, double hi)
{
  return hi > lo ? g_rand_double_range (r, lo, hi) : lo;
}

/* Convex polygons overlap? Separating axis test, with margin px of slack. */
static gboolean
quads_overlap (const double a[4][2], const double b[4][2], double margin)
{
  const double (*polys[2])[2] = { a, b };
  for (int p = 0; p < 2; p++) {
    for (int e = 0; e < 4; e++) {
      const double *p0 = polys[p][e], *p1 = polys[p][(e + 1) % 4];
      double nx = p1[1] - p0[1], ny = p0[0] - p1[0];
      double len = hypot (nx, ny);
      if (len == 0)
        continue;
      nx /= len;
      ny /= len;
      double amin = G_MAXDOUBLE, amax = -G_MAXDOUBLE, bmin = G_MAXDOUBLE, bmax = -G_MAXDOUBLE;
      for (int k = 0; k < 4; k++) {
        double va = a[k][0] * nx + a[k][1] * ny, vb = b[k][0] * nx + b[k][1] * ny;
        amin = MIN (amin, va); amax = MAX (amax, va);
        bmin = MIN (bmin, vb); bmax = MAX (bmax, vb);
      }
      if (amax + margin < bmin || bmax + margin < amin)
        return FALSE;
    }
  }
  return TRUE;
}

/* The corners of an item's footprint on the canvas (cards: the card; clutter: its box). */
static void
item_footprint (const TsSynthTable *t, const TsSynthItem *it, double out[4][2])
{
  if (it->kind == TS_SYNTH_ITEM_CARD || it->kind == TS_SYNTH_ITEM_BACK) {
    const double mm[4][2] = { { 0, 0 }, { 63, 0 }, { 63, 88 }, { 0, 88 } };
    for (int k = 0; k < 4; k++)
      ts_synth_item_card_point (t, it, mm[k][0], mm[k][1], out[k]);
    return;
  }
  double half_w = it->size_mm / 2, half_h = it->size_mm / 2;
  if (it->kind == TS_SYNTH_ITEM_PHONE)
    half_w = it->size_mm * 0.24;
  else if (it->kind == TS_SYNTH_ITEM_PEN)
    half_w = it->size_mm * 0.035;
  double a = it->angle * G_PI / 180.0, s = t->px_per_mm;
  const double sx[4] = { -1, 1, 1, -1 }, sy[4] = { -1, -1, 1, 1 };
  for (int k = 0; k < 4; k++) {
    double dx = sx[k] * half_w * s, dy = sy[k] * half_h * s;
    out[k][0] = it->cx + cos (a) * dx - sin (a) * dy;
    out[k][1] = it->cy + sin (a) * dx + cos (a) * dy;
  }
}

typedef struct {
  double x0, y0, x1, y1;   /* canvas box the camera sees fully */
} Box;

static gboolean
inside_box (const Box *b, const double q[4][2])
{
  for (int k = 0; k < 4; k++)
    if (q[k][0] < b->x0 || q[k][0] > b->x1 || q[k][1] < b->y0 || q[k][1] > b->y1)
      return FALSE;
  return TRUE;
}

static gboolean
center_inside_box (const Box *b, const double q[4][2])
{
  double cx = (q[0][0] + q[2][0]) / 2, cy = (q[0][1] + q[2][1]) / 2;
  return cx > b->x0 && cx < b->x1 && cy > b->y0 && cy < b->y1;
}

static void
pick_camera (TsSynthTable *t, const TsSynthParams *p, GRand *r)
{
  double w = t->width, h = t->height;
  double tilt = p->tilt * urand (r, 0.3, 1.0);
  double m = 0.02 * MAX (w, h);
  double spread = tilt * 0.22 * w;    /* how much wider the near side is than the far side */
  double depth = tilt * 0.08 * h;     /* the far side's rows are squeezed */
  /* canvas corners TL TR BR BL when the far side is the top of the image */
  double q[4][2] = { { -m, -m - depth }, { w + m, -m - depth },
                     { w + m + spread, h + m }, { -m - spread, h + m } };
  /* sometimes the camera looks from another side: the far side is left, right or bottom */
  int side = g_rand_int_range (r, 0, 10);
  if (side >= 7) {
    /* mirror vertically: far side at the bottom */
    for (int k = 0; k < 4; k++)
      q[k][1] = h - q[k][1];
    double tmp[2];
    memcpy (tmp, q[0], sizeof tmp); memcpy (q[0], q[3], sizeof tmp); memcpy (q[3], tmp, sizeof tmp);
    memcpy (tmp, q[1], sizeof tmp); memcpy (q[1], q[2], sizeof tmp); memcpy (q[2], tmp, sizeof tmp);
  }
  /* a slight camera roll */
  double roll = urand (r, -2.0, 2.0) * p->tilt * G_PI / 180.0;
  double grow = 1.0 + fabs (roll) * (w + h) / MIN (w, h) * 0.5;
  for (int k = 0; k < 4; k++) {
    double dx = (q[k][0] - w / 2) * grow, dy = (q[k][1] - h / 2) * grow;
    t->camera[k][0] = w / 2 + cos (roll) * dx - sin (roll) * dy;
    t->camera[k][1] = h / 2 + sin (roll) * dx + cos (roll) * dy;
  }
}

/* The canvas box that the camera shows entirely. */
static Box
visible_box (const TsSynthTable *t)
{
  const double src[4][2] = { { 0, 0 }, { t->width, 0 }, { t->width, t->height },
                             { 0, t->height } };
  double hinv[9];
  /* inverse camera: image corners back onto the canvas */
  ts_cv_perspective_transform_get (t->camera, src, hinv);
  double c[4][2];
  for (int k = 0; k < 4; k++)
    ts_synth_table_project (hinv, src[k], c[k]);
  Box b = { MAX (c[0][0], c[3][0]), MAX (c[0][1], c[1][1]), MIN (c[1][0], c[2][0]),
            MIN (c[2][1], c[3][1]) };
  b.x0 = MAX (b.x0, 0); b.y0 = MAX (b.y0, 0);
  b.x1 = MIN (b.x1, t->width); b.y1 = MIN (b.y1, t->height);
  return b;
}

static void
pick_background (TsSynthTable *t, GRand *r)
{
  static const double woods[][3] = { { 0.72, 0.52, 0.32 }, { 0.55, 0.36, 0.20 },
                                     { 0.80, 0.66, 0.48 }, { 0.40, 0.26, 0.16 },
                                     { 0.62, 0.45, 0.30 } };
  static const double cloths[][3] = { { 0.13, 0.38, 0.20 }, { 0.35, 0.35, 0.37 },
                                      { 0.12, 0.16, 0.32 }, { 0.45, 0.12, 0.12 },
                                      { 0.70, 0.68, 0.62 }, { 0.20, 0.20, 0.22 } };
  t->background = (TsSynthBackground) g_rand_int_range (r, 0, TS_SYNTH_BG_N);
  t->background_seed = g_rand_int (r);
  t->bg_angle = g_rand_boolean (r) ? urand (r, -8, 8) : 90 + urand (r, -8, 8);
  const double *c1, *c2;
  double mat[2][3];
  switch (t->background) {
  case TS_SYNTH_BG_WOOD:
    c1 = woods[g_rand_int_range (r, 0, G_N_ELEMENTS (woods))];
    for (int k = 0; k < 3; k++)
      mat[0][k] = c1[k] * 0.85;
    c2 = mat[0];
    break;
  case TS_SYNTH_BG_CLOTH:
    c1 = cloths[g_rand_int_range (r, 0, G_N_ELEMENTS (cloths))];
    c2 = c1;
    break;
  default:
    for (int k = 0; k < 3; k++) {
      mat[0][k] = urand (r, 0.05, 0.6);
      mat[1][k] = urand (r, 0.1, 0.85);
    }
    c1 = mat[0];
    c2 = mat[1];
    break;
  }
  memcpy (t->bg_rgb, c1, sizeof t->bg_rgb);
  memcpy (t->bg_rgb2, c2, sizeof t->bg_rgb2);
}

static void
pick_light (TsSynthTable *t, const TsSynthParams *p, GRand *r)
{
  t->brightness = urand (r, 1.0 - 0.35 * p->light, 1.0 + 0.12 * p->light);
  t->gradient = urand (r, 0, p->light);
  t->gradient_angle = urand (r, 0, 360);
  t->vignette = urand (r, 0, p->light);
  double warm = urand (r, -0.12, 0.12) * p->light;
  t->tint[0] = 1.0 - warm;        /* blue */
  t->tint[1] = 1.0;
  t->tint[2] = 1.0 + warm * 0.8;  /* red */
  t->shadow = g_rand_double (r) < p->p_shadow;
  if (t->shadow) {
    t->shadow_xy[0] = urand (r, 0, t->width);
    t->shadow_xy[1] = urand (r, 0, t->height);
    t->shadow_r[0] = urand (r, 0.15, 0.4) * t->width;
    t->shadow_r[1] = urand (r, 0.1, 0.3) * t->height;
    t->shadow_angle = urand (r, 0, 180);
    t->shadow_depth = urand (r, 0.2, 0.5);
  }
  t->blur = urand (r, 0, p->blur_max);
  t->noise = p->noise > 0 ? urand (r, p->noise * 0.5, p->noise) : 0;
  t->noise_seed = g_rand_int (r);
  int qlo = CLAMP (MIN (p->jpeg_quality_min, p->jpeg_quality_max), 1, 100);
  int qhi = CLAMP (MAX (p->jpeg_quality_min, p->jpeg_quality_max), 1, 100);
  t->jpeg_quality = g_rand_int_range (r, qlo, qhi + 1);
  /* drawn last so that adding it left every earlier choice of a seed unchanged */
  t->hotspot = g_rand_double (r) < p->light * 0.4;
  t->hotspot_xy[0] = urand (r, 0, t->width);
  t->hotspot_xy[1] = urand (r, 0, t->height);
  t->hotspot_r = urand (r, 0.05, 0.15) * MAX (t->width, t->height);
  t->hotspot_strength = urand (r, 0.25, 0.6);
}

static void
dress_card (TsSynthItem *it, const TsSynthParams *p, GRand *r)
{
  it->kind = TS_SYNTH_ITEM_CARD;
  it->seed = g_rand_int (r);
  it->frame = g_rand_double (r) < p->p_old_frame ? TS_SYNTH_FRAME_OLD : TS_SYNTH_FRAME_MODERN;
  it->sleeved = g_rand_double (r) < p->p_sleeve;
  if (it->sleeved) {
    static const double sleeves[][3] = { { 0.05, 0.05, 0.06 }, { 0.1, 0.15, 0.5 },
                                         { 0.5, 0.08, 0.08 }, { 0.08, 0.3, 0.12 },
                                         { 0.85, 0.85, 0.85 }, { 0.3, 0.1, 0.35 } };
    memcpy (it->sleeve_rgb, sleeves[g_rand_int_range (r, 0, G_N_ELEMENTS (sleeves))],
            sizeof it->sleeve_rgb);
    it->glare = g_rand_double (r) < p->p_glare;
    it->glare_u = urand (r, 0.1, 0.9);
    it->glare_v = urand (r, 0.05, 0.95);
    it->glare_size = urand (r, 12, 35);
    it->glare_strength = urand (r, 0.45, 0.9);
    it->glare_angle = urand (r, 0, 180);
  }
}

static double
pick_base_angle (const TsSynthParams *p, GRand *r, gboolean allow_tap)
{
  double a = g_rand_double (r) < p->p_upside_down ? 180 : 0;
  if (allow_tap && g_rand_double (r) < p->p_tapped)
    a += 90;
  return a;
}

/* Tries to place one group (single, fan or stack) of up to n cards; appends the items and
 * returns how many cards it placed. */
static int
place_group (TsSynthTable *t, const TsSynthParams *p, const TsSynthDeck *deck, GRand *r,
             const Box *box, int n_left, int *next_id)
{
  double kind = g_rand_double (r);
  int n = 1;
  enum { SINGLE, FAN, STACK } g = SINGLE;
  if (n_left >= 2 && kind < p->p_fan) {
    g = FAN;
    n = MIN (n_left, g_rand_int_range (r, 3, 6));
  } else if (n_left >= 2 && kind < p->p_fan + p->p_stack) {
    g = STACK;
    n = MIN (n_left, g_rand_int_range (r, 2, 5));
  }
  double s = t->px_per_mm;
  for (int attempt = 0; attempt < 40; attempt++) {
    TsSynthItem items[6];
    memset (items, 0, sizeof items);
    double base = pick_base_angle (p, r, g != FAN);
    double jitter = urand (r, -p->max_jitter_deg, p->max_jitter_deg);
    double cx = urand (r, box->x0, box->x1), cy = urand (r, box->y0, box->y1);
    double step = urand (r, 7, 12), offset_mm = urand (r, 11, 15);
    if (g == STACK && g_rand_int_range (r, 0, 5) == 0)
      offset_mm = urand (r, 6.5, 9.5);  /* a tight stack: titles partly covered */
    for (int i = 0; i < n; i++) {
      TsSynthItem *it = &items[i];
      dress_card (it, p, r);
      it->info = ts_synth_deck_nth (deck, g_rand_int_range (r, 0, (gint32) ts_synth_deck_count (deck)));
      if (g == STACK && i > 0 && g_rand_int_range (r, 0, 3) > 0)
        it->info = items[0].info;  /* a stack of the same basic land */
      it->id = (*next_id)++;
      if (g == SINGLE) {
        it->angle = base + jitter;
        it->cx = cx;
        it->cy = cy;
      } else if (g == FAN) {
        double a = base + jitter * 0.5 + (i - (n - 1) / 2.0) * step;
        /* cards turn about a pivot below the hand */
        double pr = 70 * s, ar = a * G_PI / 180.0, b0 = (base + jitter * 0.5) * G_PI / 180.0;
        double px = cx - sin (b0) * pr, py = cy + cos (b0) * pr;
        it->angle = a;
        it->cx = px + sin (ar) * pr;
        it->cy = py - cos (ar) * pr;
      } else {
        double ar = (base + jitter) * G_PI / 180.0;
        double d = (i - (n - 1) / 2.0) * offset_mm * s;
        it->angle = base + jitter + urand (r, -1.5, 1.5);
        it->cx = cx - sin (ar) * d;
        it->cy = cy + cos (ar) * d;
      }
      it->angle = fmod (it->angle + 360.0, 360.0);
    }
    /* check: in view, and not over earlier groups unless allowed */
    gboolean ok = TRUE;
    for (int i = 0; i < n && ok; i++) {
      double q[4][2];
      item_footprint (t, &items[i], q);
      if (p->allow_off_edge && g_rand_int_range (r, 0, 6) == 0 ? !center_inside_box (box, q)
                                                               : !inside_box (box, q))
        ok = FALSE;
      if (!p->allow_overlap)
        for (guint j = 0; j < t->items->len && ok; j++) {
          double o[4][2];
          item_footprint (t, &g_array_index (t->items, TsSynthItem, j), o);
          if (quads_overlap (q, o, 2 * s))
            ok = FALSE;
        }
    }
    if (!ok) {
      *next_id -= n;
      continue;
    }
    g_array_append_vals (t->items, items, n);
    return n;
  }
  return 0;
}

static void
place_clutter (TsSynthTable *t, const TsSynthParams *p, GRand *r, const Box *box, int n)
{
  static const double sizes[TS_SYNTH_ITEM_N][2] = {
    [TS_SYNTH_ITEM_D6] = { 12, 20 }, [TS_SYNTH_ITEM_D20] = { 18, 24 },
    [TS_SYNTH_ITEM_COIN] = { 18, 30 }, [TS_SYNTH_ITEM_BEAD] = { 12, 18 },
    [TS_SYNTH_ITEM_PHONE] = { 140, 165 }, [TS_SYNTH_ITEM_PEN] = { 130, 150 },
  };
  static const TsSynthItemKind kinds[] = { TS_SYNTH_ITEM_D6, TS_SYNTH_ITEM_D20, TS_SYNTH_ITEM_COIN,
                                           TS_SYNTH_ITEM_BEAD, TS_SYNTH_ITEM_PHONE,
                                           TS_SYNTH_ITEM_PEN, TS_SYNTH_ITEM_D6,
                                           TS_SYNTH_ITEM_COIN };
  guint n_cards = t->items->len;
  for (int c = 0; c < n; c++) {
    for (int attempt = 0; attempt < 30; attempt++) {
      TsSynthItem it = { 0 };
      it.kind = kinds[g_rand_int_range (r, 0, G_N_ELEMENTS (kinds))];
      it.size_mm = urand (r, sizes[it.kind][0], sizes[it.kind][1]);
      it.angle = urand (r, 0, 360);
      it.seed = g_rand_int (r);
      it.cx = urand (r, box->x0, box->x1);
      it.cy = urand (r, box->y0, box->y1);
      double q[4][2];
      item_footprint (t, &it, q);
      gboolean ok = center_inside_box (box, q);
      /* clutter sits beside cards; in crowded presets it may lie on them */
      for (guint j = 0; j < t->items->len && ok; j++) {
        if (j < n_cards && p->allow_overlap && g_rand_int_range (r, 0, 3) == 0)
          continue;
        double o[4][2];
        item_footprint (t, &g_array_index (t->items, TsSynthItem, j), o);
        if (quads_overlap (q, o, 0))
          ok = FALSE;
      }
      if (ok) {
        g_array_append_val (t->items, it);
        break;
      }
    }
  }
}

TsSynthScene *
ts_synth_scene_render (const TsSynthParams *p, const TsSynthDeck *deck, guint32 seed,
                       GError **error)
{
  if (p->width < 64 || p->height < 64 || p->width > 8192 || p->height > 8192) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED,
                 "image size %dx%d is outside 64..8192 pixels", p->width, p->height);
    return NULL;
  }
  if (p->n_cards_max > 0 && (deck == NULL || ts_synth_deck_count (deck) == 0)) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED,
                 "cards wanted but the deck has no card names");
    return NULL;
  }
  if (p->title_px_min <= 0 || p->title_px_max < p->title_px_min) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED,
                 "title height range %.1f..%.1f px is empty", p->title_px_min, p->title_px_max);
    return NULL;
  }
  g_autoptr (GRand) r = g_rand_new_with_seed (seed);
  TsSynthTable t;
  ts_synth_table_init (&t, p->width, p->height);
  pick_background (&t, r);
  pick_camera (&t, p, r);
  /* scale: the name line is about 5 mm tall; the camera's magnification near the middle of
   * the image is about 1 */
  double title_mm[4];
  ts_synth_card_title_rect (TS_SYNTH_FRAME_MODERN, title_mm);
  t.px_per_mm = urand (r, p->title_px_min, p->title_px_max) / title_mm[3];
  /* a card (either way round) must fit in the picture, or none could be placed */
  t.px_per_mm = MIN (t.px_per_mm, 0.8 * MIN (p->width, p->height) / TS_SYNTH_CARD_H_MM);
  Box box = visible_box (&t);

  int lo = MAX (p->n_cards_min, 0), hi = MAX (p->n_cards_max, lo);
  int want = hi > 0 ? g_rand_int_range (r, lo, hi + 1) : 0;
  int placed = 0, next_id = 1;
  for (int tries = 0; placed < want && tries < want * 3; tries++)
    placed += place_group (&t, p, deck, r, &box, want - placed, &next_id);
  int clo = MAX (p->clutter_min, 0);
  int clutter = g_rand_int_range (r, clo, MAX (clo, p->clutter_max) + 1);
  place_clutter (&t, p, r, &box, clutter);
  pick_light (&t, p, r);

  TsSynthScene *scene = ts_synth_table_render (&t, error);
  ts_synth_table_clear (&t);
  return scene;
}

/* ---- ground truth as JSON ---------------------------------------------------------------- */

/* Eighths of a pixel are exact in binary, so the JSON stays short. */
static double
q8 (double v)
{
  return round (v * 8.0) / 8.0;
}

static void
add_points (JsonBuilder *b, const double pts[4][2])
{
  json_builder_begin_array (b);
  for (int k = 0; k < 4; k++) {
    json_builder_begin_array (b);
    json_builder_add_double_value (b, q8 (pts[k][0]));
    json_builder_add_double_value (b, q8 (pts[k][1]));
    json_builder_end_array (b);
  }
  json_builder_end_array (b);
}

static char *
scene_to_json (const TsSynthScene *scene, const char *image_path, gboolean with_ids)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "image");
  json_builder_add_string_value (b, image_path);
  json_builder_set_member_name (b, "width");
  json_builder_add_int_value (b, scene->width);
  json_builder_set_member_name (b, "height");
  json_builder_add_int_value (b, scene->height);
  json_builder_set_member_name (b, "cards");
  json_builder_begin_array (b);
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *c = &g_array_index (scene->cards, TsSynthCard, i);
    json_builder_begin_object (b);
    if (with_ids) {
      json_builder_set_member_name (b, "id");
      json_builder_add_int_value (b, c->id);
    }
    json_builder_set_member_name (b, "name");
    json_builder_add_string_value (b, c->name);
    json_builder_set_member_name (b, "tapped");
    json_builder_add_boolean_value (b, c->tapped);
    json_builder_set_member_name (b, "angle");
    json_builder_add_double_value (b, fmod (q8 (c->angle), 360.0));
    json_builder_set_member_name (b, "quad");
    add_points (b, c->quad);
    json_builder_set_member_name (b, "title");
    add_points (b, c->title);
    json_builder_set_member_name (b, "title_px");
    json_builder_add_double_value (b, q8 (c->title_px));
    json_builder_set_member_name (b, "visible");
    json_builder_add_double_value (b, round (c->visible * 64.0) / 64.0);
    json_builder_set_member_name (b, "name_visible");
    json_builder_add_double_value (b, round (c->name_visible * 64.0) / 64.0);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);
  json_builder_end_object (b);
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

char *
ts_synth_scene_to_json (const TsSynthScene *scene, const char *image_path)
{
  return scene_to_json (scene, image_path, FALSE);
}

char *
ts_synth_scene_to_json_with_ids (const TsSynthScene *scene, const char *image_path)
{
  return scene_to_json (scene, image_path, TRUE);
}

gboolean
ts_synth_scene_write (const TsSynthScene *scene, const char *dir, const char *basename,
                      GError **error)
{
  g_autofree char *jpg_name = g_strconcat (basename, ".jpg", NULL);
  g_autofree char *json_name = g_strconcat (basename, ".json", NULL);
  g_autofree char *jpg_path = g_build_filename (dir, jpg_name, NULL);
  g_autofree char *json_path = g_build_filename (dir, json_name, NULL);
  gsize n;
  const guint8 *bytes = g_bytes_get_data (scene->jpeg, &n);
  if (!g_file_set_contents (jpg_path, (const char *) bytes, (gssize) n, error))
    return FALSE;
  /* the image is named relative to the JSON beside it, so a folder can move as a whole */
  g_autofree char *json = ts_synth_scene_to_json (scene, jpg_name);
  g_autofree char *line = g_strconcat (json, "\n", NULL);
  return g_file_set_contents (json_path, line, -1, error);
}

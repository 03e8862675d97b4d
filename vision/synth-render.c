/* synth-render.c — turns a table description into a photo-like picture (backgrounds, cards,
 * clutter, hands, camera perspective, light, blur, sensor noise, JPEG) and measures the ground
 * truth of every card through the same camera. */
#include "synth-render.h"
#include "synth-card.h"
#include "cv.h"

#include <cairo.h>
#include <math.h>
#include <string.h>

void
ts_synth_table_init (TsSynthTable *table, int width, int height)
{
  memset (table, 0, sizeof *table);
  table->width = width;
  table->height = height;
  table->px_per_mm = 3.0;
  table->items = g_array_new (FALSE, TRUE, sizeof (TsSynthItem));
  table->camera[0][0] = 0; table->camera[0][1] = 0;
  table->camera[1][0] = width; table->camera[1][1] = 0;
  table->camera[2][0] = width; table->camera[2][1] = height;
  table->camera[3][0] = 0; table->camera[3][1] = height;
  table->brightness = 1.0;
  table->tint[0] = table->tint[1] = table->tint[2] = 1.0;
  table->jpeg_quality = 85;
}

void
ts_synth_table_clear (TsSynthTable *table)
{
  g_clear_pointer (&table->items, g_array_unref);
}

/* ---- small maths ------------------------------------------------------------------------- */

static inline guint32
hash3 (guint32 seed, gint32 x, gint32 y)
{
  guint32 h = seed * 0x9E3779B1u ^ (guint32) x * 0x85EBCA77u ^ (guint32) y * 0xC2B2AE3Du;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h *= 0x297A2D39u;
  h ^= h >> 15;
  return h;
}

static inline double
lattice (guint32 seed, gint32 x, gint32 y)
{
  return hash3 (seed, x, y) / 4294967296.0;
}

/* Smooth value noise in [0, 1). */
static double
vnoise (guint32 seed, double x, double y)
{
  double fx = floor (x), fy = floor (y);
  gint32 ix = (gint32) fx, iy = (gint32) fy;
  double tx = x - fx, ty = y - fy;
  tx = tx * tx * (3 - 2 * tx);
  ty = ty * ty * (3 - 2 * ty);
  double a = lattice (seed, ix, iy), b = lattice (seed, ix + 1, iy);
  double c = lattice (seed, ix, iy + 1), d = lattice (seed, ix + 1, iy + 1);
  return (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
}

static double
fbm (guint32 seed, double x, double y, int octaves)
{
  double sum = 0, amp = 0.5, norm = 0;
  for (int o = 0; o < octaves; o++) {
    sum += amp * vnoise (seed + (guint32) o * 101u, x, y);
    norm += amp;
    amp *= 0.5;
    x *= 2.03;
    y *= 2.03;
  }
  return sum / norm;
}

/* xorshift: fast per-pixel noise without touching any shared state */
static inline guint32
xorshift (guint32 *s)
{
  guint32 x = *s;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *s = x;
  return x;
}

static inline double
gauss (guint32 *s)
{
  /* sum of two uniforms (a triangle): close enough to normal for sensor noise, and cheap */
  guint32 r = xorshift (s);
  double u = (r & 0xffff) / 65536.0 + (r >> 16) / 65536.0;
  return (u - 1.0) * 2.4494897;
}

static inline guint8
clamp8 (double v)
{
  return v <= 0 ? 0 : v >= 255 ? 255 : (guint8) (v + 0.5);
}

void
ts_synth_table_project (const double h[9], const double in[2], double out[2])
{
  double x = in[0], y = in[1];
  double w = h[6] * x + h[7] * y + h[8];
  out[0] = (h[0] * x + h[1] * y + h[2]) / w;
  out[1] = (h[3] * x + h[4] * y + h[5]) / w;
}

void
ts_synth_item_card_point (const TsSynthTable *table, const TsSynthItem *item, double x_mm,
                          double y_mm, double out[2])
{
  double a = item->angle * G_PI / 180.0, s = table->px_per_mm;
  double dx = (x_mm - TS_SYNTH_CARD_W_MM / 2) * s, dy = (y_mm - TS_SYNTH_CARD_H_MM / 2) * s;
  out[0] = item->cx + cos (a) * dx - sin (a) * dy;
  out[1] = item->cy + sin (a) * dx + cos (a) * dy;
}

/* ---- background -------------------------------------------------------------------------- */

static void
draw_background (const TsSynthTable *t, cairo_surface_t *surface)
{
  cairo_surface_flush (surface);
  guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  if (t->background_cache != NULL) {
    const TsImage *bg = t->background_cache;
    for (int y = 0; y < MIN (t->height, bg->height); y++)
      memcpy (data + (gsize) y * stride, bg->data + (gsize) y * bg->stride,
              (gsize) MIN (t->width, bg->width) * 4);
    cairo_surface_mark_dirty (surface);
    return;
  }
  guint32 seed = t->background_seed;
  double a = t->bg_angle * G_PI / 180.0, ca = cos (a), sa = sin (a);
  double mm = 1.0 / t->px_per_mm;  /* canvas px -> mm, so textures keep their physical size */
  double plank_mm = 90 + lattice (seed, 1, 2) * 80;

  for (int y = 0; y < t->height; y++) {
    guint8 *row = data + (gsize) y * stride;
    for (int x = 0; x < t->width; x++) {
      double u = (x * ca + y * sa) * mm, v = (-x * sa + y * ca) * mm;
      double k = 1.0, mixv = 0.0;
      switch (t->background) {
      case TS_SYNTH_BG_WOOD: {
        int plank = (int) floor (v / plank_mm);
        double pv = v - plank * plank_mm;
        guint32 ps = seed + (guint32) plank * 7u;
        /* growth rings: contours of a stretched noise field, thin and irregular */
        double field = fbm (ps, u * 0.0025, pv * 0.045, 4) * 9.0 + pv * 0.05;
        double ring = field - floor (field);
        double line = ring < 0.12 ? 1.0 - ring / 0.12 : 0.0;
        double fibre = vnoise (ps + 3, u * 0.15, pv * 4.0);
        double streak = fbm (ps + 5, u * 0.01, pv * 0.3, 2);
        mixv = lattice (seed, plank, 9) * 0.6;
        k = 0.95 - 0.17 * line + 0.07 * (fibre - 0.5) + 0.16 * (streak - 0.5);
        if (pv < 0.6)
          k *= 0.55;  /* the seam between planks */
        break;
      }
      case TS_SYNTH_BG_CLOTH: {
        double weave = sin (u * 6.0) * sin (v * 6.0);
        double mottle = fbm (seed, u * 0.02, v * 0.02, 3);
        double fibre = vnoise (seed + 9, u * 3.0, v * 3.0);
        k = 0.9 + 0.05 * weave + 0.18 * (mottle - 0.5) + 0.1 * (fibre - 0.5);
        break;
      }
      default: {
        double print = fbm (seed, u * 0.006, v * 0.006, 4);
        mixv = CLAMP ((print - 0.35) * 2.5, 0, 1);
        double grain = vnoise (seed + 4, u * 2.0, v * 2.0);
        k = 0.92 + 0.16 * (fbm (seed + 8, u * 0.02, v * 0.02, 2) - 0.5) + 0.05 * (grain - 0.5);
        break;
      }
      }
      double r = t->bg_rgb[0] + (t->bg_rgb2[0] - t->bg_rgb[0]) * mixv;
      double g = t->bg_rgb[1] + (t->bg_rgb2[1] - t->bg_rgb[1]) * mixv;
      double b = t->bg_rgb[2] + (t->bg_rgb2[2] - t->bg_rgb[2]) * mixv;
      row[x * 4 + 0] = clamp8 (b * k * 255);
      row[x * 4 + 1] = clamp8 (g * k * 255);
      row[x * 4 + 2] = clamp8 (r * k * 255);
      row[x * 4 + 3] = 255;
    }
  }
  cairo_surface_mark_dirty (surface);
}

/* A playmat's printed artwork over the neoprene: big soft shapes, and sometimes lettering
 * (event names), which a card reader must not take for a card title. */
static void
draw_playmat_print (const TsSynthTable *t, cairo_surface_t *surface)
{
  static const char *const words[] = { "GRAND PRIX", "Championship", "Friday Night",
                                       "Open Series", "Store League", "Legends Cup" };
  g_autoptr (GRand) r = g_rand_new_with_seed (t->background_seed ^ 0x5bd1e995u);
  cairo_t *cr = cairo_create (surface);
  double s = t->px_per_mm;
  int n = g_rand_int_range (r, 3, 9);
  for (int i = 0; i < n; i++) {
    double k = g_rand_double_range (r, 0.6, 1.4);
    const double *c = g_rand_boolean (r) ? t->bg_rgb : t->bg_rgb2;
    cairo_set_source_rgba (cr, CLAMP (c[0] * k, 0, 1), CLAMP (c[1] * k, 0, 1),
                           CLAMP (c[2] * k, 0, 1), g_rand_double_range (r, 0.2, 0.5));
    double x = g_rand_double (r) * t->width, y = g_rand_double (r) * t->height;
    cairo_move_to (cr, x, y);
    for (int j = 0; j < 3; j++)
      cairo_curve_to (cr, x + g_rand_double_range (r, -150, 150) * s,
                      y + g_rand_double_range (r, -150, 150) * s,
                      x + g_rand_double_range (r, -150, 150) * s,
                      y + g_rand_double_range (r, -150, 150) * s,
                      x + g_rand_double_range (r, -100, 100) * s,
                      y + g_rand_double_range (r, -100, 100) * s);
    cairo_close_path (cr);
    cairo_fill (cr);
  }
  if (g_rand_int_range (r, 0, 3) == 0) {
    cairo_select_font_face (cr, g_rand_boolean (r) ? "Linux Libertine O" : "DejaVu Sans",
                            CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size (cr, g_rand_double_range (r, 8, 25) * s);
    cairo_move_to (cr, g_rand_double_range (r, 0, 0.6) * t->width,
                   g_rand_double_range (r, 0.2, 1.0) * t->height);
    cairo_rotate (cr, g_rand_double_range (r, -0.3, 0.3));
    double ink = g_rand_boolean (r) ? 0.95 : 0.08;
    cairo_set_source_rgba (cr, ink, ink, ink, g_rand_double_range (r, 0.4, 0.8));
    cairo_show_text (cr, words[g_rand_int_range (r, 0, G_N_ELEMENTS (words))]);
  }
  cairo_destroy (cr);
}

/* The table as it looks with nothing on it. */
static void
paint_table (const TsSynthTable *t, cairo_surface_t *surface)
{
  draw_background (t, surface);
  if (t->background_cache == NULL && t->background == TS_SYNTH_BG_PLAYMAT)
    draw_playmat_print (t, surface);
}

TsImage *
ts_synth_table_render_background (const TsSynthTable *t)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, t->width,
                                                         t->height);
  TsSynthTable plain = *t;
  plain.background_cache = NULL;
  paint_table (&plain, surface);
  cairo_surface_flush (surface);
  TsImage *img = ts_image_new (t->width, t->height, 4);
  const guint8 *d = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < t->height; y++)
    memcpy (img->data + (gsize) y * img->stride, d + (gsize) y * stride, (gsize) t->width * 4);
  cairo_surface_destroy (surface);
  return img;
}

/* ---- items ------------------------------------------------------------------------------- */

/* Sets cr so user units are millimetres centred on the item, turned by its angle. */
static void
item_transform (cairo_t *cr, const TsSynthTable *t, const TsSynthItem *it)
{
  cairo_translate (cr, it->cx, it->cy);
  cairo_rotate (cr, it->angle * G_PI / 180.0);
  cairo_scale (cr, t->px_per_mm, t->px_per_mm);
}

static gboolean
is_card (const TsSynthItem *it)
{
  return it->kind == TS_SYNTH_ITEM_CARD || it->kind == TS_SYNTH_ITEM_BACK;
}

/* The outline of the item in item millimetres (after item_transform), as a path. */
static void
item_outline (cairo_t *cr, const TsSynthItem *it)
{
  double s = it->size_mm;
  switch (it->kind) {
  case TS_SYNTH_ITEM_CARD:
  case TS_SYNTH_ITEM_BACK: {
    double m = it->sleeved ? 0.9 : 0;
    ts_synth_path_round_rect (cr, -31.5 - m, -44 - m, 63 + 2 * m, 88 + 2 * m, 3 + m * 0.5);
    break;
  }
  case TS_SYNTH_ITEM_D6:
    ts_synth_path_round_rect (cr, -s / 2, -s / 2, s, s, s * 0.18);
    break;
  case TS_SYNTH_ITEM_D20:
    cairo_new_sub_path (cr);
    for (int i = 0; i < 6; i++)
      cairo_line_to (cr, s / 2 * cos (i * G_PI / 3 + G_PI / 6), s / 2 * sin (i * G_PI / 3 + G_PI / 6));
    cairo_close_path (cr);
    break;
  case TS_SYNTH_ITEM_COIN:
  case TS_SYNTH_ITEM_BEAD:
    cairo_new_sub_path (cr);
    cairo_arc (cr, 0, 0, s / 2, 0, 2 * G_PI);
    break;
  case TS_SYNTH_ITEM_PHONE:
    ts_synth_path_round_rect (cr, -s * 0.24, -s / 2, s * 0.48, s, s * 0.07);
    break;
  case TS_SYNTH_ITEM_PEN:
    ts_synth_path_round_rect (cr, -s * 0.035, -s / 2, s * 0.07, s, s * 0.03);
    break;
  case TS_SYNTH_ITEM_HAND: {
    /* fingertips at the origin pointing up (-y); palm below; forearm far below */
    for (int f = 0; f < 4; f++) {
      double fx = -24 + f * 16, len = (f == 0 || f == 3) ? 55 : 68;
      ts_synth_path_round_rect (cr, fx - 8, (f == 0 || f == 3) ? 13 : 0, 16, len + 30, 8);
    }
    cairo_new_sub_path (cr);
    cairo_save (cr);
    cairo_translate (cr, 0, 100);
    cairo_scale (cr, 48, 52);
    cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
    cairo_restore (cr);
    ts_synth_path_round_rect (cr, -50, 70, 26, 60, 13);  /* thumb */
    ts_synth_path_round_rect (cr, -40, 110, 80, 500, 30);  /* forearm */
    break;
  }
  default:
    break;
  }
}

static void
draw_card_item (cairo_t *cr, const TsSynthItem *it)
{
  if (it->sleeved) {
    /* the sleeve's coloured back shows round the card's edge */
    ts_synth_path_round_rect (cr, -31.5 - 0.9, -44 - 0.9, 63 + 1.8, 88 + 1.8, 3.4);
    cairo_set_source_rgb (cr, it->sleeve_rgb[0], it->sleeve_rgb[1], it->sleeve_rgb[2]);
    cairo_fill (cr);
  }
  cairo_save (cr);
  cairo_translate (cr, -31.5, -44);
  if (it->kind == TS_SYNTH_ITEM_BACK)
    ts_synth_card_draw_back (cr, it->seed);
  else
    ts_synth_card_draw (cr, it->info, it->frame, it->seed);
  if (it->sleeved) {
    /* clear plastic: a faint haze, then the specular sheen */
    ts_synth_path_round_rect (cr, -0.9, -0.9, 64.8, 89.8, 3.4);
    cairo_clip (cr);
    cairo_set_source_rgba (cr, 1, 1, 1, 0.04);
    cairo_paint (cr);
    if (it->glare) {
      cairo_save (cr);
      cairo_translate (cr, it->glare_u * 63, it->glare_v * 88);
      cairo_rotate (cr, it->glare_angle * G_PI / 180.0);
      cairo_scale (cr, 1.0, 0.35);
      cairo_pattern_t *p = cairo_pattern_create_radial (0, 0, 0, 0, 0, it->glare_size);
      cairo_pattern_add_color_stop_rgba (p, 0, 1, 1, 1, it->glare_strength);
      cairo_pattern_add_color_stop_rgba (p, 0.45, 1, 1, 0.98, it->glare_strength * 0.7);
      cairo_pattern_add_color_stop_rgba (p, 1, 1, 1, 1, 0);
      cairo_set_source (cr, p);
      cairo_paint (cr);
      cairo_pattern_destroy (p);
      cairo_restore (cr);
    }
  }
  cairo_restore (cr);
}

static void
draw_pips (cairo_t *cr, int n, double s, double rgb)
{
  static const double pos[7][2] = { { 0, 0 }, { -1, -1 }, { 1, 1 }, { -1, 1 }, { 1, -1 },
                                    { -1, 0 }, { 1, 0 } };
  static const int sets[7][7] = { { 0 }, { 0 }, { 1, 2 }, { 0, 1, 2 }, { 1, 2, 3, 4 },
                                  { 0, 1, 2, 3, 4 }, { 1, 2, 3, 4, 5, 6 } };
  cairo_set_source_rgb (cr, rgb, rgb, rgb);
  for (int i = 0; i < n; i++) {
    const double *p = pos[sets[n][i]];
    cairo_new_sub_path (cr);
    cairo_arc (cr, p[0] * s * 0.27, p[1] * s * 0.27, s * 0.09, 0, 2 * G_PI);
  }
  cairo_fill (cr);
}

static void draw_item_opaque (cairo_t *cr, const TsSynthTable *t, const TsSynthItem *it);

static void
draw_item (cairo_t *cr, const TsSynthTable *t, const TsSynthItem *it)
{
  if (it->opacity > 0 && it->opacity < 1) {
    cairo_push_group (cr);
    draw_item_opaque (cr, t, it);
    cairo_pop_group_to_source (cr);
    cairo_paint_with_alpha (cr, it->opacity);
  } else {
    draw_item_opaque (cr, t, it);
  }
}

static void
draw_item_opaque (cairo_t *cr, const TsSynthTable *t, const TsSynthItem *it)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (it->seed);
  double s = it->size_mm;
  cairo_save (cr);
  item_transform (cr, t, it);

  /* soft contact shadow: a few widening outlines, offset away from the light */
  double lift = is_card (it) ? 0.6 : it->kind == TS_SYNTH_ITEM_HAND ? 25 : 1.5;
  if (it->lift > 0)
    lift = it->lift;
  for (int i = it->ghost ? 0 : 4; i >= 1; i--) {
    cairo_save (cr);
    cairo_rotate (cr, -it->angle * G_PI / 180.0);
    cairo_translate (cr, lift * 0.6, lift);
    cairo_rotate (cr, it->angle * G_PI / 180.0);
    double grow = 1.0 + i * (it->kind == TS_SYNTH_ITEM_HAND ? 0.05 : 0.012);
    cairo_scale (cr, grow, grow);
    item_outline (cr, it);
    cairo_restore (cr);
    cairo_set_source_rgba (cr, 0, 0, 0, it->kind == TS_SYNTH_ITEM_HAND ? 0.08 : 0.09);
    cairo_fill (cr);
  }

  switch (it->kind) {
  case TS_SYNTH_ITEM_CARD:
  case TS_SYNTH_ITEM_BACK:
    draw_card_item (cr, it);
    break;
  case TS_SYNTH_ITEM_D6:
  case TS_SYNTH_ITEM_D20: {
    double hue[3] = { g_rand_double (rand), g_rand_double (rand), g_rand_double (rand) };
    item_outline (cr, it);
    cairo_pattern_t *p = cairo_pattern_create_radial (-s * 0.2, -s * 0.2, 0, 0, 0, s * 0.8);
    cairo_pattern_add_color_stop_rgb (p, 0, hue[0] * 0.6 + 0.4, hue[1] * 0.6 + 0.4, hue[2] * 0.6 + 0.4);
    cairo_pattern_add_color_stop_rgb (p, 1, hue[0] * 0.6, hue[1] * 0.6, hue[2] * 0.6);
    cairo_set_source (cr, p);
    cairo_fill (cr);
    cairo_pattern_destroy (p);
    double ink = (hue[0] + hue[1] + hue[2]) > 1.3 ? 0.05 : 0.95;
    if (it->kind == TS_SYNTH_ITEM_D6) {
      draw_pips (cr, g_rand_int_range (rand, 1, 7), s, ink);
    } else {
      cairo_new_sub_path (cr);
      for (int i = 0; i < 3; i++)
        cairo_line_to (cr, s * 0.3 * cos (i * 2 * G_PI / 3 - G_PI / 2), s * 0.3 * sin (i * 2 * G_PI / 3 - G_PI / 2));
      cairo_close_path (cr);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.25);
      cairo_fill (cr);
      char label[8];
      g_snprintf (label, sizeof label, "%d", g_rand_int_range (rand, 1, 21));
      cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, s * 0.28);
      cairo_text_extents_t ext;
      cairo_text_extents (cr, label, &ext);
      cairo_move_to (cr, -ext.x_advance / 2, ext.height / 2);
      cairo_set_source_rgb (cr, ink, ink, ink);
      cairo_show_text (cr, label);
    }
    break;
  }
  case TS_SYNTH_ITEM_COIN: {
    gboolean copper = g_rand_boolean (rand);
    double c[3] = { copper ? 0.72 : 0.75, copper ? 0.45 : 0.74, copper ? 0.28 : 0.72 };
    item_outline (cr, it);
    cairo_pattern_t *p = cairo_pattern_create_linear (-s / 2, -s / 2, s / 2, s / 2);
    cairo_pattern_add_color_stop_rgb (p, 0, c[0] * 1.25, c[1] * 1.25, c[2] * 1.25);
    cairo_pattern_add_color_stop_rgb (p, 0.5, c[0] * 0.8, c[1] * 0.8, c[2] * 0.8);
    cairo_pattern_add_color_stop_rgb (p, 1, c[0] * 1.1, c[1] * 1.1, c[2] * 1.1);
    cairo_set_source (cr, p);
    cairo_fill (cr);
    cairo_pattern_destroy (p);
    cairo_arc (cr, 0, 0, s * 0.42, 0, 2 * G_PI);
    cairo_set_line_width (cr, s * 0.03);
    cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
    cairo_stroke (cr);
    cairo_arc (cr, 0, 0, s * 0.2, 0, 2 * G_PI);
    cairo_set_source_rgba (cr, 0, 0, 0, 0.2);
    cairo_fill (cr);
    break;
  }
  case TS_SYNTH_ITEM_BEAD: {
    double hue[3] = { g_rand_double (rand), g_rand_double (rand), g_rand_double (rand) };
    item_outline (cr, it);
    cairo_set_source_rgba (cr, hue[0], hue[1], hue[2], 0.8);
    cairo_fill (cr);
    cairo_arc (cr, -s * 0.15, -s * 0.15, s * 0.12, 0, 2 * G_PI);
    cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
    cairo_fill (cr);
    break;
  }
  case TS_SYNTH_ITEM_PHONE: {
    item_outline (cr, it);
    cairo_set_source_rgb (cr, 0.08, 0.08, 0.09);
    cairo_fill (cr);
    ts_synth_path_round_rect (cr, -s * 0.22, -s * 0.46, s * 0.44, s * 0.92, s * 0.05);
    cairo_pattern_t *p = cairo_pattern_create_linear (-s * 0.2, -s * 0.5, s * 0.2, s * 0.5);
    gboolean lit = g_rand_boolean (rand);
    cairo_pattern_add_color_stop_rgb (p, 0, lit ? 0.3 : 0.05, lit ? 0.45 : 0.06, lit ? 0.7 : 0.08);
    cairo_pattern_add_color_stop_rgb (p, 0.55, lit ? 0.5 : 0.12, lit ? 0.5 : 0.12, lit ? 0.6 : 0.14);
    cairo_pattern_add_color_stop_rgb (p, 1, lit ? 0.2 : 0.03, lit ? 0.2 : 0.03, lit ? 0.3 : 0.04);
    cairo_set_source (cr, p);
    cairo_fill (cr);
    cairo_pattern_destroy (p);
    if (lit) {
      /* a life counter app: two big numbers */
      cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, s * 0.18);
      cairo_set_source_rgb (cr, 0.95, 0.95, 0.95);
      char label[8];
      g_snprintf (label, sizeof label, "%d", g_rand_int_range (rand, 1, 21));
      cairo_move_to (cr, -s * 0.1, -s * 0.1);
      cairo_show_text (cr, label);
      g_snprintf (label, sizeof label, "%d", g_rand_int_range (rand, 1, 21));
      cairo_move_to (cr, -s * 0.1, s * 0.3);
      cairo_show_text (cr, label);
    }
    break;
  }
  case TS_SYNTH_ITEM_PEN: {
    item_outline (cr, it);
    double c = g_rand_double_range (rand, 0.05, 0.8);
    cairo_set_source_rgb (cr, c, c * 0.6, 0.9 - c);
    cairo_fill (cr);
    cairo_rectangle (cr, -s * 0.008, -s * 0.5, s * 0.016, s * 0.9);
    cairo_set_source_rgba (cr, 1, 1, 1, 0.4);
    cairo_fill (cr);
    break;
  }
  case TS_SYNTH_ITEM_HAND: {
    double tone = g_rand_double_range (rand, 0.25, 0.95);
    double skin[3] = { 0.35 + 0.55 * tone, 0.22 + 0.5 * tone, 0.15 + 0.45 * tone };
    item_outline (cr, it);
    cairo_pattern_t *p = cairo_pattern_create_linear (-50, 0, 50, 0);
    cairo_pattern_add_color_stop_rgb (p, 0, skin[0] * 0.8, skin[1] * 0.8, skin[2] * 0.8);
    cairo_pattern_add_color_stop_rgb (p, 0.4, skin[0], skin[1], skin[2]);
    cairo_pattern_add_color_stop_rgb (p, 1, skin[0] * 0.75, skin[1] * 0.75, skin[2] * 0.75);
    cairo_set_source (cr, p);
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
    cairo_fill (cr);
    cairo_pattern_destroy (p);
    break;
  }
  default:
    break;
  }
  cairo_restore (cr);
}

/* ---- ground truth ------------------------------------------------------------------------ */

static double
norm360 (double a)
{
  a = fmod (a, 360.0);
  return a < 0 ? a + 360.0 : a;
}

/* Share of the title (card mm rectangle tr) of item index i not hidden by later items nor
 * outside the camera's view. Measured on the canvas with coverage masks. */
static double
title_visible (const TsSynthTable *t, guint i, const double tr[4], const double hinv[9])
{
  const TsSynthItem *it = &g_array_index (t->items, TsSynthItem, i);
  double pts[4][2];
  ts_synth_item_card_point (t, it, tr[0], tr[1], pts[0]);
  ts_synth_item_card_point (t, it, tr[0] + tr[2], tr[1], pts[1]);
  ts_synth_item_card_point (t, it, tr[0] + tr[2], tr[1] + tr[3], pts[2]);
  ts_synth_item_card_point (t, it, tr[0], tr[1] + tr[3], pts[3]);
  double x0 = pts[0][0], x1 = x0, y0 = pts[0][1], y1 = y0;
  for (int k = 1; k < 4; k++) {
    x0 = MIN (x0, pts[k][0]); x1 = MAX (x1, pts[k][0]);
    y0 = MIN (y0, pts[k][1]); y1 = MAX (y1, pts[k][1]);
  }
  /* supersample small titles so the ratio is not dominated by edge pixels */
  double ss = MAX (1.0, 40.0 / MAX (1.0, MIN (tr[3] * t->px_per_mm, 40.0)));
  int w = (int) ceil ((x1 - x0) * ss) + 2, h = (int) ceil ((y1 - y0) * ss) + 2;
  cairo_surface_t *mask = cairo_image_surface_create (CAIRO_FORMAT_A8, w, h);
  cairo_t *cr = cairo_create (mask);
  cairo_scale (cr, ss, ss);
  cairo_translate (cr, -x0 + 1 / ss, -y0 + 1 / ss);
  cairo_move_to (cr, pts[0][0], pts[0][1]);
  for (int k = 1; k < 4; k++)
    cairo_line_to (cr, pts[k][0], pts[k][1]);
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 1);
  cairo_fill (cr);

  cairo_surface_flush (mask);
  const guint8 *d = cairo_image_surface_get_data (mask);
  int stride = cairo_image_surface_get_stride (mask);
  double full = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      full += d[y * stride + x];

  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  for (guint j = i + 1; j < t->items->len; j++) {
    const TsSynthItem *o = &g_array_index (t->items, TsSynthItem, j);
    if (o->ghost)
      continue;
    cairo_save (cr);
    item_transform (cr, t, o);
    item_outline (cr, o);
    cairo_restore (cr);
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
    cairo_fill (cr);
  }
  /* outside the image: everything but the image seen back on the canvas */
  double corners[4][2] = { { 0, 0 }, { t->width, 0 }, { t->width, t->height }, { 0, t->height } };
  cairo_rectangle (cr, x0 - 10, y0 - 10, x1 - x0 + 20, y1 - y0 + 20);
  for (int k = 0; k < 4; k++) {
    double c[2];
    ts_synth_table_project (hinv, corners[k], c);
    if (k == 0)
      cairo_move_to (cr, c[0], c[1]);
    else
      cairo_line_to (cr, c[0], c[1]);
  }
  cairo_close_path (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_fill (cr);
  cairo_destroy (cr);

  cairo_surface_flush (mask);
  double left = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      left += d[y * stride + x];
  cairo_surface_destroy (mask);
  return full > 0 ? left / full : 0.0;
}

static void
invert3 (const double m[9], double out[9])
{
  double a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5], g = m[6], h = m[7], i = m[8];
  double A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
  double det = a * A + b * B + c * C;
  out[0] = A / det; out[1] = -(b * i - c * h) / det; out[2] = (b * f - c * e) / det;
  out[3] = B / det; out[4] = (a * i - c * g) / det; out[5] = -(a * f - c * d) / det;
  out[6] = C / det; out[7] = -(a * h - b * g) / det; out[8] = (a * e - b * d) / det;
}

static void
fill_truth (const TsSynthTable *t, const double h[9], const double hinv[9], GArray *cards)
{
  for (guint i = 0; i < t->items->len; i++) {
    const TsSynthItem *it = &g_array_index (t->items, TsSynthItem, i);
    if (it->kind != TS_SYNTH_ITEM_CARD || it->ghost)
      continue;
    TsSynthCard c = { 0 };
    c.name = g_strdup (it->info->name);
    c.frame = it->frame;
    c.id = it->id;
    double tr[4];
    ts_synth_card_title_rect (it->frame, tr);
    const double card_mm[4][2] = { { 0, 0 }, { 63, 0 }, { 63, 88 }, { 0, 88 } };
    const double title_mm[4][2] = { { tr[0], tr[1] }, { tr[0] + tr[2], tr[1] },
                                    { tr[0] + tr[2], tr[1] + tr[3] }, { tr[0], tr[1] + tr[3] } };
    c.in_view = TRUE;
    for (int k = 0; k < 4; k++) {
      double p[2];
      ts_synth_item_card_point (t, it, card_mm[k][0], card_mm[k][1], p);
      ts_synth_table_project (h, p, c.quad[k]);
      ts_synth_item_card_point (t, it, title_mm[k][0], title_mm[k][1], p);
      ts_synth_table_project (h, p, c.title[k]);
      if (c.quad[k][0] < 0 || c.quad[k][1] < 0 || c.quad[k][0] > t->width ||
          c.quad[k][1] > t->height)
        c.in_view = FALSE;
    }
    /* the card's up direction in the image: from the bottom edge's middle to the top's */
    double ux = (c.quad[0][0] + c.quad[1][0] - c.quad[2][0] - c.quad[3][0]) / 2;
    double uy = (c.quad[0][1] + c.quad[1][1] - c.quad[2][1] - c.quad[3][1]) / 2;
    c.angle = norm360 (atan2 (ux, -uy) * 180.0 / G_PI);
    c.tapped = fabs (ux) > fabs (uy);
    c.title_px = (hypot (c.title[3][0] - c.title[0][0], c.title[3][1] - c.title[0][1]) +
                  hypot (c.title[2][0] - c.title[1][0], c.title[2][1] - c.title[1][1])) / 2;
    c.visible = title_visible (t, i, tr, hinv);
    double name_box[4];
    ts_synth_card_name_box (it->info, it->frame, it->seed, name_box);
    c.name_visible = title_visible (t, i, name_box, hinv);
    g_array_append_val (cards, c);
  }
}

/* ---- the camera and the sensor ----------------------------------------------------------- */

static void
apply_light_and_noise (const TsSynthTable *t, TsImage *img)
{
  double ga = t->gradient_angle * G_PI / 180.0;
  double gx = cos (ga), gy = sin (ga);
  double cx = img->width / 2.0, cy = img->height / 2.0;
  double diag = hypot (cx, cy);
  guint32 state = t->noise_seed | 1u;
  double sc = t->shadow_angle * G_PI / 180.0, scos = cos (sc), ssin = sin (sc);
  for (int y = 0; y < img->height; y++) {
    guint8 *row = img->data + (gsize) y * img->stride;
    for (int x = 0; x < img->width; x++) {
      double dx = (x - cx) / diag, dy = (y - cy) / diag;
      double l = t->brightness * (1.0 + t->gradient * 0.5 * (dx * gx + dy * gy) * 2.0);
      l *= 1.0 - t->vignette * 0.6 * (dx * dx + dy * dy);
      if (t->shadow) {
        double sx = x - t->shadow_xy[0], sy = y - t->shadow_xy[1];
        double u = (sx * scos + sy * ssin) / t->shadow_r[0];
        double v = (-sx * ssin + sy * scos) / t->shadow_r[1];
        double r = sqrt (u * u + v * v);
        double f = r < 0.7 ? 1.0 : r > 1.3 ? 0.0 : (1.3 - r) / 0.6;
        l *= 1.0 - t->shadow_depth * f;
      }
      double add = 0;
      if (t->hotspot) {
        double hx = (x - t->hotspot_xy[0]) / t->hotspot_r, hy = (y - t->hotspot_xy[1]) / t->hotspot_r;
        double d2 = hx * hx + hy * hy;
        if (d2 < 9)
          add = t->hotspot_strength * 255.0 * exp (-d2);
      }
      guint8 *p = row + x * img->channels;
      /* shot noise grows with brightness */
      double sigma = t->noise * (0.6 + 0.4 * (p[1] * l) / 255.0);
      for (int ch = 0; ch < 3; ch++) {
        double v = p[ch] * l * t->tint[ch] + add;
        if (t->noise > 0)
          v += gauss (&state) * sigma;
        p[ch] = clamp8 (v);
      }
    }
  }
}

TsSynthScene *
ts_synth_table_render (const TsSynthTable *t, GError **error)
{
  int w = t->width, hgt = t->height;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, hgt);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS) {
    g_set_error (error, TS_VISION_ERROR, TS_VISION_ERROR_FAILED,
                 "cannot make a %dx%d drawing surface", w, hgt);
    cairo_surface_destroy (surface);
    return NULL;
  }
  paint_table (t, surface);
  cairo_t *cr = cairo_create (surface);
  cairo_font_options_t *fo = cairo_font_options_create ();
  cairo_font_options_set_hint_style (fo, CAIRO_HINT_STYLE_NONE);
  cairo_font_options_set_hint_metrics (fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_antialias (fo, CAIRO_ANTIALIAS_GRAY);
  cairo_set_font_options (cr, fo);
  cairo_font_options_destroy (fo);
  for (guint i = 0; i < t->items->len; i++)
    draw_item (cr, t, &g_array_index (t->items, TsSynthItem, i));
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* the canvas as an image, then through the camera */
  g_autoptr (TsImage) canvas = ts_image_new (w, hgt, 4);
  const guint8 *sd = cairo_image_surface_get_data (surface);
  int sstride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < hgt; y++)
    memcpy (canvas->data + (gsize) y * canvas->stride, sd + (gsize) y * sstride, (gsize) w * 4);
  cairo_surface_destroy (surface);

  const double src[4][2] = { { 0, 0 }, { w, 0 }, { w, hgt }, { 0, hgt } };
  double h[9], hinv[9];
  ts_cv_perspective_transform_get (src, t->camera, h);
  invert3 (h, hinv);
  g_autoptr (TsImage) photo = ts_image_new (w, hgt, 4);
  /* pixels the canvas does not reach (only possible with odd cameras) stay table-dark */
  memset (photo->data, 40, (gsize) photo->stride * hgt);
  ts_cv_warp_perspective (canvas, photo, h);

  if (t->blur > 0.05)
    ts_cv_gaussian_blur (photo, t->blur);
  apply_light_and_noise (t, photo);

  g_autoptr (TsImage) bgr = ts_cv_convert_channels (photo, 3);
  g_autoptr (TsSynthScene) scene = g_new0 (TsSynthScene, 1);
  scene->width = w;
  scene->height = hgt;
  scene->cards = g_array_new (FALSE, TRUE, sizeof (TsSynthCard));
  scene->jpeg = ts_cv_encode_jpeg (bgr, t->jpeg_quality, error);
  if (scene->jpeg == NULL)
    return NULL;
  gsize n;
  const guint8 *bytes = g_bytes_get_data (scene->jpeg, &n);
  scene->image = ts_cv_imdecode (bytes, n, error);
  if (scene->image == NULL)
    return NULL;
  fill_truth (t, h, hinv, scene->cards);
  return g_steal_pointer (&scene);
}

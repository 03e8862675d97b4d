/* synth-render.h — the table description both scenes and session frames are built from, and its
 * rendering into a picture with ground truth (private to the synthetic generator).
 *
 * Drawing happens on a top-down "canvas" of the output size in pixels; a homography (the
 * camera) then maps the canvas into the image, so perspective applies to everything at once. */
#pragma once

#include "synth.h"

G_BEGIN_DECLS

typedef enum {
  TS_SYNTH_BG_WOOD,
  TS_SYNTH_BG_CLOTH,
  TS_SYNTH_BG_PLAYMAT,
  TS_SYNTH_BG_N,
} TsSynthBackground;

typedef enum {
  TS_SYNTH_ITEM_CARD,
  TS_SYNTH_ITEM_BACK,     /* a face-down card: not in the ground truth */
  TS_SYNTH_ITEM_D6,
  TS_SYNTH_ITEM_D20,
  TS_SYNTH_ITEM_COIN,
  TS_SYNTH_ITEM_BEAD,     /* glass counter */
  TS_SYNTH_ITEM_PHONE,
  TS_SYNTH_ITEM_PEN,
  TS_SYNTH_ITEM_HAND,     /* a hand and forearm reaching in; angle points the fingers */
  TS_SYNTH_ITEM_N,
} TsSynthItemKind;

/* One thing on the table. Positions are canvas pixels, angles degrees clockwise. */
typedef struct {
  TsSynthItemKind kind;
  double cx, cy;          /* centre (hand: fingertips) */
  double angle;
  double size_mm;         /* clutter size (die edge, coin diameter, phone length, ...) */
  guint32 seed;           /* looks of this object */
  /* cards */
  const TsSynthCardInfo *info;
  TsSynthFrame frame;
  int id;
  gboolean sleeved;
  double sleeve_rgb[3];
  gboolean glare;
  double glare_u, glare_v;  /* sheen centre in the card, 0..1 of width and height */
  double glare_size;        /* radius in mm */
  double glare_strength;    /* peak alpha 0..1 */
  double glare_angle;       /* degrees */
  double lift;              /* drop-shadow offset, mm (0 for a card flat on the table) */
  double opacity;           /* 0 or 1: opaque; less for motion-blur copies */
  gboolean ghost;           /* a motion-blur copy: not in the ground truth, hides nothing */
} TsSynthItem;

typedef struct {
  int width, height;        /* canvas = image size, pixels */
  double px_per_mm;         /* canvas scale */
  TsSynthBackground background;
  guint32 background_seed;
  double bg_rgb[3];         /* main background colour */
  double bg_rgb2[3];        /* second colour (playmat print, plank variation) */
  double bg_angle;          /* grain direction, degrees */
  const TsImage *background_cache; /* when set (BGRA, canvas size), used instead of drawing */
  GArray *items;            /* TsSynthItem, bottom first */
  double camera[4][2];      /* image positions of the canvas corners TL TR BR BL */
  /* light */
  double brightness;        /* 1 = neutral */
  double gradient;          /* 0..1 strength of a linear light falloff */
  double gradient_angle;    /* degrees, direction light comes from */
  double vignette;          /* 0..1 */
  double tint[3];           /* B G R gains */
  gboolean shadow;
  double shadow_xy[2], shadow_r[2], shadow_angle, shadow_depth;
  gboolean hotspot;         /* a lamp's reflection off the table: a bright soft blob */
  double hotspot_xy[2], hotspot_r, hotspot_strength;  /* image px, px, 0..1 of white */
  double blur;              /* sigma px */
  double noise;             /* sigma grey levels */
  guint32 noise_seed;
  int jpeg_quality;
} TsSynthTable;

void ts_synth_table_init (TsSynthTable *table, int width, int height);
void ts_synth_table_clear (TsSynthTable *table);

/* Canvas position of a point given in millimetres on a card item (0..63, 0..88). */
void ts_synth_item_card_point (const TsSynthTable *table, const TsSynthItem *item, double x_mm,
                               double y_mm, double out[2]);
/* Image position of a canvas point through the camera. */
void ts_synth_table_project (const double h[9], const double in[2], double out[2]);

/* The table surface alone, BGRA at canvas size: to set as background_cache when many frames
 * share one table. Free with ts_image_free(). */
TsImage *ts_synth_table_render_background (const TsSynthTable *table);

/* Renders the picture and the ground truth of every face-up card. */
TsSynthScene *ts_synth_table_render (const TsSynthTable *table, GError **error);

G_END_DECLS

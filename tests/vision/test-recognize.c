/* test-recognize.c — golden scenes (tests/fixtures/scenes: pictures in, names, tapped state,
 * angles and outlines out, with tolerances on geometry) and, when ../shared is present, a
 * sample of the real dev photos scored for name recall and precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "eval.h"
#include "cv.h"
#include "rectify.h"
#include "synth-card.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  TsCardDb *db;
  TsMatcher *matcher;
  TsReader *reader;
  TsDetector *detector;
} Fixture;

static int
setup_alpha (void **state)
{
  Fixture *f = g_new0 (Fixture, 1);
  g_autoptr (GError) error = NULL;
  f->db = ts_carddb_open_default (&error);
  if (!f->db)
    return -1;
  f->matcher = ts_matcher_new (f->db);
  f->reader = ts_reader_new (f->db, f->matcher, &error);
  if (!f->reader)
    return -1;
  f->detector = ts_detector_new (NULL);
  *state = f;
  return 0;
}

static int
teardown (void **state)
{
  Fixture *f = *state;
  ts_detector_free (f->detector);
  ts_reader_free (f->reader);
  ts_matcher_free (f->matcher);
  ts_carddb_free (f->db);
  g_free (f);
  return 0;
}

static void
read_quad (JsonArray *a, double q[4][2])
{
  for (guint i = 0; i < 4; i++) {
    JsonArray *p = json_array_get_array_element (a, i);
    q[i][0] = json_array_get_double_element (p, 0);
    q[i][1] = json_array_get_double_element (p, 1);
  }
}

typedef struct {
  guint readable, readable_found, reported;
} Tally;

/* Every reported card must be a card of the scene, at its place, with its tapped state, its
 * angle within 15 degrees and, when an outline is reported, its corners (in the same order)
 * within 8% of the card's height. */
static void
check_scene (Fixture *f, const char *name, Tally *tally)
{
  const char *src = g_getenv ("TS_SOURCE_DIR");
  g_autofree char *dir = g_build_filename (src ? src : ".", "tests", "fixtures", "scenes", NULL);
  g_autofree char *jpg = g_strdup_printf ("%s/%s.jpg", dir, name);
  g_autofree char *json = g_strdup_printf ("%s/%s.json", dir, name);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsImage) image = ts_image_load (jpg, &error);
  assert_non_null (image);
  g_autoptr (JsonParser) parser = json_parser_new ();
  assert_true (json_parser_load_from_file (parser, json, &error));
  JsonArray *truth = json_object_get_array_member (
      json_node_get_object (json_parser_get_root (parser)), "cards");
  guint n = json_array_get_length (truth);
  g_autofree gboolean *used = g_new0 (gboolean, n);

  g_autoptr (GPtrArray) cards = ts_recognize_image (f->detector, f->reader, image, NULL);
  tally->reported += cards->len;
  for (guint i = 0; i < cards->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (cards, i);
    double cx, cy;
    ts_rectify_quad_center (c->title, &cx, &cy);
    /* The nearest card of that name whose name line is within reach. */
    int best = -1;
    double best_d = G_MAXDOUBLE;
    for (guint j = 0; j < n; j++) {
      JsonObject *t = json_array_get_object_element (truth, j);
      if (used[j] || g_strcmp0 (json_object_get_string_member (t, "name"), c->name) != 0)
        continue;
      double tq[4][2];
      read_quad (json_object_get_array_member (t, "title"), tq);
      double tx, ty;
      ts_rectify_quad_center (tq, &tx, &ty);
      double d = hypot (tx - cx, ty - cy);
      if (d <= MAX (3 * ts_rectify_quad_edge (tq, 1), ts_rectify_quad_edge (tq, 0) / 2) &&
          d < best_d) {
        best = (int) j;
        best_d = d;
      }
    }
    gboolean matched = best >= 0;
    if (matched) {
      JsonObject *t = json_array_get_object_element (truth, (guint) best);
      used[best] = TRUE;
      double cq[4][2];
      read_quad (json_object_get_array_member (t, "quad"), cq);
      gboolean tapped = json_object_get_boolean_member (t, "tapped");
      double angle = json_object_get_double_member (t, "angle");
      if (c->tapped != tapped || fabs (remainder (c->angle_deg - angle, 360)) > 15)
        fail_msg ("%s: %s: tapped %d angle %.1f, expected tapped %d angle %.1f", name, c->name,
                  c->tapped, c->angle_deg, tapped, angle);
      if (c->has_quad) {
        double card_h = ts_rectify_quad_edge (cq, 1);
        for (int k = 0; k < 4; k++)
          if (hypot (c->quad[k][0] - cq[k][0], c->quad[k][1] - cq[k][1]) > 0.08 * card_h)
            fail_msg ("%s: %s: corner %d at (%.0f, %.0f), expected (%.0f, %.0f)", name,
                      c->name, k, c->quad[k][0], c->quad[k][1], cq[k][0], cq[k][1]);
      }
    }
    if (!matched)
      fail_msg ("%s: reported %s (read \"%s\") at (%.0f, %.0f): not in the scene there", name,
                c->name, c->text, cx, cy);
  }
  for (guint j = 0; j < n; j++) {
    JsonObject *t = json_array_get_object_element (truth, j);
    if (json_object_get_double_member (t, "title_px") >= 18 &&
        json_object_get_double_member (t, "visible") >= 0.9) {
      tally->readable++;
      tally->readable_found += used[j];
    }
  }
}

static void
test_golden__clutter_has_no_cards (void **state)
{
  Tally t = { 0 };
  check_scene (*state, "clutter-only", &t);
  check_scene (*state, "clutter-only-2", &t);
  assert_int_equal (t.reported, 0);
}

static void
test_golden__every_reported_card_is_right (void **state)
{
  const char *scenes[] = { "old-stack", "modern-fan-stack", "tapped-stack", "upside-down-fan",
                           "old-upside-down", "glare-tapped", "mixed-frames",
                           "perspective-overlap", "crowded-clutter" };
  Tally t = { 0 };
  for (guint i = 0; i < G_N_ELEMENTS (scenes); i++)
    check_scene (*state, scenes[i], &t);
  printf ("# golden scenes: %u of %u readable names found, %u reported\n", t.readable_found,
          t.readable, t.reported);
  /* A floor under today's figure, so a change that loses names fails here. */
  assert_true (t.readable_found * 100 >= t.readable * 70);
}

/* The picture tests/fixtures/folder/name (from TS_SOURCE_DIR), loaded. */
static TsImage *
load_fixture (const char *folder, const char *name)
{
  const char *src = g_getenv ("TS_SOURCE_DIR");
  g_autofree char *path = g_build_filename (src ? src : ".", "tests", "fixtures", folder, name,
                                            NULL);
  TsImage *image = ts_image_load (path, NULL);
  assert_non_null (image);
  return image;
}

static void
test_golden__tapped_stack_reads_tapped (void **state)
{
  Fixture *f = *state;
  g_autoptr (TsImage) image = load_fixture ("scenes", "tapped-stack.jpg");
  g_autoptr (GPtrArray) cards = ts_recognize_image (f->detector, f->reader, image, NULL);
  assert_true (cards->len >= 2);
  for (guint i = 0; i < cards->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (cards, i);
    assert_true (c->tapped);
    assert_true (c->angle_deg > 60 && c->angle_deg < 100);
  }
}

/* ---- the reader on one drawn card with a known problem, at its true place ------------------ */

/* A card face drawn upright (card name's facts, printed name printed), px_per_mm pixels a millimetre, on a plain brown table with a
 * margin, as BGR. The card's outline and name line (image pixels, top-left first) go to
 * quad and title. */
static TsImage *
draw_card_printed (Fixture *f, const char *name, const char *printed, TsSynthFrame frame,
                   guint32 seed, double px_per_mm, double quad[4][2], double title[4][2])
{
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_from_carddb (f->db);
  const TsSynthCardInfo *found = ts_synth_deck_lookup (deck, name);
  assert_non_null (found);
  TsSynthCardInfo face = *found;
  face.name = printed;
  const TsSynthCardInfo *info = &face;
  double margin = 40;
  int w = (int) (TS_SYNTH_CARD_W_MM * px_per_mm + 2 * margin);
  int h = (int) (TS_SYNTH_CARD_H_MM * px_per_mm + 2 * margin);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 0.45, 0.3, 0.18);
  cairo_paint (cr);
  cairo_translate (cr, margin, margin);
  cairo_scale (cr, px_per_mm, px_per_mm);
  ts_synth_card_draw (cr, info, frame, seed);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  TsImage *image = ts_image_new (w, h, 3);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      memcpy (image->data + (gsize) y * image->stride + 3 * x, data + (gsize) y * stride + 4 * x, 3);
  cairo_surface_destroy (surface);
  double card[4][2] = { { 0, 0 }, { TS_SYNTH_CARD_W_MM, 0 },
                        { TS_SYNTH_CARD_W_MM, TS_SYNTH_CARD_H_MM }, { 0, TS_SYNTH_CARD_H_MM } };
  double r[4];
  ts_synth_card_title_rect (frame, r);
  double line[4][2] = { { r[0], r[1] }, { r[0] + r[2], r[1] }, { r[0] + r[2], r[1] + r[3] },
                        { r[0], r[1] + r[3] } };
  for (int k = 0; k < 4; k++)
    for (int c = 0; c < 2; c++) {
      quad[k][c] = margin + card[k][c] * px_per_mm;
      title[k][c] = margin + line[k][c] * px_per_mm;
    }
  return image;
}

static TsImage *
draw_card (Fixture *f, const char *name, TsSynthFrame frame, guint32 seed, double px_per_mm,
           double quad[4][2], double title[4][2])
{
  return draw_card_printed (f, name, name, frame, seed, px_per_mm, quad, title);
}

/* A sleeve's sheen: white laid over the image, strongest (alpha peak) at (cx, cy) and fading
 * over sigma pixels. */
static void
add_glare (TsImage *image, double cx, double cy, double sigma, double peak)
{
  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width; x++) {
      double a = peak * exp (-((x - cx) * (x - cx) + (y - cy) * (y - cy)) / (2 * sigma * sigma));
      guint8 *p = image->data + (gsize) y * image->stride + 3 * x;
      for (int c = 0; c < 3; c++)
        p[c] = (guint8) lround (p[c] * (1 - a) + 255 * a);
    }
}

/* The reader given the card's true outline (line FALSE) or its true name line (TRUE), not
 * knowing which way is up. Returns the name read (borrowed from the database) or NULL. */
static const char *
read_at (Fixture *f, const TsImage *image, const double quad[4][2], const double title[4][2],
         gboolean line, char **text)
{
  TsCardCandidate c = { 0 };
  if (!line) {
    memcpy (c.quad, quad, sizeof c.quad);
    c.has_quad = TRUE;
    ts_rectify_title_from_card (c.quad, c.title);
  } else {
    memcpy (c.title, title, sizeof c.title);
  }
  c.angle_deg = ts_rectify_quad_angle (line ? c.title : c.quad);
  TsReading rd;
  ts_reader_read (f->reader, image, &c, &rd);
  const char *name = rd.name;
  if (text)
    *text = g_strdup (rd.text);
  ts_reading_clear (&rd);
  return name;
}

static void
assert_reads (Fixture *f, const TsImage *image, const double quad[4][2],
              const double title[4][2], const char *expected)
{
  for (int line = 0; line < 2; line++) {
    g_autofree char *text = NULL;
    const char *name = read_at (f, image, quad, title, line, &text);
    if (g_strcmp0 (name, expected) != 0)
      fail_msg ("%s from its %s: read \"%s\" (%s)", expected, line ? "name line" : "outline",
                text, name ? name : "no name");
  }
}

/* The synthetic scene (preset, seed) of the benchmark's kind: 1280 x 720, the bundled cards. */
static TsSynthScene *
render_bench_scene (Fixture *f, TsSynthPreset preset, guint32 seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_from_carddb (f->db);
  TsSynthParams params;
  ts_synth_params_init (&params, preset, 1280, 720);
  TsSynthScene *scene = ts_synth_scene_render (&params, deck, seed, &error);
  if (scene == NULL)
    fail_msg ("scene %u: %s", seed, error->message);
  return scene;
}

/* Every readable card called name in the synthetic scene (preset, seed) of the benchmark's
 * kind (1280 x 720, the bundled cards), read at its true place. */
static void
assert_scene_card_reads (Fixture *f, TsSynthPreset preset, guint32 seed, const char *name)
{
  g_autoptr (TsSynthScene) scene = render_bench_scene (f, preset, seed);
  guint n = 0;
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, i);
    if (strcmp (sc->name, name) != 0 || sc->title_px < 18 || sc->visible < 0.9)
      continue;
    assert_reads (f, scene->image, sc->quad, sc->title, name);
    n++;
  }
  assert_true (n > 0);
}

/* A detector with the still-photo tuning, with or without the equalised title look. */
static TsDetector *
photo_detector_new (gboolean equalized)
{
  TsDetectorParams p;
  ts_detector_params_init_photo (&p);
  p.equalized_titles = equalized;
  return ts_detector_new (&p);
}

/* How many readable cards called name in scene were read as name by a photo detector with
 * or without the equalised title look (their title's centre within the reported one's). */
static guint
scene_names_found (Fixture *f, const TsSynthScene *scene, const char *name, gboolean equalized)
{
  g_autoptr (TsDetector) det = photo_detector_new (equalized);
  g_autoptr (GPtrArray) cards = ts_recognize_image (det, f->reader, scene->image, NULL);
  guint n = 0;
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, i);
    if (strcmp (sc->name, name) != 0 || !ts_synth_card_readable (sc))
      continue;
    double cx, cy;
    ts_rectify_quad_center (sc->title, &cx, &cy);
    for (guint k = 0; k < cards->len; k++) {
      const TsRecognizedCard *c = g_ptr_array_index (cards, k);
      if (g_strcmp0 (c->name, name) == 0 && ts_rectify_quad_contains (c->title, cx, cy)) {
        n++;
        break;
      }
    }
  }
  return n;
}

/* Hard scene 2005: two Hurloon Minotaurs lie tapped in a dim corner, their light names on the
 * old frame's red band faint in the plain stroke map. The equalised look (the still-photo
 * tuning) finds and reads both; without it, one of the two is not found. */
static void
test_synthetic__equalised_look_reads_faint_names_in_a_dim_corner (void **state)
{
  Fixture *f = *state;
  g_autoptr (TsSynthScene) scene = render_bench_scene (f, TS_SYNTH_PRESET_HARD, 2005);
  TsDetectorParams photo;
  ts_detector_params_init_photo (&photo);
  assert_true (photo.equalized_titles);
  assert_int_equal (scene_names_found (f, scene, "Hurloon Minotaur", TRUE), 2);
  assert_int_equal (scene_names_found (f, scene, "Hurloon Minotaur", FALSE), 1);
}

/* The candidates a photo detector finds in image, with or without the equalised look. */
static GArray *
detect_photo_titles (const TsImage *image, gboolean equalized)
{
  g_autoptr (TsDetector) det = photo_detector_new (equalized);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  ts_detector_detect (det, image, out, NULL);
  return out;
}

/* The mean of every channel of every pixel of image. */
static double
image_mean_value (const TsImage *image)
{
  double sum = 0;
  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width * image->channels; x++)
      sum += image->data[(gsize) y * image->stride + x];
  return sum / ((double) image->width * image->height * image->channels);
}

/* The mean grey (mean of the channels) of image within quad q. */
static double
quad_mean_grey (const TsImage *image, const double q[4][2])
{
  g_autoptr (TsImage) inside = ts_rectify_warp (image, q, 64, 16);
  return image_mean_value (inside);
}

/* ... and the lines the equalised look adds (candidates with it whose title's centre no
 * candidate without it holds) all lie in parts of the picture darker than the whole: the
 * look is for dim corners; in the brighter parts it raises texture (rules text, art) that
 * reads no name and costs a reading each. */
static void
test_synthetic__equalised_look_keeps_to_the_dim_parts (void **state)
{
  Fixture *f = *state;
  g_autoptr (TsSynthScene) scene = render_bench_scene (f, TS_SYNTH_PRESET_HARD, 2005);
  g_autoptr (GArray) with = detect_photo_titles (scene->image, TRUE);
  g_autoptr (GArray) without = detect_photo_titles (scene->image, FALSE);
  double mean = image_mean_value (scene->image);
  guint added = 0;
  for (guint i = 0; i < with->len; i++) {
    const TsCardCandidate *c = &g_array_index (with, TsCardCandidate, i);
    double cx, cy;
    ts_rectify_quad_center (c->title, &cx, &cy);
    gboolean before = FALSE;
    for (guint k = 0; k < without->len && !before; k++)
      before = ts_rectify_quad_contains (g_array_index (without, TsCardCandidate, k).title, cx, cy);
    if (before)
      continue;
    added++;
    assert_true (quad_mean_grey (scene->image, c->title) < mean);
  }
  assert_true (added > 0);
}

/* The card called name in the synthetic scene (preset, seed), read from its true outline:
 * as name, or (may_miss) as no name, but never as another card. */
static void
check_scene_card_from_outline (Fixture *f, TsSynthPreset preset, guint32 seed,
                               const char *name, gboolean may_miss)
{
  g_autoptr (TsSynthScene) scene = render_bench_scene (f, preset, seed);
  guint n = 0;
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, i);
    if (strcmp (sc->name, name) != 0)
      continue;
    g_autofree char *text = NULL;
    const char *got = read_at (f, scene->image, sc->quad, sc->title, FALSE, &text);
    if (g_strcmp0 (got, name) != 0 && !(may_miss && got == NULL))
      fail_msg ("%s from its outline: read \"%s\" (%s)", name, text, got ? got : "no name");
    n++;
  }
  assert_true (n > 0);
}

static void
assert_scene_card_reads_from_outline (Fixture *f, TsSynthPreset preset, guint32 seed,
                                      const char *name)
{
  check_scene_card_from_outline (f, preset, seed, name, FALSE);
}

/* Blurred titles in the hard scenes: the clean strip's ink levels break their grey strokes
 * into pieces ("Veteran Bodysu", "ren Star", "Grizaly tats"); the soft strips read them. */
static void
test_reader__blurred_title_read_from_soft_strips (void **state)
{
  assert_scene_card_reads_from_outline (*state, TS_SYNTH_PRESET_HARD, 1002, "Iron Star");
  assert_scene_card_reads_from_outline (*state, TS_SYNTH_PRESET_HARD, 1005, "Veteran Bodyguard");
  assert_scene_card_reads_from_outline (*state, TS_SYNTH_PRESET_HARD, 1009, "Grizzly Bears");
}

/* A title blurred past what the soft strips bring back ("Coe ve rei" for Gloom): its
 * strip deblurred by the blur its edges show reads it. */
static void
test_reader__blurred_title_read_deblurred (void **state)
{
  assert_scene_card_reads_from_outline (*state, TS_SYNTH_PRESET_HARD, 1028, "Gloom");
}

/* A blurred name found as a lone line, whose band search comes near the name but not near
 * enough ("Nettling Lnp"): its soft strips read it, as a card's band's do. */
static void
test_reader__blurred_line_read_from_soft_strips (void **state)
{
  assert_scene_card_reads (*state, TS_SYNTH_PRESET_HARD, 1002, "Nettling Imp");
}

/* A blurred title whose letter Tesseract weighed right but put second: "Craw Wom", with a
 * "u" weighed for the "o" ("Craw Wum" is one letter short of the name, as a reading may be). */
static void
test_reader__letters_weighed_second (void **state)
{
  assert_scene_card_reads_from_outline (*state, TS_SYNTH_PRESET_HARD, 1031, "Craw Wurm");
}

/* "Bloc Wand" (Blue Ward, blurred) has an "r" weighed for its "n": "Bloc Ward" is two edits
 * off "Black Ward", close enough for a name that long. An alternative taken costs score, so
 * that spelling names no card. */
static void
test_reader__letters_weighed_second_name_no_other_card (void **state)
{
  check_scene_card_from_outline (*state, TS_SYNTH_PRESET_HARD, 1019, "Blue Ward", TRUE);
}

/* The mtgscan cube photo (../shared) has a title read "Feec", whose last letter has a "d"
 * weighed behind three others, at too low a confidence to be taken: it is no "Feed". The
 * photo is searched as the benchmark searches it. */
static void
test_reader__faint_alternative_is_not_taken (void **state)
{
  (void) state;
  const char *shared = g_getenv ("TS_SHARED_DIR");
  g_autofree char *cards = shared ? g_build_filename (shared, "carddata", "cards.json", NULL)
                                  : NULL;
  g_autofree char *photo = shared ? g_build_filename (shared, "dev-photos", "mtgscan-cube",
                                                      "image.jpg", NULL) : NULL;
  if (!photo || !g_file_test (photo, G_FILE_TEST_EXISTS) || !g_file_test (cards, G_FILE_TEST_EXISTS))
    skip ();
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCardDb) db = ts_carddb_open (cards, &error);
  assert_non_null (db);
  g_autoptr (TsMatcher) matcher = ts_matcher_new (db);
  g_autoptr (TsReader) reader = ts_reader_new (db, matcher, &error);
  assert_non_null (reader);
  g_autoptr (TsImage) img = ts_image_load (photo, &error);
  assert_non_null (img);
  TsDetectorParams p;
  ts_detector_params_init (&p);
  p.work_size = 2048;
  p.max_candidates = 128;
  g_autoptr (TsDetector) det = ts_detector_new (&p);
  g_autoptr (GPtrArray) found = ts_recognize_image (det, reader, img, NULL);
  for (guint i = 0; i < found->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (found, i);
    if (strcmp (c->name, "Feed") == 0)
      fail_msg ("a title read \"Feec\" reported as Feed");
  }
}

/* Glare over the second word of a light name on a grey band: the sheen takes most of the
 * letters' contrast, not all of it. */
static void
test_reader__glare_over_a_light_name (void **state)
{
  Fixture *f = *state;
  double quad[4][2], title[4][2];
  g_autoptr (TsImage) image = draw_card (f, "Copper Tablet", TS_SYNTH_FRAME_OLD, 7, 4.0, quad,
                                         title);
  double h = title[3][1] - title[0][1];
  add_glare (image, title[0][0] + 0.45 * (title[1][0] - title[0][0]), title[0][1] + h / 2,
             1.6 * h, 0.8);
  assert_reads (f, image, quad, title, "Copper Tablet");
  /* The same in the benchmark's scenes: a sheen across a grey band, and one across a green
   * band upside down. */
  assert_scene_card_reads (f, TS_SYNTH_PRESET_NORMAL, 1000, "Copper Tablet");
  assert_scene_card_reads (f, TS_SYNTH_PRESET_NORMAL, 1018, "Birds of Paradise");
}

/* A lone line over a light name on a dark band under glare, searched as a band: both of the
 * band's votes take the gaps between the bold letters for a row of dark letters; the whole
 * line's polarity (its first read's) disagrees, and the other polarity is read too. */
static void
test_reader__glare_over_a_light_name_line (void **state)
{
  assert_scene_card_reads (*state, TS_SYNTH_PRESET_HARD, 1005, "Wanderlust");
  assert_scene_card_reads (*state, TS_SYNTH_PRESET_HARD, 1011, "War Mammoth");
}

/* A bold dark name on a pale band: the gaps between its letters make a neat row of the
 * other polarity, which must not be read instead. */
static void
test_reader__dark_name_on_a_pale_band (void **state)
{
  assert_scene_card_reads (*state, TS_SYNTH_PRESET_NORMAL, 1004, "Circle of Protection: White");
}

/* Art and table texture (here blotches of random grey, as coarse as letters) under a line
 * found alone must not read as a card's name, even stretched to full contrast. */
static void
test_reader__texture_reads_no_name (void **state)
{
  Fixture *f = *state;
  GRand *rand = g_rand_new_with_seed (5);
  guint named = 0;
  for (int i = 0; i < 16; i++) {
    int cell = 3 + i % 4;
    g_autoptr (TsImage) coarse = ts_image_new (320 / cell, 120 / cell, 3);
    for (int y = 0; y < coarse->height; y++)
      for (int x = 0; x < coarse->width; x++)
        memset (coarse->data + (gsize) y * coarse->stride + 3 * x, g_rand_int_range (rand, 0, 256), 3);
    g_autoptr (TsImage) image = ts_cv_resize (coarse, 320, 120);
    double title[4][2] = { { 40, 40 }, { 280, 40 }, { 280, 80 }, { 40, 80 } };
    g_autofree char *text = NULL;
    const char *name = read_at (f, image, NULL, title, TRUE, &text);
    if (name) {
      printf ("# texture %d read \"%s\" as %s\n", i, text, name);
      named++;
    }
  }
  g_rand_free (rand);
  assert_int_equal (named, 0);
}

/* A modern card of card_name with printed on its name line gives no name, read from its
 * outline or from its name line. */
static void
assert_printed_reads_no_name (Fixture *f, const char *card_name, const char *printed)
{
  double quad[4][2], title[4][2];
  g_autoptr (TsImage) image = draw_card_printed (f, card_name, printed, TS_SYNTH_FRAME_MODERN, 3,
                                                 4.0, quad, title);
  for (int line = 0; line < 2; line++) {
    g_autofree char *text = NULL;
    const char *name = read_at (f, image, quad, title, line, &text);
    if (name)
      fail_msg ("\"%s\" from its %s: read \"%s\" as %s", printed,
                line ? "name line" : "outline", text, name);
  }
}

/* A name whose last word is a card of its own: the long word before it was read, so the
 * card is not that one (the longer card may be missing from the database, or misread). */
static void
test_reader__long_first_word_is_not_dropped (void **state)
{
  Fixture *f = *state;
  const char *cards[] = { "Karma", "Tsunami", "Fireball" };
  for (guint i = 0; i < G_N_ELEMENTS (cards); i++) {
    g_autofree char *printed = g_strdup_printf ("Grotarian %s", cards[i]);
    assert_printed_reads_no_name (f, cards[i], printed);
  }
}

/* An old creature's type line, its "Summon" cut short by a card lying over it (hard scene
 * 4003: "Summon Cockatrice" read "mmo Cockatrice"): the end of a type word before the words
 * read makes them the type line's, as the whole type word does. */
static void
test_reader__cut_type_word_makes_a_type_line (void **state)
{
  Fixture *f = *state;
  const char *printed[] = { "mmon Cockatrice", "ummon Cockatrice", "reature Cockatrice" };
  for (guint i = 0; i < G_N_ELEMENTS (printed); i++)
    assert_printed_reads_no_name (f, "Cockatrice", printed[i]);
}

/* A short last word read as long as the name's, one letter wrong, is a misread name, not one
 * cut short by the band's end ("Wall of if" is): hard scene 6008's "Lord of the Pit", read
 * "ord of the Pia". Printed so, the name is still read; a stub is not. */
static void
test_reader__last_word_misread_is_no_stub (void **state)
{
  Fixture *f = *state;
  double quad[4][2], title[4][2];
  g_autoptr (TsImage) image = draw_card_printed (f, "Lord of the Pit", "Lord of the Pia",
                                                 TS_SYNTH_FRAME_MODERN, 3, 4.0, quad, title);
  assert_reads (f, image, quad, title, "Lord of the Pit");
  assert_printed_reads_no_name (f, "Lord of the Pit", "Lord of the Pi");
}

/* A last word cut by a card lying over the line's end, its letters broken apart, is a stub
 * however OCR spaces them: hard scene 2001's "Wall of Ice", its end covered by the next card
 * of a fan, read "FT Wall of i r" and was reported as "Wall of Air"; printed so, it was read
 * "Wall of ir" and taken for "Wall of Fire". */
static void
test_reader__last_word_stub_split_apart_is_no_name (void **state)
{
  assert_printed_reads_no_name (*state, "Wall of Ice", "Wall of i r");
}

/* A tapped card in a stack: the band placed on its outline grown to a whole card (in case
 * the outline were the inner edge of its black border) reaches the title of the card above,
 * which must not win over its own name read a little less surely. */
static void
test_reader__grown_band_does_not_read_the_card_above (void **state)
{
  assert_scene_card_reads (*state, TS_SYNTH_PRESET_HARD, 1004, "Stone Giant");
}

/* The synthetic scene (preset, seed) of the benchmark's kind (1280 x 720, the bundled
 * cards) into *scene_out, and the cards recognised in it. */
static GPtrArray *
recognize_scene (Fixture *f, TsSynthPreset preset, guint32 seed, TsSynthScene **scene_out)
{
  TsSynthScene *scene = render_bench_scene (f, preset, seed);
  *scene_out = scene;
  return ts_recognize_image (f->detector, f->reader, scene->image, NULL);
}

/* The card called name among cards recognised, or NULL. */
static const TsRecognizedCard *
reported (GPtrArray *cards, const char *name)
{
  for (guint i = 0; i < cards->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (cards, i);
    if (strcmp (c->name, name) == 0)
      return c;
  }
  return NULL;
}

/* A short bold name beside its mana cost ("Lure", normal scene 1008, on the card outline
 * the detector finds, a little off the card's): the cost's rings and glyphs break into more
 * pieces than the name has letters and sit a little higher, making a heavier row of their
 * own, which was read instead of the name. */
static void
test_reader__short_name_beside_its_mana_cost (void **state)
{
  g_autoptr (TsSynthScene) scene = NULL;
  g_autoptr (GPtrArray) cards = recognize_scene (*state, TS_SYNTH_PRESET_NORMAL, 1008, &scene);
  const TsRecognizedCard *lure = reported (cards, "Lure");
  assert_non_null (lure);
  assert_true (lure->has_quad);
}

/* Asserts that every card recognised in the generated scene (preset, seed) is one of the
 * scene's cards. */
static void
assert_only_cards_of_the_scene (Fixture *f, TsSynthPreset preset, guint32 seed)
{
  g_autoptr (TsSynthScene) scene = NULL;
  g_autoptr (GPtrArray) cards = recognize_scene (f, preset, seed, &scene);
  assert_true (cards->len > 0);
  for (guint i = 0; i < cards->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (cards, i);
    gboolean in_scene = FALSE;
    for (guint j = 0; j < scene->cards->len; j++)
      in_scene = in_scene ||
                 strcmp (g_array_index (scene->cards, TsSynthCard, j).name, c->name) == 0;
    if (!in_scene)
      fail_msg ("%s reported from \"%s\"", c->name, c->text);
  }
}

/* Rules text read from a card whose outline was found ("sacrifice this", normal scene
 * 5002): a lower-case word kept beside a lower-case word dropped is no name, however long
 * ("Sacrifice" was reported on the "Deathgrip" card). */
static void
test_reader__lower_case_words_are_rules_text (void **state)
{
  assert_only_cards_of_the_scene (*state, TS_SYNTH_PRESET_NORMAL, 5002);
}

/* So is one kept beside the lower-case end of a word the line's end cut ("er sacrifice",
 * normal scene 4004). */
static void
test_reader__lower_case_word_beside_a_word_end_is_rules_text (void **state)
{
  assert_only_cards_of_the_scene (*state, TS_SYNTH_PRESET_NORMAL, 4004);
}

/* A least score set below the default reports more names, and still every name the default
 * reports (hard scene 1005: Clockwork Beast and Wanderlust are read on a second look, and a
 * reader that took its first reading as final once that was allowed through lost them). */
static void
test_reader__lower_min_score_keeps_looking (void **state)
{
  Fixture *f = *state;
  g_autoptr (TsSynthScene) scene = NULL;
  g_autoptr (GPtrArray) strict = recognize_scene (f, TS_SYNTH_PRESET_HARD, 1005, &scene);
  ts_reader_set_min_score (f->reader, 0);
  g_autoptr (GPtrArray) loose = ts_recognize_image (f->detector, f->reader, scene->image, NULL);
  ts_reader_set_min_score (f->reader, 0.80);
  assert_true (strict->len >= 2);
  assert_true (loose->len > strict->len);
  g_autoptr (GPtrArray) left = g_ptr_array_new ();
  for (guint i = 0; i < loose->len; i++)
    g_ptr_array_add (left, (gpointer) ((TsRecognizedCard *) g_ptr_array_index (loose, i))->name);
  for (guint i = 0; i < strict->len; i++) {
    const char *name = ((const TsRecognizedCard *) g_ptr_array_index (strict, i))->name;
    guint at;
    if (!g_ptr_array_find_with_equal_func (left, name, g_str_equal, &at))
      fail_msg ("%s is reported at the default least score, not below it", name);
    g_ptr_array_remove_index (left, at);
  }
}

/* Whether reported card c is true card sc: its name, its title's centre on sc's name line. */
static gboolean
on_name_line (const TsSynthCard *sc, const TsRecognizedCard *c)
{
  double tq[4][2], cx, cy;
  memcpy (tq, sc->title, sizeof tq);
  ts_rectify_quad_clockwise (tq);
  ts_rectify_quad_center (c->title, &cx, &cy);
  return strcmp (c->name, sc->name) == 0 && ts_rectify_quad_contains (tq, cx, cy);
}

/* How many true cards called name in scene have a reported card of that name whose title
 * centre lies on their name line, each counted once. */
static guint
placed_right (const TsSynthScene *scene, GPtrArray *cards, const char *name)
{
  guint n = 0;
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, i);
    if (strcmp (sc->name, name) != 0)
      continue;
    for (guint j = 0; j < cards->len; j++)
      if (on_name_line (sc, g_ptr_array_index (cards, j))) {
        n++;
        break;
      }
  }
  return n;
}

/* Asserts that n true cards called name in the generated scene (preset, seed) have a
 * reported card of that name on their name line (placed_right). */
static void
assert_placed_right (Fixture *f, TsSynthPreset preset, guint32 seed, const char *name, guint n)
{
  g_autoptr (TsSynthScene) scene = NULL;
  g_autoptr (GPtrArray) cards = recognize_scene (f, preset, seed, &scene);
  assert_int_equal (placed_right (scene, cards, name), n);
}

/* As assert_placed_right(), the scene searched as still photos are; and each of those cards
 * is reported lying as it lies, its angle within 20 degrees of the truth. */
static void
assert_placed_right_as_photo (Fixture *f, TsSynthPreset preset, guint32 seed, const char *name,
                              guint n)
{
  TsDetectorParams p;
  ts_detector_params_init_photo (&p);
  g_autoptr (TsDetector) det = ts_detector_new (&p);
  g_autoptr (TsSynthScene) scene = render_bench_scene (f, preset, seed);
  g_autoptr (GPtrArray) cards = ts_recognize_image (det, f->reader, scene->image, NULL);
  guint placed = placed_right (scene, cards, name);
  if (placed != n)
    fail_msg ("%u %s placed right of %u", placed, name, n);
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, i);
    for (guint j = 0; j < cards->len && strcmp (sc->name, name) == 0; j++) {
      const TsRecognizedCard *c = g_ptr_array_index (cards, j);
      double d = fabs (fmod (c->angle_deg - sc->angle + 540.0, 360.0) - 180.0);
      if (on_name_line (sc, c) && d > 20)
        fail_msg ("%s reported at %.0f degrees, lies at %.0f", name, c->angle_deg, sc->angle);
    }
  }
}


/* Three "Crystal Rod" cards stacked (hard scene 7003): the half-size look joins their title
 * bands into lines two titles thick, each read "Crystal Rod" too. Kept over the tight lines
 * as the first reading, such a band swallowed them as duplicates: one Crystal Rod was
 * reported, between two titles. The tight lines are the cards'; the band centred on the
 * middle card, whose title no tight line covers, is that card's and no duplicate of the
 * tight titles above and below it. */
static void
test_recognize__band_over_stacked_titles_is_no_duplicate (void **state)
{
  assert_placed_right (*state, TS_SYNTH_PRESET_HARD, 7003, "Crystal Rod", 3);
}

/* "Bad Moon" with the right of its name line under another card (hard scene 9000), searched
 * as still photos are: its name bar gives a line across the whole name line, and the
 * half-size look a band around the name alone, at the line's left end and well off its
 * centre, read "Bad Moon" too. That band lies beside the line within one and a half of its
 * height: the same card, reported once, on its name line. */
static void
test_recognize__band_beside_a_long_title_is_the_same_card (void **state)
{
  Fixture *f = *state;
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_from_carddb (f->db);
  TsSynthParams params;
  ts_synth_params_init (&params, TS_SYNTH_PRESET_HARD, 1280, 720);
  g_autoptr (TsSynthScene) scene = ts_synth_scene_render (&params, deck, 9000, &error);
  assert_non_null (scene);
  TsDetectorParams p;
  ts_detector_params_init_photo (&p);
  g_autoptr (TsDetector) det = ts_detector_new (&p);
  g_autoptr (GPtrArray) cards = ts_recognize_image (det, f->reader, scene->image, NULL);
  guint n = 0;
  for (guint i = 0; i < cards->len; i++)
    n += strcmp (((const TsRecognizedCard *) g_ptr_array_index (cards, i))->name, "Bad Moon") == 0;
  assert_int_equal (n, 1);
  assert_int_equal (placed_right (scene, cards, "Bad Moon"), 1);
}

/* Two cards stacked, the front one shifted down over the back one (old scene 1002): their
 * edges make one outline around both, about a tenth longer than a card but within the
 * aspect tolerance, and the title placed from it was the back card's. The straight edge of
 * the front card across that outline cuts it into the two cards: the front card's name,
 * "Fungusaur" (the back card's too), is read from the front card's title. */
static void
test_recognize__stacked_outline_is_cut_into_two_cards (void **state)
{
  Fixture *f = *state;
  g_autoptr (TsSynthScene) scene = NULL;
  g_autoptr (GPtrArray) cards = recognize_scene (f, TS_SYNTH_PRESET_OLD, 1002, &scene);
  /* The true cards: the back one first, the front one (shown whole) next. */
  const TsSynthCard *back = &g_array_index (scene->cards, TsSynthCard, 0);
  const TsSynthCard *front = &g_array_index (scene->cards, TsSynthCard, 1);
  assert_string_equal (front->name, "Fungusaur");
  assert_true (front->visible > back->visible);
  const TsRecognizedCard *c = reported (cards, "Fungusaur");
  assert_non_null (c);
  double x, y, bx, by, fx, fy;
  ts_rectify_quad_center (c->title, &x, &y);
  ts_rectify_quad_center (back->title, &bx, &by);
  ts_rectify_quad_center (front->title, &fx, &fy);
  assert_true (hypot (x - fx, y - fy) < 0.5 * hypot (x - bx, y - by));
}

/* Two "Icy Manipulator" cards, tapped, one over the other shifted by a title's width
 * (normal scene 9010): cut into two cards, each outline reads its own title, and the two
 * titles lie closer than one and a half titles' height. The back card's title lies outside
 * the front card's outline: two cards, not one read twice. */
static void
test_recognize__same_name_on_two_outlines_is_no_duplicate (void **state)
{
  assert_placed_right (*state, TS_SYNTH_PRESET_NORMAL, 9010, "Icy Manipulator", 2);
}

/* Two "Prodigal Sorcerer" cards, one over the other shifted by about two titles' height
 * (hard scene 2000): each name is found as a lone line twice its text's height, the two
 * lines half over each other, and each reads its own title. They lie one over the other
 * across their line, not one beside the other along it as a title read twice does: two
 * cards. */
static void
test_recognize__stacked_lines_of_one_name_are_two_cards (void **state)
{
  assert_placed_right (*state, TS_SYNTH_PRESET_HARD, 2000, "Prodigal Sorcerer", 2);
}

/* Three "Elvish Archers" stacked (hard scene 2010): two titles are read by searching their
 * lines as bands, which reach over the titles beside them. Each reading gives the text row
 * it found as its title, so the three are three cards. */
static void
test_recognize__band_searched_line_gives_its_text_row (void **state)
{
  assert_placed_right (*state, TS_SYNTH_PRESET_HARD, 2010, "Elvish Archers", 3);
}

/* Three "Deathlace" stacked (normal scene 4000, searched as still photos are): the front
 * card's band, placed from its outline, is twice as tall as its name; the middle card's
 * line lay within one and a half of that height of it and was taken for the front card
 * read again. It lies across the band, a title bar from it, not beside it along the line:
 * three cards. */
static void
test_recognize__line_across_from_a_card_band_is_another_card (void **state)
{
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_NORMAL, 4000, "Deathlace", 3);
}

/* Lone lines found upright over names tilted a few degrees (modern scene 6001: the third of
 * four "Regrowth" fanned, read "Regrov" as found; old scene 7008: "Demonic Hordes"; modern
 * scene 2008: one of two "War Mammoth", 2 degrees off). Lengthened along the line as found,
 * the name drifted out of the strip; lengthened along the text's own slant and searched for
 * its text row, it reads whole, and its title is that row. The search goes both ways up:
 * normal scene 6001's third "Regrowth" lay under a line kept the wrong way up. */
static void
test_recognize__lengthened_line_follows_the_text_slant (void **state)
{
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_MODERN, 6001, "Regrowth", 4);
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_OLD, 7008, "Demonic Hordes", 1);
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_MODERN, 2008, "War Mammoth", 2);
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_NORMAL, 6001, "Regrowth", 4);
}

/* Which candidates are pieces of a card already named, by their place alone: a line within
 * the card's outline, or one turned across its title and lying within it; not a line along a
 * title found alone (a band over stacked cards holds other cards' tight titles), one reaching
 * off the card, or a card outline. */
static void
test_recognize__piece_of_a_named_card (void **unused)
{
  TsRecognizedCard card = { .name = "Forest", .has_quad = TRUE };
  const double quad[4][2] = { { 100, 100 }, { 730, 100 }, { 730, 980 }, { 100, 980 } };
  const double title[4][2] = { { 130, 130 }, { 700, 130 }, { 700, 190 }, { 130, 190 } };
  memcpy (card.quad, quad, sizeof quad);
  memcpy (card.title, title, sizeof title);
  TsRecognizedCard line = card;
  line.has_quad = FALSE;
  memset (line.quad, 0, sizeof line.quad);

  struct {
    double q[4][2];
    gboolean has_quad, of_card, of_line;
  } cases[] = {
    { { { 150, 700 }, { 650, 700 }, { 650, 730 }, { 150, 730 } }, FALSE, TRUE, FALSE },
    { { { 600, 700 }, { 900, 700 }, { 900, 730 }, { 600, 730 } }, FALSE, FALSE, FALSE },
    { { { 150, 140 }, { 400, 140 }, { 400, 180 }, { 150, 180 } }, FALSE, TRUE, FALSE },
    { { { 310, 125 }, { 310, 195 }, { 290, 195 }, { 290, 125 } }, FALSE, TRUE, TRUE },
    { { { 310, 300 }, { 310, 400 }, { 290, 400 }, { 290, 300 } }, FALSE, TRUE, FALSE },
    { { { 310, 100 }, { 310, 260 }, { 290, 260 }, { 290, 100 } }, FALSE, TRUE, FALSE },
    { { { 150, 700 }, { 650, 700 }, { 650, 730 }, { 150, 730 } }, TRUE, FALSE, FALSE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    TsCardCandidate c = { .has_quad = cases[i].has_quad };
    memcpy (c.title, cases[i].q, sizeof c.title);
    memcpy (c.quad, quad, sizeof c.quad);
    if (ts_recognize_is_part_of (&c, &card) != cases[i].of_card)
      fail_msg ("case %u on the card outline: %d", i, !cases[i].of_card);
    if (ts_recognize_is_part_of (&c, &line) != cases[i].of_line)
      fail_msg ("case %u on the title found alone: %d", i, !cases[i].of_line);
  }
}

/* Lines the detector finds on a card already named can only read as pieces of it (easy
 * scene 1007: the strokes of "o" and "R" in "Mons's Goblin Raiders", each taken for a short
 * line across the name, and lines of both cards' rules text): they are not read. Every
 * readable card of the scene is still reported, on its own name line, and nothing else. */
static void
test_recognize__pieces_of_a_named_card_are_not_read (void **state)
{
  Fixture *f = *state;
  g_autoptr (TsSynthScene) scene = render_bench_scene (f, TS_SYNTH_PRESET_EASY, 1007);
  TsRecognizeStats st;
  g_autoptr (GPtrArray) cards = ts_recognize_image (f->detector, f->reader, scene->image, &st);
  assert_true (st.n_skipped >= 1);
  guint n_readable = 0;
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, i);
    if (sc->title_px < 18 || sc->visible < 0.9)
      continue;
    n_readable++;
    if (placed_right (scene, cards, sc->name) == 0)
      fail_msg ("%s not reported on its name line", sc->name);
  }
  assert_true (n_readable > 0);
  assert_int_equal (cards->len, n_readable);
}

/* Lone lines whose lengthened strip, read as a line, gave nothing, searched for their text
 * row as they lie (hard scene 4001: "Evil Presence", read "id fIAW"; hard scene 6009: one of
 * three "Holy Strength", read "Stren oh"). A name read on a line turned half way round is
 * reported lying that way (hard scene 5010: a Consecrate Land lying at 6 degrees was
 * reported at 189; so was one of normal scene 6001's Regrowth, above, at 270 for 84). */
static void
test_recognize__lengthened_line_searched_for_its_row (void **state)
{
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_HARD, 4001, "Evil Presence", 1);
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_HARD, 6009, "Holy Strength", 3);
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_HARD, 5010, "Consecrate Land", 1);
}

/* A Stone Rain under a fan of tapped cards (hard scene 4001), its outline completed from the
 * three sides that show: the name lines of the tapped cards over it run across its text, so
 * they are theirs, not its rules text; a line read alone (Evil Presence) and a name bar
 * (the second of two Bayous) within it are both read. */
static void
test_recognize__titles_over_a_completed_card_are_read (void **state)
{
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_HARD, 4001, "Stone Rain", 1);
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_HARD, 4001, "Evil Presence", 1);
  assert_placed_right_as_photo (*state, TS_SYNTH_PRESET_HARD, 4001, "Bayou", 2);
}

/* A Time Vault whose outline took in the playmat's printed "Championship" over its top (easy
 * scene 3002): a piece of that print is the highest line on the card and took the place of
 * its name line as the card's title, which then read nothing. The name line it displaced
 * is read alone. */
static void
test_recognize__name_line_displaced_by_playmat_print_is_read (void **state)
{
  assert_placed_right (*state, TS_SYNTH_PRESET_EASY, 3002, "Time Vault", 1);
}

/* A photo's card the image's right border cuts through, a tenth or a third of its width
 * gone: named from its outline, completed out of the image, as a card and not a lone line. */
static void
test_recognize__card_cut_by_the_image_border (void **state)
{
  Fixture *f = *state;
  TsDetectorParams p;
  ts_detector_params_init_photo (&p);
  g_autoptr (TsDetector) photo = ts_detector_new (&p);
  const double gone[] = { 0.1, 0.3 };
  for (guint k = 0; k < G_N_ELEMENTS (gone); k++) {
    double quad[4][2], title[4][2];
    g_autoptr (TsImage) card = draw_card (f, "Hurloon Minotaur", TS_SYNTH_FRAME_OLD, 5, 4.0,
                                          quad, title);
    int w = (int) lround (quad[1][0] - gone[k] * (quad[1][0] - quad[0][0]));
    g_autoptr (TsImage) cut = ts_image_new (w, card->height, 3);
    for (int y = 0; y < card->height; y++)
      memcpy (cut->data + (gsize) y * cut->stride, card->data + (gsize) y * card->stride,
              (gsize) 3 * w);
    g_autoptr (GPtrArray) cards = ts_recognize_image (photo, f->reader, cut, NULL);
    const TsRecognizedCard *c = reported (cards, "Hurloon Minotaur");
    assert_non_null (c);
    assert_true (c->has_quad);
    /* Its corners within 3 % of its height, as a whole card's are found. */
    double tol = 0.03 * (quad[3][1] - quad[0][1]);
    for (int i = 0; i < 4; i++)
      assert_true (hypot (c->quad[i][0] - quad[i][0], c->quad[i][1] - quad[i][1]) < tol);
    assert_false (c->tapped);
  }
}

/* A small letter too short to pass for one on its own ("n" of "Throne of Bone", normal
 * scene 5008) left a gap in the row wider than a word space: the row was cut there and read
 * "Thron". What lies in the gap at the row's height carries the row on. */
static void
test_reader__short_letter_does_not_cut_the_row (void **state)
{
  g_autoptr (TsSynthScene) scene = NULL;
  g_autoptr (GPtrArray) cards = recognize_scene (*state, TS_SYNTH_PRESET_NORMAL, 5008, &scene);
  assert_non_null (reported (cards, "Throne of Bone"));
}

/* The black border above a modern band, broken by its bevel into bars far longer than tall,
 * made a row outweighing the name ("Island", modern scene 1000: "raster" was read), while
 * a blurred bold name run together into one long shape is still a row of letters
 * ("Resurrection", hard scene 1010). */
static void
test_reader__border_bars_are_no_letters (void **state)
{
  g_autoptr (TsSynthScene) modern = NULL;
  g_autoptr (GPtrArray) cards = recognize_scene (*state, TS_SYNTH_PRESET_MODERN, 1000, &modern);
  assert_non_null (reported (cards, "Island"));
  g_autoptr (TsSynthScene) hard = NULL;
  g_autoptr (GPtrArray) blurred = recognize_scene (*state, TS_SYNTH_PRESET_HARD, 1010, &hard);
  assert_non_null (reported (blurred, "Resurrection"));
}

/* A word printed in capitals alone (on art, a box, a cloth: "BOOM") is not a card's name,
 * even when it spells a short one. */
static void
test_reader__capitals_alone_are_no_name (void **state)
{
  Fixture *f = *state;
  const char *cards[] = { "Karma", "Fork", "Fog" };
  for (guint i = 0; i < G_N_ELEMENTS (cards); i++) {
    g_autofree char *printed = g_ascii_strup (cards[i], -1);
    assert_printed_reads_no_name (f, cards[i], printed);
    /* Written as names are, the same card reads. */
    double quad[4][2], title[4][2];
    g_autoptr (TsImage) plain = draw_card (f, cards[i], TS_SYNTH_FRAME_MODERN, 3, 4.0, quad,
                                           title);
    assert_string_equal (read_at (f, plain, quad, title, TRUE, NULL), cards[i]);
  }
}

/* A name line found off its text: the box sits low, cutting through the letters, and the
 * text row is searched for above it. */
static void
test_reader__line_found_off_its_text (void **state)
{
  Fixture *f = *state;
  const char *cards[] = { "Lord of Atlantis", "Copper Tablet", "Birds of Paradise",
                          "Wall of Bone", "Serra Angel", "Shivan Dragon" };
  guint read = 0;
  for (guint i = 0; i < G_N_ELEMENTS (cards); i++) {
    double quad[4][2], title[4][2];
    g_autoptr (TsImage) image = draw_card (f, cards[i], TS_SYNTH_FRAME_MODERN, 3, 4.0, quad,
                                           title);
    double h = title[3][1] - title[0][1];
    /* The box's top edge at 45 % of the way down the letters. */
    for (int k = 0; k < 4; k++)
      title[k][1] += 0.45 * h;
    g_autofree char *text = NULL;
    const char *name = read_at (f, image, quad, title, TRUE, &text);
    printf ("# %s: \"%s\" %s\n", cards[i], text, name ? name : "-");
    read += g_strcmp0 (name, cards[i]) == 0;
  }
  assert_int_equal (read, G_N_ELEMENTS (cards));
}

/* Reads candidate c, returning the name read (or NULL) and the reader's timing of that
 * read alone. */
static const char *
read_timed (Fixture *f, const TsImage *image, const TsCardCandidate *c, TsReaderTiming *t)
{
  ts_reader_reset_timing (f->reader);
  TsReading rd;
  ts_reader_read (f->reader, image, c, &rd);
  const char *name = rd.name;
  ts_reading_clear (&rd);
  ts_reader_get_timing (f->reader, t);
  return name;
}

/* A line found alone cut from upright name line title: from x0 to x1 (image columns), moved
 * dy pixels down; the whole line from title[0][0] to title[1][0]. */
static TsCardCandidate
line_piece (const double title[4][2], double x0, double x1, double dy)
{
  TsCardCandidate c = { 0 };
  memcpy (c.title, title, sizeof c.title);
  c.title[0][0] = c.title[3][0] = x0;
  c.title[1][0] = c.title[2][0] = x1;
  for (int k = 0; k < 4; k++)
    c.title[k][1] += dy;
  c.angle_deg = ts_rectify_quad_angle (c.title);
  return c;
}

/* Tesseract calls the reading of one candidate made on path, however it ended. */
static guint
ocr_calls (const TsReaderTiming *t, TsReadPath path)
{
  return t->named.path[path].n_ocr + t->unnamed.path[path].n_ocr;
}

/* A band whose text row holds less than a name's three letters is not given to Tesseract:
 * a name line printed with two letters, found alone, is neither read as found nor searched
 * as a band, either way up. A three-letter name is still read, from its outline and its
 * line. */
static void
test_reader__row_lighter_than_a_name_is_not_read (void **state)
{
  Fixture *f = *state;
  double quad[4][2], title[4][2];
  g_autoptr (TsImage) image = draw_card_printed (f, "Fog", "Io", TS_SYNTH_FRAME_MODERN, 3, 4.0,
                                                 quad, title);
  TsCardCandidate c = line_piece (title, title[0][0], title[1][0], 0);
  TsReaderTiming t;
  assert_null (read_timed (f, image, &c, &t));
  assert_int_equal (t.unnamed.n_reads, 1);
  /* The band search ran, both ways up, and found nothing worth reading. */
  assert_int_equal (t.unnamed.path[TS_READ_PATH_BAND].n_runs, 1);
  assert_int_equal (ocr_calls (&t, TS_READ_PATH_BAND), 0);
  /* Nor was the lone line itself read: its band holds no row of three letters. */
  assert_int_equal (t.unnamed.path[TS_READ_PATH_FIRST].n_runs, 1);
  assert_int_equal (ocr_calls (&t, TS_READ_PATH_FIRST), 0);
  assert_int_equal (ocr_calls (&t, TS_READ_PATH_RAW), 0);

  const char *shortest[] = { "Fog", "Web" };
  for (guint i = 0; i < G_N_ELEMENTS (shortest); i++) {
    g_autoptr (TsImage) card = draw_card (f, shortest[i], TS_SYNTH_FRAME_MODERN, 3, 4.0, quad,
                                          title);
    assert_reads (f, card, quad, title, shortest[i]);
    g_autoptr (TsImage) old = draw_card (f, shortest[i], TS_SYNTH_FRAME_OLD, 5, 4.0, quad, title);
    assert_reads (f, old, quad, title, shortest[i]);
  }
}

/* Tesseract calls of the reading of one candidate that weighed each letter's alternatives,
 * on every path. */
static guint
choice_calls (const TsReaderTiming *t)
{
  guint n = 0;
  for (int i = 0; i < TS_READ_N_PATHS; i++)
    n += t->named.path[i].n_choices + t->unnamed.path[i].n_choices;
  return n;
}

/* Each letter's alternatives cost Tesseract a decoder run each and pay only on a band placed
 * on a card's outline: a line found alone is read without them, also right after a card's
 * outline was read with them. Both still read the name. */
static void
test_reader__alternatives_only_from_a_card_outline (void **state)
{
  Fixture *f = *state;
  double quad[4][2], title[4][2];
  g_autoptr (TsImage) image = draw_card (f, "Grizzly Bears", TS_SYNTH_FRAME_MODERN, 3, 4.0,
                                         quad, title);
  TsCardCandidate card = { 0 }, line = { 0 };
  memcpy (card.quad, quad, sizeof card.quad);
  card.has_quad = TRUE;
  ts_rectify_title_from_card (card.quad, card.title);
  card.angle_deg = ts_rectify_quad_angle (card.quad);
  memcpy (line.title, title, sizeof line.title);
  line.angle_deg = ts_rectify_quad_angle (line.title);
  TsReaderTiming t;
  for (int k = 0; k < 2; k++) {
    assert_string_equal (read_timed (f, image, &card, &t), "Grizzly Bears");
    assert_true (t.named.path[TS_READ_PATH_FIRST].n_choices > 0);
    assert_string_equal (read_timed (f, image, &line, &t), "Grizzly Bears");
    assert_true (ocr_calls (&t, TS_READ_PATH_FIRST) > 0);
    assert_int_equal (choice_calls (&t), 0);
  }
}

/* The columns of title (an upright box) where the first n_words words of its text lie:
 * from the first dark column to the middle of the n_words-th gap an eighth of the box's
 * height wide or more (a space; letters stand closer). FALSE when there are fewer gaps. */
static gboolean
first_words (const TsImage *image, const double title[4][2], int n_words, double *x0,
             double *x1)
{
  /* The middle rows: the band's frame lines run along its top and bottom. */
  double h = title[3][1] - title[0][1];
  int left = (int) title[0][0], right = (int) title[1][0];
  int top = (int) (title[0][1] + 0.3 * h), bottom = (int) (title[3][1] - 0.3 * h);
  int first = -1, gap_start = -1, words = 0;
  for (int x = left; x < right; x++) {
    gboolean ink = FALSE;
    for (int y = top; y < bottom && !ink; y++) {
      const guint8 *p = image->data + (gsize) y * image->stride + 3 * x;
      ink = p[0] + p[1] + p[2] < 3 * 90;
    }
    if (ink && first < 0)
      first = x;
    if (first < 0)
      continue;
    if (!ink && gap_start < 0)
      gap_start = x;
    if (ink && gap_start >= 0) {
      if (x - gap_start >= h / 8 && ++words == n_words) {
        *x0 = first - 2;
        *x1 = (gap_start + x) / 2.0;
        return TRUE;
      }
      gap_start = -1;
    }
  }
  return FALSE;
}

/* A line found over the first words of a name only ("Savannah" of "Savannah Lions", itself a
 * card; "Wall of" of "Wall of Bone", no card) reads the whole name: the line is read
 * again lengthened when what it read may be part of a longer name. */
static void
test_reader__first_words_read_the_whole_name (void **state)
{
  Fixture *f = *state;
  const struct {
    const char *name;
    int words;
  } cases[] = { { "Savannah Lions", 1 }, { "Wall of Bone", 2 } };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    double quad[4][2], title[4][2], x0 = 0, x1 = 0;
    g_autoptr (TsImage) image = draw_card (f, cases[i].name, TS_SYNTH_FRAME_MODERN, 3, 4.0, quad,
                                           title);
    assert_true (first_words (image, title, cases[i].words, &x0, &x1));
    TsCardCandidate c = line_piece (title, x0, x1, 0);
    TsReaderTiming t;
    const char *name = read_timed (f, image, &c, &t);
    printf ("# %s from its first %d word(s): %s\n", cases[i].name, cases[i].words,
            name ? name : "-");
    assert_string_equal (name ? name : "-", cases[i].name);
    assert_int_equal (t.named.path[TS_READ_PATH_LONGER].n_runs, 1);
    /* The lengthened line gave the name, and the timing says so. */
    assert_int_equal (t.named.path[TS_READ_PATH_LONGER].n_gave, 1);
    assert_int_equal (t.named.path[TS_READ_PATH_FIRST].n_gave, 0);
  }
  /* A whole name that is no part of another's is not read again. */
  double quad[4][2], title[4][2];
  g_autoptr (TsImage) image = draw_card (f, "Serra Angel", TS_SYNTH_FRAME_MODERN, 3, 4.0, quad,
                                         title);
  TsCardCandidate c = line_piece (title, title[0][0], title[1][0], 0);
  TsReaderTiming t;
  assert_string_equal (read_timed (f, image, &c, &t), "Serra Angel");
  assert_int_equal (t.named.path[TS_READ_PATH_LONGER].n_runs, 0);
  assert_int_equal (t.named.path[TS_READ_PATH_FIRST].n_gave, 1);
}

/* A line found alone over the first letters of a name, less than two and a half times as
 * long as tall, is searched as a band as found (once each way up) but not again with more
 * room above, and not read again in the other polarity (nor as one raw line when it reads
 * nothing); its lengthened line still reads the whole name. A long line that reads no name
 * is searched both ways. */
static void
test_reader__short_line_is_searched_once (void **state)
{
  Fixture *f = *state;
  const char *cards[] = { "Savannah Lions", "Counterspell", "Shivan Dragon" };
  for (guint i = 0; i < G_N_ELEMENTS (cards); i++) {
    double quad[4][2], title[4][2];
    g_autoptr (TsImage) image = draw_card (f, cards[i], TS_SYNTH_FRAME_MODERN, 3, 4.0, quad,
                                           title);
    /* The line from just inside the band's left end, 2.3 times as long as tall. */
    double h = title[3][1] - title[0][1];
    TsCardCandidate c = line_piece (title, title[0][0] + 4, title[0][0] + 4 + 2.3 * h, 0);
    TsReaderTiming t;
    const char *name = read_timed (f, image, &c, &t);
    printf ("# %s from a line %.0f px long, %.0f px tall: %s; Tesseract calls: wider %u, "
            "polarity %u, longer %u\n", cards[i], 2.3 * h, h, name ? name : "-",
            ocr_calls (&t, TS_READ_PATH_WIDER), ocr_calls (&t, TS_READ_PATH_POLARITY),
            ocr_calls (&t, TS_READ_PATH_LONGER));
    assert_string_equal (name ? name : "-", cards[i]);
    assert_int_equal (t.named.path[TS_READ_PATH_BAND].n_runs, 1);
    assert_int_equal (t.named.path[TS_READ_PATH_WIDER].n_runs, 0);
    assert_int_equal (ocr_calls (&t, TS_READ_PATH_POLARITY), 0);
    assert_true (ocr_calls (&t, TS_READ_PATH_LONGER) > 0);
  }
  /* A short line over the art, just below the band: Tesseract reads nothing there, and the
   * line is not read again as one raw line. */
  {
    double quad[4][2], title[4][2];
    g_autoptr (TsImage) image = draw_card (f, "Fog", TS_SYNTH_FRAME_MODERN, 3, 4.0, quad, title);
    double h = title[3][1] - title[0][1], w = title[1][0] - title[0][0];
    double x0 = title[0][0] + 0.45 * w;
    TsCardCandidate c = line_piece (title, x0, x0 + 2.3 * h, 1.5 * h);
    TsReaderTiming t;
    assert_null (read_timed (f, image, &c, &t));
    printf ("# a short line over the art: first %u, raw %u Tesseract calls\n",
            ocr_calls (&t, TS_READ_PATH_FIRST), ocr_calls (&t, TS_READ_PATH_RAW));
    assert_true (ocr_calls (&t, TS_READ_PATH_FIRST) > 0);
    assert_int_equal (ocr_calls (&t, TS_READ_PATH_RAW), 0);
  }
  /* A line as long as a name's, printed with words that are no card's. */
  double quad[4][2], title[4][2];
  g_autoptr (TsImage) image = draw_card_printed (f, "Shivan Dragon", "Quxby Vomplen",
                                                 TS_SYNTH_FRAME_MODERN, 3, 4.0, quad, title);
  TsCardCandidate c = line_piece (title, title[0][0], title[1][0], 0);
  TsReaderTiming t;
  assert_null (read_timed (f, image, &c, &t));
  assert_int_equal (t.unnamed.path[TS_READ_PATH_BAND].n_runs, 1);
  assert_int_equal (t.unnamed.path[TS_READ_PATH_WIDER].n_runs, 1);
  /* Nor is it read again in the other polarity as found: its first reads had Tesseract's
   * own inverted retry, and the band search votes on the polarity. */
  assert_int_equal (ocr_calls (&t, TS_READ_PATH_OTHER), 0);
}

/* A line found alone over the end of a name, a third of its height too high: read as found
 * it gives a letter or two either way up, searched as a band the piece "rdes". That piece
 * makes the lengthened line worth a read, which gives the whole name. */
static void
test_reader__piece_read_by_the_band_search_lengthens_a_line (void **state)
{
  Fixture *f = *state;
  double quad[4][2], title[4][2];
  g_autoptr (TsImage) image = draw_card (f, "Demonic Hordes", TS_SYNTH_FRAME_OLD, 3, 4.0, quad,
                                         title);
  double h = title[3][1] - title[0][1], w = title[1][0] - title[0][0];
  double x0 = title[0][0] + 0.35 * w;
  TsCardCandidate c = line_piece (title, x0, x0 + 3 * h, -0.3 * h);
  TsReaderTiming t;
  const char *name = read_timed (f, image, &c, &t);
  printf ("# a line over the end of \"Demonic Hordes\": %s, lengthened line read %u times\n",
          name ? name : "-", ocr_calls (&t, TS_READ_PATH_LONGER));
  assert_string_equal (name ? name : "-", "Demonic Hordes");
  assert_int_equal (t.named.path[TS_READ_PATH_LONGER].n_runs, 1);
}

/* The same from a live table (the picture the tracker gives the reader): a card lying upside
 * down on its graveyard, its name line found over "Cyclopean T" only, beside the black
 * border of a card under it. The lengthened line's contrast is taken from the line as
 * found: stretched over the black too, its letters faded to grey and read as nothing. */
static void
test_reader__name_in_part_beside_something_black_reads_the_whole_name (void **state)
{
  Fixture *f = *state;
  g_autoptr (TsImage) image = load_fixture ("lines", "pile-top-name-in-part.jpg");
  TsCardCandidate c = { .title = { { 93.1, 91.9 }, { 196.2, 96.7 }, { 195.2, 118.6 },
                                   { 92.1, 113.8 } } };
  c.angle_deg = ts_rectify_quad_angle (c.title);
  TsReaderTiming t;
  const char *name = read_timed (f, image, &c, &t);
  assert_string_equal (name ? name : "-", "Cyclopean Tomb");
  assert_int_equal (t.named.path[TS_READ_PATH_LONGER].n_runs, 1);
}

/* From a live table too: a card lying upside down on its graveyard at the picture's left
 * edge, its outline not found, its whole name bar found as a line. Turned the right way up
 * the name stands at the bar's left, the mana cost at its right: the cost's rings break
 * into more pieces than "Karma" has letters, and at another height, yet the name is the
 * bar's text row, as on a card's band: the search of the band finds it (before, the cost
 * was taken, read "BEL" here, "ZEL" in the whole picture, and only the search with more
 * room above found the name here, not in the whole picture). */
static void
test_reader__name_bar_found_alone_is_read_by_its_name_not_its_cost (void **state)
{
  Fixture *f = *state;
  g_autoptr (TsImage) image = load_fixture ("lines", "upside-down-title-bar.jpg");
  TsCardCandidate c = { .title = { { 7, 142 }, { 278, 137 }, { 279, 179 }, { 8, 184 } } };
  c.angle_deg = ts_rectify_quad_angle (c.title);
  TsReaderTiming t;
  const char *name = read_timed (f, image, &c, &t);
  assert_string_equal (name ? name : "-", "Karma");
  assert_int_equal (t.named.path[TS_READ_PATH_WIDER].n_runs, 0);
}

/* A letter read as one of like shape ("Inp" for "Imp", "Trontlaw Ores" for "Ironclaw Orcs")
 * costs half an edit, also in a short last word (which a band's end cutting the name
 * leaves shorter, not misread). */
static void
test_reader__letters_of_like_shape (void **state)
{
  Fixture *f = *state;
  const struct {
    const char *name, *printed;
  } cases[] = { { "Nettling Imp", "Nettling Inp" }, { "Ironclaw Orcs", "Trontlaw Ores" } };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    double quad[4][2], title[4][2];
    g_autoptr (TsImage) image = draw_card_printed (f, cases[i].name, cases[i].printed,
                                                   TS_SYNTH_FRAME_MODERN, 3, 4.0, quad, title);
    assert_reads (f, image, quad, title, cases[i].name);
  }
}

/* A piece from within a word of a name ("carrin" of "Infernal Scarring", as a line found on
 * part of that name reads) is not the name it spells with a letter put in ("Carrion"), while
 * that name printed reads. Neither card is in Alpha: a small database is made here, Carrion
 * without a mana cost so that its band holds the piece alone. */
static void
test_reader__piece_of_a_word_is_no_name (void **state)
{
  (void) state;
  static const char json[] =
      "[{\"object\":\"card\",\"name\":\"Carrion\",\"layout\":\"normal\","
      "\"mana_cost\":\"\",\"cmc\":0,\"type_line\":\"Instant\",\"colors\":[\"B\"],"
      "\"keywords\":[],\"printings\":[]},"
      "{\"object\":\"card\",\"name\":\"Infernal Scarring\",\"layout\":\"normal\","
      "\"mana_cost\":\"{1}{B}\",\"cmc\":2,\"type_line\":\"Enchantment — Aura\","
      "\"colors\":[\"B\"],\"keywords\":[],\"printings\":[]},"
      "{\"object\":\"card\",\"name\":\"Serra Angel\",\"layout\":\"normal\","
      "\"mana_cost\":\"{3}{W}{W}\",\"cmc\":5,\"type_line\":\"Creature — Angel\","
      "\"colors\":[\"W\"],\"keywords\":[],\"printings\":[]}]";
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ts-piece-XXXXXX", &error);
  assert_non_null (dir);
  g_autofree char *path = g_build_filename (dir, "cards.json", NULL);
  assert_true (g_file_set_contents (path, json, -1, &error));
  Fixture f = { 0 };
  f.db = ts_carddb_open (path, &error);
  g_remove (path);
  g_rmdir (dir);
  assert_non_null (f.db);
  f.matcher = ts_matcher_new (f.db);
  f.reader = ts_reader_new (f.db, f.matcher, &error);
  assert_non_null (f.reader);
  double quad[4][2], title[4][2];
  g_autoptr (TsImage) piece = draw_card_printed (&f, "Carrion", "carrin", TS_SYNTH_FRAME_MODERN,
                                                 3, 4.0, quad, title);
  g_autofree char *text = NULL;
  const char *name = read_at (&f, piece, quad, title, TRUE, &text);
  printf ("# \"carrin\" read \"%s\" as %s\n", text, name ? name : "-");
  assert_null (name);
  g_autoptr (TsImage) whole = draw_card (&f, "Carrion", TS_SYNTH_FRAME_MODERN, 3, 4.0, quad,
                                         title);
  assert_string_equal (read_at (&f, whole, quad, title, TRUE, NULL), "Carrion");
  ts_reader_free (f.reader);
  ts_matcher_free (f.matcher);
  ts_carddb_free (f.db);
}

/* Every fifth dev photo (20), scored against its ground truth. */
static void
test_dev_photos__sample_recall_and_precision (void **state)
{
  const char *shared = g_getenv ("TS_SHARED_DIR");
  g_autofree char *cards = shared ? g_build_filename (shared, "carddata", "cards.json", NULL)
                                  : NULL;
  g_autofree char *folder = shared ? g_build_filename (shared, "dev-photos", "visions-dev",
                                                       NULL) : NULL;
  if (!folder || !g_file_test (folder, G_FILE_TEST_IS_DIR) ||
      !g_file_test (cards, G_FILE_TEST_EXISTS))
    skip ();
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCardDb) db = ts_carddb_open (cards, &error);
  assert_non_null (db);
  g_autoptr (TsMatcher) matcher = ts_matcher_new (db);
  g_autoptr (TsReader) reader = ts_reader_new (db, matcher, &error);
  assert_non_null (reader);
  g_autoptr (TsDetector) det = ts_detector_new (NULL);
  TsEval e;
  ts_eval_init (&e);
  assert_true (ts_eval_folder (&e, det, reader, db, folder, 5, 0, &error));
  printf ("# dev photos sample: %u images, recall %.3f, precision %.3f\n", e.n_images,
          ts_eval_recall (&e), ts_eval_precision (&e));
  assert_int_equal (e.n_images, 20);
  /* Floors under today's figures (the targets, 0.96 and 0.993, are the benchmark's). */
  assert_true (ts_eval_recall (&e) >= 0.82);
  assert_true (ts_eval_precision (&e) >= 0.99);
  ts_eval_clear (&e);
}

int
main (int argc, char **argv)
{
  /* A pattern as argument runs the matching tests only ("test_reader__*"). */
  if (argc > 1)
    cmocka_set_test_filter (argv[1]);
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_reader__glare_over_a_light_name),
    cmocka_unit_test (test_reader__glare_over_a_light_name_line),
    cmocka_unit_test (test_reader__dark_name_on_a_pale_band),
    cmocka_unit_test (test_reader__blurred_title_read_from_soft_strips),
    cmocka_unit_test (test_reader__blurred_title_read_deblurred),
    cmocka_unit_test (test_reader__blurred_line_read_from_soft_strips),
    cmocka_unit_test (test_reader__letters_weighed_second),
    cmocka_unit_test (test_reader__alternatives_only_from_a_card_outline),
    cmocka_unit_test (test_reader__letters_weighed_second_name_no_other_card),
    cmocka_unit_test (test_reader__faint_alternative_is_not_taken),
    cmocka_unit_test (test_reader__texture_reads_no_name),
    cmocka_unit_test (test_reader__long_first_word_is_not_dropped),
    cmocka_unit_test (test_reader__grown_band_does_not_read_the_card_above),
    cmocka_unit_test (test_reader__capitals_alone_are_no_name),
    cmocka_unit_test (test_reader__short_name_beside_its_mana_cost),
    cmocka_unit_test (test_reader__lower_case_words_are_rules_text),
    cmocka_unit_test (test_reader__lower_case_word_beside_a_word_end_is_rules_text),
    cmocka_unit_test (test_reader__cut_type_word_makes_a_type_line),
    cmocka_unit_test (test_reader__last_word_misread_is_no_stub),
    cmocka_unit_test (test_reader__last_word_stub_split_apart_is_no_name),
    cmocka_unit_test (test_reader__short_letter_does_not_cut_the_row),
    cmocka_unit_test (test_reader__border_bars_are_no_letters),
    cmocka_unit_test (test_reader__lower_min_score_keeps_looking),
    cmocka_unit_test (test_recognize__band_over_stacked_titles_is_no_duplicate),
    cmocka_unit_test (test_recognize__stacked_outline_is_cut_into_two_cards),
    cmocka_unit_test (test_recognize__same_name_on_two_outlines_is_no_duplicate),
    cmocka_unit_test (test_recognize__stacked_lines_of_one_name_are_two_cards),
    cmocka_unit_test (test_recognize__band_searched_line_gives_its_text_row),
    cmocka_unit_test (test_recognize__card_cut_by_the_image_border),
    cmocka_unit_test (test_recognize__name_line_displaced_by_playmat_print_is_read),
    cmocka_unit_test (test_recognize__lengthened_line_follows_the_text_slant),
    cmocka_unit_test (test_recognize__lengthened_line_searched_for_its_row),
    cmocka_unit_test (test_recognize__titles_over_a_completed_card_are_read),
    cmocka_unit_test (test_recognize__piece_of_a_named_card),
    cmocka_unit_test (test_recognize__pieces_of_a_named_card_are_not_read),
    cmocka_unit_test (test_synthetic__equalised_look_reads_faint_names_in_a_dim_corner),
    cmocka_unit_test (test_synthetic__equalised_look_keeps_to_the_dim_parts),
    cmocka_unit_test (test_recognize__line_across_from_a_card_band_is_another_card),
    cmocka_unit_test (test_recognize__band_beside_a_long_title_is_the_same_card),
    cmocka_unit_test (test_reader__line_found_off_its_text),
    cmocka_unit_test (test_reader__row_lighter_than_a_name_is_not_read),
    cmocka_unit_test (test_reader__first_words_read_the_whole_name),
    cmocka_unit_test (test_reader__piece_read_by_the_band_search_lengthens_a_line),
    cmocka_unit_test (test_reader__short_line_is_searched_once),
    cmocka_unit_test (test_reader__name_in_part_beside_something_black_reads_the_whole_name),
    cmocka_unit_test (test_reader__name_bar_found_alone_is_read_by_its_name_not_its_cost),
    cmocka_unit_test (test_reader__piece_of_a_word_is_no_name),
    cmocka_unit_test (test_reader__letters_of_like_shape),
    cmocka_unit_test (test_golden__clutter_has_no_cards),
    cmocka_unit_test (test_golden__every_reported_card_is_right),
    cmocka_unit_test (test_golden__tapped_stack_reads_tapped),
    cmocka_unit_test (test_dev_photos__sample_recall_and_precision),
  };
  return cmocka_run_group_tests (tests, setup_alpha, teardown);
}

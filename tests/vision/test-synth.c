/* test-synth.c — the synthetic scene generator: determinism, ground-truth geometry, the JSON
 * contract, clutter without cards, the committed golden scenes, decks and bad input. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "synth.h"
#include "cv.h"
#include "cards.h"

static TsSynthScene *
render (TsSynthPreset preset, int w, int h, guint32 seed)
{
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_builtin ();
  TsSynthParams p;
  ts_synth_params_init (&p, preset, w, h);
  p.title_px_min = 10;
  p.title_px_max = 16;
  g_autoptr (GError) error = NULL;
  TsSynthScene *scene = ts_synth_scene_render (&p, deck, seed, &error);
  if (scene == NULL)
    fail_msg ("render failed: %s", error->message);
  return scene;
}

/* Signed area in image coordinates (y down): positive when the points go clockwise on screen. */
static double
signed_area (const double q[4][2])
{
  double a = 0;
  for (int k = 0; k < 4; k++)
    a += q[k][0] * q[(k + 1) % 4][1] - q[(k + 1) % 4][0] * q[k][1];
  return a / 2;
}

static gboolean
inside_convex (const double q[4][2], const double p[2], double slack)
{
  for (int k = 0; k < 4; k++) {
    const double *a = q[k], *b = q[(k + 1) % 4];
    double cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    double len = hypot (b[0] - a[0], b[1] - a[1]);
    if (cross / len < -slack)
      return FALSE;
  }
  return TRUE;
}

static void
test_synth_render__same_seed_same_bytes (void **state)
{
  g_autoptr (TsSynthScene) a = render (TS_SYNTH_PRESET_HARD, 400, 300, 42);
  g_autoptr (TsSynthScene) b = render (TS_SYNTH_PRESET_HARD, 400, 300, 42);
  g_autoptr (TsSynthScene) c = render (TS_SYNTH_PRESET_HARD, 400, 300, 43);
  assert_true (g_bytes_equal (a->jpeg, b->jpeg));
  assert_false (g_bytes_equal (a->jpeg, c->jpeg));
  g_autofree char *ja = ts_synth_scene_to_json (a, "x.jpg");
  g_autofree char *jb = ts_synth_scene_to_json (b, "x.jpg");
  assert_string_equal (ja, jb);
}

static void
test_synth_render__image_matches_declared_size (void **state)
{
  g_autoptr (TsSynthScene) s = render (TS_SYNTH_PRESET_NORMAL, 352, 288, 7);
  assert_int_equal (s->width, 352);
  assert_int_equal (s->height, 288);
  assert_non_null (s->image);
  assert_int_equal (s->image->width, 352);
  assert_int_equal (s->image->height, 288);
  assert_int_equal (s->image->channels, 3);
  gsize n;
  const guint8 *bytes = g_bytes_get_data (s->jpeg, &n);
  assert_true (n > 2 && bytes[0] == 0xff && bytes[1] == 0xd8);
}

/* Every preset, several seeds: the ground truth obeys the geometric contract. */
static void
test_synth_truth__geometry_is_consistent (void **state)
{
  const TsSynthPreset presets[] = { TS_SYNTH_PRESET_EASY, TS_SYNTH_PRESET_NORMAL,
                                    TS_SYNTH_PRESET_HARD, TS_SYNTH_PRESET_OLD,
                                    TS_SYNTH_PRESET_MODERN };
  int n_cards = 0, n_tapped = 0, n_partial = 0, n_out = 0, n_old = 0, n_modern = 0;
  for (gsize pi = 0; pi < G_N_ELEMENTS (presets); pi++) {
    for (guint32 seed = 1; seed <= 5; seed++) {
      g_autoptr (TsSynthScene) s = render (presets[pi], 400, 300, seed * 31 + (guint32) pi);
      for (guint i = 0; i < s->cards->len; i++) {
        const TsSynthCard *c = &g_array_index (s->cards, TsSynthCard, i);
        n_cards++;
        n_old += c->frame == TS_SYNTH_FRAME_OLD;
        n_modern += c->frame == TS_SYNTH_FRAME_MODERN;
        if (presets[pi] == TS_SYNTH_PRESET_OLD)
          assert_int_equal (c->frame, TS_SYNTH_FRAME_OLD);
        if (presets[pi] == TS_SYNTH_PRESET_MODERN)
          assert_int_equal (c->frame, TS_SYNTH_FRAME_MODERN);
        assert_non_null (c->name);
        assert_true (c->angle >= 0 && c->angle < 360);
        /* clockwise from the card's own top-left, for the card and its name line */
        assert_true (signed_area (c->quad) > 0);
        assert_true (signed_area (c->title) > 0);
        /* tapped exactly when the card lies nearer a quarter turn than upright */
        double from_upright = fmod (c->angle, 180.0);
        gboolean near_quarter = from_upright > 45 && from_upright < 135;
        assert_int_equal (c->tapped, near_quarter);
        for (int k = 0; k < 4; k++) {
          assert_true (inside_convex (c->quad, c->title[k], 0.5));
          if (c->in_view) {
            assert_true (c->quad[k][0] >= 0 && c->quad[k][0] <= s->width);
            assert_true (c->quad[k][1] >= 0 && c->quad[k][1] <= s->height);
          }
        }
        n_out += !c->in_view;
        /* the name line is a thin strip along the top: about 5 mm of 88 */
        double side = hypot (c->quad[3][0] - c->quad[0][0], c->quad[3][1] - c->quad[0][1]);
        assert_true (c->title_px > side * 0.03 && c->title_px < side * 0.09);
        assert_true (c->visible >= 0 && c->visible <= 1.0);
        n_tapped += c->tapped;
        n_partial += c->visible < 0.9;
      }
    }
  }
  /* the presets really produce the situations they promise */
  assert_true (n_cards > 40);
  assert_true (n_tapped > 0);
  assert_true (n_partial > 0);
  assert_true (n_out > 0);
  assert_true (n_old > 0 && n_modern > 0);
}

/* A card alone on an easy table: its outline has the 63:88 card shape and the title sits at
 * the top, where the picture is not plain table. */
static void
test_synth_truth__easy_cards_have_card_shape (void **state)
{
  int checked = 0;
  for (guint32 seed = 1; seed <= 6; seed++) {
    g_autoptr (TsSynthScene) s = render (TS_SYNTH_PRESET_EASY, 480, 360, seed);
    for (guint i = 0; i < s->cards->len; i++) {
      const TsSynthCard *c = &g_array_index (s->cards, TsSynthCard, i);
      double top = hypot (c->quad[1][0] - c->quad[0][0], c->quad[1][1] - c->quad[0][1]);
      double left = hypot (c->quad[3][0] - c->quad[0][0], c->quad[3][1] - c->quad[0][1]);
      assert_true (fabs (top / left - 63.0 / 88.0) < 0.12);
      assert_true (c->visible > 0.99);
      assert_true (c->in_view);
      checked++;
    }
  }
  assert_true (checked >= 6);
}

/* Overlap is measured: without clutter, the top-most card of a crowded table hides nothing of
 * its own title when fully in view, while cards below it do get covered. */
static void
test_synth_truth__only_cards_above_hide_titles (void **state)
{
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_builtin ();
  TsSynthParams p;
  ts_synth_params_init (&p, TS_SYNTH_PRESET_HARD, 400, 300);
  p.title_px_min = 10;
  p.title_px_max = 14;
  p.clutter_min = p.clutter_max = 0;
  int covered = 0, tops = 0;
  for (guint32 seed = 1; seed <= 8; seed++) {
    g_autoptr (GError) error = NULL;
    g_autoptr (TsSynthScene) s = ts_synth_scene_render (&p, deck, seed, &error);
    assert_non_null (s);
    guint n = s->cards->len;
    if (n == 0)
      continue;
    const TsSynthCard *top = &g_array_index (s->cards, TsSynthCard, n - 1);
    if (top->in_view) {
      assert_true (top->visible > 0.98);
      tops++;
    }
    for (guint i = 0; i + 1 < n; i++)
      covered += g_array_index (s->cards, TsSynthCard, i).visible < 0.9;
  }
  assert_true (tops > 0);
  assert_true (covered > 0);
}

/* A name line may be a tenth covered and its name not whole: what covers it may lie over
 * the name's first letters rather than the cost or the line's empty end. The truth measures
 * the box round the name's own letters too, and such a name does not count as readable,
 * while a card that nothing covers has its name wholly in view. */
static void
test_synth_truth__covered_name_is_not_readable (void **state)
{
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_builtin ();
  TsSynthParams p;
  ts_synth_params_init (&p, TS_SYNTH_PRESET_HARD, 1280, 720);
  guint line_whole_name_cut = 0, name_whole_line_covered = 0, tops = 0;
  for (guint32 seed = 9000; seed < 9012; seed++) {
    g_autoptr (GError) error = NULL;
    g_autoptr (TsSynthScene) s = ts_synth_scene_render (&p, deck, seed, &error);
    assert_non_null (s);
    for (guint i = 0; i < s->cards->len; i++) {
      const TsSynthCard *c = &g_array_index (s->cards, TsSynthCard, i);
      assert_true (c->name_visible >= 0 && c->name_visible <= 1.0);
      if (c->title_px < 18)
        continue;
      if (c->visible >= 0.9 && c->name_visible < 0.95) {
        line_whole_name_cut++;
        assert_false (ts_synth_card_readable (c));
      }
      name_whole_line_covered += c->visible < 0.5 && c->name_visible > 0.99;
      if (i + 1 == s->cards->len && c->in_view && c->visible > 0.98) {
        assert_true (c->name_visible > 0.98);
        assert_true (ts_synth_card_readable (c));
        tops++;
      }
    }
  }
  assert_true (line_whole_name_cut > 0);
  assert_true (name_whole_line_covered > 0);
  assert_true (tops > 0);
}

static void
test_synth_clutter__scene_has_no_cards (void **state)
{
  for (guint32 seed = 1; seed <= 3; seed++) {
    g_autoptr (TsSynthScene) s = render (TS_SYNTH_PRESET_CLUTTER, 320, 240, seed);
    assert_int_equal (s->cards->len, 0);
    g_autofree char *json = ts_synth_scene_to_json (s, "c.jpg");
    assert_non_null (strstr (json, "\"cards\":[]"));
  }
}

static void
check_json_contract (JsonObject *root, int width, int height)
{
  assert_true (json_object_has_member (root, "image"));
  assert_int_equal (json_object_get_int_member (root, "width"), width);
  assert_int_equal (json_object_get_int_member (root, "height"), height);
  JsonArray *cards = json_object_get_array_member (root, "cards");
  assert_non_null (cards);
  for (guint i = 0; i < json_array_get_length (cards); i++) {
    JsonObject *c = json_array_get_object_element (cards, i);
    assert_non_null (c);
    assert_non_null (json_object_get_string_member (c, "name"));
    JsonNode *tapped = json_object_get_member (c, "tapped");
    assert_non_null (tapped);
    assert_int_equal (json_node_get_value_type (tapped), G_TYPE_BOOLEAN);
    double angle = json_object_get_double_member (c, "angle");
    assert_true (angle >= 0 && angle < 360);
    const char *polys[] = { "quad", "title" };
    for (int k = 0; k < 2; k++) {
      JsonArray *q = json_object_get_array_member (c, polys[k]);
      assert_non_null (q);
      assert_int_equal (json_array_get_length (q), 4);
      for (guint j = 0; j < 4; j++)
        assert_int_equal (json_array_get_length (json_array_get_array_element (q, j)), 2);
    }
    assert_true (json_object_get_double_member (c, "title_px") > 0);
    double vis = json_object_get_double_member (c, "visible");
    assert_true (vis >= 0 && vis <= 1);
  }
}

static void
test_synth_json__has_contract_fields (void **state)
{
  g_autoptr (TsSynthScene) s = render (TS_SYNTH_PRESET_NORMAL, 400, 300, 9);
  assert_true (s->cards->len > 0);
  g_autofree char *json = ts_synth_scene_to_json (s, "dir/scene-0001.jpg");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  assert_true (json_parser_load_from_data (parser, json, -1, &error));
  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  assert_string_equal (json_object_get_string_member (root, "image"), "dir/scene-0001.jpg");
  check_json_contract (root, 400, 300);
  JsonArray *cards = json_object_get_array_member (root, "cards");
  assert_int_equal (json_array_get_length (cards), s->cards->len);
  const TsSynthCard *c0 = &g_array_index (s->cards, TsSynthCard, 0);
  JsonObject *j0 = json_array_get_object_element (cards, 0);
  assert_string_equal (json_object_get_string_member (j0, "name"), c0->name);
  JsonArray *q = json_object_get_array_member (j0, "quad");
  assert_true (fabs (json_array_get_double_element (json_array_get_array_element (q, 2), 1) -
                     c0->quad[2][1]) <= 0.0625);
}

static void
test_synth_write__files_round_trip (void **state)
{
  g_autoptr (TsSynthScene) s = render (TS_SYNTH_PRESET_EASY, 320, 240, 3);
  g_autofree char *dir = g_dir_make_tmp ("ts-synth-XXXXXX", NULL);
  g_autoptr (GError) error = NULL;
  assert_true (ts_synth_scene_write (s, dir, "scene-0001", &error));
  g_autofree char *jpg = g_build_filename (dir, "scene-0001.jpg", NULL);
  g_autofree char *json = g_build_filename (dir, "scene-0001.json", NULL);
  g_autofree char *bytes = NULL;
  gsize n;
  assert_true (g_file_get_contents (jpg, &bytes, &n, NULL));
  assert_int_equal (n, g_bytes_get_size (s->jpeg));
  assert_memory_equal (bytes, g_bytes_get_data (s->jpeg, NULL), n);
  g_autoptr (JsonParser) parser = json_parser_new ();
  assert_true (json_parser_load_from_file (parser, json, &error));
  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  assert_string_equal (json_object_get_string_member (root, "image"), "scene-0001.jpg");
  g_unlink (jpg);
  g_unlink (json);
  g_rmdir (dir);
}

static void
test_synth_render__bad_parameters_are_errors (void **state)
{
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_builtin ();
  g_autoptr (TsSynthDeck) empty = ts_synth_deck_new ();
  TsSynthParams p;
  g_autoptr (GError) error = NULL;
  ts_synth_params_init (&p, TS_SYNTH_PRESET_NORMAL, 10, 10);
  assert_null (ts_synth_scene_render (&p, deck, 1, &error));
  assert_non_null (strstr (error->message, "10x10"));
  g_clear_error (&error);
  ts_synth_params_init (&p, TS_SYNTH_PRESET_NORMAL, 320, 240);
  assert_null (ts_synth_scene_render (&p, empty, 1, &error));
  assert_non_null (error);
  g_clear_error (&error);
  p.title_px_min = 20;
  p.title_px_max = 10;
  assert_null (ts_synth_scene_render (&p, deck, 1, &error));
  assert_non_null (error);
  /* inverted or out-of-range counts and qualities are clamped, not trusted */
  g_clear_error (&error);
  ts_synth_params_init (&p, TS_SYNTH_PRESET_NORMAL, 200, 150);
  p.title_px_min = 5;
  p.title_px_max = 6;
  p.n_cards_min = 4;
  p.n_cards_max = 1;
  p.clutter_min = -3;
  p.clutter_max = -7;
  p.jpeg_quality_min = 400;
  p.jpeg_quality_max = -2;
  g_autoptr (TsSynthScene) odd = ts_synth_scene_render (&p, deck, 2, &error);
  assert_non_null (odd);
  assert_true (odd->cards->len >= 1);
  /* no cards wanted: an empty deck is fine */
  g_clear_error (&error);
  ts_synth_params_init (&p, TS_SYNTH_PRESET_CLUTTER, 200, 150);
  g_autoptr (TsSynthScene) s = ts_synth_scene_render (&p, empty, 1, &error);
  assert_non_null (s);
}

static void
test_synth_preset__names_round_trip (void **state)
{
  const char *names[] = { "easy", "normal", "hard", "clutter", "old", "modern" };
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++) {
    TsSynthPreset p;
    assert_true (ts_synth_preset_from_string (names[i], &p));
    assert_string_equal (ts_synth_preset_to_string (p), names[i]);
  }
  TsSynthPreset p;
  assert_false (ts_synth_preset_from_string ("impossible", &p));
  assert_false (ts_synth_preset_from_string (NULL, &p));
}

static void
test_synth_deck__builtin_and_names_file (void **state)
{
  g_autoptr (TsSynthDeck) b = ts_synth_deck_new_builtin ();
  assert_true (ts_synth_deck_count (b) >= 40);
  assert_non_null (ts_synth_deck_lookup (b, "Shivan Dragon"));
  assert_null (ts_synth_deck_lookup (b, "No Such Card"));

  g_autofree char *dir = g_dir_make_tmp ("ts-synth-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "names.txt", NULL);
  assert_true (g_file_set_contents (path, "# a comment\nLlanowar Elves\n\n  Juzám Djinn  \n", -1,
                                    NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthDeck) d = ts_synth_deck_new_from_names (path, &error);
  assert_non_null (d);
  assert_int_equal (ts_synth_deck_count (d), 2);
  assert_string_equal (ts_synth_deck_nth (d, 1)->name, "Juzám Djinn");

  assert_true (g_file_set_contents (path, "ok\n\xff\xfe bad\n", -1, NULL));
  g_autoptr (TsSynthDeck) bad = ts_synth_deck_new_from_names (path, &error);
  assert_null (bad);
  assert_non_null (strstr (error->message, "line 2"));
  g_clear_error (&error);
  g_unlink (path);
  g_rmdir (dir);
  assert_null (ts_synth_deck_new_from_names ("/nonexistent/names.txt", &error));
  assert_non_null (error);
}

static void
test_synth_deck__from_bundled_card_database (void **state)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCardDb) db = ts_carddb_open_default (&error);
  assert_non_null (db);
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_from_carddb (db);
  assert_true (ts_synth_deck_count (deck) > 200);
  assert_true (ts_synth_deck_count (deck) <= ts_carddb_count (db));
  const TsSynthCardInfo *dragon = ts_synth_deck_lookup (deck, "Shivan Dragon");
  assert_non_null (dragon);
  assert_int_equal (dragon->colors, TS_SYNTH_RED);
  assert_string_equal (dragon->power, "5");
  const TsSynthCardInfo *island = ts_synth_deck_lookup (deck, "Island");
  assert_non_null (island);
  assert_true (island->land);
  /* every name drawn in a scene is a database card */
  TsSynthParams p;
  ts_synth_params_init (&p, TS_SYNTH_PRESET_NORMAL, 400, 300);
  p.title_px_min = 10;
  p.title_px_max = 12;
  g_autoptr (TsSynthScene) s = ts_synth_scene_render (&p, deck, 4, &error);
  assert_non_null (s);
  assert_true (s->cards->len > 0);
  for (guint i = 0; i < s->cards->len; i++)
    assert_non_null (ts_carddb_lookup (db, g_array_index (s->cards, TsSynthCard, i).name));
}

/* The committed golden scenes: each JSON keeps the contract, each picture decodes at the
 * declared size, and together they cover what the fixtures promise. */
static void
test_synth_fixtures__golden_scenes_are_well_formed (void **state)
{
  const char *src = g_getenv ("TS_SOURCE_DIR");
  if (src == NULL)
    skip ();
  g_autofree char *dir = g_build_filename (src, "tests", "fixtures", "scenes", NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  assert_non_null (d);
  int n_json = 0, n_clutter = 0, n_tapped = 0, n_upside = 0, n_partial = 0;
  gsize total = 0;
  const char *name;
  while ((name = g_dir_read_name (d)) != NULL) {
    g_autofree char *path = g_build_filename (dir, name, NULL);
    if (g_str_has_suffix (name, ".jpg")) {
      GStatBuf st;
      assert_int_equal (g_stat (path, &st), 0);
      total += (gsize) st.st_size;
    }
    if (!g_str_has_suffix (name, ".json"))
      continue;
    n_json++;
    g_autoptr (JsonParser) parser = json_parser_new ();
    g_autoptr (GError) error = NULL;
    assert_true (json_parser_load_from_file (parser, path, &error));
    JsonObject *root = json_node_get_object (json_parser_get_root (parser));
    int w = (int) json_object_get_int_member (root, "width");
    int h = (int) json_object_get_int_member (root, "height");
    check_json_contract (root, w, h);
    g_autofree char *img = g_build_filename (dir, json_object_get_string_member (root, "image"),
                                             NULL);
    g_autoptr (TsImage) image = ts_cv_imread (img, &error);
    assert_non_null (image);
    assert_int_equal (image->width, w);
    assert_int_equal (image->height, h);
    JsonArray *cards = json_object_get_array_member (root, "cards");
    if (g_str_has_prefix (name, "clutter")) {
      assert_int_equal (json_array_get_length (cards), 0);
      n_clutter++;
    }
    for (guint i = 0; i < json_array_get_length (cards); i++) {
      JsonObject *c = json_array_get_object_element (cards, i);
      double a = json_object_get_double_member (c, "angle");
      n_tapped += json_object_get_boolean_member (c, "tapped");
      n_upside += a > 150 && a < 210;
      n_partial += json_object_get_double_member (c, "visible") < 0.9;
    }
  }
  assert_true (n_json >= 8);
  assert_true (n_clutter >= 1);
  assert_true (n_tapped >= 2);
  assert_true (n_upside >= 2);
  assert_true (n_partial >= 2);
  assert_true (total < 1024 * 1024);
}


/* ---- sessions ---------------------------------------------------------------------------- */

static const char small_script[] =
  "# two cards, a tap, a hand, a death\n"
  "size 320x180\n"
  "seed 3\n"
  "title 6\n"
  "at 0 place 1 \"Mountain\" 1 0.25 0.68\n"
  "at 2 enter 2 \"Grizzly Bears\" 2 0.6 0.3   # carried in\n"
  "at 12 tap 1\n"
  "at 14 hand 0.38 1.3 0.38 0.5 10\n"
  "at 26 die 2\n"
  "at 27 untap 1\n"
  "at 40 leave 1\n";

static const TsSynthCard *
find_id (const TsSynthScene *s, int id)
{
  for (guint i = 0; i < s->cards->len; i++)
    if (g_array_index (s->cards, TsSynthCard, i).id == id)
      return &g_array_index (s->cards, TsSynthCard, i);
  return NULL;
}

static void
test_synth_session__events_follow_the_script (void **state)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthSession) s = ts_synth_session_new_from_script (small_script, "small", &error);
  assert_non_null (s);
  g_autofree char *jsonl = ts_synth_session_events_jsonl (s);
  g_auto (GStrv) lines = g_strsplit (jsonl, "\n", -1);
  const char *expect[][3] = {
    { "0", "entered", "1" }, { "10", "entered", "2" }, { "17", "tapped", "1" },
    { "32", "untapped", "1" }, { "36", "left", "2" }, { "48", "left", "1" },
  };
  assert_int_equal (g_strv_length (lines), G_N_ELEMENTS (expect) + 1);  /* trailing "" */
  for (gsize i = 0; i < G_N_ELEMENTS (expect); i++) {
    g_autoptr (JsonParser) p = json_parser_new ();
    assert_true (json_parser_load_from_data (p, lines[i], -1, &error));
    JsonObject *o = json_node_get_object (json_parser_get_root (p));
    assert_int_equal (json_object_get_int_member (o, "frame"), atoi (expect[i][0]));
    assert_string_equal (json_object_get_string_member (o, "event"), expect[i][1]);
    assert_int_equal (json_object_get_int_member (o, "id"), atoi (expect[i][2]));
  }
  assert_non_null (strstr (lines[4], "\"zone\":\"graveyard\""));
  assert_non_null (strstr (lines[5], "\"zone\":\"gone\""));
  assert_int_equal (ts_synth_session_n_frames (s), 48 + 30);
}

/* What each frame shows agrees with the events: a card is tapped from its "tapped" frame on
 * and not before the tap began, present from "entered", gone after "left" to nowhere; the
 * hand passing over hides the Mountain's title without any event. */
static void
test_synth_session__frames_agree_with_events (void **state)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthSession) s = ts_synth_session_new_from_script (small_script, "small", &error);
  assert_non_null (s);
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_builtin ();
  const struct { int frame; int id; int present; int tapped; } expect[] = {
    { 0, 1, 1, 0 }, { 0, 2, 0, 0 }, { 10, 2, 1, 0 }, { 12, 1, 1, 0 }, { 17, 1, 1, 1 },
    { 26, 1, 1, 1 }, { 32, 1, 1, 0 }, { 36, 2, 1, 0 }, { 47, 1, 1, 0 }, { 48, 1, 0, 0 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (expect); i++) {
    g_autoptr (TsSynthScene) sc = ts_synth_session_render_frame (s, deck, expect[i].frame,
                                                                 &error);
    assert_non_null (sc);
    const TsSynthCard *c = find_id (sc, expect[i].id);
    if (!expect[i].present) {
      assert_null (c);
      continue;
    }
    assert_non_null (c);
    assert_int_equal (c->tapped, expect[i].tapped);
  }
  /* mid-motion frames carry motion-blur copies, but the truth lists each card once */
  for (int f = 3; f <= 30; f += 3) {
    g_autoptr (TsSynthScene) mid = ts_synth_session_render_frame (s, deck, f, &error);
    int ones = 0, twos = 0;
    for (guint k = 0; k < mid->cards->len; k++) {
      ones += g_array_index (mid->cards, TsSynthCard, k).id == 1;
      twos += g_array_index (mid->cards, TsSynthCard, k).id == 2;
    }
    assert_int_equal (ones, 1);
    assert_true (twos <= 1);
  }
  /* the dead bear lies in player 2's graveyard (their right: the image's left), upside down */
  g_autoptr (TsSynthScene) after = ts_synth_session_render_frame (s, deck, 40, &error);
  const TsSynthCard *bear = find_id (after, 2);
  assert_non_null (bear);
  double cx = (bear->quad[0][0] + bear->quad[2][0]) / 2;
  assert_true (cx < 320 * 0.25);
  assert_true (fabs (bear->angle - 180) < 10);
  /* during the hand's pass the Mountain is covered, before it not */
  g_autoptr (TsSynthScene) before = ts_synth_session_render_frame (s, deck, 13, &error);
  g_autoptr (TsSynthScene) during = ts_synth_session_render_frame (s, deck, 19, &error);
  assert_true (find_id (before, 1)->visible > 0.95);
  assert_true (find_id (during, 1)->visible < 0.5);
}

static void
test_synth_session__frames_are_deterministic (void **state)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthSession) s = ts_synth_session_new_from_script (small_script, "small", &error);
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_builtin ();
  g_autoptr (TsSynthScene) a = ts_synth_session_render_frame (s, deck, 15, &error);
  g_autoptr (TsSynthScene) b = ts_synth_session_render_frame (s, deck, 15, &error);
  g_autoptr (TsSynthScene) c = ts_synth_session_render_frame (s, deck, 16, &error);
  assert_true (g_bytes_equal (a->jpeg, b->jpeg));
  assert_false (g_bytes_equal (a->jpeg, c->jpeg));
  assert_null (ts_synth_session_render_frame (s, deck, ts_synth_session_n_frames (s), &error));
  assert_non_null (error);
}

static void
test_synth_session__bad_scripts_name_the_line (void **state)
{
  const struct { const char *script; const char *needle; } cases[] = {
    { "size 320x180\nat 0 juggle 1\n", ":2: unknown command 'juggle'" },
    { "at 0 tap 4\n", ":1: card 4 has not entered" },
    { "at 0 place 1 \"Island\" 1 0.5 0.5\nat 1 untap 1\n", ":2: card 1 is already untapped" },
    { "at 0 enter 1 \"Island\" 1 0.5 0.5\nat 3 tap 1\n", ":2: card 1 is still moving" },
    { "at 0 place 1 \"Island\" 3 0.5 0.5\n", ":1: expected: at FRAME place" },
    { "at 0 place 1 \"Island 1 0.5 0.5\n", ":1: unterminated quoted name" },
    { "\n\nsize big\n", ":3: expected: size WxH" },
    { "at 0 place 1 \"Island\" 1 0.5 0.5\nat 0 place 1 \"Swamp\" 1 0.2 0.5\n",
      ":2: card 1 is already in the game" },
    { "at 0 place 1 \"Island\" 1 0.5 0.5\nat 2 leave 1\nat 20 tap 1\n",
      ":3: card 1 is no longer on the battlefield" },
    { "frames 5\nat 0 place 1 \"Island\" 1 0.5 0.5\nat 4 tap 1\n", "ends before" },
    { "wobble\n", ":1: unknown line 'wobble'" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autoptr (GError) error = NULL;
    g_autoptr (TsSynthSession) s = ts_synth_session_new_from_script (cases[i].script, "t.script",
                                                                     &error);
    assert_null (s);
    assert_non_null (error);
    if (strstr (error->message, cases[i].needle) == NULL)
      fail_msg ("case %zu: '%s' lacks '%s'", i, error->message, cases[i].needle);
    assert_true (g_str_has_prefix (error->message, "t.script"));
  }
  g_autoptr (GError) error = NULL;
  assert_null (ts_synth_session_new_from_file ("/nonexistent/game.script", &error));
  assert_non_null (error);
}

/* The small test recording: its script parses, its events file is what the script says, and every
 * event is consistent with the frame truth committed beside it. */
static void
test_synth_session__demo_fixture_is_consistent (void **state)
{
  const char *src = g_getenv ("TS_SOURCE_DIR");
  if (src == NULL)
    skip ();
  g_autofree char *dir = g_build_filename (src, "tests", "fixtures", "demo-session", NULL);
  g_autofree char *script = g_build_filename (dir, "game.script", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthSession) s = ts_synth_session_new_from_file (script, &error);
  assert_non_null (s);
  g_autofree char *events_path = g_build_filename (dir, "events.jsonl", NULL);
  g_autofree char *committed = NULL;
  assert_true (g_file_get_contents (events_path, &committed, NULL, &error));
  g_autofree char *fresh = ts_synth_session_events_jsonl (s);
  assert_string_equal (committed, fresh);
  int n = ts_synth_session_n_frames (s);
  gsize total = 0;
  for (int f = 0; f < n; f++) {
    g_autofree char *jpg = g_strdup_printf ("%s/frame-%04d.jpg", dir, f);
    GStatBuf st;
    assert_int_equal (g_stat (jpg, &st), 0);
    total += (gsize) st.st_size;
  }
  assert_true (total < 2 * 1024 * 1024);
  g_auto (GStrv) lines = g_strsplit (committed, "\n", -1);
  int kinds = 0;
  for (int i = 0; lines[i] != NULL && *lines[i]; i++) {
    g_autoptr (JsonParser) p = json_parser_new ();
    assert_true (json_parser_load_from_data (p, lines[i], -1, &error));
    JsonObject *e = json_node_get_object (json_parser_get_root (p));
    int frame = (int) json_object_get_int_member (e, "frame");
    gint64 id = json_object_get_int_member (e, "id");
    const char *kind = json_object_get_string_member (e, "event");
    const char *zone = json_object_get_string_member (e, "zone");
    kinds |= g_str_equal (kind, "entered") ? 1 : g_str_equal (kind, "tapped") ? 2
           : g_str_equal (kind, "untapped") ? 4 : g_str_equal (kind, "left") ? 8 : 0;
    g_autofree char *truth = g_strdup_printf ("%s/frame-%04d.json", dir, frame);
    g_autoptr (JsonParser) tp = json_parser_new ();
    assert_true (json_parser_load_from_file (tp, truth, &error));
    JsonArray *cards = json_object_get_array_member (json_node_get_object (
                                                       json_parser_get_root (tp)), "cards");
    JsonObject *card = NULL;
    for (guint k = 0; k < json_array_get_length (cards); k++) {
      JsonObject *c = json_array_get_object_element (cards, k);
      if (json_object_get_int_member (c, "id") == id)
        card = c;
    }
    if (g_str_equal (zone, "gone")) {
      assert_null (card);
      continue;
    }
    assert_non_null (card);
    assert_string_equal (json_object_get_string_member (card, "name"),
                         json_object_get_string_member (e, "name"));
    if (g_str_equal (kind, "tapped"))
      assert_true (json_object_get_boolean_member (card, "tapped"));
    if (g_str_equal (kind, "untapped") || g_str_equal (kind, "entered"))
      assert_false (json_object_get_boolean_member (card, "tapped"));
  }
  assert_int_equal (kinds, 15);
}

/* Random games are always valid scripts, and what their frames show agrees with their events. */
static void
test_synth_session__random_games_are_valid (void **state)
{
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new_builtin ();
  int total_events = 0;
  for (guint32 seed = 1; seed <= 25; seed++) {
    g_autofree char *script = ts_synth_session_script_random (deck, seed, 400, 320, 180);
    g_autoptr (GError) error = NULL;
    g_autoptr (TsSynthSession) s = ts_synth_session_new_from_script (script, "random", &error);
    if (s == NULL)
      fail_msg ("seed %u: %s", seed, error->message);
    assert_int_equal (ts_synth_session_n_frames (s), 400);
    g_autofree char *events = ts_synth_session_events_jsonl (s);
    g_auto (GStrv) ev = g_strsplit (events, "\n", -1);
    total_events += (int) g_strv_length (ev) - 1;
  }
  assert_true (total_events > 25 * 10);

  g_autofree char *script = ts_synth_session_script_random (deck, 5, 120, 192, 108);
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSynthSession) s = ts_synth_session_new_from_script (script, "random", &error);
  assert_non_null (s);
  g_autofree char *events = ts_synth_session_events_jsonl (s);
  g_auto (GStrv) lines = g_strsplit (events, "\n", -1);
  int checked = 0;
  for (int i = 0; lines[i] != NULL && *lines[i]; i++) {
    g_autoptr (JsonParser) p = json_parser_new ();
    assert_true (json_parser_load_from_data (p, lines[i], -1, &error));
    JsonObject *e = json_node_get_object (json_parser_get_root (p));
    const char *kind = json_object_get_string_member (e, "event");
    const char *zone = json_object_get_string_member (e, "zone");
    int frame = (int) json_object_get_int_member (e, "frame");
    g_autoptr (TsSynthScene) sc = ts_synth_session_render_frame (s, deck, frame, &error);
    assert_non_null (sc);
    const TsSynthCard *c = find_id (sc, (int) json_object_get_int_member (e, "id"));
    if (g_str_equal (zone, "gone")) {
      assert_null (c);
    } else {
      assert_non_null (c);
      if (g_str_equal (kind, "tapped"))
        assert_true (c->tapped);
      if (g_str_equal (kind, "untapped") || g_str_equal (kind, "entered"))
        assert_false (c->tapped);
    }
    checked++;
  }
  assert_true (checked > 5);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_synth_render__same_seed_same_bytes),
    cmocka_unit_test (test_synth_render__image_matches_declared_size),
    cmocka_unit_test (test_synth_truth__geometry_is_consistent),
    cmocka_unit_test (test_synth_truth__easy_cards_have_card_shape),
    cmocka_unit_test (test_synth_truth__only_cards_above_hide_titles),
    cmocka_unit_test (test_synth_clutter__scene_has_no_cards),
    cmocka_unit_test (test_synth_json__has_contract_fields),
    cmocka_unit_test (test_synth_write__files_round_trip),
    cmocka_unit_test (test_synth_render__bad_parameters_are_errors),
    cmocka_unit_test (test_synth_preset__names_round_trip),
    cmocka_unit_test (test_synth_deck__builtin_and_names_file),
    cmocka_unit_test (test_synth_deck__from_bundled_card_database),
    cmocka_unit_test (test_synth_fixtures__golden_scenes_are_well_formed),
    cmocka_unit_test (test_synth_session__events_follow_the_script),
    cmocka_unit_test (test_synth_session__frames_agree_with_events),
    cmocka_unit_test (test_synth_session__frames_are_deterministic),
    cmocka_unit_test (test_synth_session__bad_scripts_name_the_line),
    cmocka_unit_test (test_synth_session__demo_fixture_is_consistent),
    cmocka_unit_test (test_synth_session__random_games_are_valid),
    cmocka_unit_test (test_synth_truth__covered_name_is_not_readable),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}

/* test-recognize.c — golden scenes (tests/fixtures/scenes: pictures in, names, tapped state,
 * angles and outlines out, with tolerances on geometry) and, when ../shared is present, a
 * sample of the real dev photos scored for name recall and precision. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "eval.h"
#include "rectify.h"

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

static void
test_golden__tapped_stack_reads_tapped (void **state)
{
  Fixture *f = *state;
  const char *src = g_getenv ("TS_SOURCE_DIR");
  g_autofree char *jpg = g_build_filename (src ? src : ".", "tests", "fixtures", "scenes",
                                           "tapped-stack.jpg", NULL);
  g_autoptr (TsImage) image = ts_image_load (jpg, NULL);
  assert_non_null (image);
  g_autoptr (GPtrArray) cards = ts_recognize_image (f->detector, f->reader, image, NULL);
  assert_true (cards->len >= 2);
  for (guint i = 0; i < cards->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (cards, i);
    assert_true (c->tapped);
    assert_true (c->angle_deg > 60 && c->angle_deg < 100);
  }
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
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_golden__clutter_has_no_cards),
    cmocka_unit_test (test_golden__every_reported_card_is_right),
    cmocka_unit_test (test_golden__tapped_stack_reads_tapped),
    cmocka_unit_test (test_dev_photos__sample_recall_and_precision),
  };
  return cmocka_run_group_tests (tests, setup_alpha, teardown);
}

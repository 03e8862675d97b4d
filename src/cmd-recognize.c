/* cmd-recognize.c — `tablesight recognize`: names, tapped state and outlines of the cards in
 * still images, as a readable table or one JSON line per image. */
#include "ts-config.h"
#include "commands.h"

#include "cards.h"
#include "cv.h"
#include "recognize.h"

#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void
add_quad (JsonBuilder *b, const double q[4][2])
{
  json_builder_begin_array (b);
  for (int i = 0; i < 4; i++) {
    json_builder_begin_array (b);
    json_builder_add_double_value (b, round (q[i][0] * 10) / 10);
    json_builder_add_double_value (b, round (q[i][1] * 10) / 10);
    json_builder_end_array (b);
  }
  json_builder_end_array (b);
}

static char *
result_json (const char *path, const TsImage *image, double ms, GPtrArray *cards)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "image");
  json_builder_add_string_value (b, path);
  json_builder_set_member_name (b, "width");
  json_builder_add_int_value (b, image->width);
  json_builder_set_member_name (b, "height");
  json_builder_add_int_value (b, image->height);
  json_builder_set_member_name (b, "ms");
  json_builder_add_double_value (b, round (ms * 10) / 10);
  json_builder_set_member_name (b, "cards");
  json_builder_begin_array (b);
  for (guint i = 0; i < cards->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (cards, i);
    json_builder_begin_object (b);
    json_builder_set_member_name (b, "name");
    if (c->name)
      json_builder_add_string_value (b, c->name);
    else
      json_builder_add_null_value (b);
    json_builder_set_member_name (b, "score");
    json_builder_add_double_value (b, round (c->score * 1000) / 1000);
    json_builder_set_member_name (b, "tapped");
    json_builder_add_boolean_value (b, c->tapped);
    json_builder_set_member_name (b, "angle");
    json_builder_add_double_value (b, round (c->angle_deg * 10) / 10);
    json_builder_set_member_name (b, "quad");
    if (c->has_quad)
      add_quad (b, c->quad);
    else
      json_builder_add_null_value (b);
    json_builder_set_member_name (b, "title");
    add_quad (b, c->title);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);
  json_builder_end_object (b);
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

static gboolean
write_overlay (const char *dir, const char *path, const TsImage *image, GPtrArray *cards,
               TsDetector *detector, gboolean candidates, GError **error)
{
  g_autoptr (TsImage) canvas = ts_image_copy (image);
  if (candidates) {
    g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
    ts_detector_detect (detector, image, cands, NULL);
    for (guint i = 0; i < cands->len; i++) {
      const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
      if (c->has_quad)
        ts_cv_draw_polygon (canvas, c->quad, 4, 0, 255, 0, 1);
      ts_cv_draw_polygon (canvas, c->title, 4, 60, 60, 255, 1);
    }
  }
  for (guint i = 0; i < cards->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (cards, i);
    if (c->has_quad)
      ts_cv_draw_polygon (canvas, c->quad, 4, 0, 200, 255, 3);
    ts_cv_draw_polygon (canvas, c->title, 4, 255, 60, 60, 2);
    /* Mark the card's top-left corner, which says which way it faces. */
    ts_cv_draw_polygon (canvas, (const double (*)[2]) c->title, 1, 255, 255, 0, 8);
    g_autofree char *label = g_strdup_printf ("%s %.2f%s", c->name ? c->name : "?", c->score,
                                              c->tapped ? " T" : "");
    ts_cv_draw_text (canvas, label, c->title[0][0], c->title[0][1] - 4,
                     MAX (0.5, image->width / 2000.0), 255, 255, 0);
  }
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');
  if (dot)
    *dot = '\0';
  g_autofree char *name = g_strconcat (base, ".png", NULL);
  g_autofree char *out = g_build_filename (dir, name, NULL);
  return ts_image_save (canvas, out, error);
}

int
ts_cmd_recognize (int argc, char **argv)
{
  g_autofree char *db_path = NULL;
  g_autofree char *overlay_dir = NULL;
  gboolean json = FALSE;
  gboolean candidates = FALSE;
  double min_score = -1;
  g_auto (GStrv) images = NULL;
  GOptionEntry entries[] = {
    { "cards", 'c', 0, G_OPTION_ARG_FILENAME, &db_path,
      "Card database: Scryfall-format JSON or a tablesight database (default: bundled)", "DB" },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, "One line of JSON per image", NULL },
    { "overlay", 'o', 0, G_OPTION_ARG_FILENAME, &overlay_dir,
      "Write each image with its detections drawn as DIR/NAME.png", "DIR" },
    { "candidates", 0, 0, G_OPTION_ARG_NONE, &candidates,
      "With --overlay, also draw every detector candidate (thin lines)", NULL },
    { "min-score", 0, 0, G_OPTION_ARG_DOUBLE, &min_score,
      "Least match score (0..1) for a name to be reported (default 0.80)", "S" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &images, NULL, "IMAGE…" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("IMAGE… — find and name the cards");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error)) {
    fprintf (stderr, "tablesight recognize: %s\n", error->message);
    return 2;
  }
  if (!images || !images[0]) {
    fprintf (stderr, "tablesight recognize: no image given (see --help)\n");
    return 2;
  }

  g_autoptr (TsCardDb) db = db_path ? ts_carddb_open (db_path, &error)
                                    : ts_carddb_open_default (&error);
  if (!db) {
    fprintf (stderr, "tablesight recognize: %s\n", error->message);
    return 1;
  }
  g_autoptr (TsMatcher) matcher = ts_matcher_new (db);
  g_autoptr (TsReader) reader = ts_reader_new (db, matcher, &error);
  if (!reader) {
    fprintf (stderr, "tablesight recognize: %s\n", error->message);
    return 1;
  }
  if (min_score >= 0)
    ts_reader_set_min_score (reader, min_score);
  /* Still photos: search at up to full resolution (a live frame loop would shrink more) so
   * the small titles of a wide shot survive. */
  TsDetectorParams params;
  ts_detector_params_init_photo (&params);
  params.work_size = 2048;
  params.max_candidates = 128;
  g_autoptr (TsDetector) detector = ts_detector_new (&params);
  if (overlay_dir && g_mkdir_with_parents (overlay_dir, 0755) != 0) {
    fprintf (stderr, "tablesight recognize: cannot create %s\n", overlay_dir);
    return 1;
  }

  int status = 0;
  for (char **path = images; *path; path++) {
    g_autoptr (GError) err = NULL;
    gint64 t0 = g_get_monotonic_time ();
    g_autoptr (TsImage) image = ts_image_load (*path, &err);
    if (!image) {
      if (json) {
        g_autoptr (JsonBuilder) b = json_builder_new ();
        json_builder_begin_object (b);
        json_builder_set_member_name (b, "image");
        json_builder_add_string_value (b, *path);
        json_builder_set_member_name (b, "error");
        json_builder_add_string_value (b, err->message);
        json_builder_end_object (b);
        g_autoptr (JsonGenerator) gen = json_generator_new ();
        g_autoptr (JsonNode) root = json_builder_get_root (b);
        json_generator_set_root (gen, root);
        g_autofree char *line = json_generator_to_data (gen, NULL);
        printf ("%s\n", line);
      }
      fprintf (stderr, "tablesight recognize: %s\n", err->message);
      status = 1;
      continue;
    }
    TsRecognizeStats st;
    g_autoptr (GPtrArray) cards = ts_recognize_image (detector, reader, image, &st);
    double ms = (g_get_monotonic_time () - t0) / 1000.0;
    if (json) {
      g_autofree char *line = result_json (*path, image, ms, cards);
      printf ("%s\n", line);
    } else {
      printf ("%s  %dx%d  %.0f ms (detect %.1f, ocr %.1f over %u candidates)\n", *path,
              image->width, image->height, ms, st.ms_detect, st.ms_ocr, st.n_candidates);
      if (cards->len == 0)
        printf ("  (no cards)\n");
      for (guint i = 0; i < cards->len; i++) {
        const TsRecognizedCard *c = g_ptr_array_index (cards, i);
        printf ("  %-32s %.2f  %-6s %5.1f°  %s\n", c->name, c->score,
                c->tapped ? "tapped" : "", c->angle_deg, c->has_quad ? "card" : "title");
      }
    }
    fflush (stdout);
    if (overlay_dir && !write_overlay (overlay_dir, *path, image, cards, detector, candidates, &err)) {
      fprintf (stderr, "tablesight recognize: %s\n", err->message);
      status = 1;
    }
  }
  return status;
}

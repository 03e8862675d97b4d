/* eval.c — name recall and precision of ts_recognize_image against ICDAR-style truth. */
#include "eval.h"
#include "rectify.h"
#include "synth.h"

#include <json-glib/json-glib.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  double q[4][2];       /* name line */
  char *name;
  gboolean used;
  gboolean has_state;   /* tapped and angle known (synthetic) */
  gboolean tapped;
  double angle;
  gboolean readable;
} Truth;

void
ts_eval_init (TsEval *eval)
{
  memset (eval, 0, sizeof *eval);
  eval->misses = g_string_new (NULL);
}

void
ts_eval_clear (TsEval *eval)
{
  if (eval->misses)
    g_string_free (eval->misses, TRUE);
  memset (eval, 0, sizeof *eval);
}

double
ts_eval_recall (const TsEval *eval)
{
  return eval->n_truth ? (double) eval->n_correct / eval->n_truth : 0;
}

double
ts_eval_precision (const TsEval *eval)
{
  return eval->n_found ? (double) eval->n_correct / eval->n_found : 1;
}

static gboolean
same_name (const TsCardDb *db, const char *reported, const char *truth)
{
  if (g_ascii_strcasecmp (reported, truth) == 0)
    return TRUE;
  /* "Fire" stands for "Fire // Ice": a face name is the card. */
  const TsCard *card = ts_carddb_lookup (db, truth);
  return card && g_ascii_strcasecmp (card->name, reported) == 0;
}

static GArray *
read_truth (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  GArray *truth = g_array_new (FALSE, TRUE, sizeof (Truth));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    char *line = g_strstrip (lines[i]);
    if (*line == '\0')
      continue;
    /* The name is everything after the eighth comma (names may hold commas). */
    Truth t = { 0 };
    char *p = line;
    gboolean ok = TRUE;
    for (int k = 0; k < 8 && ok; k++) {
      char *end;
      double v = g_ascii_strtod (p, &end);
      if (end == p || *end != ',')
        ok = FALSE;
      else {
        t.q[k / 2][k % 2] = v;
        p = end + 1;
      }
    }
    if (!ok) {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: not x1,y1,...,x4,y4,name",
                   path, i + 1);
      g_array_unref (truth);
      return NULL;
    }
    t.name = g_strdup (p);
    g_array_append_val (truth, t);
  }
  return truth;
}

static void
free_truth (GArray *truth)
{
  for (guint i = 0; i < truth->len; i++)
    g_free (g_array_index (truth, Truth, i).name);
  g_array_unref (truth);
}

static void
score (TsEval *eval, TsDetector *detector, TsReader *reader, const TsCardDb *db,
       const TsImage *image, GArray *truth, const char *label)
{
  TsRecognizeStats st;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (GPtrArray) cards = ts_recognize_image (detector, reader, image, &st);
  eval->ms_total += (g_get_monotonic_time () - t0) / 1000.0;
  eval->stats.ms_detect += st.ms_detect;
  eval->stats.ms_rectify += st.ms_rectify;
  eval->stats.ms_ocr += st.ms_ocr;
  eval->stats.ms_match += st.ms_match;
  eval->stats.n_candidates += st.n_candidates;
  eval->stats.n_skipped += st.n_skipped;
  eval->n_images++;

  eval->n_truth += truth->len;
  for (guint i = 0; i < truth->len; i++) {
    Truth *t = &g_array_index (truth, Truth, i);
    if (ts_carddb_lookup (db, t->name))
      eval->n_truth_known++;
    if (t->readable)
      eval->n_readable++;
  }
  eval->n_found += cards->len;
  for (guint i = 0; i < cards->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (cards, i);
    double cx, cy;
    ts_rectify_quad_center (c->title, &cx, &cy);
    /* Of the titles of that name the reading lies on (or holds the centre of), the one whose
     * start is nearest its start: two cards of a name stacked may have their title bars
     * cross, and a name read from the start of the upper one lies on both. */
    Truth *hit = NULL;
    double hit_d = G_MAXDOUBLE;
    for (guint j = 0; j < truth->len; j++) {
      Truth *t = &g_array_index (truth, Truth, j);
      if (t->used || !same_name (db, c->name, t->name))
        continue;
      double tx, ty, tq[4][2];
      memcpy (tq, t->q, sizeof tq);
      ts_rectify_quad_clockwise (tq);
      ts_rectify_quad_center (tq, &tx, &ty);
      double d = hypot (c->title[0][0] - t->q[0][0], c->title[0][1] - t->q[0][1]);
      if ((ts_rectify_quad_contains (tq, cx, cy) || ts_rectify_quad_contains (c->title, tx, ty)) &&
          d < hit_d) {
        hit = t;
        hit_d = d;
      }
    }
    if (hit)
      hit->used = TRUE;
    if (!hit) {
      g_string_append_printf (eval->misses, "%s: wrong: %s (%.2f, read \"%s\")\n", label,
                              c->name, c->score, c->text);
      continue;
    }
    eval->n_correct++;
    if (hit->readable)
      eval->n_readable_correct++;
    if (hit->has_state) {
      eval->n_tapped_checked++;
      eval->n_tapped_correct += c->tapped == hit->tapped;
      double err = fabs (remainder (c->angle_deg - hit->angle, 360));
      eval->angle_err_sum += err;
      eval->n_upright_correct += err <= 20;
      if (c->tapped != hit->tapped || err > 20)
        g_string_append_printf (eval->misses, "%s: %s: angle %.0f, truth %.0f%s\n", label,
                                c->name, c->angle_deg, hit->angle,
                                c->tapped != hit->tapped ? " (tapped wrong)" : "");
    }
  }
  /* Why each miss was missed: no candidate over its title (detection), or a candidate
   * whose reading failed (what it read). */
  g_autoptr (GArray) cands = NULL;
  for (guint j = 0; j < truth->len; j++) {
    Truth *t = &g_array_index (truth, Truth, j);
    if (t->used || !(t->readable || !t->has_state))
      continue;
    if (!cands) {
      cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
      ts_detector_detect (detector, image, cands, NULL);
    }
    double tx, ty, tq[4][2];
    memcpy (tq, t->q, sizeof tq);
    ts_rectify_quad_clockwise (tq);
    ts_rectify_quad_center (tq, &tx, &ty);
    /* A candidate over the title's centre, else the nearest whose own centre lies on the
     * title (a short name's line covers only the left of its card's name line). */
    const TsCardCandidate *over = NULL;
    double best = G_MAXDOUBLE;
    for (guint k = 0; k < cands->len && !over; k++) {
      const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, k);
      if (ts_rectify_quad_contains (c->title, tx, ty))
        over = c;
    }
    if (!over) {
      const TsCardCandidate *near = NULL;
      for (guint k = 0; k < cands->len; k++) {
        const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, k);
        double cx, cy;
        ts_rectify_quad_center (c->title, &cx, &cy);
        if (ts_rectify_quad_contains (tq, cx, cy) && hypot (cx - tx, cy - ty) < best) {
          best = hypot (cx - tx, cy - ty);
          near = c;
        }
      }
      over = near;
    }
    g_autofree char *why = NULL;
    if (over) {
      TsReading rd;
      ts_reader_read (reader, image, over, &rd);
      why = g_strdup_printf ("%s read \"%s\" (%s %.2f)", over->has_quad ? "card" : "line",
                             rd.text ? rd.text : "", rd.name ? rd.name : "-", rd.score);
      ts_reading_clear (&rd);
    } else {
      why = g_strdup ("no candidate over the title");
    }
    g_string_append_printf (eval->misses, "%s: missed: %s%s: %s\n", label, t->name,
                            ts_carddb_lookup (db, t->name) ? "" : " (not a card name)", why);
  }
}

gboolean
ts_eval_image (TsEval *eval, TsDetector *detector, TsReader *reader, const TsCardDb *db,
               const char *image_path, const char *gt_path, GError **error)
{
  g_autoptr (TsImage) image = ts_image_load (image_path, error);
  if (!image)
    return FALSE;
  GArray *truth = read_truth (gt_path, error);
  if (!truth)
    return FALSE;
  g_autofree char *base = g_path_get_basename (image_path);
  score (eval, detector, reader, db, image, truth, base);
  free_truth (truth);
  return TRUE;
}


void
ts_eval_scene (TsEval *eval, TsDetector *detector, TsReader *reader, const TsCardDb *db,
               const void *synth_scene, const char *label)
{
  const TsSynthScene *scene = synth_scene;
  GArray *truth = g_array_new (FALSE, TRUE, sizeof (Truth));
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, i);
    Truth t = { 0 };
    memcpy (t.q, sc->title, sizeof t.q);
    t.name = g_strdup (sc->name);
    t.has_state = TRUE;
    t.tapped = sc->tapped;
    t.angle = sc->angle;
    t.readable = ts_synth_card_readable (sc);
    g_array_append_val (truth, t);
  }
  score (eval, detector, reader, db, scene->image, truth, label);
  free_truth (truth);
}

static void
read_quad (JsonArray *a, double q[4][2])
{
  for (guint i = 0; i < 4 && i < json_array_get_length (a); i++) {
    JsonArray *p = json_array_get_array_element (a, i);
    q[i][0] = json_array_get_double_element (p, 0);
    q[i][1] = json_array_get_double_element (p, 1);
  }
}

gboolean
ts_eval_scene_json (TsEval *eval, TsDetector *detector, TsReader *reader, const TsCardDb *db,
                    const char *image_path, const char *json_path, GError **error)
{
  g_autoptr (TsImage) image = ts_image_load (image_path, error);
  if (!image)
    return FALSE;
  g_autoptr (JsonParser) parser = json_parser_new ();
  if (!json_parser_load_from_file (parser, json_path, error))
    return FALSE;
  JsonObject *root = json_node_get_object (json_parser_get_root (parser));
  JsonArray *cards = json_object_get_array_member (root, "cards");
  GArray *truth = g_array_new (FALSE, TRUE, sizeof (Truth));
  for (guint i = 0; i < json_array_get_length (cards); i++) {
    JsonObject *o = json_array_get_object_element (cards, i);
    Truth t = { 0 };
    read_quad (json_object_get_array_member (o, "title"), t.q);
    t.name = g_strdup (json_object_get_string_member (o, "name"));
    t.has_state = TRUE;
    t.tapped = json_object_get_boolean_member (o, "tapped");
    t.angle = json_object_get_double_member (o, "angle");
    /* Truth written before names had their own share in view: the name line's. */
    TsSynthCard sc = { .title_px = json_object_get_double_member (o, "title_px"),
                       .visible = json_object_get_double_member (o, "visible") };
    sc.name_visible = json_object_get_double_member_with_default (o, "name_visible", sc.visible);
    t.readable = ts_synth_card_readable (&sc);
    g_array_append_val (truth, t);
  }
  g_autofree char *base = g_path_get_basename (image_path);
  score (eval, detector, reader, db, image, truth, base);
  free_truth (truth);
  return TRUE;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

gboolean
ts_eval_folder (TsEval *eval, TsDetector *detector, TsReader *reader, const TsCardDb *db,
                const char *folder, guint step, guint max_images, GError **error)
{
  g_autofree char *images = g_build_filename (folder, "images", NULL);
  g_autoptr (GDir) dir = g_dir_open (images, 0, error);
  if (!dir)
    return FALSE;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *n;
  while ((n = g_dir_read_name (dir)))
    if (g_str_has_suffix (n, ".jpg"))
      g_ptr_array_add (names, g_strdup (n));
  g_ptr_array_sort (names, compare_names);
  guint done = 0;
  for (guint i = 0; i < names->len; i += MAX (step, 1)) {
    if (max_images && done >= max_images)
      break;
    const char *name = g_ptr_array_index (names, i);
    g_autofree char *stem = g_strndup (name, strlen (name) - 4);
    g_autofree char *img = g_build_filename (images, name, NULL);
    g_autofree char *gtname = g_strdup_printf ("gt_%s.txt", stem);
    g_autofree char *gt = g_build_filename (folder, "gt", gtname, NULL);
    if (!ts_eval_image (eval, detector, reader, db, img, gt, error))
      return FALSE;
    done++;
  }
  return TRUE;
}

void
ts_eval_scene_reader (TsEvalReader *eval, TsReader *reader, const TsCardDb *db,
                      const void *synth_scene, const char *label)
{
  const TsSynthScene *scene = synth_scene;
  for (guint i = 0; i < scene->cards->len; i++) {
    const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, i);
    if (!ts_synth_card_readable (sc))
      continue;
    /* For looking at one reading: TS_EVAL_ONLY=scene label, TS_EVAL_CARD=card name. */
    const char *only = g_getenv ("TS_EVAL_ONLY"), *card = g_getenv ("TS_EVAL_CARD");
    if ((only && strcmp (only, label) != 0) || (card && strcmp (card, sc->name) != 0))
      continue;
    for (int mode = 0; mode < 2; mode++) {
      TsCardCandidate c = { 0 };
      if (mode == 0) {
        memcpy (c.quad, sc->quad, sizeof c.quad);
        c.has_quad = TRUE;
        ts_rectify_title_from_card (c.quad, c.title);
        c.angle_deg = ts_rectify_quad_angle (c.quad);
      } else {
        memcpy (c.title, sc->title, sizeof c.title);
        c.angle_deg = ts_rectify_quad_angle (c.title);
      }
      c.tapped = ts_rectify_angle_is_tapped (c.angle_deg);
      TsReading rd;
      gint64 t0 = g_get_monotonic_time ();
      ts_reader_read (reader, scene->image, &c, &rd);
      eval->ms[mode] += (g_get_monotonic_time () - t0) / 1000.0;
      eval->n[mode]++;
      gboolean right = rd.name && same_name (db, rd.name, sc->name);
      eval->right[mode] += right;
      if (!right)
        g_string_append_printf (eval->misses, "%s: %s from its %s: read \"%s\" (%s %.2f)\n",
                                label, sc->name, mode == 0 ? "card" : "title",
                                rd.text ? rd.text : "", rd.name ? rd.name : "-", rd.score);
      ts_reading_clear (&rd);
    }
  }
}

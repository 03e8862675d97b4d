/* bench-recognize.c — accuracy and speed figures for card recognition: name recall and
 * precision on the real dev photos (../shared) and timing of each stage. Prints, asserts
 * nothing: run with `meson test -C build --benchmark --suite vision`. */
#include "eval.h"
#include "cv.h"
#include "rectify.h"
#include "synth.h"

#include <math.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double
now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

static void
print_eval (const char *what, const TsEval *e)
{
  printf ("%s: %u images, %u name lines (%u are card names), %u reported, %u correct\n", what,
          e->n_images, e->n_truth, e->n_truth_known, e->n_found, e->n_correct);
  printf ("  name recall %.4f (target >= 0.96), over card-name lines %.4f; "
          "precision %.4f (target >= 0.993)\n",
          ts_eval_recall (e), e->n_truth_known ? (double) e->n_correct / e->n_truth_known : 0,
          ts_eval_precision (e));
  double n = MAX (e->n_images, 1);
  printf ("  per image: %.1f ms total; detect %.1f ms, %.1f candidates read (%.1f more, pieces "
          "of a card already named, not read): rectify %.1f ms, OCR %.1f ms, match %.1f ms\n",
          e->ms_total / n, e->stats.ms_detect / n, e->stats.n_candidates / n,
          e->stats.n_skipped / n, e->stats.ms_rectify / n, e->stats.ms_ocr / n,
          e->stats.ms_match / n);
  if (e->stats.n_candidates)
    printf ("  per candidate read (OCR + match, both ways up when needed): %.1f ms\n",
            (e->stats.ms_rectify + e->stats.ms_ocr + e->stats.ms_match) /
                e->stats.n_candidates);
}

/* Where the reader's time went, per candidate read: by path and by how candidates ended
 * (a name, or none: mostly candidates that are no card's title). */
static void
print_reader_timing (const TsReader *reader)
{
  TsReaderTiming t;
  ts_reader_get_timing (reader, &t);
  guint n = t.named.n_reads + t.unnamed.n_reads;
  if (n == 0)
    return;
  printf ("  reading, one core's CPU time: %.1f ms per candidate over %u candidates; "
          "%u named %.1f ms each, %u unnamed %.1f ms each\n",
          (t.named.ms + t.unnamed.ms) / n, n, t.named.n_reads,
          t.named.n_reads ? t.named.ms / t.named.n_reads : 0, t.unnamed.n_reads,
          t.unnamed.n_reads ? t.unnamed.ms / t.unnamed.n_reads : 0);
  printf ("    %-9s %23s %37s   %s\n", "path", "ms per candidate (all)",
          "named: runs gave ocr ms/cand", "unnamed: runs ocr ms/cand  (rectify/OCR/match ms/cand)");
  for (int i = 0; i < TS_READ_N_PATHS; i++) {
    const TsReadPathTiming *a = &t.named.path[i], *b = &t.unnamed.path[i];
    double ms_a = a->ms_rectify + a->ms_ocr + a->ms_match;
    double ms_b = b->ms_rectify + b->ms_ocr + b->ms_match;
    printf ("    %-9s %23.2f %12u %5u %5u %11.2f %14u %5u %8.2f  (%.2f/%.2f/%.2f)\n",
            ts_read_path_to_string (i), (ms_a + ms_b) / n, a->n_runs, a->n_gave, a->n_ocr,
            t.named.n_reads ? ms_a / t.named.n_reads : 0, b->n_runs, b->n_ocr,
            t.unnamed.n_reads ? ms_b / t.unnamed.n_reads : 0,
            (a->ms_rectify + b->ms_rectify) / n, (a->ms_ocr + b->ms_ocr) / n,
            (a->ms_match + b->ms_match) / n);
  }
  guint n_ocr = 0, n_choices = 0;
  for (int i = 0; i < TS_READ_N_PATHS; i++) {
    n_ocr += t.named.path[i].n_ocr + t.unnamed.path[i].n_ocr;
    n_choices += t.named.path[i].n_choices + t.unnamed.path[i].n_choices;
  }
  printf ("    Tesseract calls: %u, of which %u weighed each letter's alternatives\n", n_ocr,
          n_choices);
}

/* A detector with the still-photo tuning the recognize command reads with. */
static TsDetector *
photo_detector_new (void)
{
  TsDetectorParams p;
  ts_detector_params_init_photo (&p);
  return ts_detector_new (&p);
}

/* The fastest of runs detections of frame, stage by stage (each stage's best). */
static void
print_detect_breakdown (TsDetector *det, const TsImage *frame, int runs)
{
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  TsDetectorTiming best = { 1e9, 1e9, 1e9, 1e9, 1e9, 1e9, 1e9 };
  for (int i = 0; i < runs; i++) {
    g_array_set_size (out, 0);
    ts_detector_detect (det, frame, out, NULL);
    TsDetectorTiming t;
    ts_detector_get_timing (det, &t);
    best.ms_prepare = MIN (best.ms_prepare, t.ms_prepare);
    best.ms_cards = MIN (best.ms_cards, t.ms_cards);
    best.ms_text_map = MIN (best.ms_text_map, t.ms_text_map);
    best.ms_lines = MIN (best.ms_lines, t.ms_lines);
    best.ms_group = MIN (best.ms_group, t.ms_group);
    best.ms_equalized = MIN (best.ms_equalized, t.ms_equalized);
    best.ms_total = MIN (best.ms_total, t.ms_total);
  }
  printf ("  %dx%d, one core's CPU time by stage (best of %d): total %.1f ms = grey+shrink %.1f, "
          "card outlines %.1f, text map %.1f, title lines %.1f, equalised look %.1f, "
          "grouping %.1f\n",
          frame->width, frame->height, runs, best.ms_total, best.ms_prepare, best.ms_cards,
          best.ms_text_map, best.ms_lines, best.ms_equalized, best.ms_group);
}

/* Detection alone on a 1920x1080 frame made from a dev photo. */
static void
bench_detect_1080p (TsDetector *det, const char *photo)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsImage) img = ts_image_load (photo, &error);
  if (!img)
    return;
  g_autoptr (TsImage) frame = ts_cv_resize (img, 1920, 1080);
  /* The targets are for one core. */
  ts_cv_set_num_threads (1);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  double best = 1e9, sum = 0;
  int runs = 20;
  for (int i = 0; i < runs; i++) {
    g_array_set_size (out, 0);
    double ms;
    ts_detector_detect (det, frame, out, &ms);
    sum += ms;
    best = MIN (best, ms);
  }
  printf ("detect 1920x1080: mean %.1f ms, best %.1f ms, %u candidates (target < 15 ms)\n",
          sum / runs, best, out->len);
  print_detect_breakdown (det, frame, runs);
  /* A 1280x720 frame (the synthetic scenes' size, a common webcam mode). */
  g_autoptr (TsImage) frame720 = ts_cv_resize (img, 1280, 720);
  print_detect_breakdown (det, frame720, runs);
  /* Where the time goes: the card-outline search alone, then with title lines. */
  TsDetectorParams p = *ts_detector_get_params (det);
  p.find_titles = FALSE;
  g_autoptr (TsDetector) cards_only = ts_detector_new (&p);
  double best_cards = 1e9;
  for (int i = 0; i < runs; i++) {
    g_array_set_size (out, 0);
    double ms;
    ts_detector_detect (cards_only, frame, out, &ms);
    best_cards = MIN (best_cards, ms);
  }
  printf ("  of which grey + shrink + card outlines: best %.1f ms; title lines: %.1f ms\n",
          best_cards, best - best_cards);
  /* What the coarse look for large titles costs (a live path may leave it off). */
  p = *ts_detector_get_params (det);
  p.coarse_titles = FALSE;
  g_autoptr (TsDetector) fine_only = ts_detector_new (&p);
  printf ("  without the coarse look for large titles:\n");
  print_detect_breakdown (fine_only, frame, runs);
  print_detect_breakdown (fine_only, frame720, runs);
}

static void
print_synth (const char *what, const TsEval *e)
{
  printf ("%s: %u scenes, %u cards (%u readable: name line whole, name in view, >= 18 px), "
          "%u reported, %u correct\n", what, e->n_images, e->n_truth, e->n_readable,
          e->n_found, e->n_correct);
  printf ("  name top-1 on readable cards %.4f (target >= 0.995); precision %.4f; "
          "tapped right %u/%u; angle within 20 deg %u/%u (mean error %.1f deg)\n",
          e->n_readable ? (double) e->n_readable_correct / e->n_readable : 0,
          ts_eval_precision (e), e->n_tapped_correct, e->n_tapped_checked,
          e->n_upright_correct, e->n_tapped_checked,
          e->n_tapped_checked ? e->angle_err_sum / e->n_tapped_checked : 0);
  double n = MAX (e->n_images, 1);
  printf ("  per scene: %.1f ms; detect %.1f ms, %.1f candidates read (%.1f more, pieces of a "
          "card already named, not read), OCR %.1f ms, match %.1f ms\n",
          e->ms_total / n, e->stats.ms_detect / n, e->stats.n_candidates / n,
          e->stats.n_skipped / n, e->stats.ms_ocr / n, e->stats.ms_match / n);
}

/* The presets whose cards are scored (clutter has none). */
static const TsSynthPreset card_presets[] = { TS_SYNTH_PRESET_EASY, TS_SYNTH_PRESET_NORMAL,
                                              TS_SYNTH_PRESET_OLD, TS_SYNTH_PRESET_MODERN,
                                              TS_SYNTH_PRESET_HARD };

/* TS_SYNTH_PRESET=NAME: the one card preset the synthetic benches read (and no clutter
 * scenes); TS_SYNTH_PRESET_CLUTTER, the value for no card preset, when unset: every one. */
static TsSynthPreset
preset_only (void)
{
  TsSynthPreset only = TS_SYNTH_PRESET_CLUTTER;
  const char *name = g_getenv ("TS_SYNTH_PRESET");
  if (name && !ts_synth_preset_from_string (name, &only))
    fprintf (stderr, "bench-recognize: unknown TS_SYNTH_PRESET %s, reading every preset\n",
             name);
  return only;
}

/* Is preset read, only being preset_only()'s answer? */
static gboolean
preset_wanted (TsSynthPreset only, TsSynthPreset preset)
{
  return only == TS_SYNTH_PRESET_CLUTTER || preset == only;
}

/* What the synthetic benches read with: the bundled card set the generator draws its names
 * from, its matcher, one reader and the generator's deck. */
typedef struct {
  TsCardDb *db;
  TsMatcher *matcher;
  TsReader *reader;
  TsSynthDeck *deck;
} Kit;

static void
kit_close (Kit *kit)
{
  g_clear_pointer (&kit->deck, ts_synth_deck_free);
  g_clear_pointer (&kit->reader, ts_reader_free);
  g_clear_pointer (&kit->matcher, ts_matcher_free);
  g_clear_pointer (&kit->db, ts_carddb_free);
}

static gboolean
kit_open (Kit *kit)
{
  g_autoptr (GError) error = NULL;
  memset (kit, 0, sizeof *kit);
  kit->db = ts_carddb_open_default (&error);
  if (kit->db) {
    kit->matcher = ts_matcher_new (kit->db);
    kit->reader = ts_reader_new (kit->db, kit->matcher, &error);
  }
  if (!kit->reader) {
    fprintf (stderr, "bench-recognize: %s\n", error->message);
    kit_close (kit);
    return FALSE;
  }
  kit->deck = ts_synth_deck_new_from_carddb (kit->db);
  return TRUE;
}

/* Synthetic scenes of each preset, rendered here (nothing is written to disk), read against
 * the bundled card set the generator draws its names from. */
static void
bench_synthetic (guint per_preset)
{
  g_autoptr (GError) error = NULL;
  Kit kit;
  if (!kit_open (&kit))
    return;
  TsCardDb *db = kit.db;
  TsReader *reader = kit.reader;
  TsSynthDeck *deck = kit.deck;
  g_autoptr (TsDetector) det = photo_detector_new ();
  const TsSynthPreset *presets = card_presets;
  /* TS_SYNTH_SEED: the first scene's seed (1000 the tuning scenes; others to confirm on
   * scenes not tuned on). */
  const char *seed_env = g_getenv ("TS_SYNTH_SEED");
  guint32 seed0 = seed_env ? (guint32) atoi (seed_env) : 1000;
  TsEval all;
  ts_eval_init (&all);
  TsSynthPreset only = preset_only ();
  for (guint p = 0; p < G_N_ELEMENTS (card_presets); p++) {
    if (!preset_wanted (only, presets[p]))
      continue;
    TsEval e;
    ts_eval_init (&e);
    for (guint i = 0; i < per_preset; i++) {
      TsSynthParams params;
      ts_synth_params_init (&params, presets[p], 1280, 720);
      g_autoptr (TsSynthScene) scene = ts_synth_scene_render (&params, deck, seed0 + i, &error);
      if (!scene)
        continue;
      g_autofree char *label = g_strdup_printf ("%s-%u", ts_synth_preset_to_string (presets[p]), i);
      ts_eval_scene (&e, det, reader, db, scene, label);
    }
    g_autofree char *what = g_strdup_printf ("synthetic %s 1280x720",
                                             ts_synth_preset_to_string (presets[p]));
    print_synth (what, &e);
    print_reader_timing (reader);
    ts_reader_reset_timing (reader);
    if (g_getenv ("TS_EVAL_VERBOSE"))
      printf ("%s", e.misses->str);
    ts_eval_clear (&e);
  }
  ts_eval_clear (&all);

  /* Clutter: no card may be reported. */
  if (!preset_wanted (only, TS_SYNTH_PRESET_CLUTTER)) {
    kit_close (&kit);
    return;
  }
  guint reported = 0;
  for (guint i = 0; i < per_preset; i++) {
    TsSynthParams params;
    ts_synth_params_init (&params, TS_SYNTH_PRESET_CLUTTER, 1280, 720);
    g_autoptr (TsSynthScene) scene = ts_synth_scene_render (&params, deck, seed0 + 1000 + i, &error);
    if (!scene)
      continue;
    g_autoptr (GPtrArray) cards = ts_recognize_image (det, reader, scene->image, NULL);
    reported += cards->len;
  }
  printf ("synthetic clutter (no cards): %u scenes, %u cards reported (target 0)\n", per_preset,
          reported);
  kit_close (&kit);
}

/* Detector alone on synthetic scenes: the share of readable titles (ts_synth_card_readable(),
 * >= 18 px, the eval's rule) that some candidate's title covers: the truth title's centre
 * inside the candidate's title (strict), or also the candidate's centre inside the truth's
 * (loose: the eval's rule for a hit), the two within 15 degrees (up to a half turn) and the
 * candidate between half and twice the truth's height (3.5 times for a band placed on a found card, which the
 * reader narrows). A whole card whose up is not known counts both ways up, as the reader
 * reads it. No OCR: cheap enough to tune on. */
static gboolean
title_over (const double tq[4][2], const double cq[4][2], double tall, gboolean loose,
            GString *why)
{
  double tx, ty, cx, cy;
  ts_rectify_quad_center (tq, &tx, &ty);
  ts_rectify_quad_center (cq, &cx, &cy);
  if (!ts_rectify_quad_contains (cq, tx, ty) && !(loose && ts_rectify_quad_contains (tq, cx, cy)))
    return FALSE;
  double th = (ts_rectify_quad_edge (tq, 1) + ts_rectify_quad_edge (tq, 3)) / 2;
  double ch = (ts_rectify_quad_edge (cq, 1) + ts_rectify_quad_edge (cq, 3)) / 2;
  double d = fabs (remainder (ts_rectify_quad_angle (cq) - ts_rectify_quad_angle (tq), 180));
  if (d <= 15 && ch >= 0.5 * th && ch <= tall * th)
    return TRUE;
  if (why)
    g_string_append_printf (why, " [%s %.0f deg off, %.1fx high]", tall > 2 ? "card" : "line",
                            d, ch / th);
  return FALSE;
}

static gboolean
title_covered (const TsSynthCard *sc, GArray *cands, gboolean loose, GString *why)
{
  double tq[4][2];
  memcpy (tq, sc->title, sizeof tq);
  for (guint k = 0; k < cands->len; k++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, k);
    if (title_over (tq, c->title, c->has_quad ? 3.5 : 2, loose, why))
      return TRUE;
    if (c->has_quad && !c->upright_known) {
      double turned[4][2], band[4][2];
      ts_rectify_quad_turn (c->quad, 2, turned);
      ts_rectify_title_from_card (turned, band);
      if (title_over (tq, band, 3.5, loose, why))
        return TRUE;
    }
  }
  return FALSE;
}

/* Where the quad q lies in the truth title tq's own frame: u along the line (0..1 over the
 * band), v across it (0..1 top to bottom). */
static void
quad_in_title (const double tq[4][2], const double q[4][2], double u[2], double v[2])
{
  static const double unit[4][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
  double h[9], src[4][2];
  memcpy (src, tq, sizeof src);
  ts_cv_perspective_transform_get (src, unit, h);
  u[0] = v[0] = G_MAXDOUBLE;
  u[1] = v[1] = -G_MAXDOUBLE;
  for (int k = 0; k < 4; k++) {
    double w = h[6] * q[k][0] + h[7] * q[k][1] + h[8];
    double x = (h[0] * q[k][0] + h[1] * q[k][1] + h[2]) / w;
    double y = (h[3] * q[k][0] + h[4] * q[k][1] + h[5]) / w;
    u[0] = MIN (u[0], x);
    u[1] = MAX (u[1], x);
    v[0] = MIN (v[0], y);
    v[1] = MAX (v[1], y);
  }
}

/* Why no candidate covers the truth title tq: the candidate overlapping it most, placed in
 * the band's frame (u along 0..1, v across 0..1), its tilt and height against the truth's,
 * and the other readable titles it also covers (a merge). Appends one word of class
 * (none, tilt, thick, thin, short, shifted, other) and the figures to why; returns the
 * class. */
static const char *
describe_miss (const TsSynthScene *scene, guint self, GArray *cands, GString *why)
{
  const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, self);
  double tq[4][2];
  memcpy (tq, sc->title, sizeof tq);
  double best = 0, bu[2] = { 0 }, bv[2] = { 0 }, bq[4][2];
  gboolean card = FALSE;
  const TsCardCandidate *bc = NULL;
  for (guint k = 0; k < cands->len; k++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, k);
    for (int turn = 0; turn < (c->has_quad && !c->upright_known ? 2 : 1); turn++) {
      double q[4][2];
      if (turn) {
        double t[4][2];
        ts_rectify_quad_turn (c->quad, 2, t);
        ts_rectify_title_from_card (t, q);
      } else {
        memcpy (q, c->title, sizeof q);
      }
      double u[2], v[2];
      quad_in_title (tq, q, u, v);
      double ov = MAX (0, MIN (u[1], 1) - MAX (u[0], 0)) * MAX (0, MIN (v[1], 1) - MAX (v[0], 0));
      if (ov > best) {
        best = ov;
        memcpy (bu, u, sizeof bu);
        memcpy (bv, v, sizeof bv);
        memcpy (bq, q, sizeof bq);
        card = c->has_quad;
        bc = c;
      }
    }
  }
  if (best <= 0) {
    g_string_append (why, " none");
    return "none";
  }
  double th = (ts_rectify_quad_edge (tq, 1) + ts_rectify_quad_edge (tq, 3)) / 2;
  double ch = MIN (ts_rectify_quad_edge (bq, 0) + ts_rectify_quad_edge (bq, 2),
                   ts_rectify_quad_edge (bq, 1) + ts_rectify_quad_edge (bq, 3)) / 2;
  double e0 = ts_rectify_quad_edge (bq, 0), e1 = ts_rectify_quad_edge (bq, 1);
  double ang = atan2 (e0 >= e1 ? bq[1][1] - bq[0][1] : bq[2][1] - bq[1][1],
                      e0 >= e1 ? bq[1][0] - bq[0][0] : bq[2][0] - bq[1][0]) * 180 / G_PI;
  double tang = atan2 (tq[1][1] - tq[0][1], tq[1][0] - tq[0][0]) * 180 / G_PI;
  double d = fabs (remainder (ang - tang, 180));
  const char *cls;
  if (d > 15)
    cls = "tilt";
  else if (ch > (card ? 3.5 : 2) * th)
    cls = "thick";
  else if (ch < 0.5 * th)
    cls = "thin";
  else if (bu[1] < 0.5 || bu[0] > 0.5)
    cls = "short";
  else if (bv[1] < 0.5 || bv[0] > 0.5)
    cls = "shifted";
  else
    cls = "other";
  g_string_append_printf (why, " %s: %s u %.2f..%.2f v %.2f..%.2f, %.0f deg off, %.1fx high",
                          cls, card ? "card" : "line", bu[0], bu[1], bv[0], bv[1], d, ch / th);
  if (card) {
    /* How far the card outline found is from the card's: its worst corner, either way up. */
    double worst = G_MAXDOUBLE;
    for (int turn = 0; turn < 4; turn++) {
      double t[4][2], w = 0;
      ts_rectify_quad_turn (bc->quad, turn, t);
      for (int k = 0; k < 4; k++)
        w = MAX (w, hypot (t[k][0] - sc->quad[k][0], t[k][1] - sc->quad[k][1]));
      worst = MIN (worst, w);
    }
    g_string_append_printf (why, ", card corner off by %.0f px", worst);
  }
  for (guint j = 0; j < scene->cards->len; j++) {
    const TsSynthCard *o = &g_array_index (scene->cards, TsSynthCard, j);
    if (j == self || o->visible < 0.5)
      continue;
    double ox, oy;
    memcpy (tq, o->title, sizeof tq);
    ts_rectify_quad_center (tq, &ox, &oy);
    if (ts_rectify_quad_contains (bq, ox, oy))
      g_string_append_printf (why, ", also over %s", o->name);
  }
  return cls;
}

/* Did recognition report the truth card sc by name at its title (the eval's rule)? */
static gboolean
recognized (GPtrArray *cards, const TsSynthCard *sc)
{
  double tq[4][2], tx, ty;
  memcpy (tq, sc->title, sizeof tq);
  ts_rectify_quad_center (tq, &tx, &ty);
  for (guint i = 0; i < cards->len; i++) {
    const TsRecognizedCard *c = g_ptr_array_index (cards, i);
    double cx, cy;
    ts_rectify_quad_center (c->title, &cx, &cy);
    if (c->name && g_ascii_strcasecmp (c->name, sc->name) == 0 &&
        (ts_rectify_quad_contains (tq, cx, cy) || ts_rectify_quad_contains (c->title, tx, ty)))
      return TRUE;
  }
  return FALSE;
}

/* read: also recognise each scene (OCR) and sort the readable titles it missed by what the
 * detector gave for them (describe_miss; "covered" when a candidate covers it well and the
 * reading failed). */
static void
bench_titles (guint per_preset, guint32 seed0, gboolean second_look, gboolean read)
{
  g_autoptr (GError) error = NULL;
  Kit kit;
  if (!kit_open (&kit))
    return;
  TsDetectorParams dp;
  ts_detector_params_init_photo (&dp);
  dp.second_look = second_look;
  g_autoptr (TsDetector) det = ts_detector_new (&dp);
  TsSynthDeck *deck = kit.deck;
  g_autoptr (GHashTable) classes = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_read_missed = 0;
  gboolean verbose = g_getenv ("TS_EVAL_VERBOSE") != NULL;
  const TsSynthPreset presets[] = { TS_SYNTH_PRESET_EASY, TS_SYNTH_PRESET_NORMAL,
                                    TS_SYNTH_PRESET_OLD, TS_SYNTH_PRESET_MODERN,
                                    TS_SYNTH_PRESET_HARD, TS_SYNTH_PRESET_CLUTTER };
  guint all_read = 0, all_cov = 0, all_loose = 0;
  for (guint p = 0; p < G_N_ELEMENTS (presets); p++) {
    guint n_read = 0, n_cov = 0, n_loose = 0, n_cands = 0;
    double ms_sum = 0;
    g_autoptr (GString) misses = g_string_new (NULL);
    for (guint i = 0; i < per_preset; i++) {
      TsSynthParams params;
      ts_synth_params_init (&params, presets[p], 1280, 720);
      guint32 seed = (presets[p] == TS_SYNTH_PRESET_CLUTTER ? seed0 + 1000 : seed0) + i;
      g_autoptr (TsSynthScene) scene = ts_synth_scene_render (&params, deck, seed, &error);
      if (!scene)
        continue;
      g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
      double ms;
      ts_detector_detect (det, scene->image, cands, &ms);
      ms_sum += ms;
      g_autoptr (GPtrArray) rec = read ? ts_recognize_image (det, kit.reader, scene->image, NULL)
                                       : NULL;
      n_cands += cands->len;
      /* TS_TITLES_DUMP=DIR: each scene with its candidates (blue titles, green cards) and
       * the readable truth titles left uncovered (red), for looking at. */
      const char *dump = g_getenv ("TS_TITLES_DUMP");
      g_autoptr (TsImage) overlay = dump ? ts_image_copy (scene->image) : NULL;
      for (guint k = 0; overlay && k < cands->len; k++) {
        const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, k);
        if (c->has_quad)
          ts_cv_draw_polygon (overlay, (const double (*)[2]) c->quad, 4, 0, 200, 0, 1);
        ts_cv_draw_polygon (overlay, (const double (*)[2]) c->title, 4, 0, 80, 255, 1);
      }
      for (guint j = 0; j < scene->cards->len; j++) {
        const TsSynthCard *sc = &g_array_index (scene->cards, TsSynthCard, j);
        if (!ts_synth_card_readable (sc))
          continue;
        if (overlay && !title_covered (sc, cands, FALSE, NULL))
          ts_cv_draw_polygon (overlay, (const double (*)[2]) sc->title, 4, 255, 0, 0, 1);
        n_read++;
        gboolean loose = title_covered (sc, cands, TRUE, NULL);
        n_loose += loose;
        g_autoptr (GString) why = g_string_new (NULL);
        gboolean strict = title_covered (sc, cands, FALSE, why);
        if (read && !recognized (rec, sc)) {
          g_string_truncate (why, 0);
          const char *cls = describe_miss (scene, j, cands, why);
          if (strict)
            cls = "covered";
          double tx, ty, tq[4][2];
          memcpy (tq, sc->title, sizeof tq);
          ts_rectify_quad_center (tq, &tx, &ty);
          g_hash_table_insert (classes, (gpointer) cls,
                               GUINT_TO_POINTER (GPOINTER_TO_UINT (
                                   g_hash_table_lookup (classes, cls)) + 1));
          n_read_missed++;
          g_string_append_printf (misses, "  %s-%u (seed %u): NOT READ: %s at %.0f,%.0f, "
                                  "%.0f px, angle %.0f, %s frame, visible %.2f: %s%s\n",
                                  ts_synth_preset_to_string (presets[p]), i, seed, sc->name,
                                  tx, ty, sc->title_px, sc->angle,
                                  sc->frame == TS_SYNTH_FRAME_OLD ? "old" : "modern",
                                  sc->visible, strict ? "covered" : "", why->str);
        }
        if (strict) {
          n_cov++;
          continue;
        }
        double tx, ty, tq[4][2];
        memcpy (tq, sc->title, sizeof tq);
        ts_rectify_quad_center (tq, &tx, &ty);
        g_string_truncate (why, 0);
        describe_miss (scene, j, cands, why);
        g_string_append_printf (misses, "  %s-%u (seed %u): not covered: %s at %.0f,%.0f, "
                                "%.0f px, angle %.0f, %s frame, visible %.2f:%s%s\n",
                                ts_synth_preset_to_string (presets[p]), i, seed, sc->name,
                                tx, ty, sc->title_px, sc->angle,
                                sc->frame == TS_SYNTH_FRAME_OLD ? "old" : "modern", sc->visible,
                                why->str, loose ? "" : " (not even loosely)");
      }
      if (overlay) {
        g_autofree char *name = g_strdup_printf ("%s/%s-%u.png", dump,
                                                 ts_synth_preset_to_string (presets[p]), i);
        ts_cv_imwrite (overlay, name, NULL);
      }
    }
    all_read += n_read;
    all_cov += n_cov;
    all_loose += n_loose;
    printf ("titles %-7s: %3u readable, covered %3u (%.3f), loosely %3u (%.3f); "
            "%.1f candidates/scene; detect %.1f ms/scene\n",
            ts_synth_preset_to_string (presets[p]), n_read, n_cov,
            n_read ? (double) n_cov / n_read : 1.0, n_loose,
            n_read ? (double) n_loose / n_read : 1.0, (double) n_cands / MAX (per_preset, 1),
            ms_sum / MAX (per_preset, 1));
    if (verbose)
      printf ("%s", misses->str);
  }
  printf ("titles all    : %u readable, covered %u (%.3f), loosely %u (%.3f)\n", all_read,
          all_cov, all_read ? (double) all_cov / all_read : 1.0, all_loose,
          all_read ? (double) all_loose / all_read : 1.0);
  if (read) {
    printf ("read: %u of %u readable titles missed; by what the detector gave them:", n_read_missed,
            all_read);
    GHashTableIter it;
    gpointer k, v;
    g_hash_table_iter_init (&it, classes);
    while (g_hash_table_iter_next (&it, &k, &v))
      printf (" %s %u", (const char *) k, GPOINTER_TO_UINT (v));
    printf ("\n");
  }
  kit_close (&kit);
}

static int
by_name (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Detector alone on the real dev photos: the share of truth name lines (card names or not)
 * that some candidate's title lies over (the truth line's centre inside it, as the eval
 * asks before reading), and each uncovered line listed. TS_TITLES_DUMP=DIR writes each
 * photo with an uncovered line, its candidates (blue titles, green cards) and the uncovered
 * lines (red) drawn, for looking at. No OCR: cheap enough to tune on. */
static void
bench_real_titles (const char *shared, guint max)
{
  g_autofree char *folder = g_build_filename (shared, "dev-photos", "visions-dev", NULL);
  g_autofree char *gt_dir = g_build_filename (folder, "gt", NULL);
  g_autoptr (GDir) d = g_dir_open (gt_dir, 0, NULL);
  if (!d)
    return;
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *f;
  while ((f = g_dir_read_name (d)))
    if (g_str_has_prefix (f, "gt_") && g_str_has_suffix (f, ".txt"))
      g_ptr_array_add (files, g_strdup (f));
  g_ptr_array_sort (files, by_name);
  g_autoptr (TsDetector) det = photo_detector_new ();
  const char *dump = g_getenv ("TS_TITLES_DUMP");
  guint n_truth = 0, n_cov = 0, n_cands = 0, n_img = 0;
  double ms_sum = 0;
  for (guint i = 0; i < files->len && (max == 0 || i < max); i++) {
    const char *gt = g_ptr_array_index (files, i);
    g_autofree char *stem = g_strndup (gt + 3, strlen (gt) - 7);
    g_autofree char *img_name = g_strconcat (stem, ".jpg", NULL);
    g_autofree char *img_path = g_build_filename (folder, "images", img_name, NULL);
    g_autofree char *gt_path = g_build_filename (gt_dir, gt, NULL);
    g_autofree char *text = NULL;
    g_autoptr (TsImage) img = ts_image_load (img_path, NULL);
    if (!img || !g_file_get_contents (gt_path, &text, NULL, NULL))
      continue;
    g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
    double ms;
    ts_detector_detect (det, img, cands, &ms);
    ms_sum += ms;
    n_cands += cands->len;
    n_img++;
    g_autoptr (TsImage) overlay = NULL;
    g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
    for (char **l = lines; *l; l++) {
      double q[4][2];
      char *p = g_strstrip (*l);
      gboolean ok = *p != '\0';
      for (int k = 0; k < 8 && ok; k++) {
        char *end;
        q[k / 2][k % 2] = g_ascii_strtod (p, &end);
        ok = end != p && *end == ',';
        p = end + 1;
      }
      if (!ok)
        continue;
      n_truth++;
      ts_rectify_quad_clockwise (q);
      double tx, ty;
      ts_rectify_quad_center (q, &tx, &ty);
      gboolean over = FALSE;
      for (guint k = 0; k < cands->len && !over; k++)
        over = ts_rectify_quad_contains (g_array_index (cands, TsCardCandidate, k).title, tx, ty);
      if (over) {
        n_cov++;
        continue;
      }
      /* The truth's corners start at either end of the line: its height is the shorter
       * pair of sides. */
      double high = MIN (ts_rectify_quad_edge (q, 0) + ts_rectify_quad_edge (q, 2),
                         ts_rectify_quad_edge (q, 1) + ts_rectify_quad_edge (q, 3)) / 2;
      printf ("  %s: no candidate over \"%s\" at %.0f,%.0f, %.0f px high\n", img_name, p, tx,
              ty, high);
      if (dump && !overlay) {
        overlay = ts_image_copy (img);
        for (guint k = 0; k < cands->len; k++) {
          const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, k);
          if (c->has_quad)
            ts_cv_draw_polygon (overlay, (const double (*)[2]) c->quad, 4, 0, 200, 0, 1);
          ts_cv_draw_polygon (overlay, (const double (*)[2]) c->title, 4, 0, 80, 255, 1);
        }
      }
      if (overlay)
        ts_cv_draw_polygon (overlay, (const double (*)[2]) q, 4, 255, 0, 0, 1);
    }
    if (overlay) {
      g_autofree char *name = g_strdup_printf ("%s/%s.png", dump, stem);
      ts_cv_imwrite (overlay, name, NULL);
    }
  }
  printf ("real titles: %u photos, %u truth lines, covered %u (%.3f); %.1f candidates/photo; "
          "detect %.1f ms/photo\n", n_img, n_truth, n_cov, n_truth ? (double) n_cov / n_truth : 1,
          (double) n_cands / MAX (n_img, 1), ms_sum / MAX (n_img, 1));
}

/* The reader alone on true geometry: how much of the loss is reading, not finding. */
static void
bench_reader (guint per_preset, guint seed)
{
  g_autoptr (GError) error = NULL;
  Kit kit;
  if (!kit_open (&kit))
    return;
  const TsSynthPreset *presets = card_presets;
  TsCardDb *db = kit.db;
  TsReader *reader = kit.reader;
  TsSynthDeck *deck = kit.deck;
  guint n[2] = { 0 }, right[2] = { 0 };
  TsSynthPreset only = preset_only ();
  for (guint p = 0; p < G_N_ELEMENTS (card_presets); p++) {
    if (!preset_wanted (only, presets[p]))
      continue;
    TsEvalReader e = { .misses = g_string_new (NULL) };
    for (guint i = 0; i < per_preset; i++) {
      TsSynthParams params;
      ts_synth_params_init (&params, presets[p], 1280, 720);
      g_autoptr (TsSynthScene) scene = ts_synth_scene_render (&params, deck, seed + i, &error);
      if (!scene)
        continue;
      g_autofree char *label = g_strdup_printf ("%s-%u", ts_synth_preset_to_string (presets[p]), i);
      ts_eval_scene_reader (&e, reader, db, scene, label);
    }
    printf ("reader on true geometry, %s: from the card outline %u/%u (%.4f, %.1f ms each), "
            "from the name line %u/%u (%.4f, %.1f ms each)\n",
            ts_synth_preset_to_string (presets[p]), e.right[0], e.n[0],
            e.n[0] ? (double) e.right[0] / e.n[0] : 0, e.n[0] ? e.ms[0] / e.n[0] : 0,
            e.right[1], e.n[1], e.n[1] ? (double) e.right[1] / e.n[1] : 0,
            e.n[1] ? e.ms[1] / e.n[1] : 0);
    if (g_getenv ("TS_EVAL_VERBOSE"))
      printf ("%s", e.misses->str);
    print_reader_timing (reader);
    ts_reader_reset_timing (reader);
    for (int m = 0; m < 2; m++) {
      n[m] += e.n[m];
      right[m] += e.right[m];
    }
    g_string_free (e.misses, TRUE);
  }
  printf ("reader on true geometry, all: card outline %.4f, name line %.4f\n",
          n[0] ? (double) right[0] / n[0] : 0, n[1] ? (double) right[1] / n[1] : 0);
  kit_close (&kit);
}

/* The mtgscan cube photo: 29 overlapping cards on a playmat, truth a deck list (names only,
 * so a reported name counts as right when it is on the list). Searched at full size, as the
 * recognize command does for still photos. */
static void
bench_cube (const char *shared, const TsCardDb *db, TsReader *reader)
{
  g_autofree char *dir = g_build_filename (shared, "dev-photos", "mtgscan-cube", NULL);
  g_autofree char *deck_path = g_build_filename (dir, "deck.txt", NULL);
  g_autofree char *deck = NULL;
  if (!g_file_get_contents (deck_path, &deck, NULL, NULL))
    return;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) lines = g_strsplit (deck, "\n", -1);
  for (char **l = lines; *l; l++) {
    char *name = strchr (*l, ' ');
    if (name && *g_strstrip (name + 1))
      g_ptr_array_add (names, g_strdup (name + 1));
  }
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *f;
  while (d && (f = g_dir_read_name (d))) {
    if (!g_str_has_suffix (f, ".jpg"))
      continue;
    g_autofree char *path = g_build_filename (dir, f, NULL);
    g_autoptr (TsImage) img = ts_image_load (path, NULL);
    if (!img)
      continue;
    TsDetectorParams p;
    ts_detector_params_init_photo (&p);
    p.work_size = 2048;
    p.max_candidates = 128;
    g_autoptr (TsDetector) det = ts_detector_new (&p);
    double t0 = now_ms ();
    g_autoptr (GPtrArray) cards = ts_recognize_image (det, reader, img, NULL);
    guint right = 0;
    g_autofree gboolean *seen = g_new0 (gboolean, names->len);
    for (guint i = 0; i < cards->len; i++) {
      const TsRecognizedCard *c = g_ptr_array_index (cards, i);
      for (guint j = 0; j < names->len; j++) {
        const TsCard *card = ts_carddb_lookup (db, g_ptr_array_index (names, j));
        const char *want = card ? card->name : g_ptr_array_index (names, j);
        if (!seen[j] && g_ascii_strcasecmp (want, c->name) == 0) {
          seen[j] = TRUE;
          right++;
          break;
        }
      }
    }
    printf ("real cube photo (mtgscan, %dx%d): %u of %u deck cards found, %u reported, "
            "%u not on the list; %.0f ms\n", img->width, img->height, right, names->len,
            cards->len, cards->len - right, now_ms () - t0);
  }
}

/* bench-recognize candidates IMAGE OUT.png [CARDS]: draws every detector candidate (cards
 * cyan, their titles green, lone title lines red, numbered by rank), to look at the misses,
 * and prints what each reads, against the card database CARDS (a Scryfall-format JSON or a
 * tablesight database; the bundled set without it). The photo tuning; TS_DETECT_LIVE=1: the
 * live table's (the defaults). */
static int
draw_candidates (const char *in, const char *out_path, const char *cards)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsImage) img = ts_cv_imread (in, &error);
  if (!img) {
    fprintf (stderr, "bench-recognize: %s\n", error->message);
    return 1;
  }
  g_autoptr (TsImage) rgb = ts_cv_convert_channels (img, 3);
  g_autoptr (TsDetector) det = g_getenv ("TS_DETECT_LIVE") ? ts_detector_new (NULL)
                                                            : photo_detector_new ();
  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (TsCardCandidate));
  ts_detector_detect (det, img, cands, NULL);
  g_autoptr (TsCardDb) db = cards ? ts_carddb_open (cards, &error)
                                  : ts_carddb_open_default (&error);
  g_autoptr (TsMatcher) matcher = db ? ts_matcher_new (db) : NULL;
  g_autoptr (TsReader) reader = matcher ? ts_reader_new (db, matcher, &error) : NULL;
  if (!reader) {
    fprintf (stderr, "bench-recognize: %s\n", error->message);
    return 1;
  }
  for (guint i = 0; i < cands->len; i++) {
    const TsCardCandidate *c = &g_array_index (cands, TsCardCandidate, i);
    if (c->has_quad)
      ts_cv_draw_polygon (rgb, (const double (*)[2]) c->quad, 4, 0, 255, 255, 1);
    ts_cv_draw_polygon (rgb, (const double (*)[2]) c->title, 4, c->has_quad ? 0 : 255,
                        c->has_quad ? 255 : 0, 0, 1);
    char label[16];
    g_snprintf (label, sizeof label, "%u", i);
    ts_cv_draw_text (rgb, label, c->title[0][0], c->title[0][1], 0.4, 255, 255, 0);
    printf ("%2u %s conf %.2f angle %.1f title (%.0f,%.0f) (%.0f,%.0f) (%.0f,%.0f) (%.0f,%.0f)\n",
            i, c->has_quad ? "card " : "title", c->confidence, c->angle_deg, c->title[0][0],
            c->title[0][1], c->title[1][0], c->title[1][1], c->title[2][0], c->title[2][1],
            c->title[3][0], c->title[3][1]);
    TsReading rd;
    ts_reader_read (reader, img, c, &rd);
    printf ("   read \"%s\" -> %s %.2f\n", rd.text ? rd.text : "", rd.name ? rd.name : "-",
            rd.score);
    ts_reading_clear (&rd);
  }
  if (!ts_cv_imwrite (rgb, out_path, &error)) {
    fprintf (stderr, "bench-recognize: %s\n", error->message);
    return 1;
  }
  return 0;
}

int
main (int argc, char **argv)
{
  const char *shared = g_getenv ("TS_SHARED_DIR");
  if (!shared || !g_file_test (shared, G_FILE_TEST_IS_DIR)) {
    printf ("SKIP: no ../shared (TS_SHARED_DIR)\n");
    return 77;
  }
  if (argc > 3 && strcmp (argv[1], "candidates") == 0)
    return draw_candidates (argv[2], argv[3], argc > 4 ? argv[4] : NULL);
  if (argc > 1 && strcmp (argv[1], "detect") == 0) {
    g_autofree char *photo = g_build_filename (shared, "dev-photos", "visions-dev", "images",
                                               "IMG_20191130151746.jpg", NULL);
    g_autoptr (TsDetector) det = photo_detector_new ();
    bench_detect_1080p (det, photo);
    return 0;
  }
  if (argc > 1 && strcmp (argv[1], "realtitles") == 0) {
    /* bench-recognize realtitles [N]: detector coverage of the dev photos' name lines. */
    bench_real_titles (shared, argc > 2 ? (guint) atoi (argv[2]) : 0);
    return 0;
  }
  if (argc > 1 && strcmp (argv[1], "reader") == 0) {
    /* bench-recognize reader [N [SEED]]: the reader alone on true geometry. */
    bench_reader (argc > 2 ? (guint) atoi (argv[2]) : 20, argc > 3 ? (guint) atoi (argv[3]) : 1000);
    return 0;
  }
  if (argc > 1 && strcmp (argv[1], "titles") == 0) {
    /* bench-recognize titles [N [SEED [second|read]...]]: detector coverage only, N scenes
     * per preset; "second" turns the detector's second look on; "read" also recognises each
     * scene and sorts the titles missed by what the detector gave them. */
    gboolean second = FALSE, read = FALSE;
    for (int a = 4; a < argc; a++) {
      second = second || strcmp (argv[a], "second") == 0;
      read = read || strcmp (argv[a], "read") == 0;
    }
    bench_titles (argc > 2 ? (guint) atoi (argv[2]) : 20,
                  argc > 3 ? (guint32) atoi (argv[3]) : 1000, second, read);
    return 0;
  }
  guint max = argc > 1 ? (guint) atoi (argv[1]) : 0;
  guint scenes = argc > 2 ? (guint) atoi (argv[2]) : 20;
  if (scenes > 0)
    bench_synthetic (scenes);
  if (argc > 3)
    return 0;
  g_autofree char *cards = g_build_filename (shared, "carddata", "cards.json", NULL);
  g_autofree char *folder = g_build_filename (shared, "dev-photos", "visions-dev", NULL);
  g_autoptr (GError) error = NULL;
  double t0 = now_ms ();
  g_autoptr (TsCardDb) db = ts_carddb_open (cards, &error);
  if (!db) {
    fprintf (stderr, "bench-recognize: %s\n", error->message);
    return 1;
  }
  g_autoptr (TsMatcher) matcher = ts_matcher_new (db);
  g_autoptr (TsReader) reader = ts_reader_new (db, matcher, &error);
  if (!reader) {
    fprintf (stderr, "bench-recognize: %s\n", error->message);
    return 1;
  }
  printf ("card database: %u cards, opened with matcher and OCR in %.0f ms\n",
          ts_carddb_count (db), now_ms () - t0);
  g_autoptr (TsDetector) det = photo_detector_new ();

  TsEval e;
  ts_eval_init (&e);
  ts_reader_reset_timing (reader);
  if (!ts_eval_folder (&e, det, reader, db, folder, 1, max, &error)) {
    fprintf (stderr, "bench-recognize: %s\n", error->message);
    return 1;
  }
  print_eval ("real dev photos (visions-dev)", &e);
  /* With TS_EVAL_VERBOSE each missed line is read once more, and counted here. */
  print_reader_timing (reader);
  if (g_getenv ("TS_EVAL_VERBOSE"))
    printf ("%s", e.misses->str);
  ts_eval_clear (&e);

  bench_cube (shared, db, reader);

  g_autofree char *photo = g_build_filename (folder, "images", "IMG_20191130151746.jpg", NULL);
  bench_detect_1080p (det, photo);
  return 0;
}
